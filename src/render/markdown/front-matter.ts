import { parseDocument, isNode, type Document } from 'yaml';
import { z } from 'zod';
import { diagnostic, positionAt, type Diagnostic } from '../../shared/diagnostics.js';
import type { DocFrontMatter } from '../../shared/model.js';
import { schemaProblems } from '../../config/zod-issues.js';
import { NEEDS_YAML_PACKAGE, quickYaml } from '../../shared/quick-yaml.js';
import { slugSchema } from './slug-schema.js';
import { yamlKeyNode } from '../../shared/yaml-key-node.js';

// Front matter: the YAML block between `---` lines at the top of a markdown file. Read quickly
// (shared/quick-yaml.ts: the `yaml` package took a fifth of a 1,000-page build's own thread here);
// the `yaml` package, which keeps positions (errors point at the line) and limits aliases (an alias
// bomb fails fast), reads it when the quick reading cannot, and when a position is asked for.

const docFrontMatterSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[^/]+$/, 'may not contain "/"')
    .optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  slug: slugSchema.optional(),
  sidebar_position: z.number().optional(),
  sidebar_label: z.string().optional(),
  sidebar_class_name: z.string().optional(),
  hide_title: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  hide_footer: z.boolean().optional(),
  toc_min_heading_level: z.number().int().min(2).max(6).optional(),
  toc_max_heading_level: z.number().int().min(2).max(6).optional(),
  tags: z.array(z.string()).optional(),
  keywords: z.array(z.string()).optional(),
  image: z.string().optional(),
  draft: z.boolean().optional(),
  unlisted: z.boolean().optional(),
  pagination_prev: z.string().nullable().optional(),
  pagination_next: z.string().nullable().optional(),
}) satisfies z.ZodType<DocFrontMatter>;

export interface FrontMatterResult<T> {
  data: T;
  /** The markdown after the front matter. */
  body: string;
  /** Lines taken by the front matter block: add to body line numbers. */
  lineOffset: number;
  diagnostics: Diagnostic[];
  /** File position (1-based) of the value at a front matter path, for later checks. */
  positionOf: (path: readonly (string | number)[]) => { line: number; column: number; lineText: string };
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(?:\r?\n|$)/m;

/** Splits and parses the front matter; validates it against `schema`. */
export function parseFrontMatter<T>(
  source: string,
  file: string,
  schema: z.ZodType<T> = docFrontMatterSchema as unknown as z.ZodType<T>,
): FrontMatterResult<T> {
  const { text, yamlText, body, lineOffset } = splitFrontMatter(source);
  const noPosition = () => ({ line: 1, column: 1, lineText: text.split(/\r?\n/, 1)[0] ?? '' });
  if (yamlText === undefined) return { data: {} as T, body, lineOffset, diagnostics: [], positionOf: noPosition };
  const diagnostics: Diagnostic[] = [];
  let lines: string[] | undefined;
  const lineText = (index: number): string => (lines ??= text.split(/\r?\n/))[index] ?? '';
  const at = (line: number, column: number, message: string, code: 'SD2001' | 'SD2002' | 'SD2003'): Diagnostic =>
    diagnostic(code, { message, file, line, column, lineText: lineText(line - 1) });

  let positioned: Document | undefined;
  const withPositions = (): Document => (positioned ??= parseDocument(yamlText, { prettyErrors: true, uniqueKeys: true }));
  const positionOf = (path: readonly (string | number)[]) => {
    const node = withPositions().getIn(path, true);
    const pos = isNode(node) && node.range ? positionAt(yamlText, node.range[0]) : { line: 1, column: 1 };
    return { line: pos.line + 1, column: pos.column, lineText: lineText(pos.line) };
  };
  let raw = quickYaml(yamlText) ?? {};
  if (raw === NEEDS_YAML_PACKAGE) {
    const doc = withPositions();
    for (const err of doc.errors) {
      const pos = err.linePos?.[0] ?? { line: 1, col: 1 };
      diagnostics.push(at(pos.line + 1, pos.col, `Invalid front matter YAML: ${firstLine(err.message)}`, 'SD2001'));
    }
    if (diagnostics.length) return { data: {} as T, body, lineOffset, diagnostics, positionOf: noPosition };
    try {
      raw = doc.toJS({ maxAliasCount: 100 }) ?? {};
    } catch (err) {
      diagnostics.push(at(2, 1, `Invalid front matter YAML: ${firstLine((err as Error).message)}`, 'SD2001'));
      return { data: {} as T, body, lineOffset, diagnostics, positionOf };
    }
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    diagnostics.push(at(2, 1, 'Front matter must be a mapping of keys to values (`title: My page`).', 'SD2002'));
    return { data: {} as T, body, lineOffset, diagnostics, positionOf };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { data: parsed.data, body, lineOffset, diagnostics, positionOf };
  for (const problem of schemaProblems(schema, parsed.error, raw)) {
    const doc = withPositions();
    const node = problem.path.length ? doc.getIn(problem.path, true) : undefined;
    // For unknown keys point at the key itself, not its value.
    const pair = problem.kind === 'unknown-key' ? yamlKeyNode(doc, problem.path) : undefined;
    const range = (pair ?? (isNode(node) ? node : undefined))?.range;
    const pos = range ? positionAt(yamlText, range[0]) : { line: 1, column: 1 };
    diagnostics.push(at(pos.line + 1, pos.column, `Front matter: ${problem.message}`, problem.kind === 'unknown-key' ? 'SD2003' : 'SD2002'));
  }
  return { data: {} as T, body, lineOffset, diagnostics, positionOf };
}

/**
 * The front matter block of a markdown file: its YAML (undefined when the file has none), the
 * markdown after it and the lines it takes. `text` is the file without a byte order mark.
 */
export function splitFrontMatter(source: string): { text: string; yamlText: string | undefined; body: string; lineOffset: number } {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const match = text.startsWith('---') ? FENCE.exec(text) : null;
  if (!match || match.index !== 0) return { text, yamlText: undefined, body: text, lineOffset: 0 };
  const lineOffset = match[0].split('\n').length - (match[0].endsWith('\n') ? 1 : 0);
  return { text, yamlText: match[1] ?? '', body: text.slice(match[0].length), lineOffset };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}
