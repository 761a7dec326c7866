// Kept apart from load-react-pages.ts: page rendering (and its workers) needs only this, not the
// React page loader and the config code it shares a chunk with.

/** Line and column of the first stack frame in the page's own source (source-mapped), if any. */
export function stackPosition(err: Error, relPath: string): { line: number; column: number } | undefined {
  const escaped = relPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`[/\\\\]${escaped}:(\\d+):(\\d+)`).exec(err.stack ?? '');
  return m ? { line: Number(m[1]), column: Number(m[2]) } : undefined;
}
