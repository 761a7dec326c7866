import type { ApiModel, ApiOperation, ApiParameter, ApiSchema, ParameterLocation } from '../shared/api-model.js';
import { PARAMETER_LOCATIONS } from '../shared/api-model.js';
import type { RequestValidators } from '../shared/mock-api.js';
import type { Problem } from './problems.js';
import { resolveSchema } from './resolve-schema.js';

// A request's parameters as the operation declares them: each read from its place by its `style`
// and `explode` (OpenAPI's defaults: form for query and cookie, simple for path and header), as
// strings (arrays and objects of strings), then checked against its schema, which also converts
// the strings to the numbers and booleans it asks for. Missing or unreadable values are 400
// problems, values against the schema 422 ones.

export interface RequestParts {
  /** Raw (percent-encoded) values of the path template's parameters. */
  path: Record<string, string>;
  query: URLSearchParams;
  /** Node's headers: lowercase names. */
  headers: Record<string, string | string[] | undefined>;
  cookies: Record<string, string>;
}

type Shape = 'array' | 'object' | 'primitive';
type Raw = string | string[] | Record<string, string>;

/** Thrown by a reader when a value cannot be read: answered with 400. */
class Unreadable extends Error {}

/** Every declared parameter read and checked: its value by location and name, and the problems found. */
export function readParameters(
  model: ApiModel,
  operation: ApiOperation,
  parts: RequestParts,
  validators: RequestValidators,
): { values: Record<ParameterLocation, Record<string, unknown>>; problems: Problem[] } {
  const values: Record<ParameterLocation, Record<string, unknown>> = { path: {}, query: {}, header: {}, cookie: {} };
  const problems: Problem[] = [];
  for (const location of PARAMETER_LOCATIONS) {
    for (const parameter of operation.parameters[location]) {
      const at = { in: location, name: parameter.name } as const;
      let raw: Raw | undefined;
      try {
        raw = readRaw(model, operation, parameter, parts);
      } catch (err) {
        problems.push({ status: 400, ...at, pointer: '', keyword: 'style', message: (err as Error).message });
        continue;
      }
      if (raw === undefined) {
        if (parameter.required) problems.push({ status: 400, ...at, pointer: '', keyword: 'required', message: 'is required' });
        continue;
      }
      let value: unknown = raw;
      if (parameter.contentType && typeof raw === 'string' && /json/i.test(parameter.contentType)) {
        try {
          value = JSON.parse(raw);
        } catch {
          problems.push({ status: 400, ...at, pointer: '', keyword: 'contentType', message: `is not valid JSON (${parameter.contentType})` });
          continue;
        }
      }
      const check = validators.parameter(operation, parameter)?.(value);
      if (check) {
        value = check.value;
        for (const p of check.problems) problems.push({ status: 422, ...at, ...p });
      }
      values[location][parameter.name] = value;
    }
  }
  return { values, problems };
}

/** The value as sent, split by the parameter's style; undefined when it was not sent. */
function readRaw(model: ApiModel, operation: ApiOperation, parameter: ApiParameter, parts: RequestParts): Raw | undefined {
  const schema = resolveSchema(model, parameter.schema);
  // A parameter described by a media type (`content`) is one string in that media type: no style applies.
  const shape = parameter.contentType ? 'primitive' : shapeOf(schema);
  switch (parameter.in) {
    case 'path': {
      const sent = parts.path[parameter.name];
      return sent === undefined ? undefined : readPath(parameter, shape, sent);
    }
    case 'query': {
      // An exploded form object spreads its properties over the query: its keys are its properties', else every key no other parameter takes.
      const properties = schema?.properties.map((p) => p.name) ?? [];
      const others = new Set(operation.parameters.query.filter((p) => p !== parameter).map((p) => p.name));
      const isProperty = properties.length ? (key: string) => properties.includes(key) : (key: string) => !others.has(key);
      return readQuery(parameter, shape, parts.query, isProperty);
    }
    case 'header': {
      const sent = parts.headers[parameter.name.toLowerCase()];
      if (sent === undefined) return undefined;
      return split(Array.isArray(sent) ? sent.join(',') : sent, ',', shape, parameter.explode ?? false, true);
    }
    case 'cookie': {
      const sent = parts.cookies[parameter.name];
      return sent === undefined ? undefined : split(sent, ',', shape, false, false);
    }
  }
}

