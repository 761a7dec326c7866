import { apiCompare, type Diff } from 'api-smart-diff';
import { CHANGE_KINDS, type ApiChange, type ChangeKind, type ChangedOperation } from './change.js';
import { code, describeChange, describeField } from './describe-change.js';
import { getAtPointer, joinPointer } from '../load/pointer.js';
import { locatePointer } from './locate-pointer.js';
import {
  compatibleTypeChange,
  defaultChanged,
  deprecationRemoved,
  documentationOnly,
  HTTP_METHODS,
  isComponentEcho,
  movedParameters,
  pathParameterRenamed,
  securityRequirementAdded,
} from './rules.js';

// Two OpenAPI 3.x documents (Swagger 2.0 converted first) → the changes between them, operation by
// operation: api-smart-diff's diffs, its verdicts corrected by our rules (rules.ts), each with a
// sentence and its pointer on both sides. One pass over the diffs; each costs its path's length.

type Obj = Record<string, unknown>;

const KIND_OF_TYPE: Record<Diff['type'], ChangeKind> = {
  breaking: 'breaking',
  'non-breaking': 'non-breaking',
  deprecated: 'deprecation',
  annotation: 'documentation-only',
  // Extensions (x-…) and the like: no rule says they break anything.
  unclassified: 'non-breaking',
};

interface Where {
  operation: ChangedOperation | null;
  /** "POST /quoter" for sentences. */
  label: string | undefined;
  /** Segments of the path that name the operation (paths, template[, method]). */
  depth: number;
  oldOp: Obj | undefined;
  newOp: Obj | undefined;
}

export function compareDocuments(oldDoc: Obj, newDoc: Obj): ApiChange[] {
  // Tags are compared by name here (the library compares the array by index); webhooks one by one.
  // The library normalises what it is given in place (drops `required: false`, …): it gets copies, so
  // the documents (the build's own, for the changelog) stay as loaded and pointers are found in them.
  const diffs = apiCompare(structuredClone(oldDoc), structuredClone(newDoc))
    .diffs.filter((d) => d.path[0] !== 'tags')
    .flatMap(eachWebhook);
  const renamedPaths = new Map<string, string>();
  for (const d of diffs) if (d.action === 'rename' && d.path.length === 1 && d.path[0] === 'paths') renamedPaths.set(String(d.before), String(d.after));

  const changes: ApiChange[] = tagChanges(oldDoc, newDoc);
  const wholeParameters = new Map<string, Diff[]>();
  const requiredAdded = new Map<string, Diff>();
  const kept: Diff[] = [];
  for (const d of diffs) {
    if (isComponentEcho(d)) continue;
    kept.push(d);
    const n = d.path.length;
    if (d.path[n - 2] === 'parameters' && (d.action === 'add' || d.action === 'remove') && n <= 5) {
      const key = JSON.stringify(d.path.slice(0, n - 2));
      wholeParameters.set(key, [...(wholeParameters.get(key) ?? []), d]);
    }
    if (d.path[n - 2] === 'required' && d.action === 'add' && typeof d.after === 'string')
      requiredAdded.set(JSON.stringify([...d.path.slice(0, n - 2), 'properties', d.after]), d);
  }

  // One change for a parameter that moved (see movedParameters); its two halves are left out below.
  const merged = new Set<Diff>();
  for (const group of wholeParameters.values()) {
    for (const move of movedParameters(group)) {
      merged.add(move.removed).add(move.added);
      const where = locate(move.removed.path, oldDoc, newDoc, renamedPaths);
      changes.push({
        kind: 'breaking',
        operation: where.operation,
        pointers: { old: pointerOf(oldDoc, move.removed.path), new: addedPointer(newDoc, move.added) },
        message: `Parameter ${code(String((move.added.after as Obj).name))} of ${where.label ?? 'the API'} moved from ${placeName(move.from)} to ${placeName(move.to)}.`,
        action: move.removed.action,
        type: move.removed.type,
        rule: 'parameterMoved',
      });
    }
  }

  // A new property that is also new in `required`: one change, said once.
  const newRequired = new Set<Diff>();
  for (const d of kept) {
    const required = d.action === 'add' ? requiredAdded.get(JSON.stringify(d.path)) : undefined;
    if (required) {
      merged.add(required);
      newRequired.add(d);
    }
  }

  for (const d of kept) {
    if (merged.has(d)) continue;
    const renamesPath = d.action === 'rename' && d.path.length === 1 && d.path[0] === 'paths';
    const where = renamesPath ? renamedTemplate(String(d.after)) : locate(d.path, oldDoc, newDoc, renamedPaths);
    const requiredToo = newRequired.has(d);
    let kind = KIND_OF_TYPE[d.type];
    let rule: string | null = requiredToo ? 'newRequiredProperty' : null;
    const override = (name: string, verdict: ChangeKind | undefined): void => {
      if (verdict === undefined || rule !== null) return;
      rule = name;
      kind = verdict;
    };
    const inRequest = d.path[where.depth] === 'parameters' || d.path[where.depth] === 'requestBody';
    override('documentationOnly', documentationOnly(d));
    override('pathParameterRenamed', pathParameterRenamed(d, renamedPaths));
    if (d.path[where.depth] === 'security')
      override('securityRequirementAdded', securityRequirementAdded({ oldOp: where.oldOp, newOp: where.newOp, oldRoot: oldDoc, newRoot: newDoc }));
    override('deprecationRemoved', deprecationRemoved(d));
    override('defaultChanged', defaultChanged(d));
    override('compatibleTypeChange', compatibleTypeChange(d, inRequest));
    if (requiredToo) kind = 'breaking';

    changes.push({
      kind,
      operation: where.operation,
      pointers: renamesPath
        ? { old: joinPointer(['paths', String(d.before)]), new: joinPointer(['paths', String(d.after)]) }
        : {
            old: d.action === 'add' ? null : pointerOf(oldDoc, d.path),
            new: d.action === 'remove' ? null : d.action === 'add' ? addedPointer(newDoc, d) : pointerOf(newDoc, d.path, oldDoc, renamedPaths),
          },
      message: messageOf(d, where, { oldDoc, newDoc, requiredToo, rule }),
      action: d.action,
      type: d.type,
      rule,
    });
  }
  return changes.sort(byKindThenPlace);
}

