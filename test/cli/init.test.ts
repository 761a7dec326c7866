import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { planInit, SCRIPTS, type InitAnswers, type InitContext } from '../../src/cli/init/plan-init.js';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '../../src/config/load-config.js';
import { REPO, tempDir, tempProject, treeHash } from '../helpers/fixtures.js';

const BIN = join(REPO, 'bin/shipdocs.js');

function run(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const ANSWERS: InitAnswers = {
  title: 'Acme API',
  tagline: 'Parcels, rates and labels',
  languages: ['es', 'en'],
  blog: false,
  openapi: { kind: 'example' },
  ci: undefined,
};
const context = (target: string, more: Partial<InitContext> = {}): InitContext => ({
  target,
  gitRoot: undefined,
  branch: 'main',
  version: '1.2.3',
  date: '2025-06-01',
  ...more,
});
/** The planned files by path relative to `dir`, with their text. */
function planned(plan: ReturnType<typeof planInit>, dir: string): Map<string, string> {
  return new Map(plan.files.map((f) => [relative(dir, f.path), typeof f.contents === 'string' ? f.contents : `copy of ${f.contents.copyFrom}`]));
}

describe('planInit', () => {
  it('plans a site that builds: config, a first doc, the example API, static/, package.json with the scripts, .gitignore', async () => {
    const dir = join(tempDir(), 'docs');
    const plan = planInit(ANSWERS, context(dir));
    expect(plan.clashes).toEqual([]);
    const files = planned(plan, dir);
    expect([...files.keys()].sort()).toEqual(
      ['.gitignore', 'content/docs/intro.md', 'openapi/openapi.yaml', 'package.json', 'site.config.ts', 'static/img/favicon.svg'].sort(),
    );
    expect(JSON.parse(files.get('package.json')!)).toEqual({
      name: 'docs',
      version: '0.0.0',
      private: true,
      type: 'module',
      scripts: SCRIPTS,
      devDependencies: { shipdocs: '^1.2.3' },
    });
    // Spanish first: the starter pages are in Spanish.
    expect(files.get('content/docs/intro.md')).toContain('title: Introducción');
    expect(files.get('openapi/openapi.yaml')).toContain('title: API de ejemplo');
    // The config is the one loadConfig reads, with what was answered.
    const root = tempProject(Object.fromEntries(files));
    const loaded = await loadConfig(root);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.config).toMatchObject({
      title: 'Acme API',
      tagline: 'Parcels, rates and labels',
      lang: 'es',
      blog: false,
      openapi: { path: 'openapi' },
      ui: { languages: ['es', 'en'] },
    });
  });

  it('writes the starter pages in the first language, adds a blog and quotes the title as TypeScript', async () => {
    const dir = join(tempDir(), 'site');
    const files = planned(planInit({ ...ANSWERS, title: "Bob's \\ API", languages: ['en'], blog: true }, context(dir)), dir);
    expect(files.get('content/docs/intro.md')).toContain('title: Introduction');
    expect(files.get('content/blog/2025-06-01-welcome.md')).toContain('date: 2025-06-01');
    const loaded = await loadConfig(tempProject(Object.fromEntries(files)));
    expect(loaded.config).toMatchObject({ title: "Bob's \\ API", lang: 'en', blog: { title: 'Blog' }, ui: { languages: ['en'] } });
    expect(loaded.config!.navbar.items.map((i) => i.to)).toEqual(['/docs/intro', '/blog']);
  });

  it('copies an OpenAPI file from outside the site, or points the config at one inside it', () => {
    const dir = join(tempDir(), 'site');
    const copied = planned(
      planInit({ ...ANSWERS, openapi: { kind: 'copy', from: '/specs/api.json', fileName: 'api.json', contents: undefined } }, context(dir)),
      dir,
    );
    expect(copied.get('openapi/api.json')).toBe('copy of /specs/api.json');
    const bundled = planned(
      planInit({ ...ANSWERS, openapi: { kind: 'copy', from: '/specs/api.yaml', fileName: 'api.yaml', contents: 'openapi: 3.1.0\n' } }, context(dir)),
      dir,
    );
    expect(bundled.get('openapi/api.yaml')).toBe('openapi: 3.1.0\n');
    const inPlace = planned(planInit({ ...ANSWERS, openapi: { kind: 'in-place', path: 'spec/api.yaml', document: 'spec/api.yaml' } }, context(dir)), dir);
    expect([...inPlace.keys()].some((p) => p.startsWith('openapi/'))).toBe(false);
    expect(inPlace.get('site.config.ts')).toContain("openapi: { path: 'spec/api.yaml', routeBasePath: 'api' }");
  });

  it('writes a GitHub Pages workflow at the repository root that deploys with the address Pages gives', () => {
    const repo = tempDir();
    const dir = join(repo, 'docs');
    const files = planned(planInit({ ...ANSWERS, ci: 'github' }, context(dir, { gitRoot: repo, branch: 'trunk' })), dir);
    const workflow = files.get('../.github/workflows/docs.yml')!;
    for (const step of ['actions/configure-pages@v5', 'actions/upload-pages-artifact@v3', 'actions/deploy-pages@v4', 'npm ci'])
      expect(workflow).toContain(step);
    expect(workflow).toContain('branches: [trunk]');
    expect(workflow).toContain('working-directory: docs');
    expect(workflow).toContain('npm run docs:build -- --strict --site-url "${{ steps.pages.outputs.base_url }}"');
    expect(workflow).toContain('path: docs/dist');
    expect(workflow).toContain('pages: write');
    expect(workflow).toContain('id-token: write');
  });

  it('writes a GitLab Pages job that publishes public/ at the repository root under CI_PAGES_URL', () => {
    const dir = tempDir();
    const own = planned(planInit({ ...ANSWERS, ci: 'gitlab' }, context(dir, { gitRoot: dir })), dir).get('.gitlab-ci.yml')!;
    expect(own).toMatch(/^pages:$/m);
    expect(own).toContain('npm run docs:build -- --strict --out public --site-url "$CI_PAGES_URL"');
    expect(own).toContain('paths: [public]');
    const sub = planned(planInit({ ...ANSWERS, ci: 'gitlab' }, context(join(dir, 'docs'), { gitRoot: dir })), join(dir, 'docs')).get('../.gitlab-ci.yml')!;
    expect(sub).toContain('cd docs');
    expect(sub).toContain('--out ../public');
  });

  it('writes workflows that parse as YAML, the same as the deploy guide shows', () => {
    const guide = readFileSync(join(REPO, 'content/docs/tutorial-basics/deploy-your-site.md'), 'utf8');
    // The blocks titled with the file's name, joined: the guide shows .gitlab-ci.yml's two jobs in two sections.
    const shown = (title: string): string =>
      [...guide.matchAll(new RegExp(`\`\`\`yaml title="${title.replace(/\./g, '\\.')}"\n([\\s\\S]*?)\`\`\`\n`, 'g'))].map((m) => m[1]).join('\n');
    const dir = tempDir();
    const githubFiles = planned(planInit({ ...ANSWERS, ci: 'github' }, context(dir, { gitRoot: dir })), dir);
    const github = githubFiles.get('.github/workflows/docs.yml')!;
    const gitlab = planned(planInit({ ...ANSWERS, ci: 'gitlab' }, context(dir, { gitRoot: dir })), dir).get('.gitlab-ci.yml')!;
    expect(shown('.github/workflows/docs.yml')).toBe(github);
    expect(shown('.github/workflows/api-diff.yml')).toBe(githubFiles.get('.github/workflows/api-diff.yml'));
    expect(shown('.gitlab-ci.yml')).toBe(gitlab);
    const gh = parseYaml(github) as { jobs: Record<string, { steps: { run?: string; with?: { path?: string } }[] }> };
    expect(Object.keys(gh.jobs)).toEqual(['build', 'deploy']);
    expect(gh.jobs.build!.steps.map((step) => step.run).filter(Boolean)).toEqual([
      'npm ci',
      'npm run docs:build -- --strict --site-url "${{ steps.pages.outputs.base_url }}"',
    ]);
    expect(gh.jobs.build!.steps.at(-1)!.with).toEqual({ path: 'dist' });
    const gl = parseYaml(gitlab) as { pages: { script: string[]; artifacts: { paths: string[] } } };
    expect(Object.keys(gl)).toEqual(['pages', 'api-changes']);
    expect(gl.pages.script.at(-1)).toBe('npm run docs:build -- --strict --out public --site-url "$CI_PAGES_URL"');
    expect(gl.pages.artifacts.paths).toEqual(['public']);
  });

  it('adds the scripts to an existing package.json in its own indentation, and the missing lines to .gitignore', () => {
    const dir = tempProject({
      'package.json': '{\n    "name": "app",\n    "scripts": { "test": "vitest" },\n    "dependencies": { "shipdocs": "file:../shipdocs.tgz" }\n}\n',
      '.gitignore': 'node_modules\n.env',
      'src/app.ts': '',
    });
    const plan = planInit(ANSWERS, context(dir));
    expect(plan.clashes).toEqual([]);
    const pkg = plan.files.find((f) => f.path.endsWith('package.json'))!;
    expect(pkg.update).toBe(true);
    expect(pkg.contents).toBe(
      '{\n    "name": "app",\n    "scripts": {\n        "test": "vitest",\n        "docs:build": "shipdocs build",\n        "docs:serve": "shipdocs serve"\n    },\n    "dependencies": {\n        "shipdocs": "file:../shipdocs.tgz"\n    }\n}\n',
    );
    expect(plan.files.find((f) => f.path.endsWith('.gitignore'))!.contents).toBe('node_modules\n.env\ndist/\n.shipdocs-*/\n');
  });

  it('lists every file it would replace, and a package.json whose scripts it cannot add', () => {
    const dir = tempProject({ 'site.config.ts': '', 'content/docs/intro.md': '', 'package.json': '{ "scripts": { "docs:build": "vitepress build" } }' });
    expect(planInit(ANSWERS, context(dir)).clashes).toEqual([
      'site.config.ts',
      'content/docs/intro.md',
      'package.json (its "docs:build" script runs "vitepress build")',
    ]);
    writeFileSync(join(dir, 'package.json'), '{ nope');
    expect(planInit(ANSWERS, context(dir)).clashes).toContain('package.json (not valid JSON, so the scripts cannot be added to it)');
  });
});