function readPath(parameter: ApiParameter, shape: Shape, sent: string): Raw {
  const style = parameter.style ?? 'simple';
  const explode = parameter.explode ?? false;
  let text = sent;
  if (style === 'label') {
    if (!text.startsWith('.')) throw new Unreadable('must start with "." (label style)');
    text = text.slice(1);
    return decodeAll(split(text, explode ? '.' : ',', shape, explode, true));
  }
  if (style === 'matrix') {
    const prefix = `;${parameter.name}`;
    if (shape === 'object' && explode) return decodeAll(split(text.replace(/^;/, ''), ';', shape, true, true));
    if (!text.startsWith(prefix)) throw new Unreadable(`must start with "${prefix}=" (matrix style)`);
    if (shape === 'array' && explode)
      return text
        .split(';')
        .slice(1)
        .map((part) => decode(part.slice(part.indexOf('=') + 1)));
    text = text.slice(prefix.length).replace(/^=/, '');
  }
  return decodeAll(split(text, ',', shape, explode, true));
}

function readQuery(parameter: ApiParameter, shape: Shape, query: URLSearchParams, isProperty: (key: string) => boolean): Raw | undefined {
  const name = parameter.name;
  const style = parameter.style ?? 'form';
  if (style === 'deepObject') {
    const object: Record<string, string> = {};
    for (const [key, value] of query) {
      const m = /^(.*)\[([^\]]*)\]$/.exec(key);
      if (m && m[1] === name) object[m[2]!] = value;
    }
    return Object.keys(object).length ? object : undefined;
  }
  const explode = parameter.explode ?? style === 'form';
  const all = query.getAll(name);
  if (shape === 'array') {
    if (!all.length) return undefined;
    if (explode) return all;
    return split(all[0]!, style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',', shape, false, false);
  }
  if (shape === 'object') {
    if (!explode) return all.length ? split(all[0]!, ',', shape, false, false) : undefined;
    const object: Record<string, string> = {};
    for (const [key, value] of query) if (isProperty(key)) object[key] = value;
    return Object.keys(object).length ? object : undefined;
  }
  if (!all.length) return undefined;
  return all.length === 1 ? all[0]! : all;
}

/** "a,b" → ["a","b"]; objects: "k,v,k2,v2", or "k=v,k2=v2" exploded. */
function split(text: string, separator: string, shape: Shape, explode: boolean, trim: boolean): Raw {
  const parts = text.split(separator).map((s) => (trim ? s.trim() : s));
  if (shape === 'array') return text === '' ? [] : parts;
  if (shape !== 'object') return text;
  const object: Record<string, string> = {};
  if (explode) {
    for (const part of parts) {
      const eq = part.indexOf('=');
      if (eq < 0) throw new Unreadable(`"${part}" is not a key=value pair`);
      object[part.slice(0, eq)] = part.slice(eq + 1);
    }
  } else {
    if (parts.length % 2) throw new Unreadable('must list keys and values in pairs ("key,value,key,value")');
    for (let i = 0; i < parts.length; i += 2) object[parts[i]!] = parts[i + 1]!;
  }
  return object;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new Unreadable('is not a valid percent-encoded value');
  }
}

function decodeAll(raw: Raw): Raw {
  if (typeof raw === 'string') return decode(raw);
  if (Array.isArray(raw)) return raw.map(decode);
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [decode(k), decode(v)]));
}

function shapeOf(schema: ApiSchema | undefined): Shape {
  if (!schema) return 'primitive';
  const types = schema.types.filter((t) => t !== 'null');
  if (types.includes('array') || (!types.length && schema.items)) return 'array';
  if (types.includes('object') || (!types.length && schema.properties.length > 0)) return 'object';
  return 'primitive';
}
