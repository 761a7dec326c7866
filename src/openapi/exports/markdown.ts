// The API as Markdown for language models (llms.txt readers, assistants' context): the document's
// own Markdown descriptions, every URL absolute, authentication said as where credentials go (never
// a value), parameters as a table, bodies and responses as bounded outlines, examples, and the curl
// call the page shows (credentials as placeholders).
import type { ApiCallback, ApiModel, ApiOperation, ApiOperationCore, ApiSchemaNode, ApiSecurityScheme } from '../../shared/api-model.js';
import { requestData } from '../../shared/request/request-data.js';
import { initialInputs } from '../../shared/request/initial-inputs.js';
import { authParts } from '../../shared/request/apply-auth.js';
import { buildRequest } from '../../shared/request/build-request.js';
import { snippetRequest } from '../../shared/snippets/snippet-request.js';
import { curlSample } from '../../shared/snippets/curl.js';
import { SECRET_TEXT_NAME } from '../../shared/secret-names.js';
import { withoutComments } from '../../render/markdown/hidden-comments.js';
import { twinPath } from '../../shared/twin-path.js';
import { bodyMedia, resolveSchema, sentParameters, shortText } from './json-schema.js';
import { schemaOutline, type OutlineOptions } from './outline.js';

export interface Site {
  /** Absolute site origin with the base URL ("https://docs.example.com/"). */
  url: string;
}

const BODY_OUTLINE: Omit<OutlineOptions, 'direction'> = { lines: 80, depth: 5 };
const RESPONSE_OUTLINE: Omit<OutlineOptions, 'direction'> = { lines: 40, depth: 4 };
const EXAMPLE_CHARS = 1500;

/** Sections of the API part (title, description, servers, authentication). */
export function apiHeader(model: ApiModel, site: Site): string {
  const parts = [`# ${model.info.title}${model.info.version ? ` (version ${model.info.version})` : ''}`];
  const summary = model.info.summary ?? undefined;
  if (summary) parts.push(`> ${oneLine(summary)}`);
  if (model.info.descriptionMarkdown) parts.push(described(model.info.descriptionMarkdown));
  parts.push(`Documentation: ${pageUrl(site, model.basePath)}`);
  if (model.download) parts.push(`OpenAPI document: ${pageUrl(site, model.download.href)}`);
  parts.push(
    '## Servers',
    model.servers.length
      ? model.servers.map((s) => `- ${absoluteServer(s.resolvedUrl, site, model)}${s.description ? ` — ${oneLine(s.description)}` : ''}`).join('\n')
      : '- (none given: the URLs are relative to where the document is served)',
  );
  parts.push('## Authentication', authenticationText(model, model.security));
  return maskSecrets(parts.join('\n\n'));
}

/**
 * The overview page as Markdown (its twin): the API's header, each tag's operations as links to
 * their pages' twins, the webhooks, and where the whole API is in one file (`universal.md`).
 */
export function overviewMarkdown(model: ApiModel, site: Site, header: string, webhooks: string, universal: string): string {
  const parts = [header, '## Operations'];
  for (const tag of model.tags) {
    parts.push(`### ${tag.untagged ? 'Other operations' : tag.name}`);
    const entries = tag.entries.map((e) => {
      const url = e.kind === 'operation' ? pageUrl(site, twinPath(e.href)) : pageUrl(site, e.href);
      return `- [${oneLine(e.label).replace(/[[\]\\]/g, '\\$&')}](${url}): \`${e.method.toUpperCase()} ${e.path}\`${e.deprecated ? ' (deprecated)' : ''}`;
    });
    parts.push(entries.join('\n'));
  }
  if (webhooks) parts.push(webhooks);
  parts.push(`Every operation in full, in one file: ${pageUrl(site, universal)}`);
  return maskSecrets(parts.join('\n\n'));
}

/** One operation with its title as a level-1 heading (`deepen` puts it under others). */
export function operationSection(model: ApiModel, op: ApiOperation, site: Site, curlText = curl(model, op, site)): string {
  const parts = [`# ${op.title}`, `\`${op.method.toUpperCase()} ${op.path}\`${op.deprecated ? ' (deprecated)' : ''}`];
  if (op.summary && op.summary !== op.title) parts.push(oneLine(op.summary));
  if (op.descriptionMarkdown) parts.push(shiftHeadings(described(op.descriptionMarkdown), 2));
  parts.push(`Page: ${pageUrl(site, op.href)}`);
  parts.push(
    '## URL',
    op.servers.length
      ? op.servers.map((s) => `- \`${absoluteServer(s.resolvedUrl, site, model)}${op.path}\``).join('\n')
      : `- \`${new URL(site.url).origin}${op.path}\` (the document names no server: the host that serves it)`,
  );
  parts.push('## Authentication', authenticationText(model, op.security));
  parts.push(...messageParts(model, op, 2));
  if (op.callbacks.length) parts.push('## Callbacks', ...op.callbacks.flatMap((cb) => callbackParts(model, cb)));
  parts.push('## Example call', fence('bash', curlText));
  return maskSecrets(parts.join('\n\n'));
}

