import type {
  ApiInfo,
  ApiModel,
  ApiNavEntry,
  ApiOperation,
  ApiSecurityScheme,
  ApiTag,
  ApiWebhook,
  HttpMethod,
  SecuritySchemeType,
} from '../../shared/api-model.js';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { createModelContext, isObj, markdownOf, ptr, str, TimeBoundError, type ModelContext, type Obj } from './model-context.js';
import { createSchemaConverter } from './convert-schema.js';
import { createOperationConverter, externalDocs, METHODS } from './convert-operation.js';
import { assignSlugs, slugify } from './slugs.js';
import { pause } from '../../render/workers/pause.js';

// The OpenAPI 3.x document (references in place) → the ApiModel every later stage uses. Pure apart
// from the clock of the time bound; asynchronous only to let the event loop turn between operations
// (a large document takes minutes to model, and an interrupt must not wait for that).

export interface ToApiModelOptions {
  /** Route of the overview ("/api"). */
  basePath: string;
  download?: { href: string; fileName: string } | undefined;
  /** Date.now() after which conversion stops with a diagnostic. */
  deadline?: number;
  /** Display names of references into bundled files (see resolve-external.ts). */
  refNames?: ReadonlyMap<string, string>;
  /** Examples longer than this are cut (default: a size a page can carry; the mock serves them whole). */
  exampleChars?: number;
}

export interface ApiModelResult {
  model: ApiModel | undefined;
  /** With JSON pointers; no file (the caller knows it). */
  diagnostics: Diagnostic[];
  /** The document's http(s) links (contact, terms, license, external docs), with their pointers. */
  links?: { url: string; pointer: string }[];
}

const SCHEME_TYPES = new Set<string>(['http', 'apiKey', 'oauth2', 'openIdConnect', 'mutualTLS']);

export async function toApiModel(doc: Obj, options: ToApiModelOptions): Promise<ApiModelResult> {
  const ctx = createModelContext(doc, options.deadline ?? Number.POSITIVE_INFINITY, { refNames: options.refNames, exampleChars: options.exampleChars });
  try {
    return await buildModel(ctx, doc, options);
  } catch (err) {
    if (err instanceof TimeBoundError) return timedOut(ctx, err.pointer);
    throw err;
  }
}

