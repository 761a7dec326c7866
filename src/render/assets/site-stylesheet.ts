import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { readUtf8 } from '../sources/read-utf8.js';
import type { ClientBundle } from './bundle-client.js';
import { CLIENT_TARGET } from './browser-react.js';

// The site's stylesheet: the theme's (from the client bundle, already minified) followed by the
// site's own files (`customCss`), minified, in one file named after its text. Without `customCss`
// the bundle's stylesheet is used as it is (no esbuild).

/** The bundle with the site's own stylesheets added to the theme's, and the problems of those files. */
export async function withCustomCss(
  client: ClientBundle,
  root: string,
  customCss: readonly string[],
): Promise<{ client: ClientBundle; diagnostics: Diagnostic[] }> {
  if (customCss.length === 0) return { client, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const { transform } = await import('esbuild');
  const parts: string[] = [];
  for (const path of customCss) {
    const relPath = relative(root, resolve(root, path)).split(sep).join('/');
    if (!inside(root, resolve(root, path))) {
      diagnostics.push(diagnostic('SD2008', { message: `customCss "${path}" is outside the project; it was not read.`, file: relPath }));
      continue;
    }
    const text = readUtf8(resolve(root, path), relPath);
    if (typeof text !== 'string') {
      diagnostics.push(text);
      continue;
    }
    // esbuild reads any text as CSS and warns where it had to guess (an unclosed block, a stray
    // brace): each is an error here, at its position.
    const { code, warnings } = await transform(text, { loader: 'css', minify: true, target: CLIENT_TARGET, sourcefile: relPath, logLevel: 'silent' });
    for (const w of warnings) {
      const at = w.location ? { line: w.location.line, column: w.location.column + 1, lineText: w.location.lineText } : {};
      diagnostics.push(diagnostic('SD2019', { message: `${relPath}: ${w.text}.`, file: relPath, ...at }));
    }
    const importAt = text.search(/@import\b/);
    if (importAt >= 0) {
      const before = text.slice(0, importAt).split('\n');
      const line = before.length;
      diagnostics.push(
        diagnostic('SD2019', {
          message: `${relPath}: @import is not followed in customCss (the file comes after the theme's rules, where browsers ignore it).`,
          hint: 'List the imported file in customCss instead.',
          file: relPath,
          line,
          column: before[line - 1]!.length + 1,
          lineText: text.split('\n')[line - 1] ?? '',
        }),
      );
    }
    parts.push(code);
  }
  const theme = client.files.find((f) => f.path === client.css);
  if (!theme || !('contents' in theme)) throw new Error(`${client.css}: the theme's stylesheet is not in the client bundle`);
  const css = `${[Buffer.from(theme.contents).toString('utf8'), ...parts].map((part) => part.trimEnd()).join('\n')}\n`;
  const path = `assets/css/styles.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
  return { client: { ...client, files: [...client.files.filter((f) => f !== theme), { path, contents: css }], css: path }, diagnostics };
}

/** Whether the file (followed through symlinks, when it exists) is inside the project. */
function inside(root: string, abs: string): boolean {
  const real = (p: string): string => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  const rel = relative(real(root), real(abs));
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel);
}
