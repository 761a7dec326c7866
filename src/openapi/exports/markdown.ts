// The API as Markdown for language models (llms.txt readers, assistants' context): the document's
// own Markdown descriptions, every URL absolute, authentication said as where credentials go (never
// a value), parameters as a table, bodies and responses as bounded outlines, examples, and the curl
// call the page shows (credentials as placeholders).
import type { ApiCallback, ApiModel, ApiOperation, ApiOperationCore, ApiSecurityScheme } from '../../shared/api-model.js';
import { requestData } from '../../shared/request/request-data.js';
import { initialInputs } from '../../shared/request/initial-inputs.js';
import { authParts } from '../../shared/request/apply-auth.js';
import { buildRequest } from '../../shared/request/build-request.js';
import { snippetRequest } from '../../shared/snippets/snippet-request.js';
import { curlSample } from '../../shared/snippets/curl.js';
import { SECRET_TEXT_NAME } from '../../shared/secret-names.js';
import { isObj, type Obj } from '../model/model-context.js';
import { deref, parameterSchema, rawOperation, rawOperationIn, shortText, type RawOperation } from './json-schema.js';
import { schemaOutline, type OutlineOptions } from './outline.js';

export interface Site {
  /** Absolute site origin with the base URL ("https://docs.example.com/"). */
  url: string;
}

const BODY_OUTLINE: Omit<OutlineOptions, 'direction'> = { lines: 80, depth: 5 };
const RESPONSE_OUTLINE: Omit<OutlineOptions, 'direction'> = { lines: 40, depth: 4 };
const EXAMPLE_CHARS = 1500;

/** The whole API: overview, servers, authentication, every operation by tag, then the webhooks. */
export function apiMarkdown(model: ApiModel, document: Obj, site: Site): string {
  const webhooks = webhooksSection(model, document);
  return (
    [
      apiHeader(model, document, site),
      ...operationsByTag(model, (op) => deepen(operationSection(model, document, op, site), 2)),
      ...(webhooks ? [webhooks] : []),
    ].join('\n\n') + '\n'
  );
}

/** One operation, on its own (its servers and authentication said in full). */
export function operationMarkdown(model: ApiModel, document: Obj, op: ApiOperation, site: Site): string {
  return operationSection(model, document, op, site) + '\n';
}

/** Sections of the API part (title, description, servers, authentication). */
export function apiHeader(model: ApiModel, document: Obj, site: Site): string {
  const info = isObj(document.info) ? document.info : {};
  const parts = [`# ${model.info.title}${model.info.version ? ` (version ${model.info.version})` : ''}`];
  const summary = model.info.summary ?? undefined;
  if (summary) parts.push(`> ${oneLine(summary)}`);
  if (typeof info.description === 'string' && info.description.trim()) parts.push(info.description.trim());
  parts.push(`Documentation: ${pageUrl(site, model.basePath)}`);
  if (model.download) parts.push(`OpenAPI document: ${pageUrl(site, model.download.href)}`);
  parts.push(
    '## Servers',
    model.servers.length
      ? model.servers.map((s) => `- ${absoluteServer(s.resolvedUrl, site, model)}${s.description ? ` — ${oneLine(s.description)}` : ''}`).join('\n')
      : '- (none given: the URLs are relative to where the document is served)',
  );
  parts.push('## Authentication', authenticationText(model, model.security, document));
  return maskSecrets(parts.join('\n\n'));
}

function operationsByTag(model: ApiModel, each: (op: ApiOperation) => string): string[] {
  const out: string[] = [];
  let tag: string | undefined | null = null;
  for (const op of model.operations) {
    if (op.tag !== tag) {
      tag = op.tag;
      out.push(`## ${tag ?? 'Other operations'}`);
    }
    out.push(each(op));
  }
  return out;
}

