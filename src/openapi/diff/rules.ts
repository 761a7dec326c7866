import type { Diff } from 'api-smart-diff';
import type { ChangeKind } from './change.js';

// Where api-smart-diff 1.0.6's verdict differs from oasdiff's published checks (or misses a change),
// a small rule decides instead. Each takes the library's diff (and, where needed, the operation on
// both sides) and returns our verdict or undefined (the library's stands). The README lists them.

type Segment = string | number;
type Obj = Record<string, unknown>;

/** The operation a path belongs to: ['paths', template, method, …rest]. */
export const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * The library reports a change in a shared schema twice: where each operation uses it (resolved)
 * and under /components (with no context, so a response-only schema's changes are judged as a
 * request's). The operations' copies are the ones that say who is affected; the echo is left out.
 * Security schemes are used by name, not by reference, so their changes stay.
 */
export function isComponentEcho(diff: Diff): boolean {
  return diff.path[0] === 'components' && diff.path[1] !== 'securitySchemes';
}

/**
 * `deprecated` removed or set to false: the library counts it as a deprecation ("deprecated"); it
 * withdraws one, and nothing a client does stops working.
 */
export function deprecationRemoved(diff: Diff): ChangeKind | undefined {
  if (diff.path[diff.path.length - 1] !== 'deprecated') return undefined;
  return diff.after === true ? undefined : 'non-breaking';
}

/**
 * `default` of a schema changed, added or removed: oasdiff (since 1.30) reports a request
 * parameter's default change at info level, as no request valid before becomes invalid; the
 * library calls every default change breaking.
 */
export function defaultChanged(diff: Diff): ChangeKind | undefined {
  const n = diff.path.length;
  if (diff.path[n - 1] !== 'default' || diff.path[n - 2] === 'responses') return undefined;
  return diff.path.includes('schema') ? 'non-breaking' : undefined;
}

/**
 * A type changed to a wider one in a request (`number` → `["number", "null"]`, `integer` →
 * `number`: every request valid before still is) or to a narrower one in a response (every
 * response a client handled before it still can): not breaking. The library calls any type change
 * breaking.
 */
export function compatibleTypeChange(diff: Diff, inRequest: boolean): ChangeKind | undefined {
  if (diff.path[diff.path.length - 1] !== 'type' || diff.action !== 'replace') return undefined;
  const before = typeSet(diff.before);
  const after = typeSet(diff.after);
  if (!before || !after) return undefined;
  const widened = covers(after, before) && !covers(before, after);
  const narrowed = covers(before, after) && !covers(after, before);
  if ((inRequest && widened) || (!inRequest && narrowed)) return 'non-breaking';
  return undefined;
}

function typeSet(type: unknown): Set<string> | undefined {
  const list = Array.isArray(type) ? type : [type];
  return list.every((t) => typeof t === 'string') ? new Set(list as string[]) : undefined;
}

/** Every value of type set `b` is a value of type set `a` (a number covers an integer). */
function covers(a: Set<string>, b: Set<string>): boolean {
  for (const t of b) if (!a.has(t) && !(t === 'integer' && a.has('number'))) return false;
  return true;
}

/**
 * A security requirement on an operation that could be called without credentials (no
 * requirement of its own or inherited, or an empty `{}` alternative) is breaking: every client
 * that called it anonymously now gets 401 (oasdiff since 1.34). The library calls an operation's
 * new `security` non-breaking ("annotation"). Adding an alternative to existing requirements stays
 * non-breaking: clients keep using the one they have.
 */
export function securityRequirementAdded(ops: { oldOp: Obj | undefined; newOp: Obj | undefined; oldRoot: Obj; newRoot: Obj }): ChangeKind | undefined {
  if (!ops.oldOp || !ops.newOp) return undefined;
  const anonymous = (op: Obj, root: Obj): boolean => {
    const requirements = (op.security ?? root.security) as unknown;
    if (!Array.isArray(requirements) || requirements.length === 0) return true;
    return requirements.some((r) => r !== null && typeof r === 'object' && Object.keys(r).length === 0);
  };
  return anonymous(ops.oldOp, ops.oldRoot) && !anonymous(ops.newOp, ops.newRoot) ? 'breaking' : undefined;
}

export interface MovedParameter {
  removed: Diff;
  added: Diff;
  name: string;
  from: string;
  to: string;
}

/**
 * A parameter removed from one place and added in another under the same name (`currency` from
 * the query to a header) is one change, and breaking: clients still send it where it was. The
 * library reports two unrelated changes (and names the removed optional one "required").
 * `diffs` are one operation's whole-parameter additions and removals.
 */
export function movedParameters(diffs: readonly Diff[]): MovedParameter[] {
  const removed = new Map<string, Diff>();
  for (const d of diffs) if (d.action === 'remove') removed.set(parameterName(d.before), d);
  const moved: MovedParameter[] = [];
  for (const d of diffs) {
    if (d.action !== 'add') continue;
    const name = parameterName(d.after);
    const match = removed.get(name);
    const from = (match?.before as Obj | undefined)?.in;
    const to = (d.after as Obj | undefined)?.in;
    if (!match || !name || typeof from !== 'string' || typeof to !== 'string' || from === to) continue;
    removed.delete(name);
    moved.push({ removed: match, added: d, name, from, to });
  }
  return moved;
}

/** Header names are case-insensitive; a parameter moved between places keeps its name. */
function parameterName(param: unknown): string {
  const name = (param as Obj | undefined)?.name;
  return typeof name === 'string' ? name.toLowerCase() : '';
}

/**
 * A path template renamed only in its parameter names (`/shipments/{id}` → `/shipments/{shipmentId}`)
 * calls the same URLs: non-breaking, as the library says and as oasdiff matches such paths as one
 * endpoint. The rename of the parameter itself is held to the same verdict (generated SDKs whose
 * argument names change are the one thing a reader should hear about, in the sentence).
 */
export function pathParameterRenamed(diff: Diff, renamedPaths: ReadonlyMap<string, string>): ChangeKind | undefined {
  if (diff.path.length === 1 && diff.path[0] === 'paths' && diff.action === 'rename') return 'non-breaking';
  const path = diff.path as Segment[];
  const n = path.length;
  if (path[0] !== 'paths' || !renamedPaths.has(String(path[1]))) return undefined;
  if (path[n - 1] === 'name' && path[n - 3] === 'parameters' && diff.action === 'replace') return 'non-breaking';
  return undefined;
}

/** Keys whose children are names (a property named `description`, an example named `summary`), not keywords. */
const NAMED_CHILDREN = new Set([
  'properties',
  'patternProperties',
  'paths',
  'webhooks',
  'responses',
  'content',
  'headers',
  'examples',
  'links',
  'callbacks',
  'encoding',
  'variables',
  'securitySchemes',
  'schemas',
  'parameters',
  'requestBodies',
  'scopes',
  'mapping',
]);

/** Keywords that only document: no request or response changes with them. */
const DOCUMENTATION_KEYWORDS = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs']);

/** Extensions read by documentation tools only (sample code, logos, display names, tag groups). */
const DOCUMENTATION_EXTENSIONS = new Set(['x-examples', 'x-codeSamples', 'x-code-samples', 'x-logo', 'x-tagGroups', 'x-displayName', 'x-traitTag', 'x-badges']);

/**
 * A change under a description, summary, title, example(s), external docs link or a documentation
 * extension is documentation-only, whatever the library says (it calls an added example or
 * extension "unclassified", which would be non-breaking). A property or example that is *named*
 * `description` is not a keyword: the segment after `properties`, `examples`, … is skipped.
 */
export function documentationOnly(diff: Diff): ChangeKind | undefined {
  if (diff.type === 'annotation') return undefined;
  const path = diff.path;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    if (typeof segment !== 'string') continue;
    if (i > 0 && NAMED_CHILDREN.has(String(path[i - 1]))) continue;
    if (DOCUMENTATION_KEYWORDS.has(segment) || DOCUMENTATION_EXTENSIONS.has(segment)) return 'documentation-only';
  }
  return undefined;
}
