// Lazy chunks that failed to load. A browser may keep a module URL whose fetch failed failed for
// the document's lifetime (importing it again fetches nothing), so a retry must use another URL.
import type { LazyChunk } from 'shipdocs:chunks';

/** Failed imports so far, by chunk URL. */
const failures = new Map<string, number>();
let reloading = false;

/** True when the server answers for the chunk (the network is back). */
async function fetchable(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * Imports a lazy chunk, and once an import of it has failed, from a fresh URL (`?retry=N`) that the
 * browser fetches again, reloading the page as the last resort when that fails too while the chunk
 * itself can be fetched (a chunk it imports is then what the browser keeps failed, which only a new
 * document forgets).
 */
export async function importLazy<T>({ load, url }: LazyChunk<T>): Promise<T> {
  const failed = failures.get(url) ?? 0;
  const fresh = failed > 0 ? `${url}?retry=${failed}` : undefined;
  try {
    return fresh ? ((await import(fresh)) as T) : await load();
  } catch (error) {
    failures.set(url, failed + 1);
    if (fresh && (await fetchable(fresh))) {
      // Once: a second reload would cancel the first (the island and mount chunks fail together).
      if (!reloading) location.reload();
      reloading = true;
      return new Promise<never>(() => {});
    }
    throw error;
  }
}
