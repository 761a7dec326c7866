import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { builtinModules } from 'node:module';
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServerCommand } from '../helpers/cli-server.js';
import { REPO, tempDir, treeHash } from '../helpers/fixtures.js';

// The package as a user gets it: `npm pack` (which runs prepack) in a copy of the repository, so
// the lib/ the other tests run is left alone, then `npm install <tarball>` into a fresh project,
// from npm's cache where it can. Slow (a minute or more), so done once for every test here.

const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
const API = `openapi: 3.1.0
info: { title: Parcels API, version: '1.0' }
paths:
  /parcels/{id}:
    get:
      operationId: getParcel
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: A parcel.
          content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } }
`;
/** Swagger 2.0, for init's --openapi: converted at build time by swagger2openapi, which lib/ loads at run time. */
const SWAGGER = `swagger: '2.0'
info: { title: Tracking API, version: '2.0' }
host: api.example.com
basePath: /v2
schemes: [https]
paths:
  /tracking/{id}:
    get:
      operationId: getTracking
      produces: [application/json]
      parameters: [{ name: id, in: path, required: true, type: string }]
      responses:
        '200': { description: The tracking history., schema: { type: object, properties: { status: { type: string } } } }
`;
const ISLAND = `import { useState } from 'react';
export default function Counter() {
  const [n, setN] = useState(0);
  return <button type="button" onClick={() => setN(n + 1)}>{n}</button>;
}
`;

let work: string;
let project: string;
let tarballFiles: string[];

function sh(command: string, args: string[], cwd: string, timeout = 120_000): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', timeout, env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' } });
  if (r.error) throw r.error;
  return r;
}
const ok = (r: SpawnSyncReturns<string>): string => {
  if (r.status !== 0) throw new Error(`exit ${r.status}\n${r.stdout}\n${r.stderr}`);
  return r.stdout + r.stderr;
};
/** The installed CLI, through the link npm made in node_modules/.bin. */
const shipdocs = (args: string[], cwd = project): SpawnSyncReturns<string> => sh(join(project, 'node_modules/.bin/shipdocs'), args, cwd);

beforeAll(() => {
  work = tempDir('shipdocs-pack-');
  const copy = join(work, 'repo');
  for (const path of ['package.json', 'README.md', 'LICENSE', 'tsconfig.json', 'bin', 'scripts', 'src'])
    cpSync(join(REPO, path), join(copy, path), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const pack = sh('npm', ['pack', '--json', '--pack-destination', work], copy, 400_000);
  ok(pack);
  const output = pack.stdout;
  // The JSON report follows whatever the prepack script printed.
  const packed = JSON.parse(output.slice(output.lastIndexOf('[\n  {'))) as {
    filename: string;
    files: { path: string }[];
  }[];
  tarballFiles = packed[0]!.files.map((f) => f.path);
  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "my-api-docs", "private": true }\n');
  ok(sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, packed[0]!.filename)], project, 400_000));
}, 800_000);

/** The packages the modules reachable from `entryPoints` import, as esbuild resolves them (strings and comments aside). */
async function importedPackages(dir: string, entryPoints: string[]): Promise<Set<string>> {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: dir,
    entryPoints,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    jsx: 'automatic',
    packages: 'external',
    external: ['shipdocs:*'],
    write: false,
    outdir: 'out',
    metafile: true,
    logLevel: 'silent',
  });
  const found = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith('node:') || path.startsWith('shipdocs:') || builtinModules.includes(path.split('/')[0]!)) continue;
      found.add(path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0]!);
    }
  }
  return found;
}

