import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.js';
import { prepareSite } from '../../../src/render/build-site.js';
import { renderRoute } from '../../../src/render/html/render-routes.js';
import type { SiteView } from '../../../src/components/site-view.js';
import { FIXTURES, REPO } from '../../helpers/fixtures.js';
import { join } from 'node:path';

// `site.shared` keeps the markup of fragments the same on many pages (navbar, footer, sidebar
// lists) under keys composed by hand: a key that leaves out something the fragment depends on
// would give one page another page's fragment. Every page rendered after the whole site (so
// every fragment comes from the cache) must equal the page rendered with no cache at all.

const uncached = (site: SiteView): SiteView => ({ ...site, shared: (_key, element) => renderToStaticMarkup(element()) });

describe('shared fragments', () => {
  it.each([
    ['the default site', REPO],
    ['a site with two APIs', join(FIXTURES, 'sites/two-apis')],
    ['a site with a blog', join(FIXTURES, 'sites/blog')],
  ])(
    'give %s the pages an uncached render gives',
    async (_name, root) => {
      const { config } = await loadConfig(root);
      const prepared = await prepareSite({ root, config: config! });
      try {
        const { routes } = prepared.planned.plan;
        const { site } = prepared.viewed;
        const cached = routes.map((route) => renderRoute(route, site).html);
        routes.forEach((route, i) => expect(renderRoute(route, uncached(site)).html, route.path).toBe(cached[i]));
      } finally {
        await prepared.close();
      }
    },
    120_000,
  );
});
