import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { configOrExit } from './config-or-exit.js';
import { prepareSite } from '../render/build-site.js';
import { indexSite } from '../render/stages/emit-files.js';
import { llmsTxt } from '../render/llms/llms-txt.js';
import { withBase } from '../render/markdown/resolve-url.js';
import { createMcpServer } from '../mcp/mcp-server.js';
import { createSiteLookup } from '../mcp/site-lookup.js';
import { hasErrors, sortDiagnostics } from '../shared/diagnostics.js';
import { formatDiagnostics, style, type Logger } from './logger.js';
import { withSourceLines } from './source-lines.js';
import { VERSION } from './version.js';

// `shipdocs mcp`: the project prepared in memory by the build's own stages (no page rendered,
// nothing written), its site index made, then a Model Context Protocol server on stdin/stdout.
// Stdout carries the protocol only: every message goes to stderr.

export interface McpOptions {
  root: string;
  logger: Logger;
}

const EXIT_CONTENT = 1;

/** Builds and serves. Resolves once serving (undefined), or with the exit code when the build fails. */
export async function runMcp(options: McpOptions): Promise<number | undefined> {
  const { logger } = options;
  const root = resolve(options.root);
  const red = (s: string): string => style.red(logger.color, s);
  const project = await configOrExit(root, logger);
  if (!project) return EXIT_CONTENT;
  const { config, configFile } = project;
  const started = performance.now();
  const prepared = await prepareSite({
    root,
    config,
    configFile,
  });
  try {
    const diagnostics = withSourceLines(root, sortDiagnostics(prepared.diagnostics));
    if (hasErrors(diagnostics)) {
      logger.error(formatDiagnostics(diagnostics, logger.color) + '\n');
      logger.error(`${red('failed')}  the site has errors; fix them and start the MCP server again.`);
      return EXIT_CONTENT;
    }
    const index = await indexSite(prepared);
    const site = prepared.loaded.config;
    const siteUrl = site.url.replace(/\/+$/, '') + withBase('/', site.baseUrl);
    const lookup = createSiteLookup(
      index,
      siteUrl,
      llmsTxt(index, (path) => site.url.replace(/\/+$/, '') + withBase(path, site.baseUrl)),
    );
    const title = index.title;
    const server = createMcpServer(lookup, { name: 'shipdocs', version: VERSION, title });
    await server.connect(new StdioServerTransport());
    logger.info(
      `${style.green(logger.color, 'mcp')}  serving ${title} on stdio: ${lookup.pages.length} pages, ${lookup.operations.length} operations (prepared in ${((performance.now() - started) / 1000).toFixed(2)} s)`,
    );
    return undefined;
  } finally {
    await prepared.close();
  }
}
