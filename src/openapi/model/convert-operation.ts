import type {
  ApiCodeSample,
  ApiCallback,
  ApiHeader,
  ApiMediaType,
  ApiOperationCore,
  ApiParameter,
  ApiRequestBody,
  ApiResponse,
  ApiSecurityRequirement,
  ApiServer,
  HttpMethod,
  ParameterLocation,
} from '../../shared/api-model.js';
import { isObj, markdownOf, ptr, str, type ModelContext, type Obj } from './model-context.js';
import type { SchemaConverter } from './convert-schema.js';
import { jsonText } from './schema-facts.js';
import { mediaExamples } from './make-examples.js';

// One operation (of a path, a webhook or a callback) → ApiOperationCore: parameters with the path
// item's merged in, request body and responses per media type with examples, effective security
// and servers.

export const METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const LOCATIONS = new Set<string>(['path', 'query', 'header', 'cookie']);

interface OperationInput {
  method: HttpMethod;
  path: string;
  operation: Obj;
  /** The path item holding it (its parameters and servers apply). */
  pathItem: Obj;
  /** JSON pointer of the operation ("/paths/~1pets/get"). */
  pointer: string;
  pathPointer: string;
  /** Security and servers to inherit. */
  security: ApiSecurityRequirement[];
  servers: ApiServer[];
}

export interface OperationConverter {
  convert: (input: OperationInput) => ApiOperationCore;
  callbacks: (operation: Obj, pointer: string, inherited: Pick<OperationInput, 'security' | 'servers'>) => ApiCallback[];
  security: (raw: unknown) => ApiSecurityRequirement[] | undefined;
  servers: (raw: unknown, pointer: string) => ApiServer[] | undefined;
}

