import { Fragment } from 'react';
import type { ApiModel, ApiTag } from '../../../shared/api-model.js';
import type { SiteView } from '../../site-view.js';
import { SidebarCaret } from '../../layout/DocSidebar.js';
import { LAZY_SIDEBAR_LINKS, shapeKey } from '../../layout/sidebar-shape.js';
import { SrT, T } from '../../layout/T.js';
import { MethodBadge } from '../MethodBadge.js';

/** Whether the API's sidebar is large enough to leave the operations of closed tags out of each page. */
export function isLazyApiSidebar(api: ApiModel): boolean {
  return api.tags.reduce((n, t) => n + 1 + t.entries.length, 0) > LAZY_SIDEBAR_LINKS;
}

/**
 * The API sidebar, shared by every API page: the overview, then one category per tag with a
 * coloured method badge per operation. The current page's tag is open, the others closed (opening
 * one never closes another). On a large API the operations of closed tags are not in the page but
 * in one shared file (ApiSidebarFragment), loaded when a reader opens such a tag; without
 * JavaScript a tag's link leads to its section of the overview.
 */
export function ApiSidebar({
  site,
  api,
  route,
  currentTag,
}: {
  site: SiteView;
  api: ApiModel;
  route: string;
  currentTag: ApiTag | undefined;
}): React.JSX.Element {
  const overviewActive = route === api.basePath;
  const fragmentUrl = site.apis.find((a) => a.basePath === api.basePath)?.sidebarFragment;
  const lazy = fragmentUrl !== undefined;
  return (
    <aside
      className="doc-sidebar api-sidebar"
      id="doc-sidebar"
      aria-labelledby="api-sidebar-label"
      data-doc-sidebar=""
      data-sidebar-key={shapeKey(api.tags, ['anchor', 'entries', 'href'])}
      data-sidebar-src={fragmentUrl}
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
        </ul>
        <ul className="menu__list menu__list--level-1">
          {api.tags.map((tag) =>
            tag === currentTag ? (
              <li key={tag.anchor} className="menu__category">
                <TagGroup site={site} api={api} tag={tag} route={route} open lazy={lazy} />
              </li>
            ) : (
              // A closed tag is the same on every page: rendered once per build.
              <li
                key={tag.anchor}
                className="menu__category menu__category--closed"
                dangerouslySetInnerHTML={{
                  __html: site.shared(`api-sidebar:${api.basePath}:${lazy}:${tag.anchor}`, () => (
                    <TagGroup site={site} api={api} tag={tag} route="" open={false} lazy={lazy} />
                  )),
                }}
              />
            ),
          )}
        </ul>
      </nav>
    </aside>
  );
}

const listIdOf = (tag: ApiTag): string => `api-sidebar-${tag.anchor}`;

/** A tag's row (its link and toggle) and its operations: the inside of its `<li>`. */
function TagGroup({
  site,
  api,
  tag,
  route,
  open,
  lazy,
}: {
  site: SiteView;
  api: ApiModel;
  tag: ApiTag;
  route: string;
  open: boolean;
  lazy: boolean;
}): React.JSX.Element {
  const label = tag.untagged ? <T k="apiContent.otherOperations" /> : tag.name;
  const listId = listIdOf(tag);
  return (
    <>
      <div className="menu__category-row">
        <a className="menu__link menu__link--category" href={site.url(`${api.basePath}#${tag.anchor}`)}>
          {label}
        </a>
        <SidebarCaret expanded={open} controls={listId} label={label} />
      </div>
      {lazy && !open ? (
        <div id={listId} data-sidebar-lazy="" />
      ) : (
        <div id={listId}>
          <TagOperations site={site} tag={tag} route={route} />
        </div>
      )}
    </>
  );
}

function TagOperations({ site, tag, route }: { site: SiteView; tag: ApiTag; route: string }): React.JSX.Element {
  return (
    <ul className="menu__list menu__list--level-2">
      {tag.entries.map((e) => (
        <li key={`${e.kind}:${e.id}`} className={e.deprecated ? 'api-op--deprecated' : undefined}>
          <a
            className={`menu__link api-op${e.href === route ? ' menu__link--active' : ''}`}
            href={site.url(e.href)}
            {...(e.href === route ? { 'aria-current': 'page' as const } : {})}
          >
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
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The operations of every tag, as `<template data-list>` elements: the shared file of a large API's sidebar. */
export function ApiSidebarFragment({ site, api }: { site: SiteView; api: ApiModel }): React.JSX.Element {
  return (
    <>
      {api.tags.map((tag) => (
        <Fragment key={tag.anchor}>
          <template data-list={listIdOf(tag)}>
            <TagOperations site={site} tag={tag} route="" />
          </template>
          {'\n'}
        </Fragment>
      ))}
    </>
  );
}
