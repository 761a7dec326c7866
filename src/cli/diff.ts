import { CHANGE_KINDS, diffApis, type ApiChange, type ChangeKind, type ChangedOperation } from '../openapi/diff/diff-apis.js';
import { formatDiagnostics, style, type Logger } from './logger.js';

// `shipdocs diff <old> <new>`: the changes between two OpenAPI documents (files or git:<ref>:<path>),
// each breaking, non-breaking, a deprecation or documentation-only, printed as text (grouped by
// operation), Markdown (a CI job summary or pull-request comment) or JSON, on stdout. Exit 1 when
// --fail-on finds its kind or a document does not load (its diagnostics on stderr); 2 for a file or
// revision that cannot be read.

export type DiffFormat = 'text' | 'markdown' | 'json';
export type FailOn = 'breaking' | 'deprecation';

export interface DiffOptions {
  root: string;
  old: string;
  new: string;
  format: DiffFormat;
  failOn: FailOn | undefined;
  logger: Logger;
  /** Colour for the text format (stdout a terminal, no NO_COLOR). */
  color: boolean;
}

const EXIT_OK = 0;
const EXIT_FOUND = 1;
const EXIT_USAGE = 2;

export async function runDiff(options: DiffOptions): Promise<number> {
  const { logger } = options;
  const result = await diffApis({ root: options.root, old: options.old, new: options.new });
  if (result.status === 'usage') {
    logger.error(`${style.red(logger.color, 'error')}  ${result.message}`);
    return EXIT_USAGE;
  }
  if (result.status === 'invalid') {
    logger.error(formatDiagnostics(result.diagnostics, logger.color) + '\n');
    logger.error(`${style.red(logger.color, 'failed')}  the documents could not be compared: fix the errors above.`);
    return EXIT_FOUND;
  }
  const { changes } = result;
  const names = { old: options.old, new: options.new };
  const text =
    options.format === 'json'
      ? formatJson(changes, names)
      : options.format === 'markdown'
        ? formatMarkdown(changes, names)
        : formatText(changes, names, options.color);
  process.stdout.write(text);
  const failing: ChangeKind[] = options.failOn === 'deprecation' ? ['breaking', 'deprecation'] : options.failOn === 'breaking' ? ['breaking'] : [];
  return changes.some((c) => failing.includes(c.kind)) ? EXIT_FOUND : EXIT_OK;
}

type Counts = Record<ChangeKind, number>;

function countKinds(changes: readonly ApiChange[]): Counts {
  const counts: Counts = { breaking: 0, deprecation: 0, 'non-breaking': 0, 'documentation-only': 0 };
  for (const c of changes) counts[c.kind]++;
  return counts;
}

const NOUNS: Record<ChangeKind, [string, string]> = {
  breaking: ['breaking change', 'breaking changes'],
  deprecation: ['deprecation', 'deprecations'],
  'non-breaking': ['non-breaking change', 'non-breaking changes'],
  'documentation-only': ['documentation-only change', 'documentation-only changes'],
};

/** "2 breaking changes, 1 deprecation, 0 non-breaking changes, 1 documentation-only change". */
function summaryText(changes: readonly ApiChange[]): string {
  const counts = countKinds(changes);
  return CHANGE_KINDS.map((k) => `${counts[k]} ${NOUNS[k][counts[k] === 1 ? 0 : 1]}`).join(', ');
}

function operationTitle(op: ChangedOperation | null): string {
  if (!op) return 'API-wide';
  const name = op.method ? `${op.method} ${op.path}` : `${op.path} (all its operations)`;
  return op.operationId ? `${name} (${op.operationId})` : name;
}

/** Changes per operation, the operations with the most severe change first, then in path order. */
function byOperation(changes: readonly ApiChange[]): { title: string; changes: ApiChange[] }[] {
  const groups = new Map<string, { title: string; rank: number; changes: ApiChange[] }>();
  for (const c of changes) {
    const title = operationTitle(c.operation);
    const group = groups.get(title) ?? { title, rank: CHANGE_KINDS.indexOf(c.kind), changes: [] };
    group.rank = Math.min(group.rank, CHANGE_KINDS.indexOf(c.kind));
    group.changes.push(c);
    groups.set(title, group);
  }
  // Changes come sorted by kind, then place: a stable sort by rank keeps the place order inside one.
  return [...groups.values()].sort((a, b) => a.rank - b.rank);
}

function formatText(changes: readonly ApiChange[], names: { old: string; new: string }, color: boolean): string {
  if (changes.length === 0) return `No changes between ${names.old} and ${names.new}.\n`;
  const paint: Record<ChangeKind, (s: string) => string> = {
    breaking: (s) => style.red(color, s),
    deprecation: (s) => style.yellow(color, s),
    'non-breaking': (s) => style.green(color, s),
    'documentation-only': (s) => style.dim(color, s),
  };
  const width = Math.max(...CHANGE_KINDS.map((k) => k.length));
  const lines: string[] = [];
  for (const group of byOperation(changes)) {
    lines.push(style.bold(color, group.title));
    for (const c of group.changes) lines.push(`  ${paint[c.kind](c.kind.padEnd(width))}  ${c.message}`);
    lines.push('');
  }
  lines.push(`${summaryText(changes)} (${names.old} → ${names.new})`);
  return lines.join('\n') + '\n';
}

const HEADINGS: Record<ChangeKind, string> = {
  breaking: 'Breaking changes',
  deprecation: 'Deprecations',
  'non-breaking': 'Non-breaking changes',
  'documentation-only': 'Documentation-only changes',
};

/** For a CI job summary or a pull-request comment: a heading per kind, a list per operation. */
function formatMarkdown(changes: readonly ApiChange[], names: { old: string; new: string }): string {
  const out = [`## API changes: \`${names.old}\` → \`${names.new}\``, ''];
  if (changes.length === 0) return [...out, 'No changes.', ''].join('\n');
  out.push(`**${summaryText(changes)}**`, '');
  for (const kind of CHANGE_KINDS) {
    const ofKind = changes.filter((c) => c.kind === kind);
    if (ofKind.length === 0) continue;
    out.push(`### ${HEADINGS[kind]} (${ofKind.length})`, '');
    for (const group of byOperation(ofKind)) {
      out.push(`#### ${markdownTitle(group.changes[0]!.operation)}`, '');
      for (const c of group.changes) out.push(`- ${c.message}`);
      out.push('');
    }
  }
  return out.join('\n');
}

function markdownTitle(op: ChangedOperation | null): string {
  if (!op) return 'API-wide';
  const name = op.method ? `\`${op.method} ${op.path}\`` : `\`${op.path}\` (all its operations)`;
  return op.operationId ? `${name} (\`${op.operationId}\`)` : name;
}

/** The documented JSON shape (src/openapi/diff/README.md). */
function formatJson(changes: readonly ApiChange[], names: { old: string; new: string }): string {
  return JSON.stringify({ old: names.old, new: names.new, summary: countKinds(changes), changes }, null, 2) + '\n';
}