export function createOperationConverter(ctx: ModelContext, schemas: SchemaConverter): OperationConverter {
  const parameter = (raw: unknown, pointer: string): ApiParameter | undefined => {
    const { value: p, pointer: at } = ctx.deref(raw, pointer);
    if (!p || typeof p.name !== 'string' || typeof p.in !== 'string' || !LOCATIONS.has(p.in)) return undefined;
    let schemaRaw = p.schema;
    let contentType: string | undefined;
    let mediaExample: unknown;
    if (schemaRaw === undefined && isObj(p.content)) {
      const [type, media] = Object.entries(p.content)[0] ?? [];
      contentType = type;
      if (isObj(media)) {
        schemaRaw = media.schema;
        mediaExample = media.example;
      }
    }
    const schema = schemaRaw === undefined ? undefined : schemas.convert(schemaRaw, ptr(at, contentType ? 'content' : 'schema'));
    const target = schema ? schemas.resolve(schema) : undefined;
    const named = isObj(p.examples)
      ? Object.values(p.examples)
          .map((e) => ctx.deref(e, at).value?.value)
          .find((v) => v !== undefined)
      : undefined;
    const example = p.example ?? named ?? mediaExample;
    return {
      name: p.name,
      in: p.in as ParameterLocation,
      required: p.in === 'path' ? true : p.required === true,
      deprecated: p.deprecated === true,
      description: ctx.describe(p.description),
      descriptionMarkdown: markdownOf(p.description),
      schema,
      contentType,
      style: str(p.style),
      explode: typeof p.explode === 'boolean' ? p.explode : undefined,
      example: example !== undefined ? jsonText(example, 500) : target?.examples[0],
    };
  };

  const parameters = (pathItem: Obj, operation: Obj, pathPointer: string, pointer: string): ApiOperationCore['parameters'] => {
    const byKey = new Map<string, ApiParameter>();
    const add = (list: unknown, at: string): void => {
      if (!Array.isArray(list)) return;
      list.forEach((raw, i) => {
        const p = parameter(raw, ptr(at, 'parameters', i));
        if (p) byKey.set(`${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`, p);
      });
    };
    add(pathItem.parameters, pathPointer);
    add(operation.parameters, pointer);
    const out: ApiOperationCore['parameters'] = { path: [], query: [], header: [], cookie: [] };
    for (const p of byKey.values()) out[p.in].push(p);
    return out;
  };

  const content = (raw: unknown, pointer: string, direction: 'request' | 'response'): ApiMediaType[] => {
    if (!isObj(raw)) return [];
    return Object.entries(raw)
      .slice(0, 20)
      .map(([mediaType, media]) => {
        const m = isObj(media) ? media : {};
        const at = ptr(pointer, mediaType);
        ctx.checkTime(at);
        const schema = m.schema === undefined ? undefined : schemas.convert(m.schema, ptr(at, 'schema'));
        return { mediaType, schema, ...mediaExamples(ctx, m, mediaType, at, direction) };
      });
  };

  const requestBody = (raw: unknown, pointer: string): ApiRequestBody | undefined => {
    if (raw === undefined) return undefined;
    const { value: body, pointer: at } = ctx.deref(raw, pointer);
    if (!body) return undefined;
    return {
      description: ctx.describe(body.description),
      descriptionMarkdown: markdownOf(body.description),
      required: body.required === true,
      content: content(body.content, ptr(at, 'content'), 'request'),
    };
  };

  const header = (name: string, raw: unknown, pointer: string): ApiHeader | undefined => {
    const { value: h, pointer: at } = ctx.deref(raw, pointer);
    if (!h) return undefined;
    const schemaRaw = h.schema ?? (isObj(h.content) ? (Object.values(h.content)[0] as Obj | undefined)?.schema : undefined);
    const schema = schemaRaw === undefined ? undefined : schemas.convert(schemaRaw, ptr(at, 'schema'));
    return {
      name,
      description: ctx.describe(h.description),
      required: h.required === true,
      deprecated: h.deprecated === true,
      schema,
      example: h.example !== undefined ? jsonText(h.example, 500) : schema ? schemas.resolve(schema)?.examples[0] : undefined,
    };
  };

  const responses = (raw: unknown, pointer: string): ApiResponse[] => {
    if (!isObj(raw)) return [];
    const list: ApiResponse[] = [];
    for (const [status, value] of Object.entries(raw)) {
      if (status.startsWith('x-')) continue;
      const { value: r, pointer: at } = ctx.deref(value, ptr(pointer, status));
      if (!r) continue;
      const headers = isObj(r.headers)
        ? Object.entries(r.headers)
            .slice(0, 50)
            .map(([name, h]) => header(name, h, ptr(at, 'headers', name)))
            .filter((h): h is ApiHeader => h !== undefined)
        : [];
      list.push({
        status,
        description: ctx.describe(r.description),
        descriptionMarkdown: markdownOf(r.description),
        headers,
        content: content(r.content, ptr(at, 'content'), 'response'),
      });
    }
    // "default" last; statuses in numeric order otherwise, as readers scan them.
    const rank = (s: string): number => (s === 'default' ? 1000 : Number(s.replace(/X/gi, '0')) || 999);
    return list.sort((a, b) => rank(a.status) - rank(b.status));
  };

  const security = (raw: unknown): ApiSecurityRequirement[] | undefined => {
    if (!Array.isArray(raw)) return undefined;
    return raw.filter(isObj).map((req) => ({
      schemes: Object.entries(req).map(([key, scopes]) => ({ key, scopes: Array.isArray(scopes) ? scopes.map(String) : [] })),
    }));
  };

  const servers = (raw: unknown, pointer: string): ApiServer[] | undefined => {
    if (!Array.isArray(raw) || raw.length === 0) return undefined;
    const out: ApiServer[] = [];
    raw.forEach((s, i) => {
      if (!isObj(s) || typeof s.url !== 'string') return;
      const variables = isObj(s.variables)
        ? Object.entries(s.variables).map(([name, v]) => {
            const vo = isObj(v) ? v : {};
            return {
              name,
              default: str(vo.default) ?? '',
              enum: Array.isArray(vo.enum) ? vo.enum.slice(0, 50).map(String) : [],
              description: str(vo.description),
            };
          })
        : [];
      const resolved = s.url.replace(/\{([^}]+)\}/g, (m, name: string) => variables.find((v) => v.name === name)?.default ?? m);
      const safe = ctx.safeUrl(resolved, ptr(pointer, i, 'url'), 'server');
      if (safe === undefined) return;
      const description = str(s.description);
      out.push({ url: s.url, resolvedUrl: safe, description, variables, sandbox: s['x-sandbox'] === true || SANDBOX_WORDS.test(description ?? '') });
    });
    return out;
  };

  const convert = ({
    method,
    path,
    operation,
    pathItem,
    pointer,
    pathPointer,
    security: inheritedSecurity,
    servers: inheritedServers,
  }: OperationInput): ApiOperationCore => {
    const summary = str(operation.summary)?.trim() || str(pathItem.summary)?.trim() || undefined;
    const operationId = str(operation.operationId);
    return {
      method,
      path,
      operationId,
      title: summary ?? operationId ?? `${method.toUpperCase()} ${path}`,
      summary,
      description: ctx.describe(operation.description ?? pathItem.description),
      descriptionMarkdown: markdownOf(operation.description ?? pathItem.description),
      deprecated: operation.deprecated === true,
      parameters: parameters(pathItem, operation, pathPointer, pointer),
      requestBody: requestBody(operation.requestBody, ptr(pointer, 'requestBody')),
      responses: responses(operation.responses, ptr(pointer, 'responses')),
      security: security(operation.security) ?? inheritedSecurity,
      servers: servers(operation.servers, ptr(pointer, 'servers')) ?? servers(pathItem.servers, ptr(pathPointer, 'servers')) ?? inheritedServers,
      externalDocs: externalDocs(ctx, operation.externalDocs, ptr(pointer, 'externalDocs')),
      codeSamples: codeSamples(operation['x-codeSamples'] ?? operation['x-code-samples']),
    };
  };

  const callbacks = (operation: Obj, pointer: string, inherited: Pick<OperationInput, 'security' | 'servers'>): ApiCallback[] => {
    if (!isObj(operation.callbacks)) return [];
    const out: ApiCallback[] = [];
    for (const [name, raw] of Object.entries(operation.callbacks)) {
      const { value: callback, pointer: at } = ctx.deref(raw, ptr(pointer, 'callbacks', name));
      if (!callback) continue;
      for (const [expression, itemRaw] of Object.entries(callback)) {
        const { value: item, pointer: itemAt } = ctx.deref(itemRaw, ptr(at, expression));
        if (!item) continue;
        const operations = METHODS.filter((m) => isObj(item[m])).map((m) =>
          convert({ method: m, path: expression, operation: item[m] as Obj, pathItem: item, pointer: ptr(itemAt, m), pathPointer: itemAt, ...inherited }),
        );
        out.push({ name, expression, operations });
      }
    }
    return out;
  };

  return { convert, callbacks, security, servers };
}