function messageOf(d: Diff, where: Where, options: { oldDoc: Obj; newDoc: Obj; requiredToo: boolean; rule: string | null }): string {
  if (d.action === 'rename' && d.path.length === 1 && d.path[0] === 'paths')
    return `The path ${code(String(d.before))} is now written ${code(String(d.after))}: only a path parameter's name changed, the URLs are the same.`;
  if (options.rule === 'securityRequirementAdded')
    return `${capitalFirst(where.label ?? 'the API')} now requires credentials: it could be called without them before.`;
  return describeChange(d, { oldDoc: options.oldDoc, newDoc: options.newDoc, operation: where.label, depth: where.depth, newRequired: options.requiredToo });
}

function placeName(place: string): string {
  return place === 'query' || place === 'path' ? `the ${place}` : `a ${place}`;
}

/** `webhooks` added or removed whole (the document had none, or has none now): one change per webhook. */
function eachWebhook(d: Diff): Diff[] {
  if (d.path.length !== 1 || d.path[0] !== 'webhooks' || (d.action !== 'add' && d.action !== 'remove')) return [d];
  const value = d.action === 'add' ? d.after : d.before;
  if (value === null || typeof value !== 'object') return [d];
  return Object.entries(value as Obj).map(([name, item]) => ({ ...d, path: ['webhooks', name], ...(d.action === 'add' ? { after: item } : { before: item }) }));
}

/** The tags (`tags`, a list) matched by name: each added, removed, or changed in a field. Documentation-only. */
function tagChanges(oldDoc: Obj, newDoc: Obj): ApiChange[] {
  const byName = (doc: Obj): Map<string, { tag: Obj; index: number }> => {
    const tags = Array.isArray(doc.tags) ? (doc.tags as unknown[]) : [];
    const out = new Map<string, { tag: Obj; index: number }>();
    tags.forEach((tag, index) => {
      if (tag !== null && typeof tag === 'object' && typeof (tag as Obj).name === 'string') out.set((tag as Obj).name as string, { tag: tag as Obj, index });
    });
    return out;
  };
  const before = byName(oldDoc);
  const after = byName(newDoc);
  const changes: ApiChange[] = [];
  const change = (action: ApiChange['action'], message: string, old: string | null, now: string | null): void => {
    changes.push({ kind: 'documentation-only', operation: null, pointers: { old, new: now }, message, action, type: 'unclassified', rule: 'tagByName' });
  };
  for (const [name, { index }] of before) if (!after.has(name)) change('remove', `The tag ${code(name)} was removed.`, joinPointer(['tags', index]), null);
  for (const [name, now] of after) {
    const was = before.get(name);
    if (!was) {
      change('add', `The tag ${code(name)} was added.`, null, joinPointer(['tags', now.index]));
      continue;
    }
    for (const key of new Set([...Object.keys(was.tag), ...Object.keys(now.tag)])) {
      const [a, b] = [was.tag[key], now.tag[key]];
      if (key === 'name' || JSON.stringify(a) === JSON.stringify(b)) continue;
      const action = a === undefined ? 'add' : b === undefined ? 'remove' : 'replace';
      const diff: Diff = { action, type: 'unclassified', path: ['tags', now.index, key], before: a, after: b } as Diff;
      change(
        action,
        describeField(diff, [key], `the tag ${code(name)}`),
        a === undefined ? null : joinPointer(['tags', was.index, key]),
        b === undefined ? null : joinPointer(['tags', now.index, key]),
      );
    }
  }
  return changes;
}

