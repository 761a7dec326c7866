import { posix } from 'node:path';
import type { ChangelogRelease } from '../../config/openapi-schema.js';
import { locateKeyPath } from '../../config/load-config.js';
import { diagnostic, positionAt, type Diagnostic } from '../../shared/diagnostics.js';
import type { ApiHistory } from '../../shared/api-history.js';
import type { ApiModel } from '../../shared/api-model.js';
import { compareApis, loadDocument, type ApiChange } from '../diff/diff-apis.js';
import type { Obj } from '../model/model-context.js';
import type { FoundDocument } from '../load/find-document.js';
import { buildHistory, type ReleaseInput } from './build-history.js';

// An API's releases (config `openapi.changelog`): snapshot files or git tags, then the current
// document, ordered by date; each loaded once (the current one is the build's own) and compared with
// the one before by the diff engine (compareApis), once per build. A release that cannot be read is an error at its line of the config.

export interface LoadHistoryInput {
  root: string;
  /** The current document (its path is the one `git show` reads at each tag). */
  document: FoundDocument;
  model: ApiModel;
  /** The current document as the build loaded it (ModelledApi.document): compared as it is, not loaded again. */
  current: Obj;
  changelog: readonly ChangelogRelease[];
  /** Where the config is, for the positions of its problems. */
  configFile: { path: string; source?: string | undefined } | undefined;
  /** Documents the build has loaded already, by project-relative path (those docs versions keep): not loaded again. */
  loaded?: ReadonlyMap<string, Obj> | undefined;
}

/** The history, or none when a release cannot be read or compared (its diagnostics say why). */
export async function loadHistory({
  root,
  document,
  model,
  current: currentDocument,
  changelog,
  configFile,
  loaded: known,
}: LoadHistoryInput): Promise<{ history?: ApiHistory; diagnostics: Diagnostic[] }> {
  const current = model.info.version;
  const problem = (release: ChangelogRelease, key: keyof ChangelogRelease, message: string): Diagnostic => {
    const file = configFile?.path ?? 'site.config.ts';
    const source = configFile?.source;
    const pos = source === undefined ? undefined : (locateValue(source, key, String(release[key])) ?? locateKeyPath(source, ['openapi', 'changelog']));
    return diagnostic('SD1001', {
      message,
      file,
      ...(pos ? { line: pos.line, column: pos.column, lineText: source!.split(/\r?\n/)[pos.line - 1] ?? '' } : {}),
      pointer: '/openapi/changelog',
    });
  };
  const diagnostics: Diagnostic[] = [];
  const own = changelog.find((r) => r.file === undefined && r.git === undefined);
  if (own && own.version !== current)
    diagnostics.push(
      problem(
        own,
        'version',
        `The changelog's release "${own.version}" has no \`file\` or \`git\`, so it is the current document, whose info.version is "${current}": write "${current}", or name the document of "${own.version}".`,
      ),
    );
  const past = changelog.filter((r) => r !== own);
  for (const r of past)
    if (r.version === current)
      diagnostics.push(
        problem(
          r,
          'version',
          `"${r.version}" is the current document's info.version: the current document is the newest release already; remove this entry or give it its own version.`,
        ),
      );
  if (diagnostics.length) return { diagnostics };

  // Oldest first; a release without a date (only the current may lack one) is the newest.
  const ordered = [...past].sort((a, b) => a.date!.localeCompare(b.date!));
  const releases: ReleaseInput[] = [...ordered, { version: current, date: own?.date }].map((r) => ({ version: r.version, date: r.date, changes: undefined }));
  // Each past release loaded once (a file, or the document's path at a git tag); the current one is the build's.
  const documents: Obj[] = [];
  for (const release of ordered) {
    const kept = release.file !== undefined ? known?.get(posix.normalize(release.file)) : undefined;
    if (kept) {
      documents.push(kept);
      continue;
    }
    const loaded = await loadDocument(root, release.file !== undefined ? release.file : `git:${release.git}:./${document.rel}`);
    if (loaded.status === 'ok') {
      documents.push(loaded.document);
      continue;
    }
    const source = release.file !== undefined ? 'file' : 'git';
    if (loaded.status === 'usage') diagnostics.push(problem(release, source, `The changelog's release ${release.version} cannot be read: ${loaded.message}`));
    else
      diagnostics.push(
        ...loaded.diagnostics,
        problem(
          release,
          source,
          `The changelog's release ${release.version} (${release[source]}) is not a valid OpenAPI document: see the problems reported in it.`,
        ),
      );
    return { diagnostics };
  }
  documents.push(currentDocument);
  for (let i = 1; i < documents.length; i++) releases[i]!.changes = compareApis(documents[i - 1]!, documents[i]!);
  return { history: buildHistory(model, releases), diagnostics };
}

/** Where `key: '<value>'` is written in the config's source. */
function locateValue(source: string, key: string, value: string): { line: number; column: number } | undefined {
  const quoted = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(["']?)${key}\\1\\s*:\\s*(['"\`])${quoted}\\2`).exec(source);
  return m ? positionAt(source, m.index) : undefined;
}
