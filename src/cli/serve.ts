import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { spawn } from 'node:child_process';
import sirv from 'sirv';
import { watch } from 'chokidar';
import type { Logger } from './logger.js';
import { formatDiagnostics, style } from './logger.js';
import { runBuild, type RunBuildResult } from './run-build.js';
import { isAllowedRequest } from './serve-guard.js';

export interface ServeOptions {
  root: string;
  out: string;
  port: number;
  host: string;
  open: boolean;
  logger: Logger;
  report: (r: RunBuildResult) => void;
}

const RELOAD_PATH = '/__shipdocs/reload.js';
const EVENTS_PATH = '/__shipdocs/events';

/** The live-reload client: reloads on a new build, shows a failed build's errors over the page. */
const RELOAD_CLIENT = `(() => {
  const es = new EventSource(${JSON.stringify(EVENTS_PATH)});
  let box;
  es.addEventListener('reload', () => location.reload());
  es.addEventListener('build-error', (e) => {
    box ??= Object.assign(document.body.appendChild(document.createElement('pre')), { id: 'shipdocs-build-error' });
    box.setAttribute('role', 'alert');
    box.style.cssText = 'position:fixed;inset:auto 1rem 1rem 1rem;max-height:60vh;overflow:auto;z-index:9999;margin:0;padding:1rem;border-radius:8px;background:#1b1b1d;color:#ffb4b4;font:13px/1.5 ui-monospace,monospace;white-space:pre-wrap;box-shadow:0 8px 30px rgba(0,0,0,.4)';
    box.textContent = 'Build failed: the last good build is shown.\\n\\n' + JSON.parse(e.data).message;
  });
})();`;

/** Builds, serves the output folder and rebuilds on change; a failed rebuild keeps the last good site. */
export async function serve(options: ServeOptions): Promise<void> {
  const root = resolve(options.root);
  const clients = new Set<ServerResponse>();
  const send = (event: string, data: unknown): void => {
    for (const res of clients) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  const first = await runBuild({ root, out: options.out });
  options.report(first);
  const outDir = first.outDir;
  let assets = makeHandler(outDir);
  let lastError: string | undefined = first.ok ? undefined : formatDiagnostics(first.diagnostics, false);

  const server = createServer((req, res) => {
    const port = (server.address() as { port: number } | null)?.port ?? options.port;
    if (!isAllowedRequest(req.headers, { host: options.host, port })) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('Forbidden: unexpected Host or Origin.\n');
      return;
    }
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === RELOAD_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(RELOAD_CLIENT);
      return;
    }
    if (path === EVENTS_PATH) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(': connected\n\n');
      if (lastError) res.write(`event: build-error\ndata: ${JSON.stringify({ message: lastError })}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    serveFile(req, res, outDir, assets);
  });

  let timer: NodeJS.Timeout | undefined;
  let building = false;
  let again = false;
  const rebuild = async (): Promise<void> => {
    if (building) {
      again = true;
      return;
    }
    building = true;
    const r = await runBuild({ root, out: options.out });
    options.report(r);
    if (r.ok) {
      assets = makeHandler(outDir);
      lastError = undefined;
      send('reload', {});
    } else {
      lastError = formatDiagnostics(r.diagnostics.filter((d) => d.severity === 'error'), false);
      send('build-error', { message: lastError });
    }
    building = false;
    if (again) {
      again = false;
      void rebuild();
    }
  };
  const config = first.config;
  const watched = [join(root, 'site.config.ts'), join(root, 'site.config.mts'), join(root, 'site.config.js'), join(root, 'site.config.mjs')];
  for (const dir of config ? [config.pages.path, config.staticDir, ...(config.docs ? [config.docs.path] : []), ...(config.blog ? [config.blog.path] : []), ...(config.openapi ? [config.openapi.path] : []), 'content'] : ['content', 'static', 'openapi']) {
    watched.push(resolve(root, dir));
  }
  const watcher = watch([...new Set(watched)], { ignoreInitial: true, ignored: (p) => p.startsWith(outDir + sep) || p === outDir || /(^|[/\\])(node_modules|\.git)([/\\]|$)/.test(p) });
  watcher.on('all', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), 80);
  });

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, () => done());
  });
  const address = server.address() as { port: number };
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${address.port}${first.config?.baseUrl ?? '/'}`;
  options.logger.info(`${style.green(options.logger.color, 'serving')}  ${url}  (watching for changes; Ctrl+C to stop)`);
  if (options.open) openBrowser(url);

  const stop = (): void => {
    void watcher.close();
    for (const res of clients) res.end();
    server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

function makeHandler(outDir: string): Handler {
  return sirv(outDir, { dev: false, etag: true, dotfiles: false, extensions: ['html'], single: false }) as unknown as Handler;
}

/** Static files from sirv; HTML pages get the live-reload script; unknown paths the 404 page. */
function serveFile(req: IncomingMessage, res: ServerResponse, outDir: string, assets: Handler): void {
  const url = decodeSafe((req.url ?? '/').split('?')[0]!);
  if (url === undefined || url.includes('\0') || url.split('/').some((seg) => seg === '..' || (seg.startsWith('.') && seg.length > 0))) {
    res.writeHead(400).end('Bad request\n');
    return;
  }
  const html = htmlFileFor(outDir, url);
  if (html) {
    sendHtml(res, html, 200);
    return;
  }
  assets(req, res, () => {
    const notFound = join(outDir, '404.html');
    sendHtml(res, notFound, 404);
  });
}

function sendHtml(res: ServerResponse, file: string, status: number): void {
  let body: string;
  try {
    body = readFileSync(file, 'utf8');
  } catch {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
    return;
  }
  body = body.replace('</body>', `<script src="${RELOAD_PATH}"></script></body>`);
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
}

/** "/docs/intro", "/docs/intro/" and "/docs/intro/index.html" → the page's file, inside outDir only. */
export function htmlFileFor(outDir: string, urlPath: string): string | undefined {
  const clean = urlPath.replace(/\/+$/, '');
  const candidates = clean.endsWith('.html') ? [clean] : [`${clean}/index.html`, `${clean}.html`];
  for (const c of candidates) {
    const file = resolve(outDir, '.' + c);
    if (file !== outDir && !file.startsWith(outDir + sep)) return undefined;
    try {
      if (statSync(file).isFile()) return file;
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

function openBrowser(url: string): void {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'start' : 'xdg-open';
  try {
    spawn(cmd, [url], { stdio: 'ignore', detached: true }).on('error', () => undefined).unref();
  } catch {
    // no browser to open: the URL is printed
  }
}
