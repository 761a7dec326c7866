import type { ApiOperation, ApiServer, HttpMethod } from '../shared/api-model.js';

// Request path and method → operation. Paths are matched as sent (still percent-encoded), so an
// encoded "/" inside a path parameter stays inside it; parameter values are decoded later, where a
// malformed one is reported. A concrete path wins over a template that also matches it
// (`/orders/search` before `/orders/{id}`), as OpenAPI says; when the most specific path lacks the
// method, a less specific one that has it answers.

interface CompiledPath {
  template: string;
  pattern: RegExp;
  names: string[];
  /** Per segment, whether it is literal: compared to order the matches, literal first. */
  literal: boolean[];
  operations: Map<HttpMethod, ApiOperation>;
}

export interface RouteTable {
  /** Server path every operation path follows ("/v1"), or "" (requests without it are accepted too). */
  basePath: string;
  paths: CompiledPath[];
}

export type RouteMatch =
  | { kind: 'operation'; operation: ApiOperation; template: string; params: Record<string, string> }
  /** The path exists; `allow` lists its methods (uppercase, HEAD with GET, OPTIONS). */
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

/**
 * The path prefix of the server the mock stands for: the one the document describes as a mock
 * ("Local mock"), else the first. Relative server URLs ("/v1") are paths already.
 */
export function mockBasePath(servers: readonly ApiServer[]): string {
  const server = servers.find((s) => /\bmock\b/i.test(s.description ?? '')) ?? servers[0];
  if (!server) return '';
  let path: string;
  try {
    path = new URL(server.resolvedUrl, 'http://mock.invalid').pathname;
  } catch {
    return '';
  }
  return path.replace(/\/+$/, '');
}

export function compileRoutes(operations: readonly ApiOperation[], servers: readonly ApiServer[]): RouteTable {
  const byTemplate = new Map<string, CompiledPath>();
  for (const operation of operations) {
    let compiled = byTemplate.get(operation.path);
    if (!compiled) {
      compiled = compilePath(operation.path);
      byTemplate.set(operation.path, compiled);
    }
    compiled.operations.set(operation.method, operation);
  }
  return { basePath: mockBasePath(servers), paths: [...byTemplate.values()].sort(bySpecificity) };
}

function compilePath(template: string): CompiledPath {
  const names: string[] = [];
  const segments = normalize(template).split('/');
  const pattern = segments
    .map((segment) =>
      segment
        .split(/(\{[^}]*\})/)
        .map((part) => {
          const name = /^\{([^}]*)\}$/.exec(part)?.[1];
          if (name === undefined) return escapeRegExp(part);
          names.push(name);
          return '([^/]+)';
        })
        .join(''),
    )
    .join('/');
  return { template, pattern: new RegExp(`^${pattern}$`), names, literal: segments.map((s) => !s.includes('{')), operations: new Map() };
}

function bySpecificity(a: CompiledPath, b: CompiledPath): number {
  for (let i = 0; i < Math.min(a.literal.length, b.literal.length); i++) {
    if (a.literal[i] !== b.literal[i]) return a.literal[i] ? -1 : 1;
  }
  return a.names.length - b.names.length;
}

/** The operation for a method and a request path (without the query), or why there is none. */
export function matchRoute(table: RouteTable, method: string, requestPath: string): RouteMatch {
  const wanted = method.toLowerCase();
  for (const { compiled, values } of matchingPaths(table, requestPath)) {
    // HEAD is GET without the body when the document does not describe HEAD itself.
    const operation = compiled.operations.get(wanted as HttpMethod) ?? (wanted === 'head' ? compiled.operations.get('get') : undefined);
    if (!operation) continue;
    const params: Record<string, string> = {};
    compiled.names.forEach((name, i) => (params[name] = values[i]!));
    return { kind: 'operation', operation, template: compiled.template, params };
  }
  const allow = allowedMethods(table, requestPath);
  return allow ? { kind: 'method-not-allowed', allow } : { kind: 'not-found' };
}

/** The methods a path answers (for `Allow` and CORS preflights), or undefined for an unknown path. */
export function allowedMethods(table: RouteTable, requestPath: string): string[] | undefined {
  const allow = new Set<string>();
  for (const { compiled } of matchingPaths(table, requestPath)) for (const verb of compiled.operations.keys()) allow.add(verb.toUpperCase());
  if (!allow.size) return undefined;
  if (allow.has('GET')) allow.add('HEAD');
  allow.add('OPTIONS');
  return [...allow];
}

/** The paths matching a request path, most specific first, with their parameters' raw values. */
function* matchingPaths(table: RouteTable, requestPath: string): Generator<{ compiled: CompiledPath; values: string[] }> {
  const path = normalize(stripBase(requestPath, table.basePath));
  for (const compiled of table.paths) {
    const m = compiled.pattern.exec(path);
    if (m) yield { compiled, values: m.slice(1) };
  }
}

function stripBase(path: string, base: string): string {
  if (!base) return path;
  if (path === base) return '/';
  return path.startsWith(base + '/') ? path.slice(base.length) : path;
}

/** No trailing slash (but for "/"), no repeated slashes: `/quoter/` is `/quoter`. */
function normalize(path: string): string {
  const collapsed = path.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
