import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { MAX_QUERY_CHARS, type SiteLookup } from './site-lookup.js';

// The Model Context Protocol server of `shipdocs mcp`: five tools and llms.txt as a resource, all
// answered from the site index (site-lookup.ts). It answers at once (initialize, the tool list);
// calls wait for the site, which the CLI prepares meanwhile. Transport-free: the CLI connects it to stdio.

type ToolResult = { content: { type: 'text'; text: string }[]; isError?: boolean };

const text = (value: string): ToolResult => ({ content: [{ type: 'text', text: value }] });
const json = (value: unknown): ToolResult => text(JSON.stringify(value, null, 2));
const failure = (message: string): ToolResult => ({ content: [{ type: 'text', text: message }], isError: true });
const list = (items: readonly string[]): string => items.map((s) => `- ${s}`).join('\n');

/** Operations per `list_operations` answer, unless the call asks for fewer or more (at most 200). */
const OPERATIONS_PER_PAGE = 50;

/**
 * The longest value each text input takes (the tool table of the export-for-assistants guide lists
 * them): a longer one is refused before any work, with an error naming the limit, and the limit is
 * in the tool's input schema (`maxLength`).
 */
const MCP_INPUT_LIMITS = { query: MAX_QUERY_CHARS, path: 2048, operation: 2048, tag: 200, cursor: 20, since: 100 } as const;

/** A text input of at most `MCP_INPUT_LIMITS[name]` characters. */
const bounded = (name: keyof typeof MCP_INPUT_LIMITS) =>
  z.string().max(MCP_INPUT_LIMITS[name], `${name} is longer than its limit of ${MCP_INPUT_LIMITS[name]} characters: shorten it.`);

export function createMcpServer(site: Promise<SiteLookup>, info: { name: string; version: string; title: string }): McpServer {
  const server = new McpServer({ name: info.name, version: info.version, title: info.title });

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description: `Full-text search over the docs, pages, blog posts and API operations of ${info.title}. Returns title, URL, kind (doc, page, post, api) and an excerpt of each match, best first.`,
      inputSchema: {
        query: bounded('query').min(1).describe(`words to look for (at most ${MCP_INPUT_LIMITS.query} characters)`),
        limit: z.number().int().min(1).max(50).optional().describe('at most this many results (10)'),
      },
    },
    async ({ query, limit }) => json((await site).search(query, limit ?? 10)),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page',
      description: 'The Markdown of a page of the site, by route (/docs/intro), Markdown path (/docs/intro.md) or URL.',
      inputSchema: { path: bounded('path').min(1).describe(`route, .md path or URL of the page (at most ${MCP_INPUT_LIMITS.path} characters)`) },
    },
    async ({ path }) => {
      const found = (await site).read(path);
      if ('markdown' in found) return text(found.markdown);
      return failure(`No page at ${path}.${found.suggestions.length ? ` Pages with a close route:\n${list(found.suggestions)}` : ''}`);
    },
  );

  server.registerTool(
    'list_operations',
    {
      title: 'List the API operations',
      description: `Operations of the API reference, ${OPERATIONS_PER_PAGE} at a time: method, path, title, operationId (as the document writes it), the tool name the exports give it, tag and page URL; only those of one tag when given. Pass next_cursor back as cursor for the next ones.`,
      inputSchema: {
        tag: bounded('tag').optional().describe(`only the operations of this tag (case-insensitive; at most ${MCP_INPUT_LIMITS.tag} characters)`),
        limit: z.number().int().min(1).max(200).optional().describe(`at most this many (${OPERATIONS_PER_PAGE})`),
        cursor: bounded('cursor').optional().describe('next_cursor of the previous answer'),
      },
    },
    async ({ tag, limit = OPERATIONS_PER_PAGE, cursor }) => {
      const index = await site;
      const ops = index.operations.filter((o) => tag === undefined || o.tag?.toLowerCase() === tag.trim().toLowerCase());
      if (!ops.length && tag !== undefined) {
        const tags = [...new Set(index.operations.map((o) => o.tag).filter((t): t is string => t !== undefined))];
        return failure(`No operation has the tag "${tag}". Tags: ${tags.join(', ') || '(none)'}.`);
      }
      const from = cursor === undefined ? 0 : Number(cursor);
      if (!Number.isInteger(from) || from < 0 || from > ops.length)
        return failure(`"${cursor}" is not a cursor of this list: pass next_cursor as it was given.`);
      // A site with several APIs: each operation says which (its API's route), as operationIds may repeat across them.
      const several = new Set(index.operations.map((o) => o.api)).size > 1;
      const page = ops.slice(from, from + limit).map(({ method, path, title, operationId, toolName, tag, url, api }) => ({
        method,
        path,
        title,
        operationId: operationId ?? null,
        tool: toolName,
        tag: tag ?? null,
        url,
        ...(several ? { api } : {}),
      }));
      const next = from + limit < ops.length ? String(from + limit) : undefined;
      return json({ total: ops.length, operations: page, ...(next ? { next_cursor: next } : {}) });
    },
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Get an API operation',
      description:
        'The full Markdown of one API operation (URL, authentication, parameters, request body, responses, a curl example), by operationId, slug, "METHOD /path" or page URL (the URL tells apart operations of different APIs).',
      inputSchema: {
        operation: bounded('operation')
          .min(1)
          .describe(`operationId, slug, "METHOD /path" or page URL, e.g. "POST /orders" (at most ${MCP_INPUT_LIMITS.operation} characters)`),
      },
    },
    async ({ operation }) => {
      const found = (await site).operation(operation);
      if ('markdown' in found) return text(found.markdown);
      return failure(`No operation "${operation}".${found.suggestions.length ? ` Close matches:\n${list(found.suggestions)}` : ''}`);
    },
  );

  server.registerTool(
    'api_changes',
    {
      title: 'What changed in the API',
      description: `What changed in the API of ${info.title} since a release: each later release, newest first, with its date and its changes by tag and operation, each marked breaking, deprecation, non-breaking or documentation only. Without \`since\`, every release of the history.`,
      inputSchema: {
        since: bounded('since').min(1).optional().describe(`a version of the API's history, e.g. "1.3.0" (at most ${MCP_INPUT_LIMITS.since} characters)`),
      },
    },
    async ({ since }) => {
      const found = (await site).changes(since);
      return 'markdown' in found ? text(found.markdown) : failure(found.problem);
    },
  );

  server.registerResource(
    'llms.txt',
    'shipdocs://llms.txt',
    {
      title: `${info.title}: llms.txt`,
      description: 'The index of the site for assistants: every page with a link to its Markdown.',
      mimeType: 'text/markdown',
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: (await site).llmsTxt }] }),
  );
  return server;
}
