import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

interface WalkedFile {
  absPath: string;
  /** Relative to the walked folder, with "/". */
  relPath: string;
}

export interface WalkResult {
  files: WalkedFile[];
  /** Symlinks whose target is outside `root` (never followed). */
  escaped: WalkedFile[];
  /** Folders that exist but could not be listed, with the reason (an errno code such as EACCES). */
  unreadable: (WalkedFile & { reason: string })[];
}

const IGNORED = new Set(['node_modules', '.git']);

/**
 * Lists the files below `dir`, sorted, skipping dotfiles and node_modules. Symlinks are followed
 * only when their real path stays inside `root`.
 */
export function walkFiles(dir: string, root: string): WalkResult {
  const out: WalkResult = { files: [], escaped: [], unreadable: [] };
  const realRoot = realpathSync(root);
  const visit = (current: string): void => {
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch (err) {
      // The walked folder itself may be missing (an empty source); anything below it is an error.
      const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      if (current !== dir || code !== 'ENOENT') out.unreadable.push({ absPath: current, relPath: relative(dir, current).split(sep).join('/'), reason: code });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.') || IGNORED.has(entry.name)) continue;
      const abs = join(current, entry.name);
      const rel = relative(dir, abs).split(sep).join('/');
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        let real: string;
        try {
          real = realpathSync(abs);
        } catch {
          continue; // dangling link
        }
        if (real !== realRoot && !real.startsWith(realRoot + sep)) {
          out.escaped.push({ absPath: abs, relPath: rel });
          continue;
        }
        const st = statSync(real);
        isDir = st.isDirectory();
        isFile = st.isFile();
      }
      if (isDir) visit(abs);
      else if (isFile) out.files.push({ absPath: abs, relPath: rel });
    }
  };
  try {
    if (lstatSync(dir).isDirectory() || statSync(dir).isDirectory()) visit(dir);
  } catch {
    // a missing folder is an empty one
  }
  return out;
}

/** True when `abs` (after resolving symlinks) is `root` or inside it. */
export function isInside(abs: string, root: string): boolean {
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    return false;
  }
  const realRoot = realpathSync(root);
  return real === realRoot || real.startsWith(realRoot + sep);
}
