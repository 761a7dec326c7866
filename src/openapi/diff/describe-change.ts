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
  if (ctx.operation === undefined) return describeApiWide(diff);
  const op = ctx.operation;
  if (rest.length === 0) return sentence(`${op} ${wasAction(diff.action)}`);
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
  }
  if (first === 'tags') return operationTags(diff, op, rest.length === 1);
  if (first === 'security')
    return sentence(
      `A security requirement of ${op} ${diff.action === 'add' ? 'was added' : diff.action === 'remove' ? 'was removed' : 'changed'}${requirementNames(diff)}`,
    );
  if (first === 'parameters' && rest.length >= 2) {
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
    if (tail[0] === 'content' && tail.length >= 2) return describeContent(diff, tail.slice(1), { where, ctx, contentPath: diff.path.slice(0, ctx.depth + 3) });
    return describeField(diff, tail, where);
  }
  if (first === 'requestBody') {
    const tail = rest.slice(1);
    const body = `the request body of ${op}`;
    if (tail[0] === 'required' && tail.length === 1) return sentence(`The request body of ${op} is ${diff.after === true ? 'now required' : 'now optional'}`);
    if (tail[0] === 'content' && tail.length >= 2)
      return describeContent(diff, tail.slice(1), {
        where: `the body of ${op}`,
        ctx,
        contentPath: diff.path.slice(0, ctx.depth + 2),
        newRequired: ctx.newRequired,
      });
    return describeField(diff, tail, body);
  }
  if (first === 'responses' && rest.length >= 2) {
    const status = String(second);
    const tail = rest.slice(2);
    const response = `the ${status === 'default' ? 'default' : status} response of ${op}`;
    if (tail.length === 0) return sentence(`${response} ${wasAction(diff.action)}`);
    if (tail[0] === 'content' && tail.length >= 2)
      return describeContent(diff, tail.slice(1), { where: response, ctx, contentPath: diff.path.slice(0, ctx.depth + 3), newRequired: ctx.newRequired });
    if (tail[0] === 'headers' && tail.length >= 2) {
      const header = `header ${code(String(tail[1]))} of ${response}`;
      if (tail.length === 2) return sentence(`${capital(header)} ${wasAction(diff.action)}`);
      if (tail[2] === 'schema') return describeSchema(diff, tail.slice(3), header, ctx.newRequired);
      return describeField(diff, tail.slice(2), `the ${header}`);
    }
    return describeField(diff, tail, response);
  }
  return describeField(diff, rest, op);
}

/** `content/<media type>/…`: the media type itself, its schema or its examples. */
function describeContent(
  diff: Diff,
  tail: readonly Segment[],
  place: { where: string; ctx: DescribeContext; contentPath: readonly Segment[]; newRequired?: boolean | undefined },
): string {
  const { where } = place;
  const mediaType = String(tail[0]);
  if (tail.length === 1) {
    if (diff.action === 'add') return sentence(`${capital(where)} can now be ${code(mediaType)}`);
    if (diff.action === 'remove') return sentence(`${capital(where)} can no longer be ${code(mediaType)}`);
    return sentence(`The ${code(mediaType)} content of ${where} changed`);
  }
  if (tail[1] === 'schema') return describeSchema(diff, tail.slice(2), where, place.newRequired);
  // The media type is named only where the content offers several.
  const several = [place.ctx.newDoc, place.ctx.oldDoc].some((doc) => {
    const pointer = locatePointer(doc, place.contentPath);
    const content = pointer === undefined ? undefined : getAtPointer(doc, pointer);
    return content !== null && typeof content === 'object' && Object.keys(content).length > 1;
  });
  return describeField(diff, tail.slice(1), several ? `${where} (${code(mediaType)})` : where);
}

const DOCUMENTATION_FIELDS: Record<string, string> = {
  description: 'description',
  summary: 'summary',
  title: 'title',
  externalDocs: 'external documentation link',
  example: 'example',
  'x-examples': 'example',
};

/** A field of an operation, parameter, body or response: `rest` starts at the field's name. */
export function describeField(diff: Diff, rest: readonly Segment[], where: string): string {
  const name = String(rest[0]);
  if (name === 'examples') return examplesSentence(diff, rest, where);
  const label = DOCUMENTATION_FIELDS[name];
  if (label !== undefined) return documentationSentence(diff, label, rest.length === 1, where);
  if (rest.length > 1) return sentence(`The field ${code(name)} of ${where} changed`);
  return sentence(`The ${name === 'operationId' ? 'operation ID' : `field ${code(name)}`} of ${where} ${changeText(diff)}`);
}