describe('shipdocs init', () => {
  it('never waits for input without a terminal: flags and defaults, then the next two commands', async () => {
    const cwd = tempDir();
    // stdin stays open and empty: a prompt would wait on it until the timeout.
    const child = spawn(process.execPath, [BIN, 'init', 'my docs', '--languages', 'en'], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((done) => {
      const timer = setTimeout(() => child.kill(), 30_000);
      child.on('exit', (c) => (clearTimeout(timer), done(c)));
    });
    expect(code).toBe(0);
    expect(stderr).toContain('created  my docs/site.config.ts');
    expect(stderr).toMatch(/Next:\n {2}cd "my docs" && npm install\n {2}npm run docs:serve\n/);
    expect(readFileSync(join(cwd, 'my docs/site.config.ts'), 'utf8')).toContain("title: 'Documentation'");
  });

  it('refuses to overwrite: lists the clashes, exits 1 and leaves every file as it was', () => {
    const cwd = tempProject({ 'site/site.config.ts': 'export default {};\n', 'site/static/img/favicon.svg': '<svg/>' });
    const before = treeHash(cwd);
    const r = run(['init', 'site'], cwd);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error  ${join(cwd, 'site')} already has files that init would write:\n  site.config.ts\n  static/img/favicon.svg\n`);
    expect(r.stderr).toContain('Nothing was written.');
    expect(treeHash(cwd)).toBe(before);
  });

  it("checks --openapi with the build's diagnostics before writing anything", () => {
    const cwd = tempProject({ 'api.yaml': 'openapi: 3.1.0\ninfo:\n  title: Broken\npaths: {}\n' });
    const r = run(['init', 'site', '--openapi', 'api.yaml'], cwd);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('api.yaml:2:1  error SD3005  /info must have the property "version".');
    expect(r.stderr).toContain('  2 | info:');
    expect(r.stderr).toContain('Nothing was written.');
    expect(existsSync(join(cwd, 'site'))).toBe(false);
    expect(run(['init', 'site', '--openapi', 'missing.yaml'], cwd).stderr).toContain('SD3001');
  });

  it('takes the title and tagline from the OpenAPI document and copies it into openapi/', () => {
    const cwd = tempProject({
      'specs/api.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'Parcels', summary: 'Ship parcels', version: '1' }, paths: {} }),
    });
    mkdirSync(join(cwd, 'site'));
    const r = run(['init', 'site', '--openapi', 'specs/api.json', '--ci', 'gitlab'], cwd);
    expect(r.code).toBe(0);
    expect(readFileSync(join(cwd, 'site/openapi/api.json'), 'utf8')).toBe(readFileSync(join(cwd, 'specs/api.json'), 'utf8'));
    expect(readFileSync(join(cwd, 'site/site.config.ts'), 'utf8')).toContain("title: 'Parcels',\n  tagline: 'Ship parcels',");
    expect(existsSync(join(cwd, 'site/.gitlab-ci.yml'))).toBe(true);
  });

  it('gives the API check the document found in a folder inside the site, and says how to let a breaking change through', () => {
    const cwd = tempProject({ 'site/spec/parcels.yaml': 'openapi: 3.1.0\ninfo:\n  title: Parcels\n  version: "1"\npaths: {}\n' });
    const r = run(['init', 'site', '--openapi', 'site/spec', '--ci', 'github'], cwd);
    expect(r.code).toBe(0);
    expect(readFileSync(join(cwd, 'site/site.config.ts'), 'utf8')).toContain("openapi: { path: 'spec', routeBasePath: 'api' }");
    const check = parseYaml(readFileSync(join(cwd, 'site/.github/workflows/api-diff.yml'), 'utf8')) as {
      on: { pull_request: { paths: string[] } };
      jobs: { diff: { steps: { env?: { DOCUMENT?: string } }[] } };
    };
    expect(check.on.pull_request.paths).toEqual(['spec/**']);
    expect(check.jobs.diff.steps.map((s) => s.env?.DOCUMENT).filter(Boolean)).toEqual(['spec/parcels.yaml']);
    expect(r.stderr).toContain(
      '\nPull requests that change the OpenAPI document fail on breaking API changes; create the label "breaking-change-ok" to let them through.\n',
    );
  });

  it('exits 2 on a language or CI host it does not know', () => {
    const cwd = tempDir();
    expect(run(['init', '--languages', 'es,fr'], cwd)).toMatchObject({ code: 2, stderr: expect.stringContaining('"fr" is not a language shipdocs speaks') });
    expect(run(['init', '--ci', 'bitbucket'], cwd).code).toBe(2);
  });
});
