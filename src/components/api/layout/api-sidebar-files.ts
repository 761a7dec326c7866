import type { ApiModel } from '../../../shared/api-model.js';
import { escapeAsReact } from '../../../shared/html-escape.js';
import type { SiteView } from '../../site-view.js';
import { LAZY_SIDEBAR_LINKS } from '../../layout/sidebar-shape.js';
import { closedTagHtml, listIdOf, tagListHtml } from './ApiSidebar.js';

// What an API page's sidebar may carry, whatever the API's size. Without these bounds a page grew
// with the number of tags and with its own tag's operations, and a build with the product of the
// pages and the tags: Microsoft Graph's 829 tags put 540 KB of sidebar in each of 22,361 pages.
// The limits are on the markup's length (characters, about bytes), so they hold for long names too.

/**
 * A tag's operations are in the pages of its own operations while their markup is at most this
 * long (about 200 operations; GitHub's largest tag, 204 operations, takes 41 KB). A larger
 * tag has its list in its own shared file, and its pages carry only their own operation (as does
 * a page over its size budget: operation/page-fit.ts).
 */
export const TAG_LIST_IN_PAGE = 48 * 1024;
/**
 * The closed tags' rows are in every page while they add up to at most this (about 65 tags; GitHub's
 * 47 take 22 KB). Past it they are in a shared file, which the client loads when the sidebar is shown.
 */
export const TAG_ROWS_IN_PAGE = 32 * 1024;
/** A shared file of tags' operations (tags in document order) is at most this long, unless it holds one tag alone. */
export const TAG_LISTS_PER_FILE = 512 * 1024;

/** The `data-list` of the template that holds the tags' rows. */
const TAG_ROWS_LIST = 'api-sidebar-tags';

/** The shared files of a large API's sidebar, by URL (with baseUrl). */
export interface ApiSidebarFiles {
  /** The file of the first tags' operations: the sidebar's `data-sidebar-src`; a list of another file names its own. */
  main: string | undefined;
  /** The file of each tag's operations, by the tag's anchor. */
  lists: Map<string, string>;
  /** Anchors of the tags whose operations are too many for a page (each in a file of its own). */
  own: Set<string>;
  /** The file of every tag's row, when there are too many tags for each page to list them. */
  tags: string | undefined;
}

/** What apiSidebarFiles made for a model: its files' contents, in order, and where each list is. */
export interface ApiSidebarMemoEntry {
  contents: string[];
  files: ApiSidebarFiles;
}

/**
 * The shared files of an API's sidebar, each given to `file` (which writes it and returns its URL),
 * or undefined when the API is small enough for every page to hold its whole sidebar (at most
 * LAZY_SIDEBAR_LINKS links, as for docs sidebars). With a memo (the dev server's, whose config does
 * not change), a model seen before gives the same files without rendering them again.
 */
export function apiSidebarFiles(
  site: SiteView,
  api: ApiModel,
  file: (contents: string) => string,
  memo?: WeakMap<ApiModel, ApiSidebarMemoEntry>,
): ApiSidebarFiles | undefined {
  if (api.tags.reduce((n, t) => n + 1 + t.entries.length, 0) <= LAZY_SIDEBAR_LINKS) return undefined;
  const known = memo?.get(api);
  if (known) {
    for (const contents of known.contents) file(contents);
    return known.files;
  }
  const made = makeFiles(site, api, file);
  memo?.set(api, made);
  return made.files;
}

function makeFiles(site: SiteView, api: ApiModel, write: (contents: string) => string): ApiSidebarMemoEntry {
  const contents: string[] = [];
  const file = (text: string): string => {
    contents.push(text);
    return write(text);
  };
  const files: ApiSidebarFiles = { main: undefined, lists: new Map(), own: new Set(), tags: undefined };
  let text = '';
  let anchors: string[] = [];
  const flush = (): void => {
    if (!anchors.length) return;
    const url = file(text);
    files.main ??= url;
    for (const anchor of anchors) files.lists.set(anchor, url);
    text = '';
    anchors = [];
  };
  for (const tag of api.tags) {
    const list = tagListHtml(site, api, tag);
    const template = `<template data-list="${escapeAsReact(listIdOf(tag))}">${list}</template>\n`;
    if (list.length > TAG_LIST_IN_PAGE) {
      files.own.add(tag.anchor);
      files.lists.set(tag.anchor, file(template));
      continue;
    }
    if (text && text.length + template.length > TAG_LISTS_PER_FILE) flush();
    text += template;
    anchors.push(tag.anchor);
  }
  flush();
  const rows = api.tags.map((tag) => closedTagHtml(site, api, tag, files));
  if (rows.reduce((n, row) => n + row.length, 0) > TAG_ROWS_IN_PAGE) {
    const items = rows.map((row) => `<li class="menu__category menu__category--closed">${row}</li>`).join('');
    files.tags = file(`<template data-list="${TAG_ROWS_LIST}">${items}</template>\n`);
  }
  return { contents, files };
}
