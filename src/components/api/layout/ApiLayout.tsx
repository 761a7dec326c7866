import type { ApiModel, ApiTag } from '../../../shared/api-model.js';
import type { SiteView } from '../../site-view.js';
import { ApiSidebar } from './ApiSidebar.js';

/** The frame of every API page: the API sidebar, then the main column (`wide`: without the operation's side panel). */
export function ApiLayout({
  site,
  api,
  route,
  currentTag,
  wide,
  children,
}: {
  site: SiteView;
  api: ApiModel;
  route: string;
  currentTag: ApiTag | undefined;
  wide: boolean;
  children: React.ReactNode;
}): React.JSX.Element {
  return (
    <div className="doc-layout api-layout">
      <ApiSidebar site={site} api={api} route={route} currentTag={currentTag} />
      <main className="doc-main api-main" id="main-content" tabIndex={-1}>
        <div className={wide ? 'api-container api-container--overview' : 'api-container'}>{children}</div>
      </main>
    </div>
  );
}
