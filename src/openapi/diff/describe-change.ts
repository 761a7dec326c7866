import type { Diff } from 'api-smart-diff';
import { getAtPointer } from '../load/pointer.js';
import { locatePointer } from './locate-pointer.js';

// One sentence per change, written from the change's path: what changed (a property, a parameter,
// a response), where (the body of POST /quoter) and how. api-smart-diff's own descriptions
// ("[Added] required status to `x` in Request Body content (application/json)") are not sentences
// and misname some changes (an optional parameter removed is "required"), so they are not used.

type Segment = string | number;

export interface DescribeContext {
  oldDoc: unknown;
  newDoc: unknown;
  /** "POST /quoter", or undefined for a change outside the operations. */
  operation: string | undefined;
  /** How many segments of the path name the operation (3: paths, template, method; 2: a path's shared parts). */
  depth: number;
  /** The change adds a property that is also added to `required` (one change, said once). */
  newRequired?: boolean;
}

/** The sentence for a change (the operation's own changes, its parameters, body, responses and their schemas). */
export function describeChange(diff: Diff, ctx: DescribeContext): string {
  const rest = diff.path.slice(ctx.depth);
  const op = ctx.operation ?? 'the API';
  if (ctx.operation === undefined) return describeApiWide(diff);
  if (rest.length === 0) return sentence(diff.action === 'add' ? `${op} was added` : diff.action === 'remove' ? `${op} was removed` : `${op} changed`);
  const [first, second] = rest;
  if (rest.length === 1) {
    if (first === 'deprecated') return deprecationSentence(op, diff);
    if (first === 'security') return sentence(`The security requirements of ${op} ${verb(diff.action)}`);
    if (first === 'requestBody')
      return sentence(
        diff.action === 'add'
          ? `${op} now takes a request body`
          : diff.action === 'remove'
            ? `${op} no longer takes a request body`
            : `The request body of ${op} changed`,
      );
    return sentence(`${field(String(first))} of ${op} ${changeText(diff)}`);
  }
  if (first === 'security') return sentence(`A security requirement of ${op} ${verb(diff.action)}${requirementNames(diff)}`);
  if (first === 'parameters') {
    const param = parameterAt(diff, ctx, diff.path.slice(0, ctx.depth + 2));
    const where = `${param} of ${op}`;
    const tail = rest.slice(2);
    if (tail.length === 0) {
      const value = (diff.action === 'add' ? diff.after : diff.before) as { required?: boolean } | undefined;
      if (diff.action === 'add') return sentence(`New ${value?.required ? 'required' : 'optional'} ${param} in ${op}`);
      if (diff.action === 'remove') return sentence(`${capital(param)} was removed from ${op}`);
      return sentence(`${capital(where)} changed`);
    }
    if (tail[0] === 'required' && tail.length === 1) return sentence(`${capital(where)} is ${diff.after === true ? 'now required' : 'now optional'}`);
    if (tail[0] === 'name' && tail.length === 1) return sentence(`${capital(where)} is now named ${code(String(diff.after))}`);
    if (tail[0] === 'deprecated' && tail.length === 1) return sentence(`${capital(where)} is ${diff.after === true ? 'deprecated' : 'no longer deprecated'}`);
    if (tail[0] === 'schema') return describeSchema(diff, tail.slice(1), where, ctx.newRequired);
    return sentence(`${field(String(tail[tail.length - 1]))} of ${where} ${changeText(diff)}`);
  }
  if (first === 'requestBody') {
    const tail = rest.slice(1);
    if (tail[0] === 'required' && tail.length === 1) return sentence(`The request body of ${op} is ${diff.after === true ? 'now required' : 'now optional'}`);
    if (tail[0] === 'content')
      return describeContent(diff, tail.slice(1), { where: `the body of ${op}`, owner: `request body of ${op}`, newRequired: ctx.newRequired });
    return sentence(`${field(String(tail[tail.length - 1]))} of the request body of ${op} ${changeText(diff)}`);
  }
  if (first === 'responses') {
    const status = String(second);
    const tail = rest.slice(2);
    const response = status === 'default' ? 'default response' : `${status} response`;
    if (tail.length === 0)
      return sentence(`The ${response} of ${op} was ${diff.action === 'add' ? 'added' : diff.action === 'remove' ? 'removed' : 'changed'}`);
    if (tail[0] === 'content')
      return describeContent(diff, tail.slice(1), { where: `the ${response} of ${op}`, owner: `${response} of ${op}`, newRequired: ctx.newRequired });
    if (tail[0] === 'headers' && tail.length >= 2) {
      const header = `header ${code(String(tail[1]))} of the ${response} of ${op}`;
      if (tail.length === 2) return sentence(`${capital(header)} was ${diff.action === 'add' ? 'added' : diff.action === 'remove' ? 'removed' : 'changed'}`);
      if (tail[2] === 'schema') return describeSchema(diff, tail.slice(3), header, ctx.newRequired);
      return sentence(`${field(String(tail[tail.length - 1]))} of ${header} ${changeText(diff)}`);
    }
    return sentence(`${field(String(tail[tail.length - 1]))} of the ${response} of ${op} ${changeText(diff)}`);
  }
  return sentence(`${field(rest.map(String).join('.'))} of ${op} ${changeText(diff)}`);
}