async function buildModel(ctx: ModelContext, doc: Obj, options: ToApiModelOptions): Promise<ApiModelResult> {
  const schemas = createSchemaConverter(ctx);
  const ops = createOperationConverter(ctx, schemas);
  const basePath = options.basePath;
  const prefix = basePath === '/' ? '' : basePath;

  const servers = ops.servers(doc.servers, '/servers') ?? [];
  const security = ops.security(doc.security) ?? [];
  const inherited = { security, servers };

  // Operations in document order: paths in order, methods in the order written.
  interface Found {
    method: HttpMethod;
    path: string;
    operation: Obj;
    pathItem: Obj;
    pointer: string;
    pathPointer: string;
  }
  const found: Found[] = [];
  if (isObj(doc.paths)) {
    for (const [path, rawItem] of Object.entries(doc.paths)) {
      if (path.startsWith('x-')) continue;
      const { value: pathItem, pointer: pathPointer } = ctx.deref(rawItem, ptr('', 'paths', path));
      if (!pathItem) continue;
      for (const key of Object.keys(pathItem)) {
        const method = key.toLowerCase() as HttpMethod;
        if (METHODS.includes(method) && isObj(pathItem[key])) {
          found.push({ method, path, operation: pathItem[key] as Obj, pathItem, pointer: ptr(pathPointer, key), pathPointer });
        }
      }
    }
  }
  const firstWith = new Map<string, Found>();
  for (const f of found) {
    const id = f.operation.operationId;
    if (typeof id !== 'string') continue;
    const first = firstWith.get(id);
    if (!first) firstWith.set(id, f);
    else
      ctx.diagnostics.push(
        diagnostic('SD3014', {
          message: `operationId "${id}" of ${f.method.toUpperCase()} ${f.path} is also the operationId of ${first.method.toUpperCase()} ${first.path} (${ptr(first.pointer, 'operationId')}).`,
          pointer: ptr(f.pointer, 'operationId'),
        }),
      );
  }
  const { slugs, problems } = assignSlugs(found.map((f) => ({ path: f.path, xSlug: f.operation['x-slug'] })));
  for (const p of problems) ctx.diagnostics.push(diagnostic('SD3011', { message: p.message, pointer: ptr(found[p.index]!.pointer, 'x-slug') }));

  const operations: ApiOperation[] = [];
  for (let i = 0; i < found.length; i++) {
    const f = found[i]!;
    ctx.checkTime(f.pointer);
    await pause();
    const core = ops.convert({ ...f, ...inherited });
    const tags = Array.isArray(f.operation.tags) ? f.operation.tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '') : [];
    const slug = slugs[i]!;
    operations.push({ ...core, slug, href: `${prefix}/${slug}`, tag: tags[0], tags, callbacks: ops.callbacks(f.operation, f.pointer, inherited) });
  }

  const webhooks: ApiWebhook[] = [];
  const webhookSource = isObj(doc.webhooks) ? doc.webhooks : {};
  const anchors = new Set<string>();
  for (const [name, rawItem] of Object.entries(webhookSource)) {
    ctx.checkTime(ptr('', 'webhooks', name));
    await pause();
    const { value: item, pointer: itemAt } = ctx.deref(rawItem, ptr('', 'webhooks', name));
    if (!item) continue;
    for (const method of METHODS) {
      if (!isObj(item[method])) continue;
      const operation = item[method] as Obj;
      const core = ops.convert({ method, path: name, operation, pathItem: item, pointer: ptr(itemAt, method), pathPointer: itemAt, ...inherited });
      let anchor = `webhook-${slugify(name) || 'hook'}`;
      for (let n = 1; anchors.has(anchor); n++) anchor = `webhook-${slugify(name) || 'hook'}-${n}`;
      anchors.add(anchor);
      const tags = Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === 'string') : [];
      webhooks.push({ ...core, name, anchor, tag: tags[0] });
    }
  }

  const tags = groupByTag(ctx, doc, operations, webhooks, basePath);
  const order = new Map<string, number>();
  for (const tag of tags) for (const e of tag.entries) if (e.kind === 'operation' && !order.has(e.id)) order.set(e.id, order.size);
  operations.sort((a, b) => order.get(a.slug)! - order.get(b.slug)!);

  const model: ApiModel = {
    info: info(ctx, doc),
    specVersion: str(doc.openapi) ?? '3.0.0',
    basePath,
    download: options.download,
    servers,
    securitySchemes: securitySchemes(ctx, doc),
    security,
    tags,
    operations,
    webhooks,
    schemas: schemas.schemas,
  };
  return { model, diagnostics: ctx.diagnostics, links: ctx.links };
}

function timedOut(ctx: ModelContext, pointer: string): ApiModelResult {
  ctx.diagnostics.push(diagnostic('SD3009', { message: 'Building the API reference took longer than the time bound; stopped here.', pointer }));
  return { model: undefined, diagnostics: ctx.diagnostics };
}

function info(ctx: ModelContext, doc: Obj): ApiInfo {
  const i = isObj(doc.info) ? doc.info : {};
  const contact = isObj(i.contact) ? i.contact : undefined;
  const license = isObj(i.license) ? i.license : undefined;
  const email = str(contact?.email);
  return {
    title: str(i.title)?.trim() || 'API reference',
    version: str(i.version) ?? '',
    summary: str(i.summary),
    description: ctx.describe(i.description, 200_000),
    descriptionMarkdown: markdownOf(i.description, 200_000),
    termsOfService: ctx.safeUrl(i.termsOfService, '/info/termsOfService'),
    contact: contact
      ? {
          name: str(contact.name),
          url: ctx.safeUrl(contact.url, '/info/contact/url'),
          email: email && /^[^\s@<>"]+@[^\s@<>"]+$/.test(email) ? email : undefined,
        }
      : undefined,
    license:
      license && typeof license.name === 'string'
        ? { name: license.name, url: ctx.safeUrl(license.url, '/info/license/url'), identifier: str(license.identifier) }
        : undefined,
    externalDocs: externalDocs(ctx, doc.externalDocs, '/externalDocs'),
  };
}

