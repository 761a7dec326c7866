import { htmlToText, PARAMETER_LOCATIONS, type ApiModel, type ApiOperation, type ApiParameter, type ApiSchema } from '../../../shared/api-model.js';
import type { RequestData, RequestParameter } from '../../../shared/api-request.js';

// What the try-it, the code samples and the exports of an operation need, embedded in its page as
// JSON (the interactive half reads it; nothing else of the model reaches the browser). Small: plain
// text descriptions, a parameter's own schema facts (type, format, enum, default), no schema trees.

/** Enum values sent to the page, at most. */
const ENUM_LIMIT = 50;
/** Examples longer than this are left out (the body editor starts empty). */
const BODY_EXAMPLE_LIMIT = 8000;

export function requestData(api: ApiModel, op: ApiOperation): RequestData {
  const used = new Set(op.security.flatMap((r) => r.schemes.map((s) => s.key)));
  const media = op.requestBody?.content[0];
  const example = media?.examples[0];
  return {
    method: op.method,
    path: op.path,
    servers: op.servers.map((s) => ({ url: s.url, resolvedUrl: s.resolvedUrl, description: s.description, variables: s.variables })),
    security: op.security,
    schemes: api.securitySchemes.filter((s) => used.has(s.key)).map((s) => ({ key: s.key, type: s.type, scheme: s.scheme, in: s.in, name: s.name })),
    parameters: PARAMETER_LOCATIONS.flatMap((loc) => op.parameters[loc].map((p) => parameter(api, p))),
    body: media
      ? {
          mediaType: media.mediaType,
          required: op.requestBody?.required ?? false,
          description: htmlToText(op.requestBody?.description, 300),
          example: example && !example.truncated && example.value.length <= BODY_EXAMPLE_LIMIT ? example.value : undefined,
        }
      : undefined,
  };
}

function parameter(api: ApiModel, p: ApiParameter): RequestParameter {
  const s = resolve(api, p.schema);
  const items = s?.items ? resolve(api, s.items) : undefined;
  return {
    name: p.name,
    in: p.in,
    required: p.required,
    deprecated: p.deprecated,
    description: htmlToText(p.description, 300),
    schema: s
      ? {
          type: s.types.find((t) => t !== 'null'),
          nullable: s.types.includes('null'),
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
