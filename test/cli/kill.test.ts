import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, tempProject, treeHash } from '../helpers/fixtures.js';

const BIN = join(REPO, 'bin/shipdocs.js');

function site(): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < 150; i++)
    files[`content/docs/section-${i % 5}/page-${i}.md`] = `# Page ${i}\n\n${'Some text. '.repeat(80)}\n\n## Part\n\n\`\`\`json\n{ "page": ${i} }\n\`\`\`\n`;
  return tempProject(files);
}

/** A blog large enough to be killed while its pages are written. */
function blog(): string {
  const root = tempProject();
  expect(spawnSync(process.execPath, [join(REPO, 'bench/generate-blog.mjs'), root, '1100']).status).toBe(0);
  return root;
}

/** Temp folders and replaced outputs. */
const leftovers = (root: string): string[] => readdirSync(root).filter((n) => n.startsWith('.shipdocs-'));

/** One project per kind, built once: every case leaves its output as it found it, so the next reuses it. */
const projects = new Map<'docs' | 'blog', { root: string; before: string }>();
function builtProject(kind: 'docs' | 'blog'): { root: string; before: string } {
  let project = projects.get(kind);
  if (!project) {
    const root = kind === 'blog' ? blog() : site();
    expect(spawnSync(process.execPath, [BIN, 'build', '--root', root, '--no-cache']).status).toBe(0);
    expect(leftovers(root)).toEqual([]);
    project = { root, before: treeHash(join(root, 'dist')) };
    projects.set(kind, project);
  }
  return project;
}

describe('interrupted builds', () => {
  it.each([
    ['SIGKILL', 150, 'docs'],
    ['SIGKILL', 600, 'docs'],
    ['SIGINT', 400, 'docs'],
    ['SIGTERM', 400, 'docs'],
    // Killed while pages are rendered and written.
    ['SIGINT', 1200, 'blog'],
    ['SIGTERM', 1800, 'blog'],
  ] as const)('a build killed with %s after %i ms leaves the previous output byte-identical (%s)', async (signal, delay, kind) => {
    const { root, before } = builtProject(kind);
    const child = spawn(process.execPath, [BIN, 'build', '--root', root, '--no-cache'], { stdio: 'ignore' });
    // Listened for at once: a fast build may end before the signal is sent.
    const exited = new Promise((r) => child.once('exit', r));
    await new Promise((r) => setTimeout(r, delay));
    child.kill(signal);
    await exited;
    // The output is the old one, or (if the build had finished) an identical new one.
    expect(treeHash(join(root, 'dist'))).toBe(before);
    // An interrupted build removes its temp folder before it exits.
    if (signal !== 'SIGKILL') {
      expect(leftovers(root)).toEqual([]);
      return;
    }
    // The next build cleans whatever a killed build left behind.
    expect(spawnSync(process.execPath, [BIN, 'build', '--root', root, '--no-cache']).status).toBe(0);
    for (let i = 0; i < 100 && leftovers(root).length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(leftovers(root)).toEqual([]);
    expect(treeHash(join(root, 'dist'))).toBe(before);
  });
});
