import type { ApiModel, ApiTag } from '../../../shared/api-model.js';
import type { SiteView } from '../../site-view.js';
import { ChevronIcon } from '../../layout/icons.js';
import { SrT, T } from '../../layout/T.js';
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
      <nav className="doc-sidebar__nav" aria-label="API">
        <ul className="menu__list menu__list--level-1">
          <li className="menu__item">
            <a className={`menu__link api-sidebar__overview${overviewActive ? ' menu__link--active' : ''}`} href={site.url(api.basePath)} {...(overviewActive ? { 'aria-current': 'page' as const } : {})}>
              {api.info.title}
            </a>
          </li>
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
  const listId = `api-sidebar-${tag.anchor}`;
  return (
    <li className={`menu__category api-sidebar__tag${expanded ? '' : ' menu__category--collapsed'}`}>
      <div className="menu__category-row">
        <a className="menu__link menu__link--category" href={site.url(`${api.basePath}#${tag.anchor}`)}>
          {label}
        </a>
        {expanded ? (
          <button type="button" className="menu__caret" aria-expanded="true" aria-controls={listId} data-sidebar-caret="">
            <ChevronIcon />
            <SrT k="sidebar.collapseCategory" />
          </button>
        ) : null}
      </div>
      {expanded ? (
        <div id={listId}>
          <ul className="menu__list menu__list--level-2">
            {tag.entries.map((e) => {
              const active = e.kind === 'operation' && e.href === route;
              return (
                <li className="menu__item" key={`${e.kind}:${e.id}`}>
                  <a
                    className={`menu__link api-sidebar__link${active ? ' menu__link--active' : ''}${e.deprecated ? ' api-sidebar__link--deprecated' : ''}`}
                    href={site.url(e.href)}
                    {...(active ? { 'aria-current': 'page' as const } : {})}
                  >
                    <MethodBadge method={e.method} small />
                    <span className="api-sidebar__label">{e.label}</span>
                    {e.kind === 'webhook' ? <span className="api-sidebar__hook" aria-hidden="true">⚡</span> : null}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </li>
  );
}
