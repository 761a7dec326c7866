// The API panels are islands: the server renders each into its page, and the browser hydrates that
// markup with the very same component, from the props it reads back from the page. Hydration
// keeps the server's nodes only if the browser's first render is the server's markup to the byte,
// whatever the browser holds (credentials, a chosen sample language and server, the reader's
// language, another address). Here each panel's place in the built pages is compared with the
// panel rendered as the browser first renders it, with such a browser's state around it.
import { join } from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PANELS } from '../../../src/components/api/panel/browser-panels.js';
import { buildSite } from '../../../src/render/build-site.js';
import { apiPanelIdPrefix, type ApiPanelKind } from '../../../src/shared/islands.js';
import { asText } from '../../helpers/fixtures.js';
import { configFor, OPENAPI_FIXTURES } from '../../openapi/helpers.js';

const pages = new Map<string, string>();

beforeAll(async () => {
  const result = await buildSite({ root: join(OPENAPI_FIXTURES, 'site'), config: configFor('openapi') });
  for (const f of result.files) if (f.path.startsWith('api/') && f.path.endsWith('index.html') && 'contents' in f) pages.set(f.path, asText(f.contents));
});

/** A browser's state, as globals: what a render that reads it (instead of waiting for an effect) would pick up. */
const BROWSER: Record<string, unknown> = {
  localStorage: storage({ 'shipdocs.api.sample': 'python-requests' }),
  sessionStorage: storage({ 'shipdocs.auth:/api': JSON.stringify({ token: { kind: 'bearer', token: 'secret-token' } }) }),
  document: { documentElement: { dataset: { uiLang: 'en' } }, addEventListener() {}, removeEventListener() {} },
  location: { href: 'http://localhost:3000/api/orders' },
};
function storage(items: Record<string, string>): unknown {
  return { getItem: (k: string) => items[k] ?? null, setItem() {}, removeItem() {} };
}
const saved = Object.keys(BROWSER).map((k) => [k, Object.getOwnPropertyDescriptor(globalThis, k)] as const);
afterAll(() => {
  for (const [k, d] of saved) {
    if (d) Object.defineProperty(globalThis, k, d);
    else delete (globalThis as Record<string, unknown>)[k];
  }
});

/** The browser's first render of a panel, from the page's JSON as client/api/panel.tsx reads it. */
function firstRender(kind: ApiPanelKind, html: string): string {
  const json = (attr: string): unknown => {
    const m = new RegExp(`<script type="application/json" ${attr}="">([^<]*)</script>`).exec(html);
    return m ? JSON.parse(m[1]!) : undefined;
  };
  const props = { site: json('data-api-site'), data: json('data-api-request') };
  for (const [k, v] of Object.entries(BROWSER)) Object.defineProperty(globalThis, k, { value: v, configurable: true, writable: true });
  try {
    return renderToString(createElement(API_PANELS[kind] as ComponentType<object>, props), { identifierPrefix: apiPanelIdPrefix(kind) });
  } finally {
    for (const [k, d] of saved) {
      if (d) Object.defineProperty(globalThis, k, d);
      else delete (globalThis as Record<string, unknown>)[k];
    }
  }
}

describe('the API panels hydrate the markup the server rendered', () => {
  it('holds every panel in its place, as the browser first renders it', () => {
    const operation = pages.get('api/orders/index.html')!;
    expect(operation).toBeDefined();
    let places = 0;
    for (const [path, html] of pages) {
      for (const [, kind] of html.matchAll(/<div class="api-panel-place" data-api-panel="([^"]+)">/g)) {
        places++;
        const place = `<div class="api-panel-place" data-api-panel="${kind}">`;
        const expected = place + firstRender(kind as ApiPanelKind, html) + '</div>';
        expect(html.includes(expected), `${path}: the ${kind} panel differs from its first render in the browser:\n${expected}`).toBe(true);
      }
    }
    // The overview's authorization, and each operation's three panels.
    expect(places).toBeGreaterThan(4);
    for (const kind of Object.keys(API_PANELS)) expect(operation).toContain(`data-api-panel="${kind}"`);
  });

  it('puts no credential in a page: the panels render none until the browser has hydrated them', () => {
    for (const html of pages.values()) expect(html).not.toContain('secret-token');
    expect(firstRender('code-samples', pages.get('api/orders/index.html')!)).not.toContain('secret-token');
  });
});