/** The operation a path is in, as the new document names it. */
function locate(path: readonly (string | number)[], oldDoc: Obj, newDoc: Obj, renamedPaths: ReadonlyMap<string, string>): Where {
  if (path[0] === 'webhooks' && path.length >= 2) return webhook(path, oldDoc, newDoc);
  if (path[0] !== 'paths' || path.length < 2) return apiWide();
  const template = String(path[1]);
  const shown = renamedPaths.get(template) ?? template;
  const method = typeof path[2] === 'string' && HTTP_METHODS.has(path[2]) ? path[2] : undefined;
  const oldOp = method ? (get(oldDoc, ['paths', template, method]) as Obj | undefined) : undefined;
  const newOp = method ? (get(newDoc, ['paths', shown, method]) as Obj | undefined) : undefined;
  const operationId = (newOp?.operationId ?? oldOp?.operationId) as unknown;
  return {
    operation: { method: method ? method.toUpperCase() : null, path: shown, operationId: typeof operationId === 'string' ? operationId : null },
    label: method ? `${method.toUpperCase()} ${shown}` : shown,
    depth: method ? 3 : 2,
    oldOp,
    newOp,
  };
}

/**
 * A webhook's change: API-wide (`operation` null: a webhook is no operation of the API's paths),
 * its sentence naming the webhook ("The webhook `shipmentStatusChanged` was added.").
 */
function webhook(path: readonly (string | number)[], oldDoc: Obj, newDoc: Obj): Where {
  const name = String(path[1]);
  const method = typeof path[2] === 'string' && HTTP_METHODS.has(path[2]) ? path[2] : undefined;
  return {
    operation: null,
    label: `the webhook ${code(name)}`,
    depth: method ? 3 : 2,
    oldOp: method ? (get(oldDoc, ['webhooks', name, method]) as Obj | undefined) : undefined,
    newOp: method ? (get(newDoc, ['webhooks', name, method]) as Obj | undefined) : undefined,
  };
}

/** The rename of a path template: a change of the path, not of one operation. */
function renamedTemplate(path: string): Where {
  return { operation: { method: null, path, operationId: null }, label: path, depth: 1, oldOp: undefined, newOp: undefined };
}

function apiWide(): Where {
  return { operation: null, label: undefined, depth: 0, oldOp: undefined, newOp: undefined };
}

function pointerOf(doc: Obj, path: readonly (string | number)[], from?: Obj, renamedPaths?: ReadonlyMap<string, string>): string | null {
  const translation = from && renamedPaths ? { from, renamedPaths } : undefined;
  return locatePointer(doc, path, translation) ?? null;
}

/**
 * An added array entry's path holds its index in the library's merged array, which for parameters
 * (matched by name and place) need not be its index in the new document: found by name and place.
 */
function addedPointer(newDoc: Obj, d: Diff): string | null {
  const n = d.path.length;
  if (d.path[n - 2] !== 'parameters' || typeof d.path[n - 1] !== 'number') return pointerOf(newDoc, d.path);
  const list = pointerOf(newDoc, d.path.slice(0, n - 1));
  const params = list === null ? undefined : getAtPointer(newDoc, list);
  const added = d.after as Obj | undefined;
  const index = Array.isArray(params) ? params.findIndex((p: Obj) => p?.name === added?.name && p?.in === added?.in) : -1;
  return index < 0 ? pointerOf(newDoc, d.path) : `${list}/${index}`;
}

function get(doc: unknown, path: readonly string[]): unknown {
  let node = doc;
  for (const key of path) node = node !== null && typeof node === 'object' ? (node as Obj)[key] : undefined;
  return node;
}

const METHOD_ORDER = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'];

/** Breaking first; then API-wide changes, then by path and method; then by place. */
function byKindThenPlace(a: ApiChange, b: ApiChange): number {
  return (
    CHANGE_KINDS.indexOf(a.kind) - CHANGE_KINDS.indexOf(b.kind) ||
    compareOperations(a.operation, b.operation) ||
    (a.pointers.old ?? a.pointers.new ?? '').localeCompare(b.pointers.old ?? b.pointers.new ?? '')
  );
}

function compareOperations(a: ChangedOperation | null, b: ChangedOperation | null): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0; // API-wide last
  const order = (m: string | null): number => (m === null ? -1 : METHOD_ORDER.indexOf(m));
  return a.path.localeCompare(b.path) || order(a.method) - order(b.method);
}

function capitalFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
