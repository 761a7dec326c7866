import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { hasErrors, withLineText, type Diagnostic } from '../../shared/diagnostics.js';
import { findDocument, type FoundDocument } from '../load/find-document.js';
import { capDiagnostics, loadApiModel, TIME_BOUND_MS } from '../load-api-model.js';
import type { Obj } from '../model/model-context.js';
import type { ApiChange } from './change.js';
import { compareDocuments } from './compare-documents.js';

export type { ApiChange, ChangeKind, ChangedOperation } from './change.js';
export { CHANGE_KINDS } from './change.js';

// `shipdocs diff`'s entry into this folder: each side (a file, or `git:<ref>:<path>` read with
// `git show`) goes through the build's own loader (the same checks and positioned diagnostics,
// Swagger 2.0 converted to 3.0), then the two documents are compared.

export type DiffResult =
  | { status: 'ok'; changes: ApiChange[] }
  /** A document that does not load: its diagnostics, lines attached for the code frames. */
  | { status: 'invalid'; diagnostics: Diagnostic[] }
  /** A file or git revision that cannot be read: one line. */
  | { status: 'usage'; message: string };

export async function diffApis(options: { root: string; old: string; new: string }): Promise<DiffResult> {
  const sides = [readSide(options.root, options.old), readSide(options.root, options.new)];
  for (const side of sides) if ('usage' in side) return { status: 'usage', message: side.usage };
  const diagnostics: Diagnostic[] = [];
  const documents: Obj[] = [];
  for (const side of sides as Side[]) {
    const loaded = await loadSide(side);
    if (loaded.status === 'ok') documents.push(loaded.document);
    else diagnostics.push(...loaded.diagnostics);
  }
  if (diagnostics.length || documents.length < 2) return { status: 'invalid', diagnostics };
  return { status: 'ok', changes: compareApis(documents[0]!, documents[1]!) };
}

export type LoadedDocument = { status: 'ok'; document: Obj } | { status: 'invalid'; diagnostics: Diagnostic[] } | { status: 'usage'; message: string };

/**
 * One side (a file or `git:<ref>:<path>`) read and loaded as `diffApis` does, for a caller that
 * compares several documents and loads each once (the changelog's releases).
 */
export async function loadDocument(root: string, spec: string): Promise<LoadedDocument> {
  const side = readSide(root, spec);
  return 'usage' in side ? { status: 'usage', message: side.usage } : loadSide(side);
}

/**
 * Two documents already loaded (`loadDocument`'s, or the build's `ModelledApi.document`: OpenAPI
 * 3.x, Swagger 2.0 converted, references in place) → the changes between them. Neither is changed.
 */
export function compareApis(oldDocument: Obj, newDocument: Obj): ApiChange[] {
  return compareDocuments(oldDocument, newDocument);
}

async function loadSide(side: Side): Promise<Exclude<LoadedDocument, { status: 'usage' }>> {
  const loaded = await loadApiModel(side.root, side.document, { basePath: '/api', deadline: Date.now() + TIME_BOUND_MS });
  const found = capDiagnostics(loaded.diagnostics).map((d) => withLineText(d, d.file === side.document.rel ? side.document.text : undefined));
  if (!loaded.document || hasErrors(found)) return { status: 'invalid', diagnostics: found };
  return { status: 'ok', document: loaded.document };
}

interface Side {
  root: string;
  document: FoundDocument;
}

/** A side as given: `git:<ref>:<path>` (path as `git show` reads it, from the project folder) or a file. */
function readSide(root: string, spec: string): Side | { usage: string } {
  const git = /^git:([^:]+):(.+)$/.exec(spec);
  if (spec.startsWith('git:') && !git) return { usage: `"${spec}" is not a git revision: expected git:<ref>:<path>, e.g. git:main:openapi/openapi.yaml` };
  if (git) {
    const [, ref, path] = git as unknown as [string, string, string];
    let text: string;
    try {
      text = execFileSync('git', ['show', `${ref}:${path}`], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 200 * 1024 * 1024 });
    } catch (err) {
      const stderr =
        String((err as { stderr?: unknown }).stderr ?? '')
          .trim()
          .split('\n')[0] || (err as Error).message.split('\n')[0];
      return { usage: `cannot read ${spec}: ${stderr}` };
    }
    // References to other files resolve against the working tree's copies, beside the file's path.
    return { root: resolve(root), document: { abs: resolve(root, path), rel: spec, text } };
  }
  const abs = resolve(root, spec);
  if (!existsSync(abs)) return { usage: `no such file: ${abs}` };
  if (!statSync(abs).isFile()) return { usage: `not a file: ${abs}` };
  // References may reach files under the project folder when the document is inside it, else beside it.
  const inside = isInside(resolve(root), abs);
  const base = inside ? resolve(root) : dirname(abs);
  const found = findDocument(base, relative(base, abs));
  if (!found.document) return { usage: found.diagnostics[0]?.message ?? `cannot read ${abs}` };
  return { root: base, document: found.document };
}

function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep));
}