/** The API's webhooks (requests the API sends to a URL its user registers), as a level-2 section; empty when none. */
export function webhooksSection(model: ApiModel): string {
  if (!model.webhooks.length) return '';
  const parts = [
    '## Webhooks sent by the API',
    'Requests the API sends to a URL you register. Your receiver gets the body below and answers with one of the responses.',
  ];
  for (const hook of model.webhooks) {
    parts.push(`### ${hook.title}`, `\`${hook.method.toUpperCase()}\` to your URL (webhook \`${hook.name}\`)${hook.deprecated ? ' (deprecated)' : ''}`);
    if (hook.descriptionMarkdown) parts.push(shiftHeadings(described(hook.descriptionMarkdown), 4));
    parts.push(...messageParts(model, hook, 4));
  }
  return maskSecrets(parts.join('\n\n'));
}

/** A callback of an operation: the requests the API sends to the URL the call gave it. */
function callbackParts(model: ApiModel, cb: ApiCallback): string[] {
  return cb.operations.flatMap((op) => {
    const parts = [`### ${cb.name}: \`${op.method.toUpperCase()} ${cb.expression}\``, 'The API sends this request to the URL the call gave it.'];
    if (op.descriptionMarkdown) parts.push(shiftHeadings(described(op.descriptionMarkdown), 4));
    return [...parts, ...messageParts(model, op, 4)];
  });
}

/** Parameters, request body and responses of an operation, under headings of `level`. */
function messageParts(model: ApiModel, op: ApiOperationCore, level: number): string[] {
  const h = '#'.repeat(level);
  const parameters = sentParameters(op);
  const parts: string[] = [];
  if (parameters.length) {
    const rows = parameters.map(
      (p) =>
        `| ${cell(p.name)}${p.deprecated ? ' (deprecated)' : ''} | ${p.in} | ${p.required ? 'yes' : 'no'} | ${cell(typeText(model, p.schema))} | ${cell([shortText(p.descriptionMarkdown, 300), defaultText(model, p.schema)].filter(Boolean).join(' '))} |`,
    );
    parts.push(`${h} Parameters`, ['| name | in | required | type | description |', '| --- | --- | --- | --- | --- |', ...rows].join('\n'));
  }
  const body = bodyMedia(op);
  if (body) {
    const description = shortText(op.requestBody!.descriptionMarkdown, Infinity);
    parts.push(`${h} Request body`, `\`${body.mediaType}\`${op.requestBody!.required ? ', required' : ', optional'}${description ? `. ${description}` : ''}`);
    if (body.schema) parts.push(fence('ts', schemaOutline(model, body.schema, { ...BODY_OUTLINE, direction: 'request' })));
    const example = body.examples[0];
    if (example) parts.push('Example:', fence(example.language, cut(example.value, example.truncated)));
  }
  if (op.responses.length) {
    parts.push(`${h} Responses`);
    for (const r of op.responses) {
      const media = r.content.find((m) => /\bjson\b/i.test(m.mediaType)) ?? r.content[0];
      const described = shortText(r.descriptionMarkdown, 300);
      parts.push(
        `- \`${r.status}\`${described ? `: ${described}` : ''}${r.content.length ? ` (${r.content.map((m) => `\`${m.mediaType}\``).join(', ')})` : ''}`,
      );
      if (media?.schema) parts.push(fence('ts', schemaOutline(model, media.schema, { ...RESPONSE_OUTLINE, direction: 'response' })));
      const example = /^2/.test(r.status) ? media?.examples[0] : undefined;
      if (example) parts.push('Example:', fence(example.language, cut(example.value, example.truncated)));
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
export function authenticationText(model: ApiModel, security: ApiOperation['security']): string {
  if (!security.length) return 'None.';
  const lines = security.map((r) =>
    r.schemes.length
      ? r.schemes
          .map((ref) => {
            const scheme = model.securitySchemes.find((s) => s.key === ref.key);
            return `\`${ref.key}\`: ${scheme ? schemeText(scheme) : 'scheme not described'}${ref.scopes.length ? ` (scopes: ${ref.scopes.map((x) => `\`${x}\``).join(', ')})` : ''}`;
          })
          .join(' **and** ')
      : 'no authentication',
  );
  return lines.length === 1 ? lines[0]! : `Any one of:\n\n${lines.map((l) => `- ${l}`).join('\n')}`;
}

function schemeText(s: ApiSecurityScheme): string {
  const description = shortText(s.descriptionMarkdown, 300);
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
function defaultText(model: ApiModel, node: ApiSchemaNode | undefined): string | undefined {
  const value = resolveSchema(model, node)?.default;
  return value === undefined ? undefined : `Default: \`${value}\`.`;
}

/** A short type for a table cell. */
export function typeText(model: ApiModel, node: ApiSchemaNode | undefined): string {
  const s = resolveSchema(model, node);
  if (!node || !s) return 'unknown';
  if (s.enum) return s.enum.values.slice(0, 8).join(' | ') + (s.enum.total > 8 ? ' | …' : '');
  const types = s.types.filter((t) => t !== 'null');
  if (types.includes('array')) return `array of ${typeText(model, s.items)}`;
  const nullable = s.nullable || s.types.includes('null');
  return `${types.join(' or ') || (node.kind === 'ref' ? node.name : 'any')}${s.format ? ` (${s.format})` : ''}${nullable ? ' or null' : ''}`;
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

/** A description as the exports quote it: its Markdown without comments (the page does not show them either). */
const described = (markdown: string): string => withoutComments(markdown).trim();

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
