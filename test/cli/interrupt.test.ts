import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO, treeHash } from '../helpers/fixtures.js';
import { MARKER_TEXT, OUTPUT_MARKER } from '../../src/render/write/check-out-dir.js';

// SIGTERM sent while a large build is in a given stage: the build stops within a second (HARDENING.md,
// "Interrupts"), as a build whose long stages let the event loop turn between units of work does; a
// stage that computes for seconds in one turn keeps the signal handler (cli/run-build.ts) waiting.
// With SHIPDOCS_TIMING=1 the CLI prints "stage <name>" on stderr as each stage starts.

const BIN = join(REPO, 'bin/shipdocs.js');
/** From the signal to the exit. Without the yields, every case takes seconds on the 2-core build machine. */
const BOUND_MS = 1000;

// The projects live in memory where there is a RAM disk: an interrupted build removes its temp folder
// before it exits, and on a slow disk deleting the thousands of files of a late stage takes longer
// than the second measured here (seconds on the build machine, whose disk discards as it deletes).
const parent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A project holding `fill`'s files and an earlier output (written by hand: a real build would take as long as the cases). */
function project(fill: (root: string) => void): { root: string; before: string } {
  const root = mkdtempSync(join(parent, 'shipdocs-interrupt-'));
  made.push(root);
  fill(root);
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', OUTPUT_MARKER), MARKER_TEXT);
  writeFileSync(join(root, 'dist/index.html'), '<!doctype html><title>The previous build</title>\n');
  return { root, before: treeHash(join(root, 'dist')) };
}

// GitHub's REST API (1,223 operations, 13 MB of JSON): reading, modelling and exporting it and its
// pages each take a second or more.
let api: { root: string; before: string };
// The same API beside 3,000 doc pages with front matter and four code blocks each: the markdown
// stage takes several seconds, and so do the files made after the pages (Markdown twins, llms.txt,
// the search index) and their writing.
let site: { root: string; before: string };
beforeAll(() => {
  const withApi = (root: string): void => {
    mkdirSync(join(root, 'openapi'));
    copyFileSync(join(REPO, 'node_modules/@octokit/openapi/generated/api.github.com.json'), join(root, 'openapi/api.github.com.json'));
  };
  api = project(withApi);
  site = project((root) => {
    withApi(root);
    for (let i = 0; i < 3000; i++) {
      const file = join(root, `content/docs/section-${i % 30}/page-${i}.md`);
      mkdirSync(dirname(file), { recursive: true });
      const frontMatter = `---\ntitle: Page ${i}\ndescription: What page ${i} is about.\nsidebar_position: ${i}\ntags: [guide, section-${i % 30}]\n---\n`;
      const part = (n: number): string =>
        `${'Some text with a [link](/docs/section-0/page-0) and *emphasis*. '.repeat(8)}\n\n\`\`\`json\n{ "page": ${i}, "block": ${n} }\n\`\`\`\n`;
      writeFileSync(file, `${frontMatter}\n${[0, 1, 2, 3].map(part).join('\n')}`);
    }
  });
});

interface Interrupted {
  code: number | null;
  /** From the signal to the exit. */
  ms: number;
  /** The stages started when the signal was sent, and by the exit. */
  atSignal: string[];
  stages: string[];
}

/** Builds `root`, and sends SIGTERM `settleMs` after `stage` starts. */
function interruptIn(root: string, stage: string, settleMs: number, env: Record<string, string>): Promise<Interrupted> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'build', '--root', root, '--no-cache'], {
      env: { ...process.env, SHIPDOCS_TIMING: '1', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const stages: string[] = [];
    let atSignal: string[] | undefined;
    let signalled = 0;
    let rest = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        const name = /^stage (\S+)$/.exec(line)?.[1];
        if (!name) continue;
        stages.push(name);
        if (name !== stage) continue;
        setTimeout(() => {
          atSignal = [...stages];
          signalled = performance.now();
          child.kill('SIGTERM');
        }, settleMs);
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!atSignal) return reject(new Error(`the build ended (exit ${code}) before it was signalled; its stages: ${stages.join(', ')}`));
      resolve({ code, ms: performance.now() - signalled, atSignal, stages });
    });
  });
}

describe('a build interrupted by SIGTERM stops within a second, its previous output intact', () => {
  it.each([
    // [project, stage, ms after the stage starts, environment]
    // Reading the document: its validation (after the parse and the reference check).
    ['api', 'loadApi.validate', 50, {}],
    ['api', 'loadApi.model', 300, {}],
    ['api', 'apiExports', 300, {}],
    ['api', 'renderRoutes', 300, {}],
    // Every task in the build's own thread, as on a one-core machine: the markdown stage highlights
    // in this thread and never waits on a worker. Signalled after the front matter is read and the
    // highlighter has loaded its language, which let a signal in even before the yields.
    ['site', 'parsePages', 2000, { SHIPDOCS_WORKERS: '0' }],
    // The files made after the pages (the search index, Markdown twins, llms.txt), then their writing.
    ['site', 'twins', 100, {}],
  ] as const)('%s, in %s', async (which, stage, settleMs, env) => {
    const { root, before } = which === 'api' ? api : site;
    const r = await interruptIn(root, stage, settleMs, env);
    // Still in that stage when signalled, else the case tests another one.
    expect(r.atSignal.at(-1)).toBe(stage);
    const late = r.ms > BOUND_MS ? `exited ${Math.round(r.ms)} ms after the signal; stages by then: ${r.stages.join(', ')}` : undefined;
    expect({ code: r.code, late }).toEqual({ code: 143, late: undefined });
    expect(treeHash(join(root, 'dist'))).toBe(before);
    expect(readdirSync(root).filter((n) => n.startsWith('.shipdocs-'))).toEqual([]);
  });
});
