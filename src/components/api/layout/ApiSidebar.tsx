import type { ApiModel, ApiNavEntry, ApiTag } from '../../../shared/api-model.js';
import type { OperationHistory } from '../../../shared/api-history.js';
import type { SiteView } from '../../site-view.js';
import { shapeKey } from '../../layout/sidebar-shape.js';
import { SrT, T } from '../../layout/T.js';
import { MethodBadge } from '../MethodBadge.js';
import type { ApiSidebarFiles } from './api-sidebar-files.js';

/** The element whose text starts the name of every tag's caret ("Show or hide the category" + the tag). */
const TOGGLE_LABEL_ID = 'api-sidebar-toggle';

/**
 * The API sidebar, shared by every API page: the overview, then one category per tag with a
 * coloured method badge per operation. The current page's tag is open, the others closed (opening
 * one never closes another). What a page carries is bounded whatever the API's size
 * (api-sidebar-files.ts): on a large API the operations of closed tags are in shared files, loaded
 * when a reader opens such a tag; a tag too large for a page (or a page over its size budget)
 * keeps only the page's own operation in it, its list loaded when the sidebar is shown; past many
 * tags the other tags' rows are in a shared file too, loaded when the sidebar is shown. Without
 * JavaScript a tag's link leads to its section of the overview, and the link that stands for the
 * tags' rows to the list of all of them.
 */
export function ApiSidebar({
  site,
  api,
  route,
  currentTag,
  ownTagShared = false,
}: {
  site: SiteView;
  api: ApiModel;
  route: string;
  currentTag: ApiTag | undefined;
  /** The current tag's operations are left to its shared file even though the tag is not too large for a page (a page over its size budget). */
  ownTagShared?: boolean | undefined;
}): React.JSX.Element {
  const overviewActive = route === api.basePath;
  const files = sidebarFilesOf(site, api);
  const shared = files && currentTag && (ownTagShared || files.own.has(currentTag.anchor));
  const current = currentTag ? (
    <li key={currentTag.anchor} className="menu__category">
      <TagGroup site={site} api={api} tag={currentTag} route={route} open src={shared ? srcOf(files, currentTag) : undefined} />
    </li>
  ) : null;
  return (
    <aside
      className="doc-sidebar api-sidebar"
      id="doc-sidebar"
      // The target of the "API navigation" skip link (layout/Document.tsx): focus lands on the sidebar.
      tabIndex={-1}
      aria-labelledby="api-sidebar-label"
      data-doc-sidebar=""
      data-sidebar-key={shapeKey(api.tags, ['anchor', 'entries', 'href'])}
      data-sidebar-src={files?.main}
    >
      <nav className="doc-sidebar__nav" aria-labelledby="api-sidebar-label">
        <span className="sr-only" id="api-sidebar-label">
          <T k="sidebar.apiLabel" />
        </span>
        <ul className="menu__list menu__list--level-1">
          <li className="menu__item">
            <a
              className={`menu__link api-sidebar__overview${overviewActive ? ' menu__link--active' : ''}`}
              href={site.url(api.basePath)}
              {...(overviewActive ? { 'aria-current': 'page' as const } : {})}
            >
              {api.info.title}
            </a>
          </li>
          {api.history ? (
            <li className="menu__item">
              <a
                className={`menu__link api-sidebar__changelog${route === api.history.href ? ' menu__link--active' : ''}`}
                href={site.url(api.history.href)}
                {...(route === api.history.href ? { 'aria-current': 'page' as const } : {})}
              >
                <T k="apiHistory.changelog" />
              </a>
            </li>
          ) : null}
        </ul>
        {files?.tags ? (
          // Too many tags for every page to list: the client puts their rows around this page's own
          // tag when the sidebar is shown, in place of the link to the overview's list of them all.
          <ul className="menu__list menu__list--level-1" data-sidebar-tags={files.tags}>
            {current}
            <li className="menu__item api-sidebar__all">
              <a className="menu__link" href={site.url(`${api.basePath}#operations`)}>
                <T k="sidebar.allTags" />
              </a>
            </li>
          </ul>
        ) : (
          <ul className="menu__list menu__list--level-1">
            {api.tags.map((tag) =>
              tag === currentTag ? (
                current
              ) : (
                // A closed tag is the same on every page: rendered once per build.
                <li
                  key={tag.anchor}
                  className="menu__category menu__category--closed"
                  dangerouslySetInnerHTML={{ __html: closedTagHtml(site, api, tag, files) }}
                />
              ),
            )}
          </ul>
        )}
        {/* The start of each caret's name (aria-labelledby): visually hidden, not hidden from assistive
            technology, or both languages' text would be read (the hidden one's included). */}
        <span className="sr-only menu__toggle-label" id={TOGGLE_LABEL_ID}>
          <T k="sidebar.toggleCategory" />
        </span>
      </nav>
    </aside>
  );
}

export const listIdOf = (tag: ApiTag): string => `api-sidebar-${tag.anchor}`;

/** The shared files of an API's sidebar, where it is large enough to have them (api-sidebar-files.ts). */
export const sidebarFilesOf = (site: SiteView, api: ApiModel): ApiSidebarFiles | undefined => site.apis.find((a) => a.basePath === api.basePath)?.sidebar;

/** Where a tag's list is loaded from: "" for the sidebar's main file (data-sidebar-src), else its own URL. */
const srcOf = (files: ApiSidebarFiles, tag: ApiTag): string => {
  const url = files.lists.get(tag.anchor)!;
  return url === files.main ? '' : url;
};