/** A description, summary, title, example or external link: "The description of GET /x changed." */
function documentationSentence(diff: Diff, label: string, whole: boolean, where: string): string {
  const article = /^[aeiou]/.test(label) ? 'An' : 'A';
  if (!whole) return sentence(`The ${label} of ${where} changed`);
  if (diff.action === 'add') return sentence(`${article} ${label} was added to ${where}`);
  if (diff.action === 'remove') return sentence(`The ${label} of ${where} was removed`);
  const texts = label === 'example' ? '' : textChange(diff.before, diff.after);
  return sentence(`The ${label} of ${where} changed${texts}`);
}

/** Named examples (`examples/<name>/…`). */
function examplesSentence(diff: Diff, rest: readonly Segment[], where: string): string {
  if (rest.length === 1) {
    const value = diff.action === 'remove' ? diff.before : diff.after;
    const names = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).map(code) : [];
    if (diff.action === 'add' && names.length)
      return sentence(`${names.length > 1 ? 'The examples' : 'The example'} ${list(names)} ${names.length > 1 ? 'were' : 'was'} added to ${where}`);
    if (diff.action === 'remove' && names.length)
      return sentence(`${names.length > 1 ? 'The examples' : 'The example'} ${list(names)} ${names.length > 1 ? 'were' : 'was'} removed from ${where}`);
    return sentence(`The examples of ${where} changed`);
  }
  const example = `example ${code(String(rest[1]))}`;
  if (rest.length === 2 && diff.action === 'add') return sentence(`The ${example} was added to ${where}`);
  if (rest.length === 2 && diff.action === 'remove') return sentence(`The ${example} was removed from ${where}`);
  return sentence(`The ${example} of ${where} changed`);
}

/** An operation's tags: `tags` whole, or one entry. */
function operationTags(diff: Diff, op: string, whole: boolean): string {
  const names = (v: unknown): string => list(asArray(v).map((t) => code(String(t))));
  if (whole && diff.action === 'add') return sentence(`${op} is now tagged ${names(diff.after)}`);
  if (whole && diff.action === 'remove') return sentence(`${op} is no longer tagged ${names(diff.before)}`);
  if (diff.action === 'add') return sentence(`${op} is now tagged ${names(diff.after)}`);
  if (diff.action === 'remove') return sentence(`${op} is no longer tagged ${names(diff.before)}`);
  if (typeof diff.before === 'string' && typeof diff.after === 'string')
    return sentence(`${op} is now tagged ${code(diff.after)} instead of ${code(diff.before)}`);
  return sentence(`The tags of ${op} changed`);
}

const ANNOTATIONS = new Set(['description', 'title', 'summary', 'example', 'examples', 'externalDocs', 'x-examples']);

/** A change inside a schema: `properties/a/items/properties/b/maxLength` is `maxLength` of `a[].b`. */
function describeSchema(diff: Diff, schemaPath: readonly Segment[], where: string, newRequired = false): string {
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
    if (!name) return sentence(`The schema of ${where} ${wasAction(diff.action)}`);
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
    if (diff.action === 'remove') return sentence(`${capital(subject)}${inWhere} no longer has a default${shown(diff.before, ' (it was ', ')')}`);
    return sentence(`The default of ${subject}${inWhere} changed${fromTo(diff.before, diff.after)}`);
  }
  if (ANNOTATIONS.has(keyword)) return describeField(diff, schemaPath.slice(i), name ? `${subject}${inWhere}` : where);
  const whole = schemaPath.length === i + 1;
  if (!whole) return sentence(`${code(keyword)} of ${subject}${inWhere} changed`);
  if (diff.action === 'add') return sentence(`${capital(subject)}${inWhere} now has ${code(keyword)}${shown(diff.after, ' ')}`);
  if (diff.action === 'remove') return sentence(`${capital(subject)}${inWhere} no longer has ${code(keyword)}${shown(diff.before, ' (it was ', ')')}`);
  return sentence(`${code(keyword)} of ${subject}${inWhere} changed${fromTo(diff.before, diff.after)}`);
}

