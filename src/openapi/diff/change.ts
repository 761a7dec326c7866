// The shape `shipdocs diff` reports, one entry per change between two OpenAPI documents. Its JSON
// form (`--format json`) is documented in the README beside this file; keep both in step.

/** How a change affects the API's clients. */
export type ChangeKind = 'breaking' | 'non-breaking' | 'deprecation' | 'documentation-only';

/** The order kinds are listed and counted in: what can break a client first. */
export const CHANGE_KINDS: readonly ChangeKind[] = ['breaking', 'deprecation', 'non-breaking', 'documentation-only'];

export interface ChangedOperation {
  /** Upper case ("POST"); null for a change to a path's shared parameters or its template. */
  method: string | null;
  /** The path as the new document writes it. */
  path: string;
  /** The operationId in the new document (else the old one), when it has one. */
  operationId: string | null;
}

export interface ApiChange {
  kind: ChangeKind;
  /** Null for a change outside the operations (info, servers, top-level security, security schemes). */
  operation: ChangedOperation | null;
  /**
   * Where the value is in each document, references followed (a property of a shared schema is at
   * its place under /components). Null on the side it does not exist (added or removed).
   */
  pointers: { old: string | null; new: string | null };
  /** One sentence for a reader. */
  message: string;
  /** api-smart-diff's own verdict, before our rules. */
  action: 'add' | 'remove' | 'replace' | 'rename';
  type: 'breaking' | 'non-breaking' | 'deprecated' | 'annotation' | 'unclassified';
  /** The name of our rule that reclassified or merged the change (see README), else null. */
  rule: string | null;
}