/** One operation with its title as a level-1 heading (`deepen` puts it under others). */
export function operationSection(model: ApiModel, document: Obj, op: ApiOperation, site: Site, curlText = curl(model, op, site)): string {
  const raw = rawOperation(document, op);
  const parts = [`# ${op.title}`, `\`${op.method.toUpperCase()} ${op.path}\`${op.deprecated ? ' (deprecated)' : ''}`];
  if (op.summary && op.summary !== op.title) parts.push(oneLine(op.summary));
  if (typeof raw.operation?.description === 'string' && raw.operation.description.trim()) parts.push(shiftHeadings(raw.operation.description.trim(), 2));
  parts.push(`Page: ${pageUrl(site, op.href)}`);
  parts.push(
    '## URL',
    op.servers.length
      ? op.servers.map((s) => `- \`${absoluteServer(s.resolvedUrl, site, model)}${op.path}\``).join('\n')
      : `- \`${new URL(site.url).origin}${op.path}\` (the document names no server: the host that serves it)`,
  );
  parts.push('## Authentication', authenticationText(model, op.security, document));
  parts.push(...messageParts(document, op, raw, 2));
  if (op.callbacks.length) parts.push('## Callbacks', ...op.callbacks.flatMap((cb) => callbackParts(document, raw.operation, cb)));
  parts.push('## Example call', fence('bash', curlText));
  return maskSecrets(parts.join('\n\n'));
}

/** The API's webhooks (requests the API sends to a URL its user registers), as a level-2 section; empty when none. */
export function webhooksSection(model: ApiModel, document: Obj): string {
  if (!model.webhooks.length) return '';
  const hooks = isObj(document.webhooks) ? document.webhooks : {};
  const parts = [
    '## Webhooks sent by the API',
    'Requests the API sends to a URL you register. Your receiver gets the body below and answers with one of the responses.',
  ];
  for (const hook of model.webhooks) {
    const raw = rawOperationIn(document, hooks[hook.name], hook.method);
    parts.push(`### ${hook.title}`, `\`${hook.method.toUpperCase()}\` to your URL (webhook \`${hook.name}\`)${hook.deprecated ? ' (deprecated)' : ''}`);
    if (typeof raw.operation?.description === 'string' && raw.operation.description.trim()) parts.push(shiftHeadings(raw.operation.description.trim(), 4));
    parts.push(...messageParts(document, hook, raw, 4));
  }
  return maskSecrets(parts.join('\n\n'));
}

/** A callback of an operation: the requests the API sends to the URL the call gave it. */
function callbackParts(document: Obj, operation: Obj | undefined, cb: ApiCallback): string[] {
  const callbacks = operation ? deref(document, operation.callbacks).value : undefined;
  const item = callbacks ? deref(document, callbacks[cb.name]).value?.[cb.expression] : undefined;
  return cb.operations.flatMap((op) => {
    const raw = rawOperationIn(document, item, op.method);
    const parts = [`### ${cb.name}: \`${op.method.toUpperCase()} ${cb.expression}\``, 'The API sends this request to the URL the call gave it.'];
    if (typeof raw.operation?.description === 'string' && raw.operation.description.trim()) parts.push(shiftHeadings(raw.operation.description.trim(), 4));
    return [...parts, ...messageParts(document, op, raw, 4)];
  });
}

