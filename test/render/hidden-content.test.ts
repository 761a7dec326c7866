import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { buildSite, type BuildSiteResult } from '../../src/render/build-site.js';
import type { SiteLookup } from '../../src/mcp/site-lookup.js';
import { siteLookupOf } from '../helpers/site-lookup.js';
import { outputText, tempProject } from '../helpers/fixtures.js';

// What a page hides is hidden in every channel: comments (HTML, `[//]: #`, `[comment]: <>`, MDX
// `{/* */}`) and draft pages are in no twin, llms.txt, llms-full.txt, search index, `shipdocs mcp`
// answer or API export; a comment written inside code is content and stays.

/** Words only hidden things hold: where one shows, something hidden was published. */
const HIDDEN = ['hushhtml', 'hushslash', 'hushcomment', 'hushinline', 'hushmdx', 'hushdraft', 'hushapi', 'hushparam'];
const KEPT = '<!-- keptincode -->';

const root = tempProject({
  'content/docs/intro.md': [
    '# Intro',
    '',
    'Visible text.',
    '',
    '<!-- hushhtml -->',
    '',
    '[//]: # (hushslash)',
    '[comment]: <> (hushcomment)',
    '',
    'Inline <!-- hushinline --> sentence.',
    '',
    '```html',
    KEPT,
    '```',
    '',
  ].join('\n'),
  'content/docs/extra.mdx': '# Extra\n\nShown.\n\n{/* hushmdx */}\n',
  'content/docs/wip.md': '---\ndraft: true\n---\n# Work in progress\n\nThe hushdraft doc.\n',
  'openapi/api.yaml': `openapi: 3.1.0
info:
  title: Notes
  version: '1'
  description: "The notes API. <!-- hushapi -->"
servers: [{ url: 'https://api.example.com' }]
paths:
  /notes:
    get:
      operationId: listNotes
      summary: List notes
      description: "Lists notes.\\n\\n<!-- hushapi -->\\n\\nPaged."
      parameters:
        - { name: q, in: query, description: 'Words. <!-- hushparam -->', schema: { type: string } }
      responses: { '200': { description: 'OK <!-- hushapi -->' } }
`,
});

let result: BuildSiteResult;
let lookup: SiteLookup;
const file = (path: string): string => outputText(result.files, path);
const expectHidden = (text: string, where: string): void => {
  for (const word of HIDDEN) expect(text, `${where}: ${word}`).not.toContain(word);
};

beforeAll(async () => {
  const { config } = await loadConfig(root);
  result = await buildSite({ root, config: config! });
  lookup = await siteLookupOf(root, config!);
}, 60_000);

describe('hidden content', () => {
  it('is in no Markdown twin; code keeps its comment', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const twin = file('docs/intro.md');
    expect(twin).toContain('Visible text.');
    expect(twin).toContain('Inline  sentence.');
    expect(twin).toContain(`\`\`\`html\n${KEPT}\n\`\`\``);
    expectHidden(twin, 'docs/intro.md');
    expect(file('docs/extra.md')).toContain('Shown.');
    expectHidden(file('docs/extra.md'), 'docs/extra.md');
    expect(result.files.map((f) => f.path)).not.toContain('docs/wip.md');
    expect(file('api.md')).toContain('The notes API.');
    expectHidden(file('api.md'), 'api.md');
    const operationTwin = result.files.find((f) => /^api\/[^/]+\.md$/.test(f.path))!.path;
    expect(file(operationTwin)).toContain('Paged.');
    expectHidden(file(operationTwin), operationTwin);
  });

  it('is in neither llms.txt nor llms-full.txt', () => {
    expect(file('llms.txt')).not.toContain('Work in progress');
    expectHidden(file('llms.txt'), 'llms.txt');
    expect(file('llms-full.txt')).toContain(KEPT);
    expectHidden(file('llms-full.txt'), 'llms-full.txt');
  });

  it('is not in the search index', () => {
    const search = file('search-index.json');
    expect(search).toContain('Visible');
    expectHidden(search, 'search-index.json');
    expect(search).not.toContain('/docs/wip');
  });

  it('is neither read nor found by shipdocs mcp', () => {
    const read = lookup.read('/docs/intro');
    expect('markdown' in read && read.markdown).toContain(KEPT);
    expectHidden('markdown' in read ? read.markdown : '', 'read_page');
    expect('markdown' in lookup.read('/docs/wip')).toBe(false);
    for (const word of HIDDEN) expect(lookup.search(word, 10), word).toEqual([]);
    const op = lookup.operation('listNotes');
    expect('markdown' in op && op.markdown).toContain('Paged.');
    expectHidden('markdown' in op ? op.markdown : '', 'get_operation');
  });

  it('is in no API export', () => {
    const exports = result.files.filter((f) => /exports\//.test(f.path) && typeof (f as { contents?: unknown }).contents === 'string');
    expect(exports.map((f) => f.path)).toEqual(expect.arrayContaining([expect.stringMatching(/exports\/universal\.md$/)]));
    expect(file(exports.find((f) => f.path.endsWith('exports/universal.md'))!.path)).toContain('Paged.');
    for (const f of exports) expectHidden(file(f.path), f.path);
  });
});