function securitySchemes(ctx: ModelContext, doc: Obj): ApiSecurityScheme[] {
  const raw = isObj(doc.components) && isObj(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  const out: ApiSecurityScheme[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const { value: s, pointer } = ctx.deref(value, ptr('', 'components', 'securitySchemes', key));
    if (!s || typeof s.type !== 'string' || !SCHEME_TYPES.has(s.type)) continue;
    const flows = isObj(s.flows)
      ? Object.entries(s.flows)
          .filter(([type, f]) => isObj(f) && ['implicit', 'password', 'clientCredentials', 'authorizationCode'].includes(type))
          .map(([type, f]) => {
            const flow = f as Obj;
            const at = ptr(pointer, 'flows', type);
            return {
              type: type as ApiSecurityScheme['flows'][number]['type'],
              authorizationUrl: ctx.safeUrl(flow.authorizationUrl, ptr(at, 'authorizationUrl')),
              tokenUrl: ctx.safeUrl(flow.tokenUrl, ptr(at, 'tokenUrl')),
              refreshUrl: ctx.safeUrl(flow.refreshUrl, ptr(at, 'refreshUrl')),
              scopes: isObj(flow.scopes)
                ? Object.entries(flow.scopes)
                    .slice(0, 200)
                    .map(([name, d]) => ({ name, description: str(d) ?? '' }))
                : [],
            };
          })
      : [];
    out.push({
      key,
      anchor: `auth-${slugify(key) || 'scheme'}`,
      type: s.type as SecuritySchemeType,
      description: ctx.describe(s.description),
      descriptionMarkdown: markdownOf(s.description),
      scheme: str(s.scheme)?.toLowerCase(),
      bearerFormat: str(s.bearerFormat),
      in: s.in === 'header' || s.in === 'query' || s.in === 'cookie' ? s.in : undefined,
      name: str(s.name),
      flows,
      openIdConnectUrl: ctx.safeUrl(s.openIdConnectUrl, ptr(pointer, 'openIdConnectUrl')),
    });
  }
  return out;
}

/** Tag groups: the document's tag list first (in its order), then tags as operations introduce them. */
function groupByTag(ctx: ModelContext, doc: Obj, operations: readonly ApiOperation[], webhooks: readonly ApiWebhook[], basePath: string): ApiTag[] {
  const groups = new Map<string, ApiTag>();
  const anchors = new Set<string>();
  const group = (name: string | undefined): ApiTag => {
    const key = name ?? '\u0000untagged';
    let g = groups.get(key);
    if (!g) {
      let anchor = `tag-${(name && slugify(name)) || 'other'}`;
      for (let n = 1; anchors.has(anchor); n++) anchor = `tag-${(name && slugify(name)) || 'other'}-${n}`;
      anchors.add(anchor);
      g = { name: name ?? '', anchor, untagged: name === undefined, description: undefined, externalDocs: undefined, entries: [] };
      groups.set(key, g);
    }
    return g;
  };
  if (Array.isArray(doc.tags)) {
    doc.tags.forEach((t, i) => {
      if (!isObj(t) || typeof t.name !== 'string' || groups.has(t.name)) return;
      const g = group(t.name);
      g.description = ctx.describe(t.description);
      g.externalDocs = externalDocs(ctx, t.externalDocs, ptr('', 'tags', i, 'externalDocs'));
    });
  }
  for (const op of operations) {
    const entry: ApiNavEntry = { kind: 'operation', method: op.method, path: op.path, label: op.title, deprecated: op.deprecated, href: op.href, id: op.slug };
    for (const t of op.tags.length ? op.tags : [undefined]) group(t).entries.push(entry);
  }
  for (const hook of webhooks) {
    group(hook.tag).entries.push({
      kind: 'webhook',
      method: hook.method,
      path: hook.name,
      label: hook.title,
      deprecated: hook.deprecated,
      href: `${basePath}#${hook.anchor}`,
      id: hook.anchor,
    });
  }
  return [...groups.values()].filter((g) => g.entries.length > 0);
}
