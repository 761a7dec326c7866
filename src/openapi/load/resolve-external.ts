import { readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { DOCUMENT_EXTENSIONS, isInside, realRoot, toRel } from './find-document.js';
import { parseDocumentText, type Position } from './parse-document.js';
import { escapeSegment, getAtPointer, joinPointer, splitPointer } from './pointer.js';

// `$ref`s to other files are resolved by swagger-parser's bundler: each referenced file's content is
// placed once in the document and every reference becomes an internal "#/…" one, so the rest of the
// pipeline sees a single document whose references (cycles included) are still references. The only
// resolver is ours: files inside the project root, read and parsed with our alias-limited parser.
// Network URLs, absolute system paths, `..` escapes and symlinks leaving the root are refused, and
// every reference to a refused file is reported, whatever its #fragment. swagger-parser is loaded
// only for documents that need it. A bundled schema's place ("#/paths/…/schema") says nothing of
// its name, so the names it had ("tree.yaml#/Tree" → Tree, "other.yaml" → other) are kept aside.

export interface ExternalRefsInput {
  value: Record<string, unknown>;
  /** Absolute path of the document. */
  file: string;
  root: string;
  /** Positions in the document, for the diagnostics of refused references. */
  locate: (pointer: string) => Position | undefined;
  timeoutMs: number;
}

export interface ExternalRefsResult {
  value: Record<string, unknown>;
  /** Whether the document referenced other files (it is then bundled). */
  bundled: boolean;
  /** Names of the values moved in from other files, by their place in the bundle: "#/paths/~1tree/…/schema" → "Tree". */
  refNames: Map<string, string>;
  diagnostics: Diagnostic[];
}

type Refusal = { code: 'SD3006' | 'SD3007'; reason: string };
type Ref = { pointer: string; ref: string };

/** Bundles a document that references other files (the caller has checked that it does: checkInternalRefs' `external`). */
export async function resolveExternalRefs({ value, file, root, locate, timeoutMs }: ExternalRefsInput): Promise<ExternalRefsResult> {
  const realRootDir = realRoot(root);
  const rel = (abs: string): string => toRel(root, abs);
  const refused = new Map<string, Refusal>();
  const parsed = new Map<string, (pointer: string) => Position | undefined>([[file, locate]]);
  const values = new Map<string, unknown>([[file, value]]);
  const diagnostics: Diagnostic[] = [];

  const resolver = {
    order: 1,
    canRead: true,
    read(info: { url: string }): Buffer {
      const url = info.url;
      const refuse = (code: 'SD3006' | 'SD3007', reason: string): never => {
        refused.set(refKey(url), { code, reason });
        throw new Error(reason);
      };
      if (/^[a-z][a-z0-9+.-]+:/i.test(url) && !/^file:/i.test(url)) refuse('SD3006', `network reference ${url} is not fetched`);
      const path = /^file:/i.test(url) ? fileURLToPath(url) : url;
      let real: string;
      try {
        real = realpathSync(path);
      } catch {
        if (!isInside(realRootDir, path)) refuse('SD3006', 'it points outside the project');
        return refuse('SD3007', `file ${rel(path)} does not exist`);
      }
      if (!isInside(realRootDir, real)) refuse('SD3006', 'it points outside the project');
      if (!DOCUMENT_EXTENSIONS.test(real)) refuse('SD3007', `${rel(real)} is not a .yaml, .yml or .json file`);
      return readFileSync(real);
    },
  };
  const parser = {
    order: 1,
    canParse: true,
    parse(info: { url: string; data: Buffer | string }): unknown {
      const path = /^file:/i.test(info.url) ? fileURLToPath(info.url) : info.url;
      const result = parseDocumentText(typeof info.data === 'string' ? info.data : info.data.toString('utf8'), path);
      parsed.set(path, result.locate);
      values.set(path, result.value);
      if (result.diagnostics.length) {
        diagnostics.push(...result.diagnostics.map((d) => ({ ...d, file: rel(path) })));
        throw new Error(result.diagnostics[0]!.message);
      }
      return result.value;
    },
  };

  const original = structuredClone(value);
  try {
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    const api = new SwaggerParser();
    const bundled = (await api.bundle(
      file,
      value as never,
      {
        resolve: { external: true, file: resolver, http: false },
        parse: { json: parser, yaml: false, text: false, binary: false },
        continueOnError: true,
        timeoutMs,
      } as never,
    )) as unknown as Record<string, unknown>;
    return { value: bundled, bundled: true, refNames: namesOf(bundled, new Map([...values, [file, original]]), file), diagnostics };
  } catch (err) {
    // Every reference of the document to a refused file, each at its own place.
    const reported = new Set<string>();
    for (const { pointer, ref } of externalOf(refsOf(original))) {
      const refusal = refused.get(refKey(ref.split('#')[0]!, dirname(file)));
      if (!refusal) continue;
      reported.add(pointer);
      diagnostics.push(
        diagnostic(refusal.code, {
          message: `Reference ${JSON.stringify(ref)} refused: ${refusal.reason}.`,
          file: rel(file),
          pointer,
          ...(locate(`${pointer}/$ref`) ?? {}),
        }),
      );
    }
    const group = (err as { errors?: { message: string; path?: (string | number)[] | null; source?: string }[] }).errors;
    for (const e of group ?? [{ message: (err as Error).message, path: null, source: file }]) {
      const source = e.source && !/^[a-z][a-z0-9+.-]+:/i.test(e.source) ? e.source : file;
      const pointer = e.path ? joinPointer(e.path) : undefined;
      if (source === file && pointer !== undefined && reported.has(pointer)) continue;
      const refusal = [...refused].find(([url]) => e.message.includes(url))?.[1];
      if (!refusal && diagnostics.length && /pars/i.test(e.message)) continue; // already reported with its position
      const where = pointer !== undefined ? parsed.get(source)?.(pointer + '/$ref') : undefined;
      const written = pointer !== undefined ? (getAtPointer(values.get(source), pointer) as { $ref?: unknown } | undefined)?.$ref : undefined;
      const what = typeof written === 'string' ? `${JSON.stringify(written)} ` : '';
      diagnostics.push(
        diagnostic(refusal?.code ?? 'SD3007', {
          message: refusal
            ? `Reference ${what}refused: ${refusal.reason}.`
            : `Unresolved reference ${what ? `${what.trim()}: ` : ''}${e.message.replace(/\s+/g, ' ').slice(0, 300)}`,
          file: rel(source),
          ...(where ?? {}),
          ...(pointer !== undefined ? { pointer } : {}),
        }),
      );
    }
    return { value: original, bundled: true, refNames: new Map(), diagnostics };
  }
}

/** A file reference as a key: the absolute path (relative ones resolved from `base`), or the URL. */
function refKey(url: string, base?: string): string {
  if (/^file:/i.test(url)) return fileURLToPath(url);
  if (/^[a-z][a-z0-9+.-]+:/i.test(url)) return url;
  let path = url;
  try {
    path = decodeURI(url);
  } catch {
    // keep as written
  }
  return base ? resolvePath(base, path) : resolvePath(path);
}

/** Every `$ref` of a document, with its place, in walk order. */
function refsOf(value: unknown): Ref[] {
  const out: Ref[] = [];
  const stack: { node: unknown; pointer: string }[] = [{ node: value, pointer: '' }];
  while (stack.length) {
    const { node, pointer } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const ref = (node as Record<string, unknown>).$ref;
    if (typeof ref === 'string') out.push({ pointer, ref });
    for (const [k, v] of Object.entries(node)) if (v !== null && typeof v === 'object') stack.push({ node: v, pointer: `${pointer}/${escapeSegment(k)}` });
  }
  return out;
}

/** The references of `refs` that point into other files, by place. */
function externalOf(refs: readonly Ref[]): Ref[] {
  return refs.filter(({ ref }) => !ref.startsWith('#')).sort((a, b) => (a.pointer < b.pointer ? -1 : 1));
}

/**
 * The names bundled values had in their files. The bundler moves a referenced value into the
 * document as is (the same object), so its identity leads back to the reference that named it:
 * the last segment of the #fragment, else the file's name.
 */
function namesOf(bundled: unknown, files: ReadonlyMap<string, unknown>, main: string): Map<string, string> {
  const named = new WeakMap<object, string>();
  const name = (object: unknown, label: string): void => {
    if (object !== null && typeof object === 'object' && label && !named.has(object)) named.set(object, label);
  };
  for (const [path, root] of files) {
    const refs = refsOf(root);
    for (const { ref } of [...externalOf(refs), ...refs.filter(({ ref }) => ref.startsWith('#'))]) {
      const [filePart = '', fragment = ''] = ref.split('#');
      const target = filePart ? refKey(filePart, dirname(path)) : path;
      const segments = splitPointer('#' + fragment);
      name(getAtPointer(files.get(target), '#' + fragment), segments[segments.length - 1] ?? basename(target).replace(/\.(ya?ml|json)$/i, ''));
    }
    if (path !== main) name(root, basename(path).replace(/\.(ya?ml|json)$/i, ''));
  }
  // Every place of the bundle holding a named value: where the bundler moved it, and what points there.
  const names = new Map<string, string>();
  const stack: { node: unknown; pointer: string }[] = [{ node: bundled, pointer: '' }];
  while (stack.length) {
    const { node, pointer } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const label = pointer ? named.get(node) : undefined;
    if (label) names.set(`#${pointer}`, label);
    for (const [k, v] of Object.entries(node)) if (v !== null && typeof v === 'object') stack.push({ node: v, pointer: `${pointer}/${escapeSegment(k)}` });
  }
  return names;
}
