import { describe, expect, it } from 'vitest';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { withCustomCss } from '../../../src/render/assets/site-stylesheet.js';
import type { ClientBundle } from '../../../src/render/assets/bundle-client.js';
import { tempDir, tempProject } from '../../helpers/fixtures.js';

const client: ClientBundle = {
  files: [
    { path: 'assets/css/styles.theme.css', contents: 'body{margin:0}' },
    { path: 'assets/js/entry-x.js', contents: '' },
  ],
  entry: 'assets/js/entry-x.js',
  css: 'assets/css/styles.theme.css',
  earlyScript: 'js/early.js',
  shell: ['assets/js/entry-x.js'],
};

const css = (bundle: ClientBundle): string => String((bundle.files.find((f) => f.path === bundle.css) as { contents: string }).contents);

describe("the site's own stylesheets (customCss)", () => {
  it('come after the theme, minified and in order, in one file named after its text', async () => {
    const root = tempProject({ 'src/a.css': ':root {\n  --brand: #0a5;\n}\n', 'src/b.css': 'h1 { color: var(--brand); }\n' });
    const { client: out, diagnostics } = await withCustomCss(client, root, ['src/a.css', 'src/b.css']);
    expect(diagnostics).toEqual([]);
    expect(css(out)).toBe('body{margin:0}\n:root{--brand: #0a5}\nh1{color:var(--brand)}\n');
    expect(out.css).toMatch(/^assets\/css\/styles\.[0-9a-f]{10}\.css$/);
    expect(out.files.map((f) => f.path)).toEqual(['assets/js/entry-x.js', out.css]);
    const again = await withCustomCss(client, root, ['src/a.css', 'src/b.css']);
    expect(again.client.css).toBe(out.css);
  });

  it('leave the bundle as it is when there are none', async () => {
    expect((await withCustomCss(client, tempDir(), [])).client).toBe(client);
  });

  it('report a missing file, a file outside the project, CSS it had to guess and @import, each at its place', async () => {
    const outside = tempProject({ 'x.css': 'a{}' });
    const root = tempProject({ 'bad.css': 'a { color: red }\n}\nb { color: blue', 'imports.css': '\n@import "other.css";\n' });
    symlinkSync(join(outside, 'x.css'), join(root, 'linked.css'));
    const { diagnostics } = await withCustomCss(client, root, ['missing.css', '../elsewhere.css', 'linked.css', 'bad.css', 'imports.css']);
    expect(diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([
      ['SD2004', 'missing.css', undefined, undefined],
      ['SD2008', '../elsewhere.css', undefined, undefined],
      ['SD2008', 'linked.css', undefined, undefined],
      ['SD2019', 'bad.css', 2, 1],
      ['SD2019', 'bad.css', 3, 16],
      ['SD2019', 'imports.css', 2, 1],
    ]);
    expect(diagnostics.every((d) => d.severity === 'error')).toBe(true);
    expect(diagnostics[3]!.message).toContain('Unexpected "}"');
  });
});
