import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { configOrExit } from './config-or-exit.js';
import { prepareSite, type PrepareSiteOptions } from '../render/build-site.js';
import type { SiteConfig } from '../config/schema.js';
import { indexSite } from '../render/stages/emit-files.js';
import { llmsTxt } from '../render/llms/llms-txt.js';
import { withBase } from '../render/markdown/resolve-url.js';
import { createMcpServer } from '../mcp/mcp-server.js';
import { createSiteLookup, type SiteLookup } from '../mcp/site-lookup.js';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../shared/diagnostics.js';
import { formatDiagnostics, style, type Logger } from './logger.js';
import { withSourceLines } from './source-lines.js';
import { VERSION } from './version.js';

// `shipdocs mcp`: a Model Context Protocol server on stdin/stdout that answers at once
// (initialize, the tool list) while the project is prepared in memory by the build's own stages (no
// page rendered, nothing written); tool calls wait for the site index. Stdout carries the protocol
// only: every message goes to stderr.

export interface McpOptions {
  root: string;
  logger: Logger;
}

const EXIT_CONTENT = 1;

/** Serves. Resolves once the site is ready (undefined), or with the exit code when it has errors. */
export async function runMcp(options: McpOptions): Promise<number | undefined> {
  const { logger } = options;
  const root = resolve(options.root);
  const project = await configOrExit(root, logger);
  if (!project) return EXIT_CONTENT;
  const started = performance.now();
  const ready = siteLookup(root, project);
  const server = createMcpServer(ready, { name: 'shipdocs', version: VERSION, title: project.config.title });
  await server.connect(new StdioServerTransport());
  try {
    const lookup = await ready;
    logger.info(
      `${style.green(logger.color, 'mcp')}  serving ${lookup.title} on stdio: ${lookup.pages.length} pages, ${lookup.operations.length} operations (prepared in ${((performance.now() - started) / 1000).toFixed(2)} s)`,
    );
    return undefined;
  } catch (err) {
    if (!(err instanceof SiteErrors)) throw err;
    logger.error(formatDiagnostics(err.diagnostics, logger.color) + '\n');
    logger.error(`${style.red(logger.color, 'failed')}  the site has errors; fix them and start the MCP server again.`);
    await server.close();
    return EXIT_CONTENT;
  }
}

class SiteErrors extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super('the site has errors');
  }
}

/** The site prepared and indexed; rejects with SiteErrors when it has errors. */
async function siteLookup(root: string, { config, configFile }: { config: SiteConfig; configFile: PrepareSiteOptions['configFile'] }): Promise<SiteLookup> {
  const prepared = await prepareSite({ root, config, configFile });
  try {
    const diagnostics = withSourceLines(root, sortDiagnostics(prepared.diagnostics));
    if (hasErrors(diagnostics)) throw new SiteErrors(diagnostics);
    const index = await indexSite(prepared);
    const site = prepared.loaded.config;
    const url = (path: string): string => site.url.replace(/\/+$/, '') + withBase(path, site.baseUrl);
    return createSiteLookup(index, url('/'), llmsTxt(index, url));
  } finally {
    await prepared.close();
  }
}
