import { describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkOutDir, OUTPUT_MARKER } from '../../../src/render/write/check-out-dir.js';
import { cleanStale, openOutput, writeDist } from '../../../src/render/write/write-dist.js';
import { tempProject, treeHash } from '../../helpers/fixtures.js';

describe('writeDist', () => {
  it('replaces the output folder with exactly the new files, and leaves nothing beside it', async () => {
    const root = tempProject({ 'dist/old.html': 'old' });
    await writeDist(
      [
        { path: 'index.html', contents: 'new' },
        { path: 'a/b/index.html', contents: new Uint8Array([1, 2]) },
      ],
      join(root, 'dist'),
    );
    expect(readdirSync(join(root, 'dist')).sort()).toEqual([OUTPUT_MARKER, 'a', 'index.html']);
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toBe('new');
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('leaves the previous output byte-identical and no temp folder when writing fails', async () => {
    const root = tempProject({ 'dist/index.html': 'previous', 'dist/img/a.png': 'png' });
    const before = treeHash(join(root, 'dist'));
    await expect(
      writeDist(
        [
          { path: 'index.html', contents: 'new' },
          { path: 'x.png', copyFrom: join(root, 'does-not-exist.png') },
        ],
        join(root, 'dist'),
      ),
    ).rejects.toThrow();
    expect(treeHash(join(root, 'dist'))).toBe(before);
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('writes many files into many folders at once, each whole', async () => {
    const root = tempProject({ 'dist/old.html': 'old' });
    const files = Array.from({ length: 1200 }, (_, i) => ({ path: `blog/post-${i % 300}/${i}.html`, contents: `post ${i}` }));
    await writeDist(files, join(root, 'dist'));
    expect(readFileSync(join(root, 'dist/blog/post-7/607.html'), 'utf8')).toBe('post 607');
    expect(readdirSync(join(root, 'dist/blog')).length).toBe(300);
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('discards an output being written (a failed or interrupted build): the previous one stays', async () => {
    const root = tempProject({ 'dist/index.html': 'previous' });
    const before = treeHash(join(root, 'dist'));
    const output = openOutput(join(root, 'dist'));
    for (let i = 0; i < 100; i++) void output.write({ path: `a/${i}/index.html`, contents: 'x' });
    await output.discard();
    expect(readdirSync(root)).toEqual(['dist']);
    expect(treeHash(join(root, 'dist'))).toBe(before);
    await expect(output.write({ path: 'late.html', contents: 'x' })).rejects.toThrow(/closed/);
  });

  it('lets the event loop turn while a file in parts is made, and stops it when the output is discarded meanwhile', async () => {
    const root = tempProject({ 'dist/index.html': 'previous' });
    const before = treeHash(join(root, 'dist'));
    const output = openOutput(join(root, 'dist'));
    let made = 0;
    function* slowParts(): Generator<string> {
      for (let i = 0; i < 20; i++) {
        const until = performance.now() + 30;
        while (performance.now() < until);
        made++;
        yield `part ${i}\n`;
      }
    }
    const writing = output.write({ path: 'big.txt', parts: slowParts() });
    // A turn of the event loop comes while the file is made (a signal handler would run there).
    await new Promise((resolve) => setImmediate(resolve));
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThan(20);
    await output.discard();
    await expect(writing).rejects.toThrow(/closed/);
    expect(made).toBeLessThan(20);
    expect(treeHash(join(root, 'dist'))).toBe(before);
  });

  it('refuses paths that escape the output folder', async () => {
    const root = tempProject();
    await expect(writeDist([{ path: '../evil.txt', contents: 'x' }], join(root, 'dist'))).rejects.toThrow(/outside the output folder/);
    expect(existsSync(join(root, 'evil.txt'))).toBe(false);
    expect(readdirSync(root)).toEqual([]);
  });

  it("removes a killed build's temp folder, restores an output a killed swap left aside, and removes an old spare", () => {
    const root = tempProject({
      '.shipdocs-tmp-dist-999999-abcd/index.html': 'half',
      '.shipdocs-old-dist-999998-abcd/index.html': 'previous',
      '.shipdocs-spare-dist/index.html': 'spare',
    });
    cleanStale(join(root, 'dist'));
    expect(readdirSync(root)).toEqual(['dist']);
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toBe('previous');
  });
});

describe('checkOutDir', () => {
  const root = tempProject({ 'content/docs/a.md': '# A' });
  mkdirSync(join(root, 'static'), { recursive: true });
  writeFileSync(join(root, 'static/x.txt'), 'x');
  const sources = ['content/docs', 'content/pages', 'static'];
  it.each([
    [root, 'the project root'],
    ['/', 'the file-system root (/)'],
    [join(root, '..'), 'a folder that contains the project'],
    [join(root, 'static'), 'the source folder static'],
    [join(root, 'content/docs/out'), 'the source folder content/docs'],
    [join(root, 'content'), 'a folder that contains the source folder content/docs'],
    [join(root, '.git'), 'a version-control folder (.git)'],
    [join(root, 'node_modules'), 'a node_modules folder'],
  ])('refuses %s', (out, reason) => {
    expect(checkOutDir(out, root, sources)).toEqual({ ok: false, reason });
  });
  it('accepts a new, an empty or a shipdocs-written output folder', () => {
    expect(checkOutDir(join(root, 'dist'), root, sources)).toEqual({ ok: true });
    expect(checkOutDir(join(root, 'build/site'), root, sources)).toEqual({ ok: true });
    mkdirSync(join(root, 'empty'));
    expect(checkOutDir(join(root, 'empty'), root, sources)).toEqual({ ok: true });
    mkdirSync(join(root, 'old-output'));
    writeFileSync(join(root, 'old-output', OUTPUT_MARKER), '');
    writeFileSync(join(root, 'old-output/index.html'), '');
    expect(checkOutDir(join(root, 'old-output'), root, sources)).toEqual({ ok: true });
  });
  it('refuses a file and a folder holding files no build wrote', () => {
    writeFileSync(join(root, 'notes.txt'), 'x');
    expect(checkOutDir(join(root, 'notes.txt'), root, sources)).toEqual({ ok: false, reason: 'an existing file, not a folder' });
    mkdirSync(join(root, 'mine'));
    writeFileSync(join(root, 'mine/keep.txt'), 'x');
    expect(checkOutDir(join(root, 'mine'), root, sources).reason).toMatch(/^a folder that holds files no shipdocs build wrote/);
  });
});
