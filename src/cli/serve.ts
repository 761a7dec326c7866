import { createServer, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { spawn } from 'node:child_process';
import { watch } from 'chokidar';
import { configSchema } from '../config/schema.js';
import { OUTPUT_MARKER } from '../render/write/check-out-dir.js';
import type { Logger } from './logger.js';
import { formatDiagnostics, style } from './logger.js';
import { runBuild, sourceDirs, type RunBuildResult } from './run-build.js';
import { EXIT_CANNOT_LISTEN, listen } from './listen.js';
import { isAllowedRequest } from './serve-guard.js';
import { EVENTS_PATH, outputServer, RELOAD_CLIENT, RELOAD_PATH } from './serve-files.js';

export interface ServeOptions {
  root: string;
  out: string;
  port: number;
  host: string;
  open: boolean;
  logger: Logger;
  report: (r: RunBuildResult) => void;
}

/**
 * Builds, serves the output folder and rebuilds on change; a failed rebuild keeps the last good
 * site. Resolves once listening (undefined), or with an exit code when the server cannot start.
 */
export async function serve(options: ServeOptions): Promise<number | undefined> {
  const root = resolve(options.root);
  const clients = new Set<ServerResponse>();
  const send = (event: string, data: unknown): void => {
    for (const res of clients) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  const first = await runBuild({ root, out: options.out });
  options.report(first);
  // An output folder that would replace sources is never served either: it may hold them.
  if (first.diagnostics.some((d) => d.code === 'SD1005')) return 1;
  const outDir = first.outDir;
  let files = outputServer(outDir);
  const hasSite = (): boolean => existsSync(join(outDir, OUTPUT_MARKER));
  const errorEvent = (r: RunBuildResult): { message: string; lastGood: boolean } => ({
    message: formatDiagnostics(
      r.diagnostics.filter((d) => d.severity === 'error'),
      false,
    ),
    lastGood: hasSite(),
  });
  let lastError = first.ok ? undefined : errorEvent(first);

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
      if (lastError) res.write(`event: build-error\ndata: ${JSON.stringify(lastError)}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    files.handle(req, res);
  });

  if (!(await listen(server, options, options.logger))) return EXIT_CANNOT_LISTEN;

  let timer: NodeJS.Timeout | undefined;
  let building = false;
  let again = false;
  const rebuild = async (): Promise<void> => {
    if (building) {
      again = true;
      return;
    }
    building = true;
    try {
      const r = await runBuild({ root, out: options.out });
      options.report(r);
      if (r.ok) {
        files = outputServer(outDir);
        lastError = undefined;
        send('reload', {});
      } else {
        lastError = errorEvent(r);
        send('build-error', lastError);
      }
    } catch (err) {
      // A bug in a rebuild must not take the preview down: the last good site stays served.
      options.logger.error(`${style.red(options.logger.color, 'internal error')}  ${(err as Error).message}`);
      lastError = { message: `internal error: ${(err as Error).message}`, lastGood: hasSite() };
      send('build-error', lastError);
    }
    building = false;
    if (again) {
      again = false;
      void rebuild();
    }
  };
  const watched = new Set([...sourceDirs(first.config ?? configSchema.parse({})), 'content'].map((p) => resolve(root, p)));
  // The root is watched so sources created later (versions.json, a new docs folder) are seen;
  // everything that is not a source, or on the way to one, is ignored.
  const relevant = (p: string): boolean => p === root || [...watched].some((w) => p === w || p.startsWith(w + sep) || w.startsWith(p + sep));
  const watcher = watch(root, {
    ignoreInitial: true,
    ignored: (p) =>
      p === outDir ||
      p.startsWith(outDir + sep) ||
      /(^|[/\\])(node_modules|\.git|\.shipdocs-(tmp|old|spare)-[^/\\]*)([/\\]|$)/.test(p) ||
      !relevant(resolve(p)),
  });
  watcher.on('all', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), 80);
  });
  // "serving" is printed once changes are seen: an edit made right after it is never missed.
  await new Promise<void>((done) => watcher.once('ready', () => done()));

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
  return undefined;
}

function openBrowser(url: string): void {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'start' : 'xdg-open';
  try {
    spawn(cmd, [url], { stdio: 'ignore', detached: true })
      .on('error', () => undefined)
      .unref();
  } catch {
    // no browser to open: the URL is printed
  }
}