export function externalDocs(ctx: ModelContext, raw: unknown, pointer: string): { url: string; description: string | undefined } | undefined {
  if (!isObj(raw)) return undefined;
  const url = ctx.safeUrl(raw.url, ptr(pointer, 'url'));
  return url ? { url, description: ctx.describe(raw.description) } : undefined;
}

/** A server description that names a place for trying things out. */
const SANDBOX_WORDS = /\b(sandbox|mock|test(ing)?|local(host)?|staging|dev(elopment)?|prueba|pruebas)\b/i;
/** Samples per operation, and characters per sample, at most (a document is input, not trusted). */
const CODE_SAMPLE_LIMITS = { count: 20, length: 20_000 };

/** `x-codeSamples` entries with a language and a source; the rest are skipped. */
function codeSamples(raw: unknown): ApiCodeSample[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isObj)
    .filter((s) => typeof s.lang === 'string' && typeof s.source === 'string' && s.lang.trim() !== '')
    .slice(0, CODE_SAMPLE_LIMITS.count)
    .map((s) => {
      const lang = (s.lang as string).trim().slice(0, 60);
      return {
        lang,
        label: typeof s.label === 'string' && s.label.trim() ? s.label.trim().slice(0, 60) : lang,
        source: (s.source as string).slice(0, CODE_SAMPLE_LIMITS.length),
      };
    });
}
