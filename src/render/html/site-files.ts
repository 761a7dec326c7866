import type { SiteConfig } from '../../config/schema.js';
import type { OutputFile, Route } from '../../shared/model.js';
import { escapeXml } from '../../shared/html-escape.js';
import { oauthRedirectFiles } from './oauth-redirect.js';

/**
 * sitemap.xml (every page but unlisted ones), robots.txt and a _headers file (CSP, safe defaults and cache rules for hosts that read it);
 * with `oauthRedirect` (an API has an OAuth 2.0 scheme the authorization panel sends the reader away for), oauth2-redirect.html and its script.
 */
export function siteFiles(config: SiteConfig, routes: readonly Route[], csp: string, options: { oauthRedirect?: boolean } = {}): OutputFile[] {
  const origin = config.url.replace(/\/$/, '') + config.baseUrl.replace(/\/$/, '');
  const urls = routes
    .filter((r) => r.data.kind !== 'not-found' && r.data.kind !== 'offline' && !r.unlisted)
    .map((r) => `  <url><loc>${escapeXml(origin + (r.path === '/' ? '/' : r.path))}</loc></url>`);
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  const robots = config.noIndex ? 'User-agent: *\nDisallow: /\n' : `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
  const headers = [
    `${config.baseUrl}*`,
    `  Content-Security-Policy: ${csp}; frame-ancestors 'self'`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    `${config.baseUrl}assets/*`,
    '  Cache-Control: public, max-age=31536000, immutable',
    `${config.baseUrl}search-index.json`,
    '  Cache-Control: public, no-cache',
    // Browsers check the service worker for a new build at each visit: never from a cache.
    `${config.baseUrl}sw.js`,
    '  Cache-Control: no-cache',
    '',
  ].join('\n');
  return [
    { path: 'sitemap.xml', contents: sitemap },
    { path: 'robots.txt', contents: robots },
    { path: '_headers', contents: headers },
    ...(options.oauthRedirect ? oauthRedirectFiles(config.ui) : []),
  ];
}
