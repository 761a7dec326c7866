import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkOutDir, cleanStale, OUTPUT_MARKER, stageDist, writeDist } from '../../src/render/write/write-dist.js';
import { makeFoldersAhead } from '../../src/render/write/parallel-writes.js';
import { REPO, tempProject, treeHash } from '../helpers/fixtures.js';

describe('writeDist', () => {
  it('replaces the output folder with exactly the new files', async () => {
    const root = tempProject({ 'dist/old.html': 'old' });
    await writeDist([{ path: 'index.html', contents: 'new' }, { path: 'a/b/index.html', contents: new Uint8Array([1, 2]) }], join(root, 'dist'));
    expect(readdirSync(join(root, 'dist')).sort()).toEqual([OUTPUT_MARKER, 'a', 'index.html']);
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toBe('new');
    // the previous output is deleted by a background process
    for (let i = 0; i < 100 && readdirSync(root).length > 1; i++) await new Promise((r) => setTimeout(r, 50));
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('leaves the previous output byte-identical and no temp folder when writing fails', async () => {
    const root = tempProject({ 'dist/index.html': 'previous', 'dist/img/a.png': 'png' });
    const before = treeHash(join(root, 'dist'));
    await expect(writeDist([{ path: 'index.html', contents: 'new' }, { path: 'x.png', copyFrom: join(root, 'does-not-exist.png') }], join(root, 'dist'))).rejects.toThrow();
    expect(treeHash(join(root, 'dist'))).toBe(before);
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('writes into a staged folder whose page folders were made ahead, and leaves nothing else', async () => {
    const root = tempProject({ 'dist/old.html': 'old' });
    const staging = stageDist(join(root, 'dist'));
    const files = Array.from({ length: 1200 }, (_, i) => ({ path: `blog/post-${i}/index.html`, contents: `post ${i}` }));
    staging.makeFolders([...files.map((f) => f.path), '404.html']);
    // Made by a helper thread when running compiled; from the sources the writers make them.
    const made = await staging.folders();
    expect([0, 1201]).toContain(made.size);
    for (const folder of made) expect(existsSync(folder)).toBe(true);
    await writeDist([...files, { path: '404.html', contents: 'missing' }], join(root, 'dist'), staging);
    expect(readFileSync(join(root, 'dist/blog/post-7/index.html'), 'utf8')).toBe('post 7');
    expect(readdirSync(join(root, 'dist/blog')).length).toBe(1200);
    for (let i = 0; i < 100 && readdirSync(root).length > 1; i++) await new Promise((r) => setTimeout(r, 50));
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('discards a staged folder (a failed build), folders made ahead included', async () => {
    const root = tempProject({ 'dist/index.html': 'previous' });
    const before = treeHash(join(root, 'dist'));
    const staging = stageDist(join(root, 'dist'));
    staging.makeFolders(Array.from({ length: 1500 }, (_, i) => `a/${i}/b/index.html`));
    await staging.discard();
    expect(readdirSync(root)).toEqual(['dist']);
    expect(treeHash(join(root, 'dist'))).toBe(before);
  });

  it('refuses paths that escape the output folder', async () => {
    const root = tempProject();
    await expect(writeDist([{ path: '../evil.txt', contents: 'x' }], join(root, 'dist'))).rejects.toThrow(/outside the output folder/);
    expect(existsSync(join(root, 'evil.txt'))).toBe(false);
    const staging = stageDist(join(root, 'dist'));
    expect(() => staging.makeFolders(['../../escaped/index.html'])).toThrow(/outside the output folder/);
    await staging.discard();
    expect(existsSync(join(root, '..', 'escaped'))).toBe(false);
  });

  it('cleans temp folders of killed builds and restores an output a killed swap left aside', () => {
    const root = tempProject({ '.shipdocs-tmp-dist-999999-abcd/index.html': 'half', '.shipdocs-old-dist-999998-abcd/index.html': 'previous' });
    cleanStale(join(root, 'dist'));
    expect(readdirSync(root)).toEqual(['dist']);
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toBe('previous');
  });
});

describe('makeFoldersAhead', () => {
  const workerFile = join(REPO, 'lib/write-worker.js');

  it('makes every folder, parents first, in a helper thread', async () => {
    const root = tempProject();
    const folders = ['blog', ...Array.from({ length: 1100 }, (_, i) => join('blog', `post-${i}`)), join('blog', 'post-3', 'deeper')].map((f) => join(root, f));
    const made = await makeFoldersAhead(folders, workerFile).done;
    expect(made).toEqual(new Set(folders));
    expect(readdirSync(join(root, 'blog')).length).toBe(1100);
    expect(existsSync(join(root, 'blog/post-3/deeper'))).toBe(true);
  });

  it('fails when a folder cannot be made (its parent is a file)', async () => {
    const root = tempProject({ blog: 'a file' });
    const folders = Array.from({ length: 1100 }, (_, i) => join(root, 'blog', `post-${i}`));
    await expect(makeFoldersAhead(folders, workerFile).done).rejects.toThrow(/ENOTDIR/);
  });

  it('makes nothing for a small site (the writers make its folders)', async () => {
    const root = tempProject();
    expect((await makeFoldersAhead([join(root, 'a')], workerFile).done).size).toBe(0);
    expect(existsSync(join(root, 'a'))).toBe(false);
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