/** The inside of a closed tag's `<li>`, the same on every page: rendered once per build. */
export function closedTagHtml(site: SiteView, api: ApiModel, tag: ApiTag, files: ApiSidebarFiles | undefined): string {
  return site.shared(`api-sidebar:${api.basePath}:${files !== undefined}:${tag.anchor}`, () => (
    <TagGroup site={site} api={api} tag={tag} route="" open={false} src={files && srcOf(files, tag)} />
  ));
}

/** A tag's operations, none marked: what a shared file holds of it. */
export function tagListHtml(site: SiteView, api: ApiModel, tag: ApiTag): string {
  return site.shared(`api-sidebar-list:${api.basePath}:${tag.anchor}`, () => <TagOperations site={site} api={api} tag={tag} route="" />);
}

/**
 * A tag's row (its link and toggle) and its operations: the inside of its `<li>`. With `src`, the
 * operations are in a shared file: a closed tag's list is empty, an open one holds only the page's
 * own operation until the client loads the rest.
 */
function TagGroup({
  site,
  api,
  tag,
  route,
  open,
  src,
}: {
  site: SiteView;
  api: ApiModel;
  tag: ApiTag;
  route: string;
  open: boolean;
  src: string | undefined;
}): React.JSX.Element {
  const listId = listIdOf(tag);
  const nameId = `${listId}-name`;
  const own = src !== undefined && open ? tag.entries.find((e) => e.href === route) : undefined;
  return (
    <>
      <div className="menu__category-row">
        <a className="menu__link menu__link--category" id={nameId} href={site.url(`${api.basePath}#${tag.anchor}`)}>
          {tag.untagged ? <T k="apiContent.otherOperations" /> : tag.name}
        </a>
        {/* Named by the shared label and the tag's link; the chevron is drawn by CSS (40-api.css). */}
        <button
          type="button"
          className="menu__caret"
          aria-expanded={open ? 'true' : 'false'}
          aria-controls={listId}
          aria-labelledby={`${TOGGLE_LABEL_ID} ${nameId}`}
          data-sidebar-caret=""
        />
      </div>
      {src === undefined ? (
        <div id={listId}>
          <TagOperations site={site} api={api} tag={tag} route={route} />
        </div>
      ) : own ? (
        <div id={listId} data-sidebar-lazy={src}>
          <ul className="menu__list menu__list--level-2">
            <OperationItem site={site} api={api} entry={own} active />
          </ul>
        </div>
      ) : (
        <div id={listId} data-sidebar-lazy={src} />
      )}
    </>
  );
}

/** A tag's operations, the page's own marked; every other row's markup is made once per build. */
function TagOperations({ site, api, tag, route }: { site: SiteView; api: ApiModel; tag: ApiTag; route: string }): React.JSX.Element {
  return (
    <ul className="menu__list menu__list--level-2">
      {tag.entries.map((e, i) =>
        e.href === route ? (
          <OperationItem key={`${e.kind}:${e.id}`} site={site} api={api} entry={e} active />
        ) : (
          <li
            key={`${e.kind}:${e.id}`}
            className={e.deprecated ? 'api-op--deprecated' : undefined}
            dangerouslySetInnerHTML={{
              __html: site.shared(`api-sidebar-op:${api.basePath}:${tag.anchor}:${i}`, () => (
                <OperationLink site={site} entry={e} active={false} note={noteOf(api, e)} />
              )),
            }}
          />
        ),
      )}
    </ul>
  );
}

function OperationItem({ site, api, entry, active }: { site: SiteView; api: ApiModel; entry: ApiNavEntry; active: boolean }): React.JSX.Element {
  return (
    <li className={entry.deprecated ? 'api-op--deprecated' : undefined}>
      <OperationLink site={site} entry={entry} active={active} note={noteOf(api, entry)} />
    </li>
  );
}

/** What the API's history says of an operation's entry, when it says something. */
const noteOf = (api: ApiModel, e: ApiNavEntry): OperationHistory | undefined => (e.kind === 'operation' ? api.history?.operations[e.id] : undefined);

function OperationLink({
  site,
  entry: e,
  active,
  note,
}: {
  site: SiteView;
  entry: ApiNavEntry;
  active: boolean;
  note: OperationHistory | undefined;
}): React.JSX.Element {
  return (
    <a className={`menu__link api-op${active ? ' menu__link--active' : ''}`} href={site.url(e.href)} {...(active ? { 'aria-current': 'page' as const } : {})}>
      <MethodBadge method={e.method} small />
      {e.label}
      {/* Struck through for the eye; said in words for everyone else. */}
      {e.deprecated ? (
        <>
          {' '}
          <SrT k="apiContent.deprecated" />
        </>
      ) : null}
      {e.kind === 'webhook' ? <span aria-hidden="true"> ⚡</span> : null}
      <ReleaseBadge note={note} />
    </a>
  );
}

/**
 * "New" or "Changed" beside an operation the current release added or changed; its name says the
 * release ("New in 1.4"), read with the link's text.
 */
function ReleaseBadge({ note }: { note: OperationHistory | undefined }): React.JSX.Element | null {
  const added = note?.added;
  const changed = note?.changed?.version;
  if (added === undefined && changed === undefined) return null;
  return (
    <span className={`api-op-badge api-op-badge--${added !== undefined ? 'new' : 'changed'}`}>
      <span aria-hidden="true">
        <T k={added !== undefined ? 'apiHistory.newBadge' : 'apiHistory.changedBadge'} />
      </span>
      <span className="sr-only">
        {' '}
        <T k={added !== undefined ? 'apiHistory.newIn' : 'apiHistory.changedIn'} /> {added ?? changed}
      </span>
    </span>
  );
}
