import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { withLineText, type Diagnostic } from '../shared/diagnostics.js';

/** Diagnostics with the text of their line, for the code frame (each file read once). */
export function withSourceLines(root: string, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const sources = new Map<string, string | undefined>();
  return diagnostics.map((d) => {
    if (!d.file || d.lineText !== undefined || !d.line) return d;
    if (!sources.has(d.file)) sources.set(d.file, readText(resolve(root, d.file)));
    return withLineText(d, sources.get(d.file));
  });
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
