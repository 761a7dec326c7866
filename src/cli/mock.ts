import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { openApiPaths } from '../config/openapi-schema.js';
import { createMockHandler } from '../mock/create-mock-handler.js';
import { allowedHostNames, refusedHost } from '../http/host-check.js';
import { loadMockApi } from '../openapi/load-mock-api.js';
import { hasErrors, sortDiagnostics } from '../shared/diagnostics.js';
import { configOrExit } from './config-or-exit.js';
import { EXIT_CANNOT_LISTEN, listen, listeningUrl, stopOnSignal } from './listen.js';
import { logLine, type RequestLogEntry } from './log-line.js';
import { formatDiagnostics, style, type Logger } from './logger.js';
import { withSourceLines } from './source-lines.js';

// `shipdocs mock`: the project's OpenAPI document (the one `build` reads) served as a mock API.
// Loading it reports the document's problems as `build` does (exit 1); then one line per request.

export interface MockOptions {
  root: string;
  port: number;
  host: string;
  /** `--allowed-host` values: names the mock answers to besides its addresses and localhost. */
  allowedHosts?: string[] | undefined;
  /** Which API of a site with several (its id); the first when not given. */
  api?: string | undefined;
  logger: Logger;
}

const EXIT_CONTENT = 1;

/** Loads the document and listens. Resolves once listening (undefined), or with the exit code when it cannot start. */
export async function runMock(options: MockOptions): Promise<number | undefined> {
  const { logger } = options;
  const root = resolve(options.root);
  const red = (s: string): string => style.red(logger.color, s);
  const project = await configOrExit(root, logger);
  if (!project) return EXIT_CONTENT;
  const { config } = project;
  const warn = (message: string): void => logger.warn(`${style.yellow(logger.color, 'warning')}  ${message}`);
  const loaded = await loadMockApi(root, config, { onWarning: warn, apiId: options.api });
  if (loaded.diagnostics.length) logger.error(formatDiagnostics(withSourceLines(root, sortDiagnostics(loaded.diagnostics)), logger.color) + '\n');
  if (hasErrors(loaded.diagnostics)) {
    logger.error(`${red('failed')}  the OpenAPI document has errors; fix them and start the mock again.`);
    return EXIT_CONTENT;
  }
  if (loaded.unknownId) {
    const choices = loaded.ids.length
      ? `the site's APIs are ${loaded.ids.map((id) => `"${id}"`).join(', ')}`
      : 'the site has a single API without an id; leave out --api';
    logger.error(`${red('error')}  No API with the id "${options.api}": ${choices}.`);
    return EXIT_CONTENT;
  }
  if (!loaded.api) {
    const where = config.openapi === false ? 'the config sets `openapi: false`' : `nothing found at ${openApiPaths(config.openapi).join(', ')}`;
    logger.error(`${red('error')}  No OpenAPI document to mock: ${where}. Set \`openapi.path\` in the config to your document.`);
    return EXIT_CONTENT;
  }

  const api = loaded.api;
  const log = (entry: RequestLogEntry): void => logger.info(logLine(entry, logger.color));
  const handler = createMockHandler({ api, log });
  // DNS rebinding: a page whose name points at this machine must not read the mock (http/host-check.ts).
  const hostNames = allowedHostNames(options.host, options.allowedHosts);
  const server = createServer((req, res) => {
    const refused = refusedHost(req.headers.host, hostNames);
    if (!refused) return handler(req, res);
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end(`Forbidden: ${refused}\n`);
    log({ method: req.method ?? 'GET', target: '-', status: 403, ms: 0 });
  });
  // Keep-alive connections would hold Ctrl+C's close open; the mock has nothing to finish.
  server.keepAliveTimeout = 1000;
  if (!(await listen(server, options, logger))) return EXIT_CANNOT_LISTEN;

  const count = api.model.operations.length;
  const others = loaded.ids.filter((id) => id !== loaded.id);
  const which = loaded.id !== undefined && others.length ? `; API "${loaded.id}", --api ${others.join('|')} for another` : '';
  logger.info(
    `${style.green(logger.color, 'mocking')}  ${listeningUrl(server, options.host)}  (${count} operation${count === 1 ? '' : 's'} of ${api.file}${which}; Ctrl+C to stop)`,
  );
  stopOnSignal(server);
  return undefined;
}
