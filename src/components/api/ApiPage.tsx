import type { Route } from '../../shared/model.js';
import type { SiteView } from '../site-view.js';
import { ApiOverview } from './overview/ApiOverview.js';
import { OperationPage } from './operation/OperationPage.js';
import { ApiChangelog } from './changelog/ApiChangelog.js';
import type { PageFit } from './operation/page-fit.js';

/** An API reference page: the overview, one operation (with `fit`, drawn to its size budget) or the changelog. */
export function ApiPage({ site, route, fit }: { site: SiteView; route: Route; fit?: PageFit | undefined }): React.JSX.Element {
  if (route.data.kind !== 'api') throw new Error('ApiPage needs an api route');
  const kind = route.data.page.kind;
  if (kind === 'changelog') return <ApiChangelog site={site} route={route} />;
  return kind === 'overview' ? <ApiOverview site={site} route={route} /> : <OperationPage site={site} route={route} fit={fit} />;
}