describe('the packed shipdocs, installed into an empty project', () => {
  it('ships what runs and nothing else', () => {
    for (const needed of [
      'bin/shipdocs.js',
      'lib/cli.js',
      'lib/index.js',
      'types/index.d.ts',
      'lib/client/manifest.json',
      'src/client/entry.ts',
      'src/styles/00-base.css',
      'README.md',
      'LICENSE',
    ]) {
      expect(tarballFiles, needed).toContain(needed);
    }
    const strays = tarballFiles.filter((f) =>
      /^(test|bench|content|openapi|static|scripts|\.ci)\/|\.map$|^src\/(render|components|config|mcp|mock|proxy|http)\/|^site\.config/.test(f),
    );
    expect(strays).toEqual([]);
  });

  it('declares as dependencies every package its compiled code and the client sources it bundles at build time import', async () => {
    const pkgDir = join(project, 'node_modules/shipdocs');
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const lib = await importedPackages(pkgDir, ['lib/cli.js', 'lib/index.js', 'lib/worker.js']);
    const client = await importedPackages(pkgDir, [
      'src/client/entry.ts',
      'src/client/islands/mount.tsx',
      'src/client/search/search-ui.ts',
      'src/client/api/panel.tsx',
    ]);
    expect(lib).toContain('react');
    expect(client).toContain('minisearch');
    expect([...lib, ...client].filter((name) => !(name in pkg.dependencies)).sort()).toEqual([]);
  });

  it('builds a zero-config site with an API and an MDX island', () => {
    mkdirSync(join(project, 'openapi'));
    writeFileSync(join(project, 'openapi/openapi.yaml'), API);
    mkdirSync(join(project, 'content/docs'), { recursive: true });
    writeFileSync(join(project, 'content/Counter.tsx'), ISLAND);
    writeFileSync(join(project, 'content/docs/count.mdx'), "import Counter from '@site/content/Counter';\n\n# Count\n\n<Counter client:load />\n");
    const out = ok(shipdocs(['build']));
    expect(out).toMatch(/done {2}\d+ pages written/);
    expect(readFileSync(join(project, 'dist/api/parcels-id/index.html'), 'utf8')).toContain('getParcel');
    expect(readFileSync(join(project, 'dist/docs/count/index.html'), 'utf8')).toContain('data-island=');
    expect(readdirSync(join(project, 'dist/assets/js/chunks')).some((f) => f.startsWith('Counter-'))).toBe(true);
  });

  it('makes with init a site that builds, and one from a Swagger 2.0 --openapi published under a project path', () => {
    ok(shipdocs(['init', 'site-a', '--languages', 'en', '--blog']));
    const a = ok(shipdocs(['build', '--root', 'site-a']));
    expect(a).toMatch(/done {2}\d+ pages written/);
    for (const page of ['docs/intro', 'api', 'blog/welcome']) expect(statSync(join(project, 'site-a/dist', page, 'index.html')).isFile(), page).toBe(true);

    writeFileSync(join(project, 'tracking.yaml'), SWAGGER);
    const init = ok(shipdocs(['init', 'site-b', '--openapi', 'tracking.yaml', '--ci', 'github']));
    expect(init).toContain('created  site-b/openapi/tracking.yaml');
    expect(init).toContain('created  site-b/.github/workflows/docs.yml');
    ok(shipdocs(['build', '--root', 'site-b', '--site-url', 'https://octo.github.io/site-b']));
    const page = readFileSync(join(project, 'site-b/dist/api/tracking-id/index.html'), 'utf8');
    expect(page).toContain('<title>getTracking | Tracking API</title>');
    expect(page).toMatch(/href="\/site-b\/assets\/css\/styles\.\w+\.css"/);
    expect(page).not.toMatch(/(href|src)="\/(?!site-b\/)/);
  });

  it('builds a site of two APIs from a list in site.config.ts, and one from a folder of two documents', () => {
    mkdirSync(join(project, 'site-c/specs'), { recursive: true });
    writeFileSync(join(project, 'site-c/specs/parcels.yaml'), API);
    writeFileSync(join(project, 'site-c/specs/tracking.yaml'), SWAGGER);
    writeFileSync(
      join(project, 'site-c/site.config.ts'),
      [
        "import { defineConfig } from 'shipdocs';",
        'export default defineConfig({',
        "  title: 'Two APIs',",
        '  openapi: [',
        "    { id: 'parcels', path: 'specs/parcels.yaml' },",
        "    { id: 'tracking', path: 'specs/tracking.yaml', label: 'Tracking' },",
        '  ],',
        '});',
        '',
      ].join('\n'),
    );
    ok(shipdocs(['build', '--root', 'site-c']));
    const dist = (page: string): string => readFileSync(join(project, 'site-c/dist', page, 'index.html'), 'utf8');
    expect(dist('api/parcels/parcels-id')).toContain('getParcel');
    expect(dist('api/tracking/tracking-id')).toContain('getTracking');
    // The navbar offers both APIs, by their labels.
    expect(dist('api/parcels')).toMatch(/href="\/api\/tracking"[^>]*>(<[^>]+>)*Tracking</);

    mkdirSync(join(project, 'site-d/openapi'), { recursive: true });
    writeFileSync(join(project, 'site-d/openapi/parcels.yaml'), API);
    writeFileSync(join(project, 'site-d/openapi/tracking.yaml'), SWAGGER);
    ok(shipdocs(['build', '--root', 'site-d']));
    expect(readFileSync(join(project, 'site-d/dist/api/parcels/parcels-id/index.html'), 'utf8')).toContain('getParcel');
    expect(readFileSync(join(project, 'site-d/dist/api/tracking/tracking-id/index.html'), 'utf8')).toContain('getTracking');
  });

  it("type-checks the generated site.config.ts against the package's declarations, and catches a mistake in it", () => {
    // The user's compiler options, strict, with no type packages: only shipdocs's own declarations are read.
    const tsc = (files: string[], resolution: 'nodenext' | 'bundler'): SpawnSyncReturns<string> => {
      const module = resolution === 'bundler' ? 'esnext' : 'nodenext';
      const config = {
        compilerOptions: { noEmit: true, strict: true, skipLibCheck: false, types: [], target: 'es2022', module, moduleResolution: resolution },
        files,
      };
      writeFileSync(join(project, 'site-a/tsconfig.check.json'), JSON.stringify(config));
      return sh(process.execPath, [TSC, '-p', 'tsconfig.check.json'], join(project, 'site-a'));
    };
    expect(ok(tsc(['site.config.ts'], 'bundler'))).toBe('');
    // One run for the generated config and a copy with a typo: the typo, and only it, is an error.
    writeFileSync(join(project, 'site-a/typo.config.ts'), readFileSync(join(project, 'site-a/site.config.ts'), 'utf8').replace('title:', 'titel:'));
    const typo = tsc(['site.config.ts', 'typo.config.ts'], 'nodenext');
    expect(typo.status).not.toBe(0);
    expect(typo.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^typo\.config\.ts\(\d+,\d+\): error TS2561: .*'titel' does not exist in type 'UserConfig'/),
    ]);
  });

  it('snapshots the docs as a version, and serves the site', async () => {
    const version = ok(shipdocs(['docs', 'version', '1.0', '--root', 'site-a']));
    expect(version).toContain('1.0');
    expect(statSync(join(project, 'site-a/versioned_docs/version-1.0/intro.md')).isFile()).toBe(true);
    const server = await startServerCommand(
      'serve',
      ['--root', join(project, 'site-a'), '--port', '0'],
      'serving',
      join(project, 'node_modules/.bin/shipdocs'),
    );
    try {
      const home = await fetch(`http://127.0.0.1:${server.port}/docs/1.0/intro`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<h1');
    } finally {
      server.child.removeAllListeners('exit');
      server.child.kill();
    }
  });

  it('refuses to init over an existing site and leaves it as it was', () => {
    const before = treeHash(join(project, 'site-a'));
    const r = shipdocs(['init', 'site-a']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('already has files that init would write:\n  site.config.ts\n');
    expect(treeHash(join(project, 'site-a'))).toBe(before);
  });
});
