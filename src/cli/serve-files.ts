import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import sirv from 'sirv';
import { OUTPUT_MARKER } from '../render/write/check-out-dir.js';

// What the preview server answers from the output folder: only files inside it (no `..` in any
// encoding, no dotfiles, no directory listings, no symlinks leading out of it), HTML pages with the
// live-reload script, and an error page while no build has succeeded yet.

export const RELOAD_PATH = '/__shipdocs/reload.js';
export const EVENTS_PATH = '/__shipdocs/events';

/** The live-reload client: reloads on a new build, shows a failed build's errors over the page. */
export const RELOAD_CLIENT = `(() => {
  const es = new EventSource(${JSON.stringify(EVENTS_PATH)});
  let box;
  es.addEventListener('reload', () => location.reload());
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

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface OutputServer {
  /** Answers a GET or HEAD request for a file of the output. */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/** Serves `outDir` as it is now; call again after each successful build. A folder no build wrote is never served. */
export function outputServer(outDir: string): OutputServer {
  const out = resolve(outDir);
  if (!existsSync(join(out, OUTPUT_MARKER))) return { handle: (_req, res) => sendHtml(res, NO_BUILD_PAGE, 503) };
  const realOut = realpathSync(out);
  const assets = sirv(out, { dev: false, etag: true, dotfiles: false, extensions: [], single: false }) as unknown as Handler;
  const notFound = (res: ServerResponse): void => {
    const page = readInside(realOut, join(out, '404.html'));
    if (page === undefined) res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
    else sendHtml(res, page, 404);
  };
  return {
    handle(req, res) {
      const url = decodeSafe((req.url ?? '/').split('?')[0]!);
      if (url === undefined || url.includes('\0') || url.includes('\\') || url.split('/').some((seg) => seg === '..' || seg.startsWith('.'))) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request\n');
        return;
      }
      const html = htmlFileFor(out, realOut, url);
      if (html) {
        const page = readText(html);
        if (page !== undefined) sendHtml(res, page, 200);
        else notFound(res);
        return;
      }
      // A symlink placed in the output must not lead sirv out of it.
      const target = resolve(out, '.' + url);
      if (existsSync(target) && !isInside(realOut, target)) {
        notFound(res);
        return;
      }
      assets(req, res, () => notFound(res));
    },
  };
}

function sendHtml(res: ServerResponse, html: string, status: number): void {
  const body = html.includes('</body>')
    ? html.replace('</body>', `<script src="${RELOAD_PATH}"></script></body>`)
    : html + `<script src="${RELOAD_PATH}"></script>`;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
}

/** The file's text when its real path is inside `realOut`. */
function readInside(realOut: string, file: string): string | undefined {
  return isInside(realOut, file) ? readText(file) : undefined;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function isInside(realOut: string, file: string): boolean {
  try {
    const real = realpathSync(file);
    return real === realOut || real.startsWith(realOut + sep);
  } catch {
    return false;
  }
}

/**
 * "/docs/intro", "/docs/intro/" and "/docs/intro/index.html" → the page's file, inside `out`
 * (whose real path is `realOut`) only, symlinks resolved.
 */
function htmlFileFor(out: string, realOut: string, urlPath: string): string | undefined {
  const clean = urlPath.replace(/\/+$/, '');
  const candidates = clean.endsWith('.html') ? [clean] : [`${clean}/index.html`, `${clean}.html`];
  for (const c of candidates) {
    const file = resolve(out, '.' + c);
    if (file !== out && !file.startsWith(out + sep)) return undefined;
    try {
      if (statSync(file).isFile()) return isInside(realOut, file) ? file : undefined;
    } catch {
      // try the next form
    }
  }
  return undefined;
}

function decodeSafe(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}
