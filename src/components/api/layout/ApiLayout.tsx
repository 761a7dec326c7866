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
  ownTagShared,
  children,
}: {
  site: SiteView;
  api: ApiModel;
  route: string;
  currentTag: ApiTag | undefined;
  wide: boolean;
  /** The sidebar leaves the current tag's operations to its shared file (operation/page-fit.ts). */
  ownTagShared?: boolean | undefined;
  children: React.ReactNode;
}): React.JSX.Element {
  return (
    <div className="doc-layout api-layout">
      <ApiSidebar site={site} api={api} route={route} currentTag={currentTag} ownTagShared={ownTagShared} />
      <main className="doc-main api-main" id="main-content" tabIndex={-1}>
        <div className={wide ? 'api-container api-container--overview' : 'api-container'}>{children}</div>
      </main>
    </div>
  );
}
