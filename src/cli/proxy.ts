import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { formatAllowRule, type AllowRule } from '../proxy/allow-list.js';
import { createProxyHandler } from '../proxy/create-proxy-handler.js';
import { allowRulesFromServers } from '../proxy/server-hosts.js';
import { parseOrigin } from '../proxy/origins.js';
import type { SiteConfig } from '../config/schema.js';
import { openApiPaths } from '../config/openapi-schema.js';
import { loadApiServers } from '../openapi/load-api-servers.js';
import { hasErrors, sortDiagnostics } from '../shared/diagnostics.js';
import { configOrExit } from './config-or-exit.js';
import { EXIT_CANNOT_LISTEN, listen, listeningUrl, stopOnSignal } from './listen.js';
import { logLine } from './log-line.js';
import { formatDiagnostics, style, type Logger } from './logger.js';
import { withSourceLines } from './source-lines.js';

// `shipdocs proxy`: the CORS proxy the try-it resends a request through when the browser cannot send
// it directly. It forwards to the `--allow` hosts, else to the hosts of the servers of the project's
// OpenAPI document (the one `build` reads); it answers the pages of the site's `url`, of this machine's
// loopback (`shipdocs serve`) and of the `--origin` values; one line per request.

export interface ProxyOptions {
  root: string;
  port: number;
  host: string;
  /** The `--allow` rules; undefined takes the hosts of the document's servers. */
  allow: AllowRule[] | undefined;
  /** The `--origin` values (origins as the URL parser writes them): pages of these sites are answered too. */
  origins?: string[] | undefined;
  logger: Logger;
}

const EXIT_CONTENT = 1;
const ASK_FOR_ALLOW = 'Name the hosts to forward to with --allow (shipdocs proxy --allow api.example.com).';

/** Finds the hosts to allow and listens. Resolves once listening (undefined), or with the exit code when it cannot start. */
export async function runProxy(options: ProxyOptions): Promise<number | undefined> {
  const { logger } = options;
  const red = (s: string): string => style.red(logger.color, s);
  const root = resolve(options.root);
  const project = await configOrExit(root, logger);
  if (!project) return EXIT_CONTENT;
  const { config } = project;
  let allow = options.allow;
  let source = '';
  if (!allow?.length) {
    const fromDocument = await allowFromDocument(root, config, logger);
    if (typeof fromDocument === 'string') {
      logger.error(`${red('error')}  ${fromDocument} ${ASK_FOR_ALLOW}`);
      return EXIT_CONTENT;
    }
    if (fromDocument === EXIT_CONTENT) return EXIT_CONTENT;
    allow = fromDocument.rules;
    source = `: the servers of ${fromDocument.file}`;
  }

  const origins = siteOrigins(config, options.origins ?? []);
  const server = createServer(createProxyHandler({ allow, origins, log: (entry) => logger.info(logLine(entry, logger.color)) }));
  // Keep-alive connections would hold Ctrl+C's close open; requests in flight are the browser's to retry.
  server.keepAliveTimeout = 1000;
  if (!(await listen(server, options, logger))) return EXIT_CANNOT_LISTEN;

  logger.info(
    `${style.green(logger.color, 'proxying')}  ${listeningUrl(server, options.host)}  (to ${allow.map(formatAllowRule).join(', ')}${source}; for pages of ${[...origins, 'localhost'].join(', ')}; Ctrl+C to stop)`,
  );
  stopOnSignal(server);
  return undefined;
}

/** The hosts of the document's servers; a string says why there are none; EXIT_CONTENT after printing the document's errors. */
async function allowFromDocument(
  root: string,
  config: SiteConfig,
  logger: Logger,
): Promise<{ rules: AllowRule[]; file: string } | string | typeof EXIT_CONTENT> {
  const loaded = await loadApiServers(root, config);
  if (loaded.diagnostics.length) logger.error(formatDiagnostics(withSourceLines(root, sortDiagnostics(loaded.diagnostics)), logger.color) + '\n');
  if (hasErrors(loaded.diagnostics)) {
    logger.error(
      `${style.red(logger.color, 'failed')}  the OpenAPI document has errors; fix them, or start the proxy with --allow and the hosts to forward to.`,
    );
    return EXIT_CONTENT;
  }
  if (!loaded.servers || !loaded.file) {
    const where = config.openapi === false ? 'the config sets `openapi: false`' : `nothing found at ${openApiPaths(config.openapi).join(', ')}`;
    return `No hosts to forward to: without --allow the proxy takes them from the OpenAPI document's servers, and there is no document (${where}).`;
  }
  const rules = allowRulesFromServers(loaded.servers);
  if (!rules.length) return `No hosts to forward to: the servers of ${loaded.file} have no absolute http or https URL.`;
  return { rules, file: loaded.file };
}

/** The origins answered besides the loopback: the config's `url` (the published site) and the `--origin` values, once each. */
function siteOrigins(config: SiteConfig, given: readonly string[]): string[] {
  const origins = new Set<string>();
  // Without a url the config's is serve's own address, on the loopback the proxy always answers.
  if (!config.localUrl) {
    const site = parseOrigin(config.url);
    if ('origin' in site) origins.add(site.origin);
  }
  for (const origin of given) origins.add(origin);
  return [...origins];
}