/** Changes outside the operations: info, servers, top-level security, security schemes, external docs. */
function describeApiWide(diff: Diff): string {
  const [first, second, third] = diff.path;
  const n = diff.path.length;
  if (first === 'components' && second === 'securitySchemes') {
    const scheme = `the security scheme ${code(String(third))}`;
    if (n === 3) return sentence(`${scheme} ${wasAction(diff.action)}`);
    const [, , , , flow, scopes, scope] = diff.path;
    if (diff.path[3] === 'flows' && scopes === 'scopes' && n === 7)
      return sentence(`The scope ${code(String(scope))} of the ${code(String(flow))} flow of ${scheme} ${wasAction(diff.action)}`);
    return describeField(diff, diff.path.slice(3), scheme);
  }
  if (first === 'security') return sentence(`The API-wide security requirements ${verb(diff.action)}${requirementNames(diff)}`);
  if (first === 'info' && second === 'version' && n === 2) return sentence(`The API's version changed${fromTo(diff.before, diff.after)}`);
  if (first === 'info' && n >= 2) return describeField(diff, diff.path.slice(1), 'the API');
  if (first === 'info') return sentence(`The API's \`info\` ${wasAction(diff.action)}`);
  if (first === 'openapi' && diff.action === 'replace')
    return sentence(`The document's OpenAPI version changed${fromTo(diff.before, diff.after)} (Swagger 2.0 is compared as 3.0)`);
  if (first === 'servers') return serversSentence(diff);
  if (first === 'externalDocs') return describeField(diff, diff.path, 'the API');
  if (n === 1) return sentence(`The field ${code(String(first))} of the document ${changeText(diff)}`);
  return sentence(`The field ${code(String(first))} of the document changed`);
}

/** `servers`, a server, or a field of one (named by its URL). */
function serversSentence(diff: Diff): string {
  const n = diff.path.length;
  const servers = (v: unknown): string[] =>
    asArray(v).flatMap((s) =>
      s !== null && typeof s === 'object' && typeof (s as { url?: unknown }).url === 'string' ? [code((s as { url: string }).url)] : [],
    );
  if (n <= 2 && diff.action !== 'replace') {
    const urls = servers(diff.action === 'add' ? diff.after : diff.before);
    if (urls.length === 0) return sentence(`The servers ${verb(diff.action)}`);
    return sentence(
      `${urls.length > 1 ? 'The servers' : 'The server'} ${list(urls)} ${urls.length > 1 ? 'were' : 'was'} ${diff.action === 'add' ? 'added' : 'removed'}`,
    );
  }
  if (n === 3 && diff.path[2] === 'url') return sentence(`A server's URL changed${fromTo(diff.before, diff.after)}`);
  return sentence('The servers changed');
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

function changeText(diff: Diff): string {
  if (diff.action === 'add') return `was added${shown(diff.after, ' (', ')')}`;
  if (diff.action === 'remove') return `was removed${shown(diff.before, ' (it was ', ')')}`;
  if (diff.action === 'rename') return `was renamed${fromTo(diff.before, diff.after)}`;
  return `changed${fromTo(diff.before, diff.after)}`;
}

function wasAction(action: Diff['action']): string {
  return action === 'add' ? 'was added' : action === 'remove' ? 'was removed' : 'changed';
}

function verb(action: Diff['action']): string {
  return action === 'add' ? 'were added' : action === 'remove' ? 'were removed' : 'changed';
}

/** " from `a` to `b`" when both are short enough to show whole and differ as shown; else nothing. */
function fromTo(before: unknown, after: unknown): string {
  const a = shortValue(before);
  const b = shortValue(after);
  return a !== undefined && b !== undefined && a !== b ? ` from ${a} to ${b}` : '';
}

/** A short value between `open` and `close`, or nothing when it is too long to show whole. */
function shown(v: unknown, open: string, close = ''): string {
  const text = shortValue(v);
  return text === undefined ? '' : `${open}${text}${close}`;
}

const SHORT = 60;

/** A value whole as a code span (a plain string without quotes), or undefined when longer than 60 characters. */
function shortValue(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  const text = typeof v === 'string' && /^\S(.*\S)?$/.test(v) && !v.includes('\n') ? v : (JSON.stringify(v) ?? String(v));
  return text.length > SHORT ? undefined : code(text);
}

/** Prose (a description, a summary) changed: ` from “a” to “b”` when both are short single lines, else nothing. */
function textChange(before: unknown, after: unknown): string {
  const plain = (v: unknown): v is string => typeof v === 'string' && v.length <= SHORT && !/[\n`“”]/.test(v) && v.trim() === v && v !== '';
  return plain(before) && plain(after) && before !== after ? ` from “${before}” to “${after}”` : '';
}

function typeText(type: unknown): string {
  return Array.isArray(type) ? type.map((t) => code(String(t))).join(' or ') : code(String(type));
}

/** A value as a code span: a plain string without quotes (`air`), others as JSON (`10`, `""`), cut at 60 characters. */
function value(v: unknown): string {
  if (v === undefined) return code('undefined');
  const text = typeof v === 'string' && /^\S(.*\S)?$/.test(v) && !v.includes('\n') ? v : (JSON.stringify(v) ?? String(v));
  return code(text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text);
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

/** Capitalised, with a full stop (not a second one after a quotation that ends with its own). */
function sentence(text: string): string {
  return /[.!?]”$/.test(text) ? capital(text) : `${capital(text)}.`;
}
