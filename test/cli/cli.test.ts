import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, tempProject, treeHash } from '../helpers/fixtures.js';

const BIN = join(REPO, 'bin/shipdocs.js');

function run(args: string[], cwd = REPO): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const DOC = '---\ntitle: Hello\n---\n\n# Hello\n\nText.\n';

/** A config with the site's address (without one, every build warns SD5004). */
const SITE_URL = "export default { url: 'https://docs.example.com' };\n";

describe('shipdocs CLI', () => {
  it('prints its version and help with exit 0', () => {
    const v = run(['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toBe(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).version);
    const h = run(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('build [options]');
    expect(h.stdout).toContain('serve [options]');
    expect(run(['build', '--help']).stdout).toContain('--strict');
  });

  it('exits 2 on usage errors', () => {
    const r = run(['build', '--bogus']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error: unknown option '--bogus'");
    expect(run(['frobnicate']).code).toBe(2);
    expect(run(['serve', '--port', 'abc']).code).toBe(2);
  });

  it('builds a site, prints a one-line summary and exits 0', () => {
    const root = tempProject({ 'content/docs/hello.md': DOC, 'site.config.ts': SITE_URL });
    const r = run(['build', '--root', root]);
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n').pop()).toMatch(/^done {2}4 pages written to .*\/dist, 0 warnings, \d+\.\d\d s$/);
    expect(existsSync(join(root, 'dist/docs/hello/index.html'))).toBe(true);
  });

  it('reports bad front matter with file:line:col, code frame and hint, exits 1 and leaves dist untouched', () => {
    const root = tempProject({ 'content/docs/hello.md': DOC });
    expect(run(['build', '--root', root]).code).toBe(0);
    const before = treeHash(join(root, 'dist'));
    writeFileSync(join(root, 'content/docs/hello.md'), '---\ntitle: Hello\ntags: [a, b\n---\n\n# Hello\n');
    const r = run(['build', '--root', root]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('content/docs/hello.md:3:');
    expect(r.stderr).toContain('error SD2001  Invalid front matter YAML:');
    expect(r.stderr).toMatch(/\n {2}3 \| tags: \[a, b\n {4}\| +\^/);
    expect(r.stderr).toContain('hint: Fix the YAML between the `---` lines at the top of the file.');
    expect(r.stderr).toContain('nothing was written (the previous output is untouched)');
    expect(r.stderr).not.toMatch(/\n\s+at .*\.js:\d+/);
    expect(treeHash(join(root, 'dist'))).toBe(before);
    // The temp folder staged for the new output is gone too.
    expect(readdirSync(root).filter((n) => n.startsWith('.shipdocs-'))).toEqual([]);
  });

  it('reports an invalid config with a suggestion', () => {
    const root = tempProject({ 'site.config.ts': "export default {\n  title: 'x',\n  tagine: 'y',\n};\n" });
    const r = run(['build', '--root', root]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('site.config.ts:3:3  error SD1002  Unknown key "tagine". Did you mean "tagline"?');
    expect(existsSync(join(root, 'dist'))).toBe(false);
  });

  it('warns when the config has no url (links would point at localhost), naming the option and --site-url', () => {
    const root = tempProject({ 'content/docs/hello.md': DOC });
    const r = run(['build', '--root', root]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning SD5004  The config has no `url`');
    expect(r.stderr).toContain('--site-url');
    expect(run(['build', '--root', root, '--site-url', 'https://docs.example.com']).stderr).not.toContain('SD5004');
  });

  it('reports every error of a build at once', () => {
    const root = tempProject({
      'site.config.ts': SITE_URL,
      'content/docs/a.md': '---\ntitel: A\n---\n',
      'content/docs/b.md': '---\nsidebar_position: x\n---\n',
    });
    const r = run(['build', '--root', root]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('content/docs/a.md:2:1  error SD2003');
    expect(r.stderr).toContain('content/docs/b.md:2:19  error SD2002');
    expect(r.stderr).toContain('failed  2 errors, 0 warnings');
  });

  it('refuses an output folder that would replace sources', () => {
    const root = tempProject({ 'content/docs/a.md': DOC });
    for (const out of ['.', 'content', 'content/docs', '/', '..']) {
      const r = run(['build', '--root', root, '--out', out]);
      expect(r.code, out).toBe(1);
      expect(r.stderr).toContain('error SD1005  Refusing to write the site into');
    }
    expect(existsSync(join(root, 'content/docs/a.md'))).toBe(true);
  });

  it('refuses .git, node_modules, sources, the config file, files and folders no build wrote', () => {
    const root = tempProject({
      'content/docs/a.md': DOC,
      'content/components/Widget.tsx': 'export default () => null;\n',
      'versioned_docs/version-1.0/a.md': DOC,
      'site.config.ts': "export default { title: 'x' };\n",
      '.git/HEAD': 'ref: refs/heads/main\n',
      'node_modules/pkg/index.js': '',
      'notes.txt': 'mine',
      'keep/mine.txt': 'mine',
    });
    const before = treeHash(root);
    const cases: [string, string][] = [
      ['.git', 'it is a version-control folder (.git).'],
      ['.git/out', 'it is a version-control folder (.git).'],
      ['node_modules', 'it is a node_modules folder.'],
      ['content/components', 'it is a folder that holds files no shipdocs build wrote (it has no .shipdocs-output marker); empty it or choose another folder.'],
      ['versioned_docs', 'it is the source folder versioned_docs.'],
      ['versions.json', 'it is the source file versions.json.'],
      ['site.config.ts', 'it is the source file site.config.ts.'],
      ['notes.txt', 'it is an existing file, not a folder.'],
      ['keep', 'it is a folder that holds files no shipdocs build wrote'],
    ];
    for (const [out, reason] of cases) {
      const r = run(['build', '--root', root, '--out', out]);
      expect(r.code, out).toBe(1);
      expect(r.stderr, out).toContain(`error SD1005  Refusing to write the site into ${join(root, out)}: ${reason}`);
    }
    expect(treeHash(root)).toBe(before);
  });

  it('marks its output, and replaces only a folder it wrote or an empty one', () => {
    const root = tempProject({ 'content/docs/a.md': DOC });
    mkdirSync(join(root, 'site'));
    expect(run(['build', '--root', root, '--out', 'site']).code).toBe(0);
    expect(readFileSync(join(root, 'site/.shipdocs-output'), 'utf8')).toContain('generated by `shipdocs build`');
    expect(run(['build', '--root', root, '--out', 'site']).code).toBe(0);
  });

  it('exits 2 when --root is not a folder', () => {
    const r = run(['build', '--root', '/nonexistent-shipdocs-root']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error: option '--root <dir>' argument '/nonexistent-shipdocs-root' is invalid. no such folder: /nonexistent-shipdocs-root");
    expect(r.stderr).not.toContain('internal error');
  });

  it('--strict turns broken links into errors; without it they warn', () => {
    const root = tempProject({ 'content/docs/a.md': '# A\n\n[gone](/docs/gone)\n' });
    const loose = run(['build', '--root', root]);
    expect(loose.code).toBe(0);
    expect(loose.stderr).toContain('content/docs/a.md:3:1  warning SD4001  Broken link "/docs/gone": no page at /docs/gone.');
    const strict = run(['build', '--root', root, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('error SD4001');
  });

  it('shows the JSON pointer of a problem in a .json OpenAPI document', () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/things/{id}': {
          get: { parameters: [{ name: 'id', in: 'paht', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'OK' } } },
        },
      },
    };
    const root = tempProject({ 'openapi/api.json': JSON.stringify(spec, null, 2) + '\n' });
    const r = run(['build', '--root', root]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/openapi\/api\.json:\d+:\d+  error SD3005  .*\n  at \/paths\/~1things~1\{id\}\/get\/parameters\/0\/in\n/);
  });

  it('--json prints a machine-readable result', () => {
    const root = tempProject({ 'content/docs/a.md': '# A\n\n[gone](/docs/gone)\n', 'site.config.ts': SITE_URL });
    const r = run(['build', '--root', root, '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as { ok: boolean; pages: number; warnings: number; diagnostics: { code: string; file: string; line: number }[] };
    expect(json).toMatchObject({ ok: true, pages: 4, warnings: 1 });
    expect(json.diagnostics[0]).toMatchObject({ code: 'SD4001', file: 'content/docs/a.md', line: 3 });
  });

  it('refuses symlinks out of the project in static/ and in content folders (errors, nothing read)', () => {
    const outside = tempProject({ 'secret.txt': 'TOP SECRET', 'secret.md': '# Secret\n\nTOP SECRET\n' });
    const root = tempProject({ 'content/docs/a.md': DOC });
    mkdirSync(join(root, 'static'), { recursive: true });
    symlinkSync(join(outside, 'secret.txt'), join(root, 'static/secret.txt'));
    symlinkSync(join(outside, 'secret.md'), join(root, 'content/docs/secret.md'));
    const r = run(['build', '--root', root]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('static/secret.txt  error SD5002  static/secret.txt is a symlink to a file outside the project; it was not copied.');
    expect(r.stderr).toContain('content/docs/secret.md  error SD2008  content/docs/secret.md is a symlink to a file outside the project; it was not read.');
    expect(existsSync(join(root, 'dist'))).toBe(false);
  });

  it('reports a React page that throws while rendering as SD2009 at the line of the throw', () => {
    const root = tempProject({ 'content/pages/boom.tsx': 'export default function Boom() {\n  const n = 1;\n  throw new Error(`render boom ${n}`);\n}\n' });
    const r = run(['build', '--root', root]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('content/pages/boom.tsx:3:9  error SD2009  content/pages/boom.tsx threw while rendering: render boom 1');
    expect(r.stderr).toContain('  3 |   throw new Error(`render boom ${n}`);');
    expect(r.stderr).not.toContain('internal error');
    expect(r.stderr).not.toContain('This is a bug in shipdocs');
  });

  it('reports a markdown file that is not UTF-8 at its first bad byte', () => {
    const root = tempProject({ 'content/docs/a.md': DOC });
    writeFileSync(join(root, 'content/docs/latin1.md'), Buffer.from('# Menu\n\nCaf\xe9 con leche\n', 'latin1'));
    const r = run(['build', '--root', root]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'content/docs/latin1.md:3:4  error SD2004  content/docs/latin1.md is not valid UTF-8 text: byte 0xe9 at line 3, column 4 is not part of a UTF-8 character.',
    );
    expect(r.stderr).toContain('hint: Save the file as UTF-8');
  });

  it.skipIf(process.getuid?.() === 0)('reports a content folder it cannot read', () => {
    const root = tempProject({ 'content/docs/a.md': DOC, 'content/docs/locked/b.md': DOC });
    chmodSync(join(root, 'content/docs/locked'), 0o000);
    try {
      const r = run(['build', '--root', root]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('content/docs/locked  error SD2004  Cannot read the folder content/docs/locked: EACCES.');
    } finally {
      chmodSync(join(root, 'content/docs/locked'), 0o755);
    }
  });

  it('prints a stack trace for an internal error only with --debug', () => {
    const root = tempProject({ 'content/docs/a.md': DOC });
    // A preload that makes one fs call fail the way a bug would: nothing turns it into a diagnostic.
    const preload = join(
      tempProject({
        'crash.mjs':
          "import fs from 'node:fs';\nimport { syncBuiltinESMExports } from 'node:module';\nconst real = fs.realpathSync;\nfs.realpathSync = (p, ...a) => { if (String(p) === process.env.CRASH_AT) throw new Error('simulated internal failure'); return real(p, ...a); };\nsyncBuiltinESMExports();\n",
      }),
      'crash.mjs',
    );
    const crash = (args: string[]) =>
      spawnSync(process.execPath, ['--import', preload, BIN, ...args], {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', CRASH_AT: root },
        timeout: 60_000,
      });
    const plain = crash(['build', '--root', root]);
    expect(plain.status).toBe(1);
    expect(plain.stderr).toContain('internal error  simulated internal failure');
    expect(plain.stderr).toContain('This is a bug in shipdocs. Run again with --debug for the stack trace and report it.');
    expect(plain.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    const debug = crash(['--debug', 'build', '--root', root]);
    expect(debug.status).toBe(1);
    expect(debug.stderr).toContain('Error: simulated internal failure');
    expect(debug.stderr).toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  });

  it('SD4002 (broken anchor) warns, and --strict makes it an error', () => {
    const root = tempProject({ 'content/docs/a.md': '# A\n\n## Real heading\n\n[here](#real-heading) and [there](#nowhere)\n' });
    const loose = run(['build', '--root', root]);
    expect(loose.code).toBe(0);
    expect(loose.stderr).toContain('content/docs/a.md:5:27  warning SD4002');
    expect(loose.stderr).not.toContain('Broken anchor "#real-heading"');
    const strict = run(['build', '--root', root, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('content/docs/a.md:5:27  error SD4002');
  });

  it('SD4003 (duplicate route) warns, and --strict makes it an error', () => {
    const root = tempProject({ 'content/docs/a.md': '# A\n', 'content/docs/b.md': '---\nslug: a\n---\n# B\n' });
    const loose = run(['build', '--root', root]);
    expect(loose.code).toBe(0);
    expect(loose.stderr).toMatch(/content\/docs\/b\.md(:\d+:\d+)?  warning SD4003/);
    // The page at the route is searched once.
    const index = readFileSync(join(root, 'dist/search-index.json'), 'utf8');
    expect(index.match(/"u":"\/docs\/a"/g)).toHaveLength(1);
    const strict = run(['build', '--root', root, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/content\/docs\/b\.md(:\d+:\d+)?  error SD4003/);
  });

  it('builds a zero-config folder with only markdown pages', () => {
    const root = tempProject({ 'content/pages/about.md': '# About\n' });
    const r = run(['build', '--root', root]);
    expect(r.code).toBe(0);
    expect(readFileSync(join(root, 'dist/about/index.html'), 'utf8')).toContain('<title>About | Documentation</title>');
  });
});
