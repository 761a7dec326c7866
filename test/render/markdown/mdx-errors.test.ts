// MDX mistakes are diagnostics at their real line in the .mdx file (front matter counted), all
// reported in one pass, with project-relative paths; `@site/` imports resolve from the root.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load-config.js';
import { buildSite, type BuildSiteResult } from '../../../src/render/build-site.js';
import type { Diagnostic } from '../../../src/shared/diagnostics.js';
import { nonJsonValue } from '../../../src/render/markdown/remark-islands.js';
import { shiftMessagePositions } from '../../../src/render/markdown/mdx-checks.js';
import { tempProject, outputText } from '../../helpers/fixtures.js';

const FM = '---\ntitle: T\n---\n\n';
let root: string;
let result: BuildSiteResult;
const of = (file: string): Diagnostic[] => result.diagnostics.filter((d) => d.file === file);
const html = (path: string): string => outputText(result.files, path);

beforeAll(async () => {
  root = tempProject({
    'content/components/W.tsx': [
      'export default function W(p: { n: unknown }) { return <b className="w">{String(p.n)}</b>; }',
      'export function Boom({ at }: { at: string }): never { throw new Error(`kaboom in ${at}/data.json`); }',
    ].join('\n'),
    // line 5: the import; line 9: an undefined component
    'content/docs/unknown.mdx': `${FM}import W from './nope';\n\n# A\n\n<Unknown />\n`,
    // line 7: an unclosed tag
    'content/docs/syntax.mdx': `${FM}Text\n\n<div>\n\nunclosed\n`,
    // line 7: a function prop; line 9: a spread holding JSX
    'content/docs/props.mdx': `${FM}import W from '@site/content/components/W';\n\n<W client:load n={1} f={() => 1} />\n\n<W client:idle {...{ x: <b /> }} />\n`,
    // line 9: exported function passed as a prop: only known when rendering
    'content/docs/runtime-props.mdx': `${FM}import W from '@site/content/components/W';\n\nexport const fn = () => 2;\n\n<W client:load n={fn} />\n`,
    // line 9: a block whose component throws while rendering
    // fine: @site from a nested folder, a namespace-free named import, a spread of JSON
    'content/docs/deep/ok.mdx': `${FM}import W from '@site/content/components/W';\n\n<W client:load {...{ n: 'spread' }} />\n`,
    'content/docs/not-island.mdx': `${FM}<Tabs client:load><TabItem value="a">A</TabItem></Tabs>\n`,
  });
  writeFileSync(
    join(root, 'content/docs/throws.mdx'),
    `${FM}import { Boom } from '../components/W';\n\nText\n\n<Details summary="x">\n\n<Boom at="${root}" />\n\n</Details>\n`,
  );
  const { config } = await loadConfig(root);
  result = await buildSite({ root, config: config! });
}, 60_000);

describe('MDX diagnostics', () => {
  it('reports an undefined component and a failed import of the same file, each at its line', () => {
    expect(of('content/docs/unknown.mdx').map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      [
        'SD2017',
        9,
        1,
        "MDX: <Unknown> is not defined: import it (`import Unknown from '@site/content/components/Unknown';`) or use a built-in component (Tabs, TabItem, Details, Admonition, CodeBlock).",
      ],
      ['SD2017', 5, 15, 'MDX import: Could not resolve "./nope"'],
    ]);
    expect(of('content/docs/unknown.mdx')[1]!.hint).toContain('`@site/` from the project root');
  });

  it('shifts positions inside messages by the front matter', () => {
    const [d] = of('content/docs/syntax.mdx');
    expect([d!.line, d!.column]).toEqual([7, 1]);
    expect(d!.message).toMatch(/^MDX: Expected a closing tag for `<div>` \(7:1-7:6\)/);
    expect(shiftMessagePositions('x (4:1-4:7) y (2:3)', 3)).toBe('x (7:1-7:7) y (5:3)');
  });

  it('rejects island props that are not JSON, at the prop', () => {
    expect(of('content/docs/props.mdx').map((d) => [d.line, d.column, d.message])).toEqual([
      [
        7,
        25,
        'MDX: Prop "f" of <W client:load> is a function: island props must be JSON values (strings, numbers, booleans, null, arrays and plain objects): they are sent to the browser inside the page.',
      ],
      [
        9,
        17,
        'MDX: A spread prop of <W client:idle> is a React element: island props must be JSON values (strings, numbers, booleans, null, arrays and plain objects): they are sent to the browser inside the page.',
      ],
    ]);
    expect(of('content/docs/runtime-props.mdx').map((d) => [d.line, d.column, d.message])).toEqual([
      [
        9,
        1,
        'MDX: Prop "n" of <W client:load> is a function: island props must be JSON values (strings, numbers, booleans, null, arrays and plain objects): they are sent to the browser inside the page.',
      ],
    ]);
    expect(nonJsonValue({ a: [1, 'x', null, { b: true }] })).toBeUndefined();
    expect(nonJsonValue({ a: [1, Number.NaN] })).toBe('`NaN`');
    expect(nonJsonValue(new Date())).toBe('a Date object');
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(nonJsonValue(loop)).toBe('a circular structure');
  });

  it('names the block that threw while rendering, with a project-relative path', () => {
    const [d] = of('content/docs/throws.mdx');
    expect([d!.line, d!.column]).toEqual([9, 1]);
    expect(d!.message).toBe('MDX threw while rendering <Details>: kaboom in data.json');
    expect(result.diagnostics.every((x) => !x.message.includes(root))).toBe(true);
  });

  it('says how to make an island of a component that is not imported', () => {
    const [d] = of('content/docs/not-island.mdx');
    expect(d!.message).toBe(
      "MDX: <Tabs client:load> must be a component imported from a file of the project, e.g. `import Tabs from '@site/content/components/Tabs';`.",
    );
    expect([d!.line, d!.column]).toEqual([5, 1]);
  });

  it('resolves @site/ imports from any folder and renders the rest of the site', () => {
    expect(of('content/docs/deep/ok.mdx')).toEqual([]);
    expect(html('docs/deep/ok/index.html')).toContain('<b class="w">spread</b>');
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toHaveLength(8);
  });
});
