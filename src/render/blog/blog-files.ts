import { parseDocument } from 'yaml';
import { z } from 'zod';
import { diagnostic, positionAt, type Diagnostic } from '../../shared/diagnostics.js';
import type { SourceFile } from '../../shared/model.js';
import { schemaProblems } from '../../config/zod-issues.js';
import { slugSchema } from '../markdown/slug-schema.js';
import { yamlKeyNode, type Ranged } from '../../shared/yaml-key-node.js';

// authors.yml and tags.yml: the blog's shared author and tag records, keyed by the names posts use.

const socials = z.record(z.string(), z.string());
export const authorSchema = z.strictObject({
  name: z.string().min(1),
  title: z.string().optional(),
  url: z.string().optional(),
  image_url: z.string().optional(),
  email: z.string().optional(),
  socials: socials.optional(),
});
export const tagSchema = z.strictObject({
  label: z.string().min(1),
  permalink: slugSchema.optional(),
  description: z.string().optional(),
});

export type AuthorRecord = z.output<typeof authorSchema>;
export type TagRecord = z.output<typeof tagSchema>;

export interface RecordsFile<T> {
  /** The file was there (and read); false when the project has none. */
  exists: boolean;
  records: Map<string, T>;
  /** Keys whose record is invalid (reported here; posts using them say nothing more). */
  invalid: Set<string>;
  /** The file exists but could not be read as a map of records at all. */
  broken: boolean;
  diagnostics: Diagnostic[];
}

/**
 * Parses a YAML map of records; each record is validated. A problem points at the value in
 * question, an unknown key at that key, a missing field at the record's own key.
 */
export function parseRecords<T>(file: SourceFile | undefined, schema: z.ZodType<T>, code: 'SD2016'): RecordsFile<T> {
  const out: RecordsFile<T> = { exists: file !== undefined, records: new Map(), invalid: new Set(), broken: false, diagnostics: [] };
  if (!file) return out;
  const lines = file.contents.split(/\r?\n/);
  const at = (offset: number, message: string): Diagnostic => {
    const pos = positionAt(file.contents, offset);
    return diagnostic(code, { message, file: file.relPath, ...pos, lineText: lines[pos.line - 1] ?? '' });
  };
  const fail = (offset: number, message: string): RecordsFile<T> => {
    out.diagnostics.push(at(offset, message));
    out.broken = true;
    return out;
  };
  const doc = parseDocument(file.contents);
  if (doc.errors.length) {
    for (const err of doc.errors) out.diagnostics.push(at(err.pos[0], `Invalid YAML: ${err.message.split('\n')[0]}`));
    out.broken = true;
    return out;
  }
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (err) {
    return fail(0, `Invalid YAML: ${(err as Error).message}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail(0, 'Expected a map of keys to records.');
  for (const [key, value] of Object.entries(raw)) {
    const parsed = schema.safeParse(value);
    if (parsed.success) {
      out.records.set(key, parsed.data);
      continue;
    }
    out.invalid.add(key);
    for (const problem of schemaProblems(schema, parsed.error, value)) {
      const path = [key, ...problem.path];
      const node = (problem.kind === 'unknown-key' ? yamlKeyNode(doc, path) : (doc.getIn(path, true) as Ranged)) ?? yamlKeyNode(doc, [key]);
      out.diagnostics.push(at(node?.range?.[0] ?? 0, `"${key}": ${problem.message}`));
    }
  }
  return out;
}