/** Parameters, request body and responses of an operation, under headings of `level`. */
function messageParts(document: Obj, op: ApiOperationCore, raw: RawOperation, level: number): string[] {
  const h = '#'.repeat(level);
  const { parameters, body, operation } = raw;
  const parts: string[] = [];
  if (parameters.length) {
    const rows = parameters.map((p) => {
      const schema = parameterSchema(p);
      return `| ${cell(String(p.name))}${p.deprecated === true ? ' (deprecated)' : ''} | ${p.in} | ${p.in === 'path' || p.required === true ? 'yes' : 'no'} | ${cell(typeText(document, schema))} | ${cell([shortText(p.description, 300), defaultText(document, schema)].filter(Boolean).join(' '))} |`;
    });
    parts.push(`${h} Parameters`, ['| name | in | required | type | description |', '| --- | --- | --- | --- | --- |', ...rows].join('\n'));
  }
  if (body) {
    parts.push(
      `${h} Request body`,
      `\`${body.mediaType}\`${body.required ? ', required' : ', optional'}${typeof body.description === 'string' ? `. ${oneLine(body.description)}` : ''}`,
    );
    if (body.schema !== undefined) parts.push(fence('ts', schemaOutline(document, body.schema, { ...BODY_OUTLINE, direction: 'request' })));
    const example = op.requestBody?.content.find((m) => m.mediaType === body.mediaType)?.examples[0];
    if (example) parts.push('Example:', fence(example.language, cut(example.value, example.truncated)));
  }
  const responses = operation && isObj(operation.responses) ? Object.entries(operation.responses) : [];
  if (responses.length) {
    parts.push(`${h} Responses`);
    for (const [status, rawResponse] of responses) {
      const r = deref(document, rawResponse).value ?? {};
      const content = isObj(r.content) ? r.content : {};
      const types = Object.keys(content);
      const mediaType = types.find((t) => /\bjson\b/i.test(t)) ?? types[0];
      parts.push(
        `- \`${status}\`${shortText(r.description, 300) ? `: ${shortText(r.description, 300)}` : ''}${types.length ? ` (${types.map((t) => `\`${t}\``).join(', ')})` : ''}`,
      );
      const media = mediaType ? deref(document, content[mediaType]).value : undefined;
      if (media?.schema !== undefined) parts.push(fence('ts', schemaOutline(document, media.schema, { ...RESPONSE_OUTLINE, direction: 'response' })));
      if (/^2/.test(status)) {
        const example = op.responses.find((x) => x.status === status)?.content.find((m) => m.mediaType === mediaType)?.examples[0];
        if (example) parts.push('Example:', fence(example.language, cut(example.value, example.truncated)));
      }
    }
  }
  return parts;
}

/** The curl call of the page: the site's own chain, credentials as placeholders. */
export function curl(model: ApiModel, op: ApiOperation, site: Site): string {
  const data = requestData(model, op);
  const inputs = initialInputs(data);
  const auth = authParts({ security: data.security, schemes: data.schemes }, {}, 'mask', true);
  return maskSecrets(curlSample(snippetRequest(buildRequest(data, { ...inputs, auth }, site.url))));
}

/**
 * Example values of credential-named fields replaced by a placeholder ("<client_secret>"), in JSON
 * (`"name": "value"`) and in form or query text (`name=value`): no credential leaves in an export,
 * even an example one.
 */
