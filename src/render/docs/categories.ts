import { parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import { diagnostic, positionAt, withLineText, type Diagnostic } from '../../shared/diagnostics.js';
import type { CategorySource } from '../../shared/model.js';
import { schemaProblems } from '../../config/zod-issues.js';
import { NEEDS_YAML_PACKAGE, quickYaml } from '../../shared/quick-yaml.js';
import { yamlKeyNode, type Ranged } from '../../shared/yaml-key-node.js';

const categorySchema = z.strictObject({
  label: z.string().min(1).optional(),
  position: z.number().optional(),
  collapsed: z.boolean().optional(),
  collapsible: z.boolean().optional(),
  className: z.string().optional(),
  description: z.string().optional(),
  link: z
    .union([
      z.null(),
      z.strictObject({
        type: z.literal('generated-index'),
        slug: z.string().optional(),
        title: z.string().optional(),
        description: z.string().optional(),
      }),
      z.strictObject({ type: z.literal('doc'), id: z.string().min(1) }),
    ])
    .optional(),
});

export type CategoryMeta = z.output<typeof categorySchema>;

/**
 * Parses `_category_.json|yml` files (JSON is read as YAML); keyed by `version:dir`. Read quickly
 * (shared/quick-yaml.ts, as front matter: the dev server reads every category file again when a
 * page is added or removed), by the `yaml` package when the quick reading cannot, and for the
 * position of a problem.
 */
export function parseCategories(sources: readonly CategorySource[]): { byDir: Map<string, CategoryMeta>; diagnostics: Diagnostic[] } {
  const byDir = new Map<string, CategoryMeta>();
  const diagnostics: Diagnostic[] = [];
  for (const src of sources) {
    // Problems are rare: their lines and the positioned document are made only for them.
    const report = (d: Parameters<typeof diagnostic>[1]): void => {
      diagnostics.push(withLineText(diagnostic('SD2005', { file: src.relPath, ...d }), src.contents));
    };
    let positioned: Document | undefined;
    const withPositions = (): Document => (positioned ??= parseDocument(src.contents));
    let raw = quickYaml(src.contents) ?? {};
    if (raw === NEEDS_YAML_PACKAGE) {
      const doc = withPositions();
      for (const err of doc.errors) {
        const pos = err.linePos?.[0] ?? { line: 1, col: 1 };
        report({ message: `Invalid category file: ${err.message.split('\n')[0]}`, line: pos.line, column: pos.col });
      }
      if (doc.errors.length) continue;
      try {
        raw = doc.toJS({ maxAliasCount: 100 }) ?? {};
      } catch (err) {
        diagnostics.push(diagnostic('SD2005', { message: `Invalid category file: ${(err as Error).message}`, file: src.relPath, line: 1, column: 1 }));
        continue;
      }
    }
    const parsed = categorySchema.safeParse(raw);
    if (parsed.success) {
      byDir.set(categoryKey(src.version, src.dir), parsed.data);
      continue;
    }
    for (const problem of schemaProblems(categorySchema, parsed.error, raw)) {
      const doc = withPositions();
      const node = problem.kind === 'unknown-key' ? yamlKeyNode(doc, problem.path) : (doc.getIn(problem.path, true) as Ranged);
      const pos = node?.range ? positionAt(src.contents, node.range[0]) : { line: 1, column: 1 };
      report({ message: `Category: ${problem.message}`, ...pos });
    }
  }
  return { byDir, diagnostics };
}

export function categoryKey(version: string, dir: string): string {
  return `${version}:${dir}`;
}
