import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { SiteLookup } from './site-lookup.js';

// The Model Context Protocol server of `shipdocs mcp`: four tools and llms.txt as a resource, all
// answered from the site index (site-lookup.ts). Transport-free: the CLI connects it to stdio.

type ToolResult = { content: { type: 'text'; text: string }[]; isError?: boolean };

const text = (value: string): ToolResult => ({ content: [{ type: 'text', text: value }] });
const json = (value: unknown): ToolResult => text(JSON.stringify(value, null, 2));
const failure = (message: string): ToolResult => ({ content: [{ type: 'text', text: message }], isError: true });
const list = (items: readonly string[]): string => items.map((s) => `- ${s}`).join('\n');

export function createMcpServer(index: SiteLookup, info: { name: string; version: string; title: string }): McpServer {
  const server = new McpServer({ name: info.name, version: info.version, title: info.title });

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description: `Full-text search over the docs, pages, blog posts and API operations of ${info.title}. Returns title, URL, kind (doc, page, post, api) and an excerpt of each match, best first.`,
      inputSchema: {
        query: z.string().min(1).describe('words to look for'),
        limit: z.number().int().min(1).max(50).optional().describe('at most this many results (10)'),
      },
    },
    async ({ query, limit }) => json(index.search(query, limit ?? 10)),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page',
      description: 'The Markdown of a page of the site, by route (/docs/intro), Markdown path (/docs/intro.md) or URL.',
      inputSchema: { path: z.string().min(1).describe('route, .md path or URL of the page') },
    },
    async ({ path }) => {
      const found = index.read(path);
      if ('markdown' in found) return text(found.markdown);
      return failure(`No page at ${path}.${found.suggestions.length ? ` Pages with a close route:\n${list(found.suggestions)}` : ''}`);
    },
  );

  server.registerTool(
    'list_operations',
    {
      title: 'List the API operations',
      description: 'Every operation of the API reference: method, path, title, operationId, tag and page URL; only those of one tag when given.',
      inputSchema: { tag: z.string().optional().describe('only the operations of this tag (case-insensitive)') },
    },
    async ({ tag }) => {
      const ops = index.operations.filter((o) => tag === undefined || o.tag?.toLowerCase() === tag.trim().toLowerCase());
      if (!ops.length && tag !== undefined) {
        const tags = [...new Set(index.operations.map((o) => o.tag).filter((t): t is string => t !== undefined))];
        return failure(`No operation has the tag "${tag}". Tags: ${tags.join(', ') || '(none)'}.`);
      }
      // A site with several APIs: each operation says which (its API's route), as operationIds may repeat across them.
      const several = new Set(index.operations.map((o) => o.api)).size > 1;
      return json(
        ops.map(({ method, path, title, operationId, slug, tag, url, api }) => ({
          method,
          path,
          title,
          operationId: operationId ?? slug,
          tag: tag ?? null,
          url,
          ...(several ? { api } : {}),
        })),
      );
    },
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Get an API operation',
      description:
        'The full Markdown of one API operation (URL, authentication, parameters, request body, responses, a curl example), by operationId, slug, "METHOD /path" or page URL (the URL tells apart operations of different APIs).',
      inputSchema: { operation: z.string().min(1).describe('operationId, slug, "METHOD /path" or page URL, e.g. "POST /orders"') },
    },
    async ({ operation }) => {
      const found = index.operation(operation);
      if ('markdown' in found) return text(found.markdown);
      return failure(`No operation "${operation}".${found.suggestions.length ? ` Close matches:\n${list(found.suggestions)}` : ''}`);
    },
  );

  const llms = index.llmsTxt;
  server.registerResource(
    'llms.txt',
    'shipdocs://llms.txt',
    {
      title: `${info.title}: llms.txt`,
      description: 'The index of the site for assistants: every page with a link to its Markdown.',
      mimeType: 'text/markdown',
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: llms }] }),
  );
  return server;
}
