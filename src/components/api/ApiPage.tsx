import type { Route } from '../../shared/model.js';
import type { SiteView } from '../site-view.js';

/** An API reference page: the overview or one operation. */
export function ApiPage({ route }: { site: SiteView; route: Route }): React.JSX.Element {
  if (route.data.kind !== 'api') throw new Error('ApiPage needs an api route');
  return <main id="main-content" tabIndex={-1} />;
}
