import type { Route } from '../../shared/model.js';
import type { SiteView } from '../site-view.js';
import { ApiOverview } from './overview/ApiOverview.js';
import { OperationPage } from './operation/OperationPage.js';
import { ApiChangelog } from './changelog/ApiChangelog.js';

/** An API reference page: the overview, one operation or the changelog. */
export function ApiPage({ site, route }: { site: SiteView; route: Route }): React.JSX.Element {
  if (route.data.kind !== 'api') throw new Error('ApiPage needs an api route');
  const kind = route.data.page.kind;
  if (kind === 'changelog') return <ApiChangelog site={site} route={route} />;
  return kind === 'overview' ? <ApiOverview site={site} route={route} /> : <OperationPage site={site} route={route} />;
}
