import { DIAGNOSTIC_CODES } from '../shared/diagnostic-codes.js';
import type { Diagnostic } from '../shared/diagnostics.js';

// A small logger with fixed labels; colour only on a TTY without NO_COLOR.

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  color: boolean;
}

export function createLogger(stream: NodeJS.WriteStream = process.stderr): Logger {
  const color = !!stream.isTTY && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
  const write = (line: string): void => void stream.write(line + '\n');
  return {
    color,
    info: (m) => write(m),
    warn: (m) => write(m),
    error: (m) => write(m),
  };
}

const paint = (on: boolean, code: number, s: string): string => (on ? `\x1b[${code}m${s}\x1b[0m` : s);
export const style = {
  red: (on: boolean, s: string) => paint(on, 31, s),
  yellow: (on: boolean, s: string) => paint(on, 33, s),
  green: (on: boolean, s: string) => paint(on, 32, s),
  dim: (on: boolean, s: string) => paint(on, 2, s),
  bold: (on: boolean, s: string) => paint(on, 1, s),
  cyan: (on: boolean, s: string) => paint(on, 36, s),
};

/** One diagnostic: `file:line:col  error SD2001  message`, a code frame and the hint. */
function formatDiagnostic(d: Diagnostic, color: boolean): string {
  const where = d.file ? `${d.file}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}` : '(site)';
  const label = d.severity === 'error' ? style.red(color, 'error') : style.yellow(color, 'warning');
  const lines = [`${style.bold(color, where)}  ${label} ${style.dim(color, d.code)}  ${d.message}`];
  // The pointer names the value in every format: YAML, JSON (whose line may hold a whole object) and config.
  if (d.pointer) lines.push(`  ${style.dim(color, 'at')} ${d.pointer}`);
  if (d.lineText !== undefined && d.line) {
    const num = String(d.line);
    // Long lines are shown as a window around the column, so the caret stays under it.
    const col = Math.max(1, d.column ?? 1);
    const start = d.lineText.length > 120 && col > 80 ? col - 60 : 0;
    const raw = d.lineText.slice(start, start + 120);
    const text = (start > 0 ? '…' : '') + raw + (start + 120 < d.lineText.length ? '…' : '');
    lines.push(`  ${style.dim(color, num + ' |')} ${text.replace(/\t/g, ' ')}`);
    if (d.column)
      lines.push(`  ${' '.repeat(num.length)} ${style.dim(color, '|')} ${' '.repeat(col - 1 - start + (start > 0 ? 1 : 0))}${style.red(color, '^')}`);
  }
  const hint = d.hint ?? DIAGNOSTIC_CODES[d.code]?.help;
  if (hint) lines.push(`  ${style.cyan(color, 'hint:')} ${hint}`);
  return lines.join('\n');
}

export function formatDiagnostics(diagnostics: readonly Diagnostic[], color: boolean): string {
  return diagnostics.map((d) => formatDiagnostic(d, color)).join('\n\n');
}
