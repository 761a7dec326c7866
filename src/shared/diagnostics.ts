import { DIAGNOSTIC_CODES, type DiagnosticCode } from './diagnostic-codes.js';

type Severity = 'error' | 'warning';

/** A user-facing problem: the shape of esbuild's messages and of vfile's. */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  hint?: string;
  /** Path relative to the project root, with forward slashes. */
  file?: string;
  /** 1-based. */
  line?: number;
  /** 1-based. */
  column?: number;
  /** The text of the line, for the code frame. */
  lineText?: string;
  /** JSON pointer into a structured document (config path, OpenAPI pointer). */
  pointer?: string;
}

export interface DiagnosticInit {
  message: string;
  hint?: string;
  file?: string;
  line?: number;
  column?: number;
  lineText?: string;
  pointer?: string;
  severity?: Severity;
}

export function diagnostic(code: DiagnosticCode, init: DiagnosticInit): Diagnostic {
  const info = DIAGNOSTIC_CODES[code];
  const d: Diagnostic = { code, severity: init.severity ?? info.severity, message: init.message };
  d.hint = init.hint ?? info.help;
  if (init.file !== undefined) d.file = init.file;
  if (init.line !== undefined) d.line = init.line;
  if (init.column !== undefined) d.column = init.column;
  if (init.lineText !== undefined) d.lineText = init.lineText;
  if (init.pointer !== undefined) d.pointer = init.pointer;
  return d;
}

/** `--strict`: the warnings the catalogue marks `strict` (broken links and anchors, duplicate routes and operationIds, unknown or invalid OpenAPI values) become errors. */
export function withStrict(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => ('strict' in DIAGNOSTIC_CODES[d.code] ? { ...d, severity: 'error' as const } : d));
}

/** Fills in `lineText` from the source text when a diagnostic has a line but no text. */
export function withLineText(d: Diagnostic, source: string | undefined): Diagnostic {
  if (d.lineText !== undefined || d.line === undefined || source === undefined) return d;
  const text = source.split(/\r?\n/)[d.line - 1];
  return text === undefined ? d : { ...d, lineText: text };
}

/** Line and column (1-based) of a character offset. */
export function positionAt(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}
