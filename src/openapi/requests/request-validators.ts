import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ApiOperationCore, ApiParameter } from '../../shared/api-model.js';
import type { CheckValue, RequestValidators, ValueProblem } from '../../shared/mock-api.js';
import { createModelContext, isObj, ptr, type Obj } from '../model/model-context.js';
import { escapeSegment } from '../load/pointer.js';
import { linearRegExp } from './linear-pattern.js';
import { requestSchemaDocument } from './request-schemas.js';

// Checks of request values (parameters, bodies) against the document's own schemas, for the mock
// server. Ajv reads the whole document once (as adjusted by request-schemas.ts) and each check
// refers into it by JSON pointer, so `$ref`s resolve as written and recursive schemas stay finite.
// A check is compiled on first use: a large document has thousands of operations and a mock
// session touches a few. OpenAPI 3.1 schemas are JSON Schema 2020-12; 3.0 and Swagger 2.0 (converted)
// are read as draft-07 once adjusted. Formats are checked (ajv-formats covers OpenAPI's own:
// int32, int64, float, double, byte, binary, password). Patterns run in linear time (linear-pattern.ts),
// so no document pattern can block the mock.

const DOCUMENT_ID = 'shipdocs-openapi-document';
/** Problems listed per value: enough to fix a request, not a wall of text. */
const MAX_PROBLEMS = 20;

export interface RequestValidatorOptions {
  /** Told once per schema that cannot be compiled (its values are then accepted unchecked). */
  onWarning?: (message: string) => void;
}

/** The schemas' places in the document per operation ("post /quoter"), found on first use. */
interface OperationSchemas {
  /** By "in:name" (header names lowercased). */
  parameters: Map<string, string>;
  /** By media type as written. */
  bodies: Map<string, string>;
}

export function createRequestValidators(document: Obj, options: RequestValidatorOptions = {}): RequestValidators {
  const adjusted = requestSchemaDocument(document);
  const openapi31 = typeof document.openapi === 'string' && document.openapi.startsWith('3.1');
  const ctx = createModelContext(document, Number.POSITIVE_INFINITY);
  const instances = new Map<boolean, Ajv>();
  const compiled = new Map<string, CheckValue | undefined>();
  const places = new Map<string, OperationSchemas>();
  const regExp = linearRegExp(options.onWarning);

  const ajv = (coerce: boolean): Ajv => {
    let instance = instances.get(coerce);
    if (!instance) {
      const Class = openapi31 ? Ajv2020 : Ajv;
      instance = new Class({
        strict: false,
        allErrors: true,
        logger: false,
        validateSchema: false,
        // Text from a URL, a header or a form field becomes the number, boolean or array its schema asks for.
        coerceTypes: coerce ? 'array' : false,
        code: { regExp },
      });
      addFormats(instance);
      instance.addSchema(adjusted, DOCUMENT_ID);
      instances.set(coerce, instance);
    }
    return instance;
  };

  const schemasOf = (operation: ApiOperationCore): OperationSchemas => {
    const key = `${operation.method} ${operation.path}`;
    let found = places.get(key);
    if (!found) {
      found = findSchemas(ctx, operation);
      places.set(key, found);
    }
    return found;
  };

  const check = (pointer: string | undefined, coerce: boolean, where: string): CheckValue | undefined => {
    if (pointer === undefined) return undefined;
    const key = `${coerce} ${pointer}`;
    if (compiled.has(key)) return compiled.get(key);
    let result: CheckValue | undefined;
    try {
      // The value is wrapped so a coerced top-level value can be read back (Ajv converts values in their parent).
      const validate = ajv(coerce).compile({
        type: 'object',
        properties: { value: { $ref: `${DOCUMENT_ID}#${encodeFragment(pointer)}` } },
      });
      result = (value) => run(validate, value);
    } catch (err) {
      options.onWarning?.(`${where} is not checked: its schema could not be compiled (${(err as Error).message}).`);
      result = undefined;
    }
    compiled.set(key, result);
    return result;
  };

  return {
    parameter: (operation: ApiOperationCore, parameter: ApiParameter) =>
      check(
        schemasOf(operation).parameters.get(parameterKey(parameter.in, parameter.name)),
        true,
        `The ${parameter.in} parameter ${parameter.name} of ${operation.method.toUpperCase()} ${operation.path}`,
      ),
    body: (operation: ApiOperationCore, mediaType: string, { coerce }: { coerce: boolean }) =>
      check(schemasOf(operation).bodies.get(mediaType), coerce, `The ${mediaType} body of ${operation.method.toUpperCase()} ${operation.path}`),
  };
}