/** `content/<media type>/…`: the media type itself, or its schema. */
function describeContent(diff: Diff, tail: readonly Segment[], place: { where: string; owner: string; newRequired: boolean | undefined }): string {
  const { where, owner } = place;
  const mediaType = String(tail[0]);
  if (tail.length === 1)
    return sentence(`The ${owner} ${diff.action === 'add' ? 'can now be' : diff.action === 'remove' ? 'can no longer be' : 'changed for'} ${code(mediaType)}`);
  if (tail[1] === 'schema') return describeSchema(diff, tail.slice(2), where, place.newRequired);
  return sentence(`${field(String(tail[tail.length - 1]))} of the ${code(mediaType)} ${owner} ${changeText(diff)}`);
}

const ANNOTATIONS = new Set(['description', 'title', 'summary', 'example', 'examples', 'externalDocs', 'xml', 'x-examples']);

/** A change inside a schema: `properties/a/items/properties/b/maxLength` is `maxLength` of `a[].b`. */
export function describeSchema(diff: Diff, schemaPath: readonly Segment[], where: string, newRequired = false): string {
  const names: string[] = [];
  let i = 0;
  for (; i < schemaPath.length; i++) {
    const segment = schemaPath[i];
    if ((segment === 'properties' || segment === 'patternProperties') && i + 1 < schemaPath.length) names.push(String(schemaPath[++i]));
    else if (segment === 'items') names.push('[]');
    else if (segment === 'additionalProperties') names.push('*');
    else if ((segment === 'allOf' || segment === 'oneOf' || segment === 'anyOf') && i + 1 < schemaPath.length) i++;
    else break;
  }
  const name = names.join('.').replace(/\.\[\]/g, '[]');
  const keyword = schemaPath[i] === undefined ? undefined : String(schemaPath[i]);
  const subject = name ? code(name) : where;
  const inWhere = name ? ` in ${where}` : '';
  if (keyword === undefined) {
    if (!name) return sentence(`The schema of ${where} ${verb(diff.action)}`);
    if (diff.action === 'add') return sentence(`New ${newRequired ? 'required ' : ''}property ${subject}${inWhere}`);
    if (diff.action === 'remove') return sentence(`${subject} was removed from ${where}`);
    return sentence(`${subject}${inWhere} changed`);
  }
  const prefix = name ? `${name}.` : '';
  if (keyword === 'required') {
    const listed = (values: unknown): string => list((Array.isArray(values) ? values : [values]).map((v) => code(prefix + String(v))));
    const added = diff.action === 'add' || (diff.action === 'replace' && diff.after !== undefined);
    if (diff.action === 'replace') return sentence(`Required properties in ${where} changed from ${listed(diff.before)} to ${listed(diff.after)}`);
    const values = added ? diff.after : diff.before;
    const many = Array.isArray(values) && values.length > 1;
    return sentence(`${listed(values)} ${many ? 'are' : 'is'} ${added ? 'now required' : 'no longer required'} in ${where}`);
  }
  if (keyword === 'enum') {
    const whole = schemaPath.length === i + 1;
    if (whole && diff.action === 'add') return sentence(`${capital(subject)}${inWhere} is now limited to ${list(asArray(diff.after).map(value))}`);
    if (whole && diff.action === 'remove') return sentence(`${capital(subject)}${inWhere} no longer has a list of allowed values`);
    if (whole) return sentence(`The allowed values of ${subject}${inWhere} changed`);
    if (diff.action === 'add') return sentence(`${value(diff.after)} is a new allowed value of ${subject}${inWhere}`);
    if (diff.action === 'remove') return sentence(`${value(diff.before)} is no longer an allowed value of ${subject}${inWhere}`);
    return sentence(`The allowed value ${value(diff.before)} of ${subject}${inWhere} is now ${value(diff.after)}`);
  }
  if (keyword === 'type' && diff.action === 'replace')
    return sentence(`The type of ${subject}${inWhere} changed from ${typeText(diff.before)} to ${typeText(diff.after)}`);
  if (keyword === 'deprecated') return sentence(`${capital(subject)}${inWhere} is ${diff.after === true ? 'deprecated' : 'no longer deprecated'}`);
  if (keyword === 'default') {
    if (diff.action === 'add') return sentence(`${capital(subject)}${inWhere} now defaults to ${value(diff.after)}`);
    if (diff.action === 'remove') return sentence(`${capital(subject)}${inWhere} no longer has a default (it was ${value(diff.before)})`);
    return sentence(`The default of ${subject}${inWhere} changed from ${value(diff.before)} to ${value(diff.after)}`);
  }
  if (ANNOTATIONS.has(keyword)) return sentence(`The ${keyword} of ${subject}${inWhere} ${verb(diff.action)}`);
  if (diff.action === 'add') return sentence(`${capital(subject)}${inWhere} now has ${code(keyword)} ${value(diff.after)}`);
  if (diff.action === 'remove') return sentence(`${capital(subject)}${inWhere} no longer has ${code(keyword)} (it was ${value(diff.before)})`);
  return sentence(`${code(keyword)} of ${subject}${inWhere} changed from ${value(diff.before)} to ${value(diff.after)}`);
}

