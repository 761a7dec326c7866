// An API page's sidebar is bounded by constants, not by the API's size: on a generated API with
// hundreds of tags and a tag of thousands of operations, a page carries its own tag's row, at most
// a bounded list of operations and a link standing for the other tags, which are in shared files.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiPage } from '../../../src/components/api/ApiPage.js';
import {
  apiSidebarFiles,
  TAG_LIST_IN_PAGE,
  TAG_LISTS_PER_FILE,
  TAG_ROWS_IN_PAGE,
  type ApiSidebarFiles,
} from '../../../src/components/api/layout/api-sidebar-files.js';
import type { SiteView } from '../../../src/components/site-view.js';
import { findDocument } from '../../../src/openapi/load/find-document.js';
import { loadApiModel } from '../../../src/openapi/load-api-model.js';
import { planApiRoutes } from '../../../src/openapi/plan-api-routes.js';
import type { ApiModel } from '../../../src/shared/api-model.js';
import type { Route } from '../../../src/shared/model.js';
import { tempDir } from '../../helpers/fixtures.js';
import { largeApiDocument } from '../../helpers/large-api.js';

const TAGS = 300;
const BIG = 3000;

let model: ApiModel;
let routes: Route[];
let files: ApiSidebarFiles;
const written = new Map<string, string>();
let site: SiteView;

beforeAll(async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(largeApiDocument(TAGS, BIG)));
  const found = findDocument(dir, 'openapi.json');
  const loaded = await loadApiModel(dir, found.document!, { basePath: '/api', deadline: Date.now() + 60_000 });
  model = loaded.model!;
  routes = planApiRoutes(model, 'openapi.json');
  const shared = new Map<string, string>();
  site = {
    config: { url: 'https://docs.example', baseUrl: '/', openapi: { path: 'openapi', routeBasePath: 'api' } },
    languages: ['es', 'en'],
    apis: [{ id: undefined, label: 'Generated API', basePath: '/api', proxyUrl: undefined, sidebar: undefined, versions: [] }],
    docsVersions: [],
    url: (p: string) => p,
    shared: (key: string, element: () => React.ReactElement) => shared.get(key) ?? shared.set(key, renderToStaticMarkup(element())).get(key)!,
  } as unknown as SiteView;
  files = apiSidebarFiles(site, model, (contents) => {
    const url = `/assets/sidebar/${written.size}.html`;
    written.set(url, contents);
    return url;
  })!;
  site.apis[0]!.sidebar = files;
}, 60_000);

const page = (path: string): string => renderToStaticMarkup(<ApiPage site={site} route={routes.find((r) => r.path === path)!} />);
const sidebarOf = (html: string): string => html.slice(html.indexOf('<aside'), html.indexOf('</aside>'));

describe('the sidebar of a large API', () => {
  it('keeps every page small: its own tag, at most a bounded list, a link for the other tags', () => {
    const big = model.operations.find((o) => o.tag === 'Everything' && o.path.includes('entity-1500/'))!;
    const small = model.operations.find((o) => o.tag === 'Resource group 150')!;
    for (const op of [big, small]) {
      const html = page(op.href);
      const side = sidebarOf(html);
      // The page's own operation is in it, marked; no other tag's row is.
      expect(side).toContain(`href="${op.href}" aria-current="page"`);
      expect(side.match(/class="menu__caret"/g)).toHaveLength(1);
      expect(side).toContain(`data-sidebar-tags="${files.tags}"`);
      expect(side).toContain('<a class="menu__link" href="/api#operations">');
      expect(side.length).toBeLessThan(4 * 1024);
      expect(html.length).toBeLessThan(20 * 1024);
    }
    // The large tag's page holds only its own operation, the rest in the tag's own file.
    const side = sidebarOf(page(big.href));
    expect(side.match(/class="menu__link api-op/g)).toHaveLength(1);
    expect(side).toContain(`<div id="api-sidebar-tag-everything" data-sidebar-lazy="${files.lists.get('tag-everything')}">`);
    // The overview lists every operation in its content, but its sidebar is as small.
    expect(sidebarOf(page('/api')).length).toBeLessThan(2 * 1024);
  });

  it('puts every tag row in one file, and every tag list in files of bounded size', () => {
    const rows = written.get(files.tags!)!;
    expect(rows.match(/<li class="menu__category menu__category--closed">/g)).toHaveLength(TAGS + 1);
    expect(rows.length).toBeGreaterThan(TAG_ROWS_IN_PAGE);
    expect(rows).toContain('aria-labelledby="api-sidebar-toggle api-sidebar-tag-resource-group-7-name"');
    const own = written.get(files.lists.get('tag-everything')!)!;
    expect(own.match(/<template /g)).toHaveLength(1);
    expect(own.match(/<li>/g)).toHaveLength(BIG);
    expect(files.own).toEqual(new Set(['tag-everything']));
    for (const [url, text] of written) if (url !== files.tags && text !== own) expect(text.length).toBeLessThanOrEqual(TAG_LISTS_PER_FILE);
    expect(own.length).toBeGreaterThan(TAG_LIST_IN_PAGE);
    // Every tag's list is in the file its row names.
    for (const tag of model.tags) expect(written.get(files.lists.get(tag.anchor)!)).toContain(`<template data-list="api-sidebar-${tag.anchor}">`);
  });
});
