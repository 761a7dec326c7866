import type { ApiModel, ApiTag } from '../../../shared/api-model.js';
import type { SiteView } from '../../site-view.js';
import { SidebarCaret } from '../../layout/DocSidebar.js';
import { T } from '../../layout/T.js';
import { MethodBadge } from '../MethodBadge.js';

/** Up to this many entries every tag group is expanded on every page; past it only the current tag. */
export const EXPAND_ALL_LIMIT = 100;

/**
 * The API sidebar, shared by every API page: the overview, then one group per tag with a coloured
 * method badge per operation. On a large API only the current page's tag lists its operations (the
 * others link to their section of the overview), so each page carries a small sidebar and the
 * output grows linearly with the number of operations.
 */
export function ApiSidebar({ site, api, route, currentTag }: { site: SiteView; api: ApiModel; route: string; currentTag: ApiTag | undefined }): React.JSX.Element {
  const total = api.tags.reduce((n, t) => n + t.entries.length, 0);
  const expandAll = total <= EXPAND_ALL_LIMIT;
  const overviewActive = route === api.basePath;
  return (
    <aside className="doc-sidebar api-sidebar" id="doc-sidebar" data-doc-sidebar="">
      <nav className="doc-sidebar__nav" aria-labelledby="api-sidebar-label">
        <span className="sr-only" id="api-sidebar-label">
          <T k="sidebar.apiLabel" />
        </span>
        <ul className="menu__list menu__list--level-1">
          <li className="menu__item">
            <a className={`menu__link api-sidebar__overview${overviewActive ? ' menu__link--active' : ''}`} href={site.url(api.basePath)} {...(overviewActive ? { 'aria-current': 'page' as const } : {})}>
              {api.info.title}
            </a>
          </li>
        </ul>
        <ul className="menu__list menu__list--level-1">
          {api.tags.map((tag) => (
            <TagGroup key={tag.anchor} site={site} api={api} tag={tag} route={route} expanded={expandAll || tag === currentTag} />
          ))}
        </ul>
      </nav>
    </aside>
  );
}

function TagGroup({ site, api, tag, route, expanded }: { site: SiteView; api: ApiModel; tag: ApiTag; route: string; expanded: boolean }): React.JSX.Element {
  const label = tag.untagged ? <T k="apiContent.otherOperations" /> : tag.name;
  const link = (
    <a className="menu__link menu__link--category" href={site.url(`${api.basePath}#${tag.anchor}`)}>
      {label}
    </a>
  );
  if (!expanded) return <li className="menu__category menu__category--collapsed">{link}</li>;
  const listId = `api-sidebar-${tag.anchor}`;
  return (
    <li className="menu__category">
      <div className="menu__category-row">
        {link}
        <SidebarCaret expanded controls={listId} label={label} />
      </div>
      <ul className="menu__list menu__list--level-2" id={listId}>
        {tag.entries.map((e) => (
          <li key={`${e.kind}:${e.id}`} className={e.deprecated ? 'api-op--deprecated' : undefined}>
            <a className={`menu__link api-op${e.href === route ? ' menu__link--active' : ''}`} href={site.url(e.href)} {...(e.href === route ? { 'aria-current': 'page' as const } : {})}>
              <MethodBadge method={e.method} small />
              {e.label}
              {e.kind === 'webhook' ? <span aria-hidden="true"> ⚡</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}
