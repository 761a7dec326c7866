import SwaggerParser from '@apidevtools/swagger-parser';
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { DOCUMENT_EXTENSIONS, isInside, realRoot, toRel } from './find-document.js';
import { parseDocumentText, type Position } from './parse-document.js';
import { getAtPointer, joinPointer } from './pointer.js';

// `$ref`s to other files are resolved by swagger-parser's bundler: each referenced file's content is
// placed once in the document and every reference becomes an internal "#/…" one, so the rest of the
// pipeline sees a single document whose references (cycles included) are still references. The only
// resolver is ours: files inside the project root, read and parsed with our alias-limited parser.
// Network URLs, absolute system paths, `..` escapes and symlinks leaving the root are refused.

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
  diagnostics: Diagnostic[];
}

export async function resolveExternalRefs({ value, file, root, locate, timeoutMs }: ExternalRefsInput): Promise<ExternalRefsResult> {
  if (!hasExternalRef(value)) return { value, bundled: false, diagnostics: [] };
  const realRootDir = realRoot(root);
  const rel = (abs: string): string => toRel(root, abs);
  const refused = new Map<string, { code: 'SD3006' | 'SD3007'; reason: string }>();
  const parsed = new Map<string, (pointer: string) => Position | undefined>([[file, locate]]);
  const values = new Map<string, unknown>([[file, value]]);
  const diagnostics: Diagnostic[] = [];

  const resolver = {
    order: 1,
    canRead: true,
    read(info: { url: string }): Buffer {
      const url = info.url;
      const refuse = (code: 'SD3006' | 'SD3007', reason: string): never => {
        refused.set(url, { code, reason });
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

  try {
    const api = new SwaggerParser();
    const bundled = (await api.bundle(file, value as never, {
      resolve: { external: true, file: resolver, http: false },
      parse: { json: parser, yaml: false, text: false, binary: false },
      continueOnError: true,
      timeoutMs,
    } as never)) as unknown as Record<string, unknown>;
    return { value: bundled, bundled: true, diagnostics };
  } catch (err) {
    const group = (err as { errors?: { message: string; path?: (string | number)[] | null; source?: string }[] }).errors;
    for (const e of group ?? [{ message: (err as Error).message, path: null, source: file }]) {
      const source = e.source && !/^[a-z][a-z0-9+.-]+:/i.test(e.source) ? e.source : file;
      const pointer = e.path ? joinPointer(e.path) : undefined;
      const refusal = [...refused].find(([url]) => e.message.includes(url))?.[1];
      if (!refusal && diagnostics.length && /pars/i.test(e.message)) continue; // already reported with its position
      const where = pointer !== undefined ? parsed.get(source)?.(pointer + '/$ref') : undefined;
      const written = pointer !== undefined ? (getAtPointer(values.get(source), pointer) as { $ref?: unknown } | undefined)?.$ref : undefined;
      const what = typeof written === 'string' ? `${JSON.stringify(written)} ` : '';
      diagnostics.push(
        diagnostic(refusal?.code ?? 'SD3007', {
          message: refusal ? `Reference ${what}refused: ${refusal.reason}.` : `Unresolved reference ${what ? `${what.trim()}: ` : ''}${e.message.replace(/\s+/g, ' ').slice(0, 300)}`,
          file: rel(source),
          ...(where ?? {}),
          ...(pointer !== undefined ? { pointer } : {}),
        }),
      );
    }
    return { value, bundled: true, diagnostics };
  }
}

/** True when some `$ref` points outside the document itself. */
export function hasExternalRef(value: unknown): boolean {
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length) {
    const node = stack.pop();
    if (++visited > 5_000_000) return true; // let the bundler's own limits decide
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === 'object') stack.push(item);
    } else if (node !== null && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string' && !v.startsWith('#')) return true;
        if (v !== null && typeof v === 'object') stack.push(v);
      }
    }
  }
  return false;
}
