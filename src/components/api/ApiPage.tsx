import type { Route } from '../../shared/model.js';
import type { SiteView } from '../site-view.js';
import { ApiOverview } from './overview/ApiOverview.js';
import { OperationPage } from './operation/OperationPage.js';

/** An API reference page: the overview or one operation. */
export function ApiPage({ site, route }: { site: SiteView; route: Route }): React.JSX.Element {
  if (route.data.kind !== 'api') throw new Error('ApiPage needs an api route');
  return route.data.page.kind === 'overview' ? <ApiOverview site={site} route={route} /> : <OperationPage site={site} route={route} />;
}
