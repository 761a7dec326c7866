import { parseDocument } from 'yaml';
import { z } from 'zod';
import { diagnostic, positionAt, type Diagnostic } from '../../shared/diagnostics.js';
import type { SourceFile } from '../../shared/model.js';
import { schemaProblems } from '../../config/zod-issues.js';

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
  permalink: z.string().optional(),
  description: z.string().optional(),
});

export type AuthorRecord = z.output<typeof authorSchema>;
export type TagRecord = z.output<typeof tagSchema>;

/** Parses a YAML map of records; each record is validated, problems point at the line. */
export function parseRecords<T>(file: SourceFile | undefined, schema: z.ZodType<T>, code: 'SD2016'): { records: Map<string, T>; diagnostics: Diagnostic[] } {
  const records = new Map<string, T>();
  const diagnostics: Diagnostic[] = [];
  if (!file) return { records, diagnostics };
  const lines = file.contents.split(/\r?\n/);
  const at = (offset: number, message: string): Diagnostic => {
    const pos = positionAt(file.contents, offset);
    return diagnostic(code, { message, file: file.relPath, ...pos, lineText: lines[pos.line - 1] ?? '' });
  };
  const doc = parseDocument(file.contents);
  if (doc.errors.length) {
    for (const err of doc.errors) diagnostics.push(at(err.pos[0], `Invalid YAML: ${err.message.split('\n')[0]}`));
    return { records, diagnostics };
  }
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (err) {
    diagnostics.push(at(0, `Invalid YAML: ${(err as Error).message}`));
    return { records, diagnostics };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    diagnostics.push(at(0, 'Expected a map of keys to records.'));
    return { records, diagnostics };
  }
  for (const [key, value] of Object.entries(raw)) {
    const parsed = schema.safeParse(value);
    if (parsed.success) {
      records.set(key, parsed.data);
      continue;
    }
    for (const problem of schemaProblems(schema, parsed.error, value)) {
      const path = [key, ...problem.path.slice(0, problem.kind === 'unknown-key' ? -1 : undefined)];
      const node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
      diagnostics.push(at(node?.range?.[0] ?? 0, `"${key}": ${problem.message}`));
    }
  }
  return { records, diagnostics };
}
