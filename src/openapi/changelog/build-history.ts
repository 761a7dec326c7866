import type { ApiModel, ApiOperation } from '../../shared/api-model.js';
import {
  HISTORY_KINDS,
  type ApiHistory,
  type ApiRelease,
  type HistoryChange,
  type HistoryChangeKind,
  type OperationHistory,
  type ReleaseOperation,
  type ReleaseTag,
} from '../../shared/api-history.js';
import type { ApiChange } from '../diff/diff-apis.js';

// The API's history from the diff engine's changes between consecutive releases: each release's
// changes under tag (the sidebar's order) and operation, and what the current release did to each
// operation of the current document. Pure: the changes are read once per build (load-history.ts).

export interface ReleaseInput {
  version: string;
  date: string | undefined;
  /** The changes since the release before it; undefined for the oldest. */
  changes: readonly ApiChange[] | undefined;
}

/** Pointers that name an operation itself ("/paths/~1quoter/post"): it was added or removed whole. */
const OPERATION_POINTER = /^\/paths\/[^/]+\/(get|put|post|delete|options|head|patch|trace)$/;
const DEPRECATED_POINTER = /^\/paths\/[^/]+\/(get|put|post|delete|options|head|patch|trace)\/deprecated$/;

/** The history of `model`'s API from its releases, oldest first (the last is the current document). */
export function buildHistory(model: ApiModel, releases: readonly ReleaseInput[]): ApiHistory {
  const opsByKey = new Map(model.operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));
  const order = new Map(model.operations.map((op, i) => [op, i]));
  const tagOrder = new Map(model.tags.filter((t) => !t.untagged).map((t, i) => [t.name, i]));
  const made: ApiRelease[] = releases.map((release, i) => {
    const previous = i > 0 ? releases[i - 1]!.version : undefined;
    const counts = Object.fromEntries(HISTORY_KINDS.map((k) => [k, 0])) as Record<HistoryChangeKind, number>;
    const general: HistoryChange[] = [];
    const byOperation = new Map<string, { entry: ReleaseOperation; op: ApiOperation | undefined }>();
    for (const change of release.changes ?? []) {
      counts[change.kind]++;
      const said: HistoryChange = { kind: change.kind, message: change.message };
      if (!change.operation) {
        general.push(said);
        continue;
      }
      const { method, path } = change.operation;
      const key = `${method ?? ''} ${path}`;
      let found = byOperation.get(key);
      if (!found) {
        const op = method ? opsByKey.get(`${method} ${path}`) : model.operations.find((o) => o.path === path);
        const entry: ReleaseOperation = {
          method,
          path,
          title: method && op ? op.title : method ? `${method} ${path}` : path,
          href: method ? op?.href : undefined,
          status: 'changed',
          changes: [],
        };
        found = { entry, op };
        byOperation.set(key, found);
      }
      if (change.action === 'add' && change.pointers.old === null && OPERATION_POINTER.test(change.pointers.new ?? '')) found.entry.status = 'added';
      if (change.action === 'remove' && change.pointers.new === null && OPERATION_POINTER.test(change.pointers.old ?? '')) found.entry.status = 'removed';
      found.entry.changes.push(said);
    }
    return {
      version: release.version,
      date: release.date,
      anchor: `release-${
        release.version
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '') || 'x'
      }`,
      previous,
      tags: byTag([...byOperation.values()], order, tagOrder),
      general,
      counts,
    };
  });
  return { href: `${model.basePath}/changelog`, releases: made.reverse(), operations: operationHistory(model, releases) };
}

/** The operations under their tags: tags in sidebar order, then those without one (or gone). */
function byTag(
  found: readonly { entry: ReleaseOperation; op: ApiOperation | undefined }[],
  order: ReadonlyMap<ApiOperation, number>,
  tagOrder: ReadonlyMap<string, number>,
): ReleaseTag[] {
  const tags = new Map<string | undefined, typeof found>();
  for (const f of found) {
    const name = f.op?.tag;
    tags.set(name, [...(tags.get(name) ?? []), f]);
  }
  const rank = (name: string | undefined): number => (name === undefined ? Infinity : (tagOrder.get(name) ?? tagOrder.size));
  return [...tags]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([name, list]) => ({
      name,
      operations: [...list]
        .sort((a, b) => (a.op ? order.get(a.op)! : Infinity) - (b.op ? order.get(b.op)! : Infinity) || a.entry.path.localeCompare(b.entry.path))
        .map((f) => f.entry),
    }));
}

/** What the current release did to each operation, and since when each deprecated one is. */
function operationHistory(model: ApiModel, releases: readonly ReleaseInput[]): Record<string, OperationHistory> {
  const out: Record<string, OperationHistory> = {};
  const slugOf = new Map(model.operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));
  const at = (change: ApiChange): ApiOperation | undefined =>
    change.operation?.method ? slugOf.get(`${change.operation.method} ${change.operation.path}`) : undefined;
  const entry = (op: ApiOperation): OperationHistory => (out[op.slug] ??= {});
  releases.forEach((release, i) => {
    const current = i === releases.length - 1;
    for (const change of release.changes ?? []) {
      const op = at(change);
      if (!op) continue;
      if (op.deprecated && change.kind === 'deprecation' && DEPRECATED_POINTER.test(change.pointers.new ?? '')) entry(op).deprecatedSince = release.version;
      if (!current) continue;
      const said = entry(op);
      if (change.action === 'add' && change.pointers.old === null && OPERATION_POINTER.test(change.pointers.new ?? '')) {
        said.added = release.version;
        said.changed = undefined;
      } else if (said.added === undefined) {
        said.changed ??= { version: release.version, changes: [] };
        said.changed.changes.push({ kind: change.kind, message: change.message });
      }
    }
  });
  return out;
}