export function maskSecrets(text: string): string {
  return text
    .replace(/"([\w.-]+)"(\s*:\s*)"(?:[^"\\]|\\.)*"/g, (whole, name: string, colon: string) =>
      SECRET_TEXT_NAME.test(name) ? `"${name}"${colon}"<${name}>"` : whole,
    )
    .replace(/(^|[?&\s'"])([\w.-]+)=([^&'"\s]+)/g, (whole, lead: string, name: string) => (SECRET_TEXT_NAME.test(name) ? `${lead}${name}=<${name}>` : whole))
    .replace(/\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]+/g, '<jwt>')
    .replace(
      /\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{8,}\b|\bgh[pousr]_[A-Za-z0-9]{20,}\b|\bxox[abprs]-[A-Za-z0-9-]{10,}\b|\bAKIA[0-9A-Z]{16}\b/g,
      '<secret>',
    );
}

/** The requirements in words: which schemes, and where each one's credential goes. */
export function authenticationText(model: ApiModel, security: ApiOperation['security'], document: Obj): string {
  if (!security.length) return 'None.';
  const lines = security.map((r) =>
    r.schemes.length
      ? r.schemes
          .map((ref) => {
            const scheme = model.securitySchemes.find((s) => s.key === ref.key);
            return `\`${ref.key}\`: ${scheme ? schemeText(scheme, document) : 'scheme not described'}${ref.scopes.length ? ` (scopes: ${ref.scopes.map((x) => `\`${x}\``).join(', ')})` : ''}`;
          })
          .join(' **and** ')
      : 'no authentication',
  );
  return lines.length === 1 ? lines[0]! : `Any one of:\n\n${lines.map((l) => `- ${l}`).join('\n')}`;
}

function schemeText(s: ApiSecurityScheme, document: Obj): string {
  const raw =
    isObj(document.components) && isObj(document.components.securitySchemes) ? deref(document, document.components.securitySchemes[s.key]).value : undefined;
  const description = shortText(raw?.description, 300);
  let where: string;
  if (s.type === 'http' && s.scheme === 'bearer')
    where = `HTTP bearer: header \`Authorization: Bearer <token>\`${s.bearerFormat ? ` (${s.bearerFormat})` : ''}`;
  else if (s.type === 'http' && s.scheme === 'basic') where = 'HTTP basic: header `Authorization: Basic <base64 of user:password>`';
  else if (s.type === 'http') where = `HTTP ${s.scheme ?? ''} authentication in the \`Authorization\` header`;
  else if (s.type === 'apiKey') where = `API key in the ${s.in === 'query' ? 'query parameter' : s.in === 'cookie' ? 'cookie' : 'header'} \`${s.name}\``;
  else if (s.type === 'oauth2') {
    const flows = s.flows.map(
      (f) => `${f.type}${f.tokenUrl ? ` (token URL ${f.tokenUrl})` : ''}${f.authorizationUrl ? ` (authorization URL ${f.authorizationUrl})` : ''}`,
    );
    where = `OAuth 2.0 (${flows.join('; ') || 'no flow given'}): header \`Authorization: Bearer <access token>\``;
  } else if (s.type === 'openIdConnect')
    where = `OpenID Connect (${s.openIdConnectUrl ?? 'discovery URL not given'}): header \`Authorization: Bearer <token>\``;
  else where = 'mutual TLS: a client certificate';
  return description ? `${where}. ${description}` : where;
}

/** "Default: `x`." when the schema has a default. */
function defaultText(document: Obj, schema: unknown): string | undefined {
  const value = deref(document, schema).value?.default;
  return value === undefined ? undefined : `Default: \`${JSON.stringify(value)}\`.`;
}

/** A short type for a table cell. */
export function typeText(document: Obj, schema: unknown): string {
  const { value, ref } = deref(document, schema);
  if (!value) return 'unknown';
  const name = ref ? ref.slice(ref.lastIndexOf('/') + 1) : undefined;
  if (Array.isArray(value.enum))
    return (
      value.enum
        .slice(0, 8)
        .map((v) => JSON.stringify(v))
        .join(' | ') + (value.enum.length > 8 ? ' | …' : '')
    );
  const types = Array.isArray(value.type)
    ? value.type.join(' or ')
    : typeof value.type === 'string'
      ? value.type
      : (name ?? (isObj(value.properties) ? 'object' : 'any'));
  if (types === 'array' || (Array.isArray(value.type) && value.type.includes('array'))) return `array of ${typeText(document, value.items)}`;
  return `${types}${typeof value.format === 'string' ? ` (${value.format})` : ''}${value.nullable === true ? ' or null' : ''}`;
}

export function pageUrl(site: Site, href: string): string {
  return new URL(href.replace(/^\/+/, ''), site.url).href;
}

/** A server URL made absolute: a relative one is relative to where the document is published. */
export function absoluteServer(url: string, site: Site, model: ApiModel): string {
  try {
    return new URL(url, pageUrl(site, model.basePath.replace(/\/?$/, '/'))).href.replace(/\/$/, '');
  } catch {
    return url;
  }
}

/** Every heading outside code blocks `by` levels deeper (at most 6). */
export function deepen(markdown: string, by: number): string {
  let inFence = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
      const m = !inFence && /^(#{1,6})\s/.exec(line);
      return m ? '#'.repeat(Math.min(6, m[1]!.length + by)) + line.slice(m[1]!.length) : line;
    })
    .join('\n');
}

function shiftHeadings(markdown: string, below: number): string {
  // Headings inside a description go under the operation's own heading.
  let inFence = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
      return !inFence && /^#{1,6}\s/.test(line) ? '#'.repeat(Math.min(6, below)) + line.replace(/^#+/, '') : line;
    })
    .join('\n');
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

function cut(text: string, truncated: boolean): string {
  if (text.length <= EXAMPLE_CHARS) return truncated ? `${text}\n…` : text;
  return `${text.slice(0, EXAMPLE_CHARS).replace(/\n[^\n]*$/, '')}\n…`;
}

function fence(lang: string, text: string): string {
  const ticks = /```/.test(text) ? '~~~~' : '```';
  return `${ticks}${lang}\n${text}\n${ticks}`;
}
