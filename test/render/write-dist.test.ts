import { describe, expect, it } from 'vitest';
import { chmodSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkOutDir, cleanStale, OUTPUT_MARKER, stageDist, writeDist } from '../../src/render/write/write-dist.js';
import { folderHelper, makeFoldersAhead } from '../../src/render/write/parallel-writes.js';
import { REPO, tempProject, treeHash } from '../helpers/fixtures.js';

describe('writeDist', () => {
  it('replaces the output folder with exactly the new files', async () => {
    const root = tempProject({ 'dist/old.html': 'old' });
    await writeDist([{ path: 'index.html', contents: 'new' }, { path: 'a/b/index.html', contents: new Uint8Array([1, 2]) }], join(root, 'dist'));
    expect(readdirSync(join(root, 'dist')).sort()).toEqual([OUTPUT_MARKER, 'a', 'index.html']);
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toBe('new');
    // the previous output is kept aside for the next build, hidden from git
    expect(readdirSync(root).sort()).toEqual(['.shipdocs-spare-dist', 'dist']);
    expect(readFileSync(join(root, '.shipdocs-spare-dist/old.html'), 'utf8')).toBe('old');
    expect(readFileSync(join(root, '.shipdocs-spare-dist/.gitignore'), 'utf8')).toBe('*\n');
  });

  it('leaves the previous output byte-identical and no temp folder when writing fails', async () => {
    const root = tempProject({ 'dist/index.html': 'previous', 'dist/img/a.png': 'png' });
    const before = treeHash(join(root, 'dist'));
    await expect(writeDist([{ path: 'index.html', contents: 'new' }, { path: 'x.png', copyFrom: join(root, 'does-not-exist.png') }], join(root, 'dist'))).rejects.toThrow();
    expect(treeHash(join(root, 'dist'))).toBe(before);
    // the temp folder is removed
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('writes into a staged folder whose page folders were made ahead, and leaves nothing else', async () => {
    const root = tempProject({ 'dist/old.html': 'old' });
    const staging = stageDist(join(root, 'dist'));
    const files = Array.from({ length: 1200 }, (_, i) => ({ path: `blog/post-${i}/index.html`, contents: `post ${i}` }));
    staging.makeFolders([...files.map((f) => f.path), '404.html']);
    // Made by a helper thread when running compiled; from the sources the writers make them.
    const { made } = await staging.ready();
    expect([0, 1201]).toContain(made.size);
    for (const folder of made) expect(existsSync(folder)).toBe(true);
    await writeDist([...files, { path: '404.html', contents: 'missing' }], join(root, 'dist'), staging);
    expect(readFileSync(join(root, 'dist/blog/post-7/index.html'), 'utf8')).toBe('post 7');
    expect(readdirSync(join(root, 'dist/blog')).length).toBe(1200);
    expect(readdirSync(root).sort()).toEqual(['.shipdocs-spare-dist', 'dist']);
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

  it('puts a recycled folder back as the spare when the build fails', async () => {
    const root = tempProject();
    const out = join(root, 'dist');
    await writeDist([{ path: 'index.html', contents: 'one' }], out);
    await writeDist([{ path: 'index.html', contents: 'two' }], out);
    const staging = stageDist(out);
    expect(staging.recycled).toBe(true);
    await staging.discard();
    expect(readdirSync(root).sort()).toEqual(['.shipdocs-spare-dist', 'dist']);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('two');
    expect(readFileSync(join(root, '.shipdocs-spare-dist/index.html'), 'utf8')).toBe('one');
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

  it("keeps a killed build's temp folder as the spare and restores an output a killed swap left aside", () => {
    const root = tempProject({ '.shipdocs-tmp-dist-999999-abcd/index.html': 'half', '.shipdocs-old-dist-999998-abcd/index.html': 'previous' });
    cleanStale(join(root, 'dist'));
    expect(readdirSync(root).sort()).toEqual(['.shipdocs-spare-dist', 'dist']);
    expect(readFileSync(join(root, 'dist/index.html'), 'utf8')).toBe('previous');
    expect(readFileSync(join(root, '.shipdocs-spare-dist/index.html'), 'utf8')).toBe('half');
  });

  it('writes the next output over the spare: same files reused, the rest removed, links never followed', async () => {
    const root = tempProject({ 'outside/secret.txt': 'secret', 'outside/linked.txt': 'linked' });
    const out = join(root, 'dist');
    const files = (map: Record<string, string>): { path: string; contents: string }[] => Object.entries(map).map(([path, contents]) => ({ path, contents }));
    const first = files({
      'index.html': 'one',
      'blog/a/index.html': 'a1',
      'blog/gone/index.html': 'gone',
      'assets/app-1.js': 'js1',
      'was-file': 'file',
      'was-folder/x.html': 'x',
      'shrinks.html': 'a'.repeat(10_000),
      'grows.html': 'b',
      'pages.html': 'c',
    });
    await writeDist(first, out);
    await writeDist([{ path: 'index.html', contents: 'between' }], out);
    const spare = join(root, '.shipdocs-spare-dist');
    const inode = statSync(join(spare, 'blog/a/index.html')).ino;
    const inodes = ['shrinks.html', 'grows.html', 'pages.html'].map((f) => statSync(join(spare, f)).ino);
    // What a user may have put into the output before it became the spare.
    symlinkSync(join(root, 'outside'), join(spare, 'blog/linked-folder'));
    symlinkSync(join(root, 'outside/secret.txt'), join(spare, 'assets/app-2.js'));
    linkSync(join(root, 'outside/linked.txt'), join(spare, 'blog/a/extra.html'));
    chmodSync(join(spare, 'grows.html'), 0o444);
    chmodSync(join(spare, 'blog'), 0o555);
    chmodSync(spare, 0o555);
    const staging = stageDist(out);
    expect(staging.recycled).toBe(true);
    expect(existsSync(spare)).toBe(false);
    const second = files({
      'index.html': 'two',
      'blog/a/index.html': 'a2',
      'blog/linked-folder/index.html': 'not through the link',
      'blog/a/extra.html': 'not into the linked file',
      'assets/app-2.js': 'js2',
      'was-file/index.html': 'now a folder',
      'was-folder': 'now a file',
      'shrinks.html': 'x'.repeat(5),
      'grows.html': 'y'.repeat(9_000),
      // Whole pages of memory: nothing to pad.
      'pages.html': 'z'.repeat(8_192),
    });
    staging.makeFolders(second.map((f) => f.path));
    await writeDist(second, out, staging);
    const tree = (dir: string): Record<string, string> => Object.fromEntries(readdirSync(dir, { recursive: true }).map(String).filter((p) => lstatSync(join(dir, p)).isFile()).sort().map((p) => [p, readFileSync(join(dir, p), 'utf8')]));
    const { [OUTPUT_MARKER]: marker, ...pages } = tree(out);
    expect(marker).toContain('shipdocs build');
    expect(pages).toEqual(Object.fromEntries(second.map((f) => [f.path, f.contents])));
    expect(lstatSync(join(out, 'blog/linked-folder')).isDirectory()).toBe(true);
    expect(lstatSync(join(out, 'assets/app-2.js')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(root, 'outside/secret.txt'), 'utf8')).toBe('secret');
    expect(readFileSync(join(root, 'outside/linked.txt'), 'utf8')).toBe('linked');
    // The files were written over in place, not made anew, and cut to their length.
    expect(statSync(join(out, 'blog/a/index.html')).ino).toBe(inode);
    expect(['shrinks.html', 'grows.html', 'pages.html'].map((f) => statSync(join(out, f)).ino === inodes.shift())).toEqual([true, false, true]);
    // Made writable again (a read-only file is made anew).
    for (const path of [out, join(out, 'blog'), join(out, 'grows.html')]) expect(statSync(path).mode & 0o200).toBe(0o200);
    for (const f of second) expect(statSync(join(out, f.path)).size).toBe(Buffer.byteLength(f.contents));
    // The output replaced became the spare.
    expect(readFileSync(join(spare, 'index.html'), 'utf8')).toBe('between');
  });
});

describe('makeFoldersAhead', () => {
  const workerFile = join(REPO, 'lib/write-worker.js');

  it('makes every folder, parents first, in a helper thread', async () => {
    const root = tempProject();
    const folders = ['blog', ...Array.from({ length: 1100 }, (_, i) => join('blog', `post-${i}`)), join('blog', 'post-3', 'deeper')].map((f) => join(root, f));
    const ready = await makeFoldersAhead(folders, workerFile).done;
    expect(ready).toEqual({ made: new Set(folders), files: new Set() });
    expect(readdirSync(join(root, 'blog')).length).toBe(1100);
    expect(existsSync(join(root, 'blog/post-3/deeper'))).toBe(true);
  });

  it('fails when a folder cannot be made (its parent is a file)', async () => {
    const root = tempProject({ blog: 'a file' });
    const folders = Array.from({ length: 1100 }, (_, i) => join(root, 'blog', `post-${i}`));
    await expect(makeFoldersAhead(folders, workerFile).done).rejects.toThrow(/ENOTDIR/);
  });

  it('surveys a recycled folder first: makes only the folders missing, removes links and what stands in the way', async () => {
    const root = tempProject({ 'out/blog/post-1/index.html': 'kept', 'out/blog/post-2': 'a file where a folder goes', 'out/stale/x.html': 'x', 'elsewhere/a.txt': 'a' });
    symlinkSync(join(root, 'elsewhere'), join(root, 'out/blog/post-3'));
    linkSync(join(root, 'elsewhere/a.txt'), join(root, 'out/blog/post-1/linked.html'));
    const out = join(root, 'out');
    const folders = ['blog', ...Array.from({ length: 1100 }, (_, i) => join('blog', `post-${i}`))].map((f) => join(out, f));
    const ready = await folderHelper(out, workerFile)!.make(folders);
    expect(ready.made).toEqual(new Set([...folders, join(out, 'stale')]));
    expect(ready.files).toEqual(new Set([join(out, 'blog/post-1/index.html'), join(out, 'stale/x.html')]));
    expect(lstatSync(join(out, 'blog/post-2')).isDirectory()).toBe(true);
    expect(lstatSync(join(out, 'blog/post-3')).isDirectory()).toBe(true);
    expect(existsSync(join(out, 'blog/post-1/linked.html'))).toBe(false);
    expect(readdirSync(join(root, 'elsewhere'))).toEqual(['a.txt']);
  });

  it('makes nothing for a small site (the writers make its folders)', async () => {
    const root = tempProject();
    expect(await makeFoldersAhead([join(root, 'a')], workerFile).done).toBeUndefined();
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
