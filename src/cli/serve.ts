import { createServer, type ServerResponse } from 'node:http';
import { statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { spawn } from 'node:child_process';
import { watch } from 'chokidar';
import { configSchema, type SiteConfig } from '../config/schema.js';
import { CONFIG_FILES } from '../config/load-config.js';
import { createDevSite, type DevSite } from '../render/dev/dev-site.js';
import { configOrExit } from './config-or-exit.js';
import { sortDiagnostics, type Diagnostic } from '../shared/diagnostics.js';
import type { Logger } from './logger.js';
import { formatDiagnostics, style } from './logger.js';
import { cacheDirFor, sourceDirs } from './run-build.js';
import { withSourceLines } from './source-lines.js';
import { EXIT_CANNOT_LISTEN, listen } from './listen.js';
import { refusedRequest } from './serve-guard.js';
import { allowedHostNames } from '../http/host-check.js';
import { EVENTS_PATH, RELOAD_CLIENT, RELOAD_PATH, serveFromSite } from './serve-files.js';

export interface ServeOptions {
  root: string;
  port: number;
  host: string;
  /** `--allowed-host` values: names (a LAN name, a tunnel's) the server answers to besides its addresses and localhost. */
  allowedHosts?: string[] | undefined;
  open: boolean;
  logger: Logger;
}

/**
 * Prepares the site in memory, serves it and brings it up to date on change (see
 * render/dev/dev-site.ts); a failed update keeps the last good site. Nothing is written to disk.
 * Resolves once listening (undefined), or with an exit code when the server cannot start.
 */
export async function serve(options: ServeOptions): Promise<number | undefined> {
  const root = resolve(options.root);
  const clients = new Set<ServerResponse>();
  const send = (event: string, data: unknown): void => {
    for (const res of clients) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  let dev: { site: DevSite; config: SiteConfig } | undefined;
  let lastError: ErrorEvent | undefined;
  const errorEvent = (diagnostics: Diagnostic[]): ErrorEvent => ({
    message: formatDiagnostics(
      diagnostics.filter((d) => d.severity === 'error'),
      false,
    ),
    lastGood: dev?.site.ready() ?? false,
  });
  const report = (ok: boolean, diagnostics: Diagnostic[], r: { ms: number; pages: number; timings?: Record<string, number> }): void => {
    const all = withSourceLines(root, sortDiagnostics(diagnostics));
    const { logger } = options;
    if (all.length) logger.error(formatDiagnostics(all, logger.color) + '\n');
    if (process.env.SHIPDOCS_TIMING) {
      for (const [stage, ms] of Object.entries(r.timings ?? {})) logger.info(`${style.dim(logger.color, 'timing')} ${stage.padEnd(16)} ${ms.toFixed(1)} ms`);
    }
    const count = (severity: string, word: string): string => {
      const n = all.filter((d) => d.severity === severity).length;
      return `${n} ${word}${n === 1 ? '' : 's'}`;
    };
    const ms = `${Math.round(r.ms)} ms`;
    if (ok) logger.info(`${style.green(logger.color, 'ready')}  ${r.pages} pages in memory, ${count('warning', 'warning')}, ${ms}`);
    else
      logger.info(
        `${style.red(logger.color, 'failed')}  ${count('error', 'error')}, ${count('warning', 'warning')}, ${ms}${dev?.site.ready() ? '; the last good site is served' : ''}`,
      );
    lastError = ok ? undefined : errorEvent(all);
  };

  /** Loads the config and prepares the whole site again (at start, and when the config changes). */
  const start = async (): Promise<boolean> => {
    const began = performance.now();
    const project = await configOrExit(root, (diagnostics) => report(false, diagnostics, { ms: performance.now() - began, pages: 0 }));
    if (!project) return false;
    const made = await createDevSite({ root, ...project, cacheDir: cacheDirFor(root) });
    report(made.first.ok, made.first.diagnostics, { ...made.first, ms: performance.now() - began });
    if (!made.first.ok && dev?.site.ready()) {
      // The new config does not build: the last good site stays.
      await made.site.close();
      return false;
    }
    await dev?.site.close();
    dev = { site: made.site, config: project.config };
    return made.first.ok;
  };
  await start();

  const hostNames = allowedHostNames(options.host, options.allowedHosts);
  const server = createServer((req, res) => {
    const refused = refusedRequest(req.headers, hostNames);
    if (refused) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(`Forbidden: ${refused}\n`);
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
    serveFromSite(dev?.site ?? NO_SITE, dev?.config.baseUrl ?? '/', req, res).catch((err: Error) => {
      options.logger.error(`${style.red(options.logger.color, 'internal error')}  ${err.message}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Internal error: ${err.message}\n`);
    });
  });

  if (!(await listen(server, options, options.logger))) {
    await dev?.site.close();
    return EXIT_CANNOT_LISTEN;
  }

  // Changes seen while an update runs wait for it, then go in one update: a burst of saves (an
  // editor writing several files, a checkout) ends in one state made from all of them.
  let timer: NodeJS.Timeout | undefined;
  let updating = false;
  const pending = new Set<string>();
  // Whether the browsers show the last state prepared (no update since went unannounced or failed):
  // then a change of the stylesheet alone is swapped in without reloading the page.
  let inSync = true;
  // Each file's stamp (size, modification time) when the site was last brought up to date from it:
  // the later events of a save already taken in (a large file is written in several steps) are dropped.
  const takenIn = new Map<string, string>();
  // A while after an update, its files are looked at again: one still being written then (a large
  // document saved in several steps, whose last events chokidar may have merged away) is read
  // again; a failure is shown only then, so a file caught half-written is not flashed as an error.
  let updates = 0;
  const settle = (files: readonly string[], failed: ErrorEvent | undefined): void => {
    const at = updates;
    setTimeout(() => {
      if (at !== updates) return;
      const moved = files.filter((f) => stamp(f) !== takenIn.get(f));
      for (const f of moved) pending.add(f);
      if (moved.length) void update();
      else if (failed) send('build-error', failed);
    }, SETTLE_MS);
  };
  const update = async (): Promise<void> => {
    if (updating || pending.size === 0) return;
    const changed = [...pending].filter((f) => stamp(f) !== takenIn.get(f));
    pending.clear();
    if (changed.length === 0) return;
    updating = true;
    updates++;
    const written = changed.map(stamp);
    try {
      const configChanged = changed.some((f) => CONFIG_FILES.some((name) => f === join(root, name)));
      let ok: boolean;
      let stylesheet: string | undefined;
      if (configChanged || !dev) ok = await start();
      else {
        const r = await dev.site.update(changed);
        report(r.ok, r.diagnostics, r);
        ok = r.ok;
        stylesheet = r.stylesheet;
      }
      // A file still being written when it was read (a large document being saved) is read again.
      changed.forEach((f, i) => (stamp(f) === written[i] ? takenIn.set(f, written[i]) : pending.add(f)));
      // A state already superseded (the rest of a burst, or of a large file being written, came in
      // meanwhile) is not announced: the next update is. Events of a save already taken in (one
      // write seen twice) supersede nothing: the next update drops them and would announce nothing.
      if (![...pending].some((f) => stamp(f) !== takenIn.get(f))) {
        if (ok && stylesheet && inSync) send('stylesheet', { href: stylesheet });
        else if (ok) send('reload', {});
        settle(changed, ok ? undefined : lastError);
        inSync = ok;
      } else inSync = false;
    } catch (err) {
      // A bug in an update must not take the preview down: the last good site stays served.
      options.logger.error(`${style.red(options.logger.color, 'internal error')}  ${(err as Error).message}`);
      lastError = { message: `internal error: ${(err as Error).message}`, lastGood: dev?.site.ready() ?? false };
      send('build-error', lastError);
      inSync = false;
    }
    updating = false;
    void update();
  };
  const watched = new Set([...sourceDirs(dev?.config ?? configSchema.parse({})), 'content'].map((p) => resolve(root, p)));
  // The root is watched so sources created later (versions.json, a new docs folder) are seen;
  // everything that is not a source, or on the way to one, is ignored.
  const relevant = (p: string): boolean => p === root || [...watched].some((w) => p === w || p.startsWith(w + sep) || w.startsWith(p + sep));
  const watcher = watch(root, {
    ignoreInitial: true,
    // A file deleted and written again within this time (an editor's atomic save) is one change;
    // chokidar's default, 100 ms, would hold every real deletion back that long.
    atomic: 20,
    ignored: (p) => /(^|[/\\])(node_modules|\.git|\.shipdocs-(tmp|old|spare)-[^/\\]*)([/\\]|$)/.test(p) || !relevant(resolve(p)),
  });
  // A few milliseconds gather the events of one save (an editor's write and rename); a longer burst
  // is gathered by `pending` while an update runs.
  watcher.on('all', (_event, path) => {
    pending.add(resolve(root, path));
    clearTimeout(timer);
    timer = setTimeout(() => void update(), 5);
  });
  // "serving" is printed once changes are seen: an edit made right after it is never missed.
  await new Promise<void>((done) => watcher.once('ready', () => done()));

  const address = server.address() as { port: number };
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${address.port}${dev?.config.baseUrl ?? '/'}`;
  options.logger.info(`${style.green(options.logger.color, 'serving')}  ${url}  (watching for changes; Ctrl+C to stop)`);
  if (options.open) openBrowser(url);

  const stop = (): void => {
    void watcher.close();
    for (const res of clients) res.end();
    server.close();
    // Removes the folder of the files made on request before it returns (the rest is left to the exit).
    void dev?.site.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return undefined;
}

/** What the browsers are told of a failed update: the errors with their code frames, and whether a good site is served. */
interface ErrorEvent {
  message: string;
  lastGood: boolean;
}

/** How long after an update its files are looked at again, and a failure waits before it is shown (milliseconds). */
const SETTLE_MS = 150;

/** Size and modification time of a file, to tell whether it changed since ("-": there is none). */
function stamp(file: string): string {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return '-';
  }
}

/** Answers every request with the "not built yet" page until a preparation succeeds. */
const NO_SITE: DevSite = {
  diagnostics: () => [],
  ready: () => false,
  page: () => undefined,
  notFound: () => undefined,
  file: () => Promise.resolve(undefined),
  update: () => Promise.resolve({ ok: false, diagnostics: [], ms: 0, pages: 0, timings: {}, invalidated: [] }),
  close: () => Promise.resolve(),
};

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
