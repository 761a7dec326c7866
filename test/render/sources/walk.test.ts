import { describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { tempProject } from '../../helpers/fixtures.js';

// Root can read any folder, so permissions cannot make one unreadable here: readdirSync is made to
// fail for one folder instead, as it does for a folder without read permission.
const failing = new Set<string>();
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const readdirSync = ((path: string, options?: unknown) => {
    if (failing.has(String(path))) throw Object.assign(new Error(`EACCES: permission denied, scandir '${path}'`), { code: 'EACCES' });
    return (fs.readdirSync as (p: string, o?: unknown) => unknown)(path, options);
  }) as typeof fs.readdirSync;
  return { ...fs, default: { ...fs, readdirSync }, readdirSync };
});

// A test run may share its module cache between files: the modules are loaded afresh, with the mock.
vi.resetModules();
const { walkFiles } = await import('../../../src/render/sources/walk.js');
const { collectSources } = await import('../../../src/render/sources/collect-sources.js');
const { configSchema } = await import('../../../src/config/schema.js');

describe('walkFiles', () => {
  it('reports folders it cannot list instead of skipping them silently', () => {
    const root = tempProject({ 'content/docs/a.md': '# A\n', 'content/docs/locked/b.md': '# B\n' });
    failing.add(join(root, 'content/docs/locked'));
    const walked = walkFiles(join(root, 'content/docs'), root);
    expect(walked.files.map((f) => f.relPath)).toEqual(['a.md']);
    expect(walked.unreadable).toEqual([{ absPath: join(root, 'content/docs/locked'), relPath: 'locked', reason: 'EACCES' }]);
  });

  it('treats a missing folder as empty', () => {
    const root = tempProject();
    expect(walkFiles(join(root, 'content/docs'), root)).toEqual({ files: [], escaped: [], unreadable: [] });
  });

  it('makes an unreadable content folder an SD2004 error naming it', async () => {
    const root = tempProject({ 'content/docs/a.md': '# A\n', 'content/docs/locked/b.md': '# B\n' });
    failing.add(join(root, 'content/docs/locked'));
    const sources = await collectSources(root, configSchema.parse({}));
    expect(sources.diagnostics).toMatchObject([
      {
        code: 'SD2004',
        severity: 'error',
        file: 'content/docs/locked',
        message: 'Cannot read the folder content/docs/locked: EACCES. Its files are missing from the site.',
      },
    ]);
  });
});
