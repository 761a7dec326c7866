import type { IncomingMessage, ServerResponse } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { lookup } from 'mrmime';
import type { DevSite } from '../render/dev/dev-site.js';
import type { WholeFile } from '../shared/model.js';

// What the preview server answers from the site in memory: its pages (with the live-reload script)
// and its other files, only under the base URL (no `..` in any encoding, no dotfiles), the 404 page
// otherwise, and an error page while no build has succeeded yet.

export const RELOAD_PATH = '/__shipdocs/reload.js';
export const EVENTS_PATH = '/__shipdocs/events';

/**
 * The live-reload client: reloads on a new build, swaps the stylesheet in when nothing else changed
 * (the new one is added, the old removed once it applies: no flash), shows a failed build's errors
 * over the page.
 */
export const RELOAD_CLIENT = `(() => {
  const es = new EventSource(${JSON.stringify(EVENTS_PATH)});
  let box;
  es.addEventListener('reload', () => location.reload());
  es.addEventListener('stylesheet', (e) => {
    const { href } = JSON.parse(e.data);
    const old = [...document.querySelectorAll('link[rel="stylesheet"]')].filter((l) => l.getAttribute('href') !== href);
    if (old.length !== 1) return location.reload();
    const next = Object.assign(old[0].cloneNode(), { href });
    next.addEventListener('load', () => old[0].remove());
    next.addEventListener('error', () => location.reload());
    old[0].after(next);
  });
  es.addEventListener('build-error', (e) => {
    const data = JSON.parse(e.data);
    box ??= Object.assign(document.body.appendChild(document.createElement('pre')), { id: 'shipdocs-build-error' });
    box.setAttribute('role', 'alert');
    box.style.cssText = 'position:fixed;inset:auto 1rem 1rem 1rem;max-height:60vh;overflow:auto;z-index:9999;margin:0;padding:1rem;border-radius:8px;background:#1b1b1d;color:#ffb4b4;font:13px/1.5 ui-monospace,monospace;white-space:pre-wrap;box-shadow:0 8px 30px rgba(0,0,0,.4)';
    box.textContent = (data.lastGood ? 'Build failed: the last good build is shown.' : 'Build failed: no build has succeeded yet. The page reloads when one does.') + '\\n\\n' + data.message;
  });
})();`;

/** Shown for every page while no build has succeeded: the overlay fills in the errors. */
const NO_BUILD_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed | shipdocs</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="font:16px/1.5 system-ui,sans-serif;margin:2rem"><h1>The site has not been built yet</h1><p>The first build failed. Fix the errors shown below; this page reloads when the build succeeds.</p></body></html>`;

/** Answers a GET or HEAD request from the site in memory. */
export async function serveFromSite(site: DevSite, baseUrl: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!site.ready()) return sendHtml(res, NO_BUILD_PAGE, 503);
  const url = decodeSafe((req.url ?? '/').split('?')[0]!);
  if (url === undefined || url.includes('\0') || url.includes('\\') || url.split('/').some((seg) => seg === '..' || seg.startsWith('.'))) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request\n');
    return;
  }
  const base = baseUrl.replace(/\/$/, '');
  const path = url === base ? '/' : url.startsWith(base + '/') ? url.slice(base.length) : undefined;
  if (path !== undefined) {
    for (const route of routeCandidates(path)) {
      const html = site.page(route);
      if (html !== undefined) return sendHtml(res, html, 200);
    }
    const file = path.endsWith('/') ? undefined : await site.file(path.slice(1));
    if (file) return sendFile(req, res, file);
  }
  const notFound = site.notFound();
  if (notFound === undefined) res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
  else sendHtml(res, notFound, 404);
}

/** "/docs/intro", "/docs/intro/" and "/docs/intro/index.html" are the page "/docs/intro"; "/404.html" is itself. */
function routeCandidates(path: string): string[] {
  if (path === '/' || path === '/index.html') return ['/'];
  const clean = path.replace(/\/+$/, '');
  if (clean.endsWith('/index.html')) return [clean.slice(0, -'/index.html'.length)];
  return clean.endsWith('.html') ? [clean, clean.slice(0, -'.html'.length)] : [clean];
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: WholeFile): void {
  let length: number;
  try {
    length = 'copyFrom' in file ? statSync(file.copyFrom).size : Buffer.byteLength(file.contents);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
    return;
  }
  const type = lookup(file.path) ?? 'application/octet-stream';
  res.writeHead(200, {
    'content-type': /^(text\/|application\/(json|javascript|xml))|\+xml$/.test(type) ? `${type}; charset=utf-8` : type,
    'cache-control': 'no-store',
    'content-length': length,
  });
  if (req.method === 'HEAD') res.end();
  // A file on disk is streamed: the largest APIs' exports are hundreds of megabytes.
  else if ('copyFrom' in file)
    createReadStream(file.copyFrom)
      .on('error', () => res.destroy())
      .pipe(res);
  else res.end(file.contents);
}

function sendHtml(res: ServerResponse, html: string, status: number): void {
  const body = html.includes('</body>')
    ? html.replace('</body>', `<script src="${RELOAD_PATH}"></script></body>`)
    : html + `<script src="${RELOAD_PATH}"></script>`;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
}

function decodeSafe(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}
