import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { loadConfig } from '../config/load-config.js';
import { buildSite } from '../render/build-site.js';
import { withBase } from '../render/markdown/resolve-url.js';
import { createMcpServer } from '../mcp/mcp-server.js';
import { createSiteIndex, isIndexedFile } from '../mcp/site-index.js';
import { hasErrors, sortDiagnostics } from '../shared/diagnostics.js';
import { formatDiagnostics, style, type Logger } from './logger.js';
import { withSourceLines } from './source-lines.js';
import { VERSION } from './version.js';

// `shipdocs mcp`: the project built in memory (nothing written; only the text files the index
// reads are kept), then a Model Context Protocol server on stdin/stdout. Stdout carries the
// protocol only: every message goes to stderr.

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
  const loaded = await loadConfig(root);
  if (!loaded.config) {
    logger.error(formatDiagnostics(withSourceLines(root, sortDiagnostics(loaded.diagnostics)), logger.color));
    return EXIT_CONTENT;
  }
  const config = loaded.config;
  const started = performance.now();
  const files = new Map<string, string>();
  const decoder = new TextDecoder();
  const built = await buildSite({
    root,
    config,
    configFile: loaded.configFile ? { path: loaded.configFile, source: loaded.source } : undefined,
    write: async (file) => {
      if ('contents' in file && isIndexedFile(file.path))
        files.set(file.path, typeof file.contents === 'string' ? file.contents : decoder.decode(file.contents));
    },
  });
  const diagnostics = withSourceLines(root, sortDiagnostics(built.diagnostics));
  if (hasErrors(diagnostics)) {
    logger.error(formatDiagnostics(diagnostics, logger.color) + '\n');
    logger.error(`${red('failed')}  the site has errors; fix them and start the MCP server again.`);
    return EXIT_CONTENT;
  }

  const siteUrl = config.url.replace(/\/+$/, '') + withBase('/', config.baseUrl);
  const index = createSiteIndex(files, siteUrl);
  const title = /^# (.+)$/m.exec(index.llmsTxt ?? '')?.[1] ?? config.title;
  const server = createMcpServer(index, { name: 'shipdocs', version: VERSION, title });
  await server.connect(new StdioServerTransport());
  logger.info(
    `${style.green(logger.color, 'mcp')}  serving ${title} on stdio: ${index.pages.length} pages, ${index.operations.length} operations (built in ${((performance.now() - started) / 1000).toFixed(2)} s)`,
  );
  return undefined;
}