function run(validate: ValidateFunction, value: unknown): { value: unknown; problems: ValueProblem[] } {
  const data = { value };
  if (validate(data)) return { value: data.value, problems: [] };
  const problems: ValueProblem[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const problem = toProblem(error);
    const key = `${problem.pointer} ${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
    if (problems.length === MAX_PROBLEMS) break;
  }
  return { value: data.value, problems };
}

/** An Ajv error → a problem at the place of the value it is about (a missing property's own place). */
function toProblem(error: ErrorObject): ValueProblem {
  const pointer = error.instancePath.replace(/^\/value/, '');
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return { pointer: `${pointer}/${escapeSegment(params.missingProperty)}`, keyword: 'required', message: 'is required' };
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return { pointer: `${pointer}/${escapeSegment(params.additionalProperty)}`, keyword: 'additionalProperties', message: 'is not an allowed property' };
  }
  if (error.keyword === 'unevaluatedProperties' && typeof params.unevaluatedProperty === 'string') {
    return { pointer: `${pointer}/${escapeSegment(params.unevaluatedProperty)}`, keyword: 'unevaluatedProperties', message: 'is not an allowed property' };
  }
  const allowed = Array.isArray(params.allowedValues) ? `: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}` : '';
  return { pointer, keyword: error.keyword, message: `${error.message ?? 'is invalid'}${allowed}` };
}

/** Where an operation's parameter and body schemas are in the document. */
function findSchemas(ctx: ReturnType<typeof createModelContext>, operation: ApiOperationCore): OperationSchemas {
  const found: OperationSchemas = { parameters: new Map(), bodies: new Map() };
  const paths = isObj(ctx.doc.paths) ? ctx.doc.paths : {};
  const { value: item, pointer: itemAt } = ctx.deref(paths[operation.path], ptr('', 'paths', operation.path));
  const raw = item && isObj(item[operation.method]) ? (item[operation.method] as Obj) : undefined;
  if (!item || !raw) return found;
  const opAt = ptr(itemAt, operation.method);
  // Path-level parameters first: the operation's own replace them by name and location.
  for (const [list, at] of [
    [item.parameters, itemAt],
    [raw.parameters, opAt],
  ] as const) {
    if (!Array.isArray(list)) continue;
    list.forEach((entry, i) => {
      const { value: p, pointer } = ctx.deref(entry, ptr(at, 'parameters', i));
      if (!p || typeof p.name !== 'string' || typeof p.in !== 'string') return;
      const schemaAt = schemaPlace(p, pointer);
      if (schemaAt) found.parameters.set(parameterKey(p.in, p.name), schemaAt);
      else found.parameters.delete(parameterKey(p.in, p.name));
    });
  }
  const { value: body, pointer: bodyAt } = ctx.deref(raw.requestBody, ptr(opAt, 'requestBody'));
  if (body && isObj(body.content)) {
    for (const [mediaType, media] of Object.entries(body.content)) {
      if (isObj(media) && media.schema !== undefined) found.bodies.set(mediaType, ptr(bodyAt, 'content', mediaType, 'schema'));
    }
  }
  return found;
}

/** A parameter's schema: its own, or its first media type's (`content`). */
function schemaPlace(p: Obj, pointer: string): string | undefined {
  if (p.schema !== undefined) return ptr(pointer, 'schema');
  if (!isObj(p.content)) return undefined;
  const [mediaType, media] = Object.entries(p.content)[0] ?? [];
  return mediaType && isObj(media) && media.schema !== undefined ? ptr(pointer, 'content', mediaType, 'schema') : undefined;
}

function parameterKey(location: string, name: string): string {
  return `${location}:${location === 'header' ? name.toLowerCase() : name}`;
}

/** A JSON pointer as a URI fragment: each segment percent-encoded ("{id}" is not allowed in a URI as is). */
function encodeFragment(pointer: string): string {
  return pointer
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%7E/gi, '~'))
    .join('/');
}
