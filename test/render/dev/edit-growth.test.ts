import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { createDevSite, type DevSite } from '../../../src/render/dev/dev-site.js';
import { tempProject } from '../../helpers/fixtures.js';

// Growth test of `serve`: an edit of a doc's body on docs of 4N pages costs what it costs on N pages
// (at most 1.5×), measured in one run so that the ratio holds on any machine. The cost of an edit is
// what `serve` does for it: the update, then the page rendered. Work that touches every page once
// per edit (routes planned again, the sidebars rendered again, every page compared, every link
// checked) grows 4× from N to 4N and dominates at these sizes: it fails. The measure is the CPU time
// of this process (all its threads), which other processes on a loaded machine do not inflate as
// they do wall time; the lower quartiles of 80 edits on each site are compared (a garbage
// collection or the scheduler only ever adds to an edit's cost).

const N = 300;
const MAX_RATIO = 1.5;
const PER_CATEGORY = 25;

/**
 * Docs of `pages` pages as a growing site has them: sections of N pages side by side, each with
 * categories of 25 pages; a page has headings, a list, a table and links to its neighbours (one
 * into an anchor).
 */
function generatedDocs(pages: number): string {
  const files: Record<string, string> = { 'site.config.ts': "export default { title: 'Growth', url: 'https://growth.example' };\n" };
  const pathOf = (i: number): string => {
    const part = Math.floor(i / N) + 1;
    const category = Math.floor((i % N) / PER_CATEGORY) + 1;
    return `content/docs/part-${part}/category-${category}/page-${(i % PER_CATEGORY) + 1}.md`;
  };
  for (let i = 0; i < pages; i++) {
    const next = pathOf((i + 1) % pages)
      .split('/')
      .slice(-2)
      .join('/');
    files[pathOf(i)] = [
      '---',
      `title: Page ${i + 1}`,
      `sidebar_position: ${(i % PER_CATEGORY) + 1}`,
      `description: What page ${i + 1} is about.`,
      '---',
      '',
      `Page ${i + 1} explains one part of the product. See [the next page](../${next}#usage) and [its overview](../${next}).`,
      '',
      '## Usage',
      '',
      '- Make a request with your **token**.',
      '- Read the `status` of the response.',
      '',
      '| Field | Type | Description |',
      '| --- | --- | --- |',
      `| id | string | The identifier of item ${i}. |`,
      '',
      '## Details',
      '',
      `The details of page ${i + 1}, in a paragraph long enough to be rendered as a real page would be.`,
      '',
    ].join('\n');
  }
  return tempProject(files);
}

interface Opened {
  site: DevSite;
  file: string;
  route: string;
  original: string;
  edits: number;
}

const opened: Opened[] = [];

async function open(pages: number): Promise<Opened> {
  const root = generatedDocs(pages);
  const { config } = await loadConfig(root);
  const { site, first } = await createDevSite({ root, config: config! });
  expect(first.ok).toBe(true);
  expect(first.pages).toBeGreaterThan(pages);
  const file = join(root, 'content/docs/part-1/category-1/page-1.md');
  const route = '/docs/part-1/category-1/page-1';
  expect(site.page(route)).toBeDefined();
  const made = { site, file, route, original: readFileSync(file, 'utf8'), edits: 0 };
  opened.push(made);
  return made;
}

afterAll(async () => {
  for (const { site } of opened) await site.close();
});

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

interface Costs {
  /** CPU milliseconds of each update alone. */
  update: number[];
  /** Of each update and its page rendered after it (what a reader waits for). */
  served: number[];
}

/** `count` edits of the page's body, their costs added to `costs`. */
async function edit(docs: Opened, count: number, costs: Costs): Promise<void> {
  for (let i = 0; i < count; i++) {
    const marker = `edit-${++docs.edits}`;
    writeFileSync(docs.file, `${docs.original}\nA new paragraph, ${marker}.\n`);
    const start = process.cpuUsage();
    const result = await docs.site.update([docs.file]);
    costs.update.push(cpuMs(start));
    const html = docs.site.page(docs.route);
    costs.served.push(cpuMs(start));
    if (!result.ok || !html?.includes(marker)) throw new Error(`the edit ${marker} is not served`);
  }
}

/** The lower quartile: what an edit costs when neither a garbage collection nor the scheduler adds to it. */
const quartile = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 4)]!;

describe('serve: the cost of an edit does not grow with the site', () => {
  it(`an edit of a doc's body at ${4 * N} pages costs at most ${MAX_RATIO}× one at ${N} pages`, async () => {
    const small = await open(N);
    const large = await open(4 * N);
    // Code compiled and caches warm on both before measuring.
    await edit(small, 10, { update: [], served: [] });
    await edit(large, 10, { update: [], served: [] });
    const a: Costs = { update: [], served: [] };
    const b: Costs = { update: [], served: [] };
    // Interleaved, so that a slower stretch of the machine falls on both.
    for (let round = 0; round < 8; round++) {
      await edit(small, 10, a);
      await edit(large, 10, b);
    }
    // The page served, and the update alone: its work is a small part of the page's rendering,
    // which would hide a loop over every page of the site.
    const served = quartile(b.served) / quartile(a.served);
    const update = quartile(b.update) / quartile(a.update);
    if (process.env.GROWTH_LOG) {
      const show = (costs: Costs): string => `update ${quartile(costs.update).toFixed(2)} ms, served ${quartile(costs.served).toFixed(2)} ms`;
      console.log(
        `lower quartiles of ${a.update.length} edits\n${N} pages: ${show(a)}\n${4 * N} pages: ${show(b)}\nratios: served ${served.toFixed(2)}, update ${update.toFixed(2)}`,
      );
    }
    expect({ served: served <= MAX_RATIO, update: update <= MAX_RATIO }).toEqual({ served: true, update: true });
  }, 120_000);
});