/** Changes outside the operations: info, servers, top-level security, security schemes, tags. */
function describeApiWide(diff: Diff): string {
  const [first, second, third] = diff.path;
  if (first === 'components' && second === 'securitySchemes') {
    const scheme = code(String(third));
    if (diff.path.length === 3)
      return sentence(`The security scheme ${scheme} was ${diff.action === 'add' ? 'added' : diff.action === 'remove' ? 'removed' : 'changed'}`);
    return sentence(`${field(diff.path.slice(3).map(String).join('.'))} of the security scheme ${scheme} ${changeText(diff)}`);
  }
  if (first === 'security') return sentence(`The API-wide security requirements ${verb(diff.action)}${requirementNames(diff)}`);
  if (first === 'info' && second === 'version' && diff.action === 'replace')
    return sentence(`The API's version (${code('info.version')}) changed from ${value(diff.before)} to ${value(diff.after)}`);
  if (first === 'openapi' && diff.action === 'replace')
    return sentence(`The document's OpenAPI version changed from ${value(diff.before)} to ${value(diff.after)} (Swagger 2.0 is compared as 3.0)`);
  if (first === 'servers') return sentence(`The servers ${verb(diff.action)}${diff.path.length > 1 ? ` (${diff.path.slice(1).join('.')})` : ''}`);
  return sentence(`${field(diff.path.map(String).join('.'))} ${changeText(diff)}`);
}

function deprecationSentence(op: string, diff: Diff): string {
  return sentence(`${op} is ${diff.after === true ? 'deprecated' : 'no longer deprecated'}`);
}

/** "query parameter `currency`", read from the document the path was written for. */
function parameterAt(diff: Diff, ctx: DescribeContext, path: readonly Segment[]): string {
  const doc = diff.action === 'add' ? ctx.newDoc : ctx.oldDoc;
  const pointer = locatePointer(doc, path);
  const param = (pointer === undefined ? undefined : getAtPointer(doc, pointer)) as { name?: unknown; in?: unknown } | undefined;
  if (!param || typeof param.name !== 'string') return 'a parameter';
  return `${typeof param.in === 'string' ? `${param.in} ` : ''}parameter ${code(param.name)}`;
}

function requirementNames(diff: Diff): string {
  const value = diff.action === 'remove' ? diff.before : diff.after;
  const names = asArray(value).flatMap((r) => (r !== null && typeof r === 'object' ? Object.keys(r) : []));
  return names.length ? ` (${list(names.map(code))})` : '';
}

/** "`description`", "`operationId`": the field named in a sentence. */
function field(name: string): string {
  return `The ${code(name)}`;
}

function changeText(diff: Diff): string {
  if (diff.action === 'add') return `was added (${value(diff.after)})`;
  if (diff.action === 'remove') return `was removed (it was ${value(diff.before)})`;
  if (diff.action === 'rename') return `was renamed from ${value(diff.before)} to ${value(diff.after)}`;
  return `changed from ${value(diff.before)} to ${value(diff.after)}`;
}

function verb(action: Diff['action']): string {
  return action === 'add' ? 'were added' : action === 'remove' ? 'were removed' : 'changed';
}

function typeText(type: unknown): string {
  return Array.isArray(type) ? type.map((t) => code(String(t))).join(' or ') : code(String(type));
}

/** A value as a code span, cut at 60 characters: `"air"`, `10`, `{"type":"string"}`. */
export function value(v: unknown): string {
  if (v === undefined) return code('undefined');
  const text = JSON.stringify(v) ?? String(v);
  return code(text.length > 60 ? `${text.slice(0, 59)}…` : text);
}

/** A Markdown code span that holds any text (a longer fence when the text has backticks). */
export function code(text: string): string {
  const runs = text.match(/`+/g) ?? [];
  const fence = '`'.repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  const pad = runs.length ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : v === undefined ? [] : [v];
}

function capital(text: string): string {
  return text.startsWith('`') ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

function sentence(text: string): string {
  return `${capital(text)}.`;
}
