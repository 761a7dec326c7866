import { PARAMETER_LOCATIONS, type ApiModel, type ApiOperation, type ApiParameter, type ApiSchema, type ApiSchemaNode } from '../api-model.js';
import { summaryText } from '../html-text.js';
import type { RequestData, RequestFormField, RequestOAuthFlow, RequestParameter, RequestScheme, RequestScope } from '../api-request.js';

// What the try-it, the code samples and the exports of an operation need, embedded in its page as
// JSON (the interactive half reads it; nothing else of the model reaches the browser). Small: plain
// text descriptions, a parameter's own schema facts (type, format, enum, default), no schema trees.

/** Enum values sent to the page, at most. */
const ENUM_LIMIT = 50;
/** Examples longer than this are left out (the body editor starts empty). */
const BODY_EXAMPLE_LIMIT = 8000;

export function requestData(api: ApiModel, op: ApiOperation): RequestData {
  const used = new Set(op.security.flatMap((r) => r.schemes.map((s) => s.key)));
  return {
    id: op.slug,
    method: op.method,
    path: op.path,
    servers: op.servers.map((s) => ({ url: s.url, resolvedUrl: s.resolvedUrl, description: s.description, variables: s.variables, sandbox: s.sandbox })),
    security: op.security,
    schemes: requestSchemes(api).filter((s) => used.has(s.key)),
    parameters: PARAMETER_LOCATIONS.flatMap((loc) => op.parameters[loc].map((p) => parameter(api, p))),
    bodies: (op.requestBody?.content ?? []).map((media) => {
      const example = media.examples[0];
      return {
        mediaType: media.mediaType,
        example: example && !example.truncated && example.value.length <= BODY_EXAMPLE_LIMIT ? example.value : undefined,
        fields: /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(media.mediaType) ? formFields(api, media.schema, example?.value) : [],
      };
    }),
    bodyRequired: op.requestBody?.required ?? false,
    codeSamples: op.codeSamples,
  };
}

/** Every security scheme of the document, as the authorization panel shows them. */
export function requestSchemes(api: ApiModel): RequestScheme[] {
  return api.securitySchemes.map((s) => ({
    key: s.key,
    type: s.type,
    scheme: s.scheme,
    in: s.in,
    name: s.name,
    tokenUrl: s.flows.find((f) => f.type === 'clientCredentials')?.tokenUrl,
    authorizationCode: authorizationCodeFlow(s.flows),
    clientCredentialsScopes: scopesOf(s.flows.find((f) => f.type === 'clientCredentials')),
    implicit: implicitFlow(s.flows),
    password: passwordFlow(s.flows),
    openIdConnectUrl: s.type === 'openIdConnect' ? s.openIdConnectUrl : undefined,
    description: summaryText(s.description, 300),
  }));
}

type Flow = ApiModel['securitySchemes'][number]['flows'][number];

function scopesOf(flow: Flow | undefined): RequestScope[] | undefined {
  return flow?.scopes.slice(0, SCOPE_LIMIT).map((s) => ({ name: s.name, description: s.description.slice(0, 300) }));
}

function implicitFlow(flows: Flow[]): RequestScheme['implicit'] {
  const flow = flows.find((f) => f.type === 'implicit');
  return flow?.authorizationUrl ? { authorizationUrl: flow.authorizationUrl, scopes: scopesOf(flow)! } : undefined;
}

function passwordFlow(flows: Flow[]): RequestScheme['password'] {
  const flow = flows.find((f) => f.type === 'password');
  return flow?.tokenUrl ? { tokenUrl: flow.tokenUrl, refreshUrl: flow.refreshUrl, scopes: scopesOf(flow)! } : undefined;
}

/** At most this many scopes reach the page (a checkbox each). */
const SCOPE_LIMIT = 100;

function authorizationCodeFlow(flows: ApiModel['securitySchemes'][number]['flows']): RequestOAuthFlow | undefined {
  const flow = flows.find((f) => f.type === 'authorizationCode');
  if (!flow?.authorizationUrl || !flow.tokenUrl) return undefined;
  return {
    authorizationUrl: flow.authorizationUrl,
    tokenUrl: flow.tokenUrl,
    refreshUrl: flow.refreshUrl,
    scopes: flow.scopes.slice(0, SCOPE_LIMIT).map((s) => ({ name: s.name, description: s.description.slice(0, 300) })),
  };
}

/** The fields of a form body: its schema's properties, a file for a binary string. */
function formFields(api: ApiModel, node: ApiSchemaNode | undefined, example: string | undefined): RequestFormField[] {
  const schema = resolve(api, node);
  const values = example ? parseJson(example) : undefined;
  // A request never sends read-only properties (OpenAPI 3.1 §4.8.24.1): no field for them.
  const sent = (schema?.properties ?? []).filter((p) => !(p.schema.kind === 'ref' && p.schema.readOnly) && !resolve(api, p.schema)?.readOnly);
  return sent.map((prop) => {
    const s = resolve(api, prop.schema);
    const type = s?.types.find((t) => t !== 'null');
    const value = values && typeof values === 'object' ? (values as Record<string, unknown>)[prop.name] : undefined;
    return {
      name: prop.name,
      required: prop.required,
      type,
      file: type === 'string' && (s?.format === 'binary' || s?.format === 'base64'),
      example: value === undefined || value === null ? undefined : typeof value === 'string' ? value : JSON.stringify(value),
    };
  });
}

function parameter(api: ApiModel, p: ApiParameter): RequestParameter {
  const s = resolve(api, p.schema);
  const items = s?.items ? resolve(api, s.items) : undefined;
  return {
    name: p.name,
    in: p.in,
    required: p.required,
    deprecated: p.deprecated,
    description: summaryText(p.description, 300),
    schema: s
      ? {
          type: s.types.find((t) => t !== 'null'),
          nullable: s.nullable,
          format: s.format,
          enum: s.enum?.values.slice(0, ENUM_LIMIT).map(parseJson),
          default: s.default === undefined ? undefined : parseJson(s.default),
          items: items?.types.find((t) => t !== 'null'),
        }
      : undefined,
    style: p.style,
    explode: p.explode,
    contentType: p.contentType,
    example: p.example,
  };
}

function resolve(api: ApiModel, node: ApiParameter['schema']): ApiSchema | undefined {
  if (!node) return undefined;
  return node.kind === 'ref' ? api.schemas[node.ref] : node;
}

/** Model values are JSON text, possibly cut ("…"); a cut one stays text. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
