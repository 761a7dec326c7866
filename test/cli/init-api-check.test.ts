import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { planInit, type InitAnswers, type InitContext } from '../../src/cli/init/plan-init.js';
import { REPO, tempDir } from '../helpers/fixtures.js';

// The API check that `shipdocs init --ci github|gitlab` adds beside the deploy job: the workflow's
// shape, and its shell script run as written (bash for GitHub, sh for GitLab) in a real git
// repository, with `npx shipdocs` answered by this checkout's binary.

const BIN = join(REPO, 'bin/shipdocs.js');
const DIFF_FIXTURES = join(REPO, 'test/fixtures/diff');

const ANSWERS: InitAnswers = { title: 'Acme API', tagline: 'Parcels', languages: ['en'], blog: false, openapi: { kind: 'example' }, ci: undefined };
const context = (target: string, gitRoot: string): InitContext => ({ target, gitRoot, branch: 'main', version: '1.2.3', date: '2025-06-01' });

/** The CI file init plans at `rel` (from the repository's root) for a site at `site` inside `repo`. */
function ciFile(answers: Partial<InitAnswers>, repo: string, site: string, rel: string): string {
  const plan = planInit({ ...ANSWERS, ...answers }, context(site, repo));
  const file = plan.files.find((f) => relative(repo, f.path) === rel);
  if (!file || typeof file.contents !== 'string') throw new Error(`init planned no ${rel}`);
  return file.contents;
}

interface GithubStep {
  uses?: string;
  run?: string;
  name?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface GithubWorkflow {
  on: { pull_request: { types: string[]; paths: string[] } };
  permissions: Record<string, string>;
  jobs: Record<string, { defaults: { run: { 'working-directory': string } }; steps: GithubStep[] }>;
}
interface GitlabJob {
  variables: Record<string, string | number>;
  script: string[];
  artifacts: { when: string; paths: string[] };
  rules: { if: string; changes: string[] }[];
}

function githubCheck(answers: Partial<InitAnswers> = {}, sub = ''): { workflow: GithubWorkflow; step: GithubStep } {
  const repo = tempDir();
  const workflow = parseYaml(ciFile({ ...answers, ci: 'github' }, repo, join(repo, sub), '.github/workflows/api-diff.yml')) as GithubWorkflow;
  const step = workflow.jobs.diff!.steps.find((s) => s.run?.includes('shipdocs diff'));
  if (!step) throw new Error('no diff step');
  return { workflow, step };
}

function gitlabCheck(answers: Partial<InitAnswers> = {}, sub = ''): GitlabJob {
  const repo = tempDir();
  const file = parseYaml(ciFile({ ...answers, ci: 'gitlab' }, repo, join(repo, sub), '.gitlab-ci.yml')) as Record<string, GitlabJob>;
  return file['api-changes']!;
}

describe('the API check init writes', () => {
  it('GitHub: a pull-request workflow of its own that compares the document with the base branch, reports to the job summary and fails on breaking changes without the label', () => {
    const { workflow, step } = githubCheck();
    expect(workflow.on.pull_request.paths).toEqual(['openapi/**']);
    // Adding or removing the label runs the check again.
    expect(workflow.on.pull_request.types).toEqual(expect.arrayContaining(['labeled', 'unlabeled', 'synchronize']));
    expect(workflow.permissions).toEqual({ contents: 'read' });
    const job = workflow.jobs.diff!;
    expect(job.steps[0]).toEqual({ uses: 'actions/checkout@v4', with: { 'fetch-depth': 0 } });
    expect(job.steps.map((s) => s.run).filter(Boolean)[0]).toBe('npm ci');
    expect(step.env).toEqual({
      DOCUMENT: 'openapi/openapi.yaml',
      BASE: 'origin/${{ github.base_ref }}',
      BREAKING_OK: "${{ contains(github.event.pull_request.labels.*.name, 'breaking-change-ok') }}",
    });
    expect(step.run).toContain('npx shipdocs diff "git:$BASE:./$DOCUMENT" "$DOCUMENT" --format markdown --fail-on breaking >> "$GITHUB_STEP_SUMMARY"');
    expect(step.run).toContain('if [ "$BREAKING_OK" = true ]; then');
    // No expression is pasted into a script: what the pull request controls arrives through env.
    for (const s of job.steps) expect(s.run ?? '').not.toContain('${{');
  });

  it('GitLab: a merge-request job that fetches the target branch, keeps the report as an artifact and reads the labels', () => {
    const job = gitlabCheck();
    expect(job.rules).toEqual([{ if: '$CI_PIPELINE_SOURCE == "merge_request_event"', changes: ['openapi/**/*'] }]);
    expect(job.variables).toEqual({ GIT_DEPTH: 0, DOCUMENT: 'openapi/openapi.yaml' });
    expect(job.script).toContain('git fetch origin "$CI_MERGE_REQUEST_TARGET_BRANCH_NAME"');
    const check = job.script.at(-1)!;
    expect(check).toContain('case ",$CI_MERGE_REQUEST_LABELS," in');
    expect(check).toContain('*,breaking-change-ok,*)');
    expect(check).toContain('npx shipdocs diff "git:$base:./$DOCUMENT" "$DOCUMENT" --format markdown --fail-on breaking > api-changes.md');
    // Kept when the job fails too: that is when it is read.
    expect(job.artifacts).toEqual({ when: 'always', expose_as: 'API changes', paths: ['api-changes.md'] });
  });

  it('names the document init knows: copied under its own name, or a file inside the site, in a folder of the repository', () => {
    const copied = githubCheck({ openapi: { kind: 'copy', from: '/specs/tracking.json', fileName: 'tracking.json', contents: undefined } }, 'docs');
    expect(copied.step.env!.DOCUMENT).toBe('openapi/tracking.json');
    expect(copied.workflow.on.pull_request.paths).toEqual(['docs/openapi/**']);
    expect(copied.workflow.jobs.diff!.defaults.run['working-directory']).toBe('docs');
    // A document at the site's root: the file alone starts the check, not every change to the site.
    const atRoot = gitlabCheck({ openapi: { kind: 'in-place', path: 'my api.yaml', document: 'my api.yaml' } }, 'docs');
    expect(atRoot.variables.DOCUMENT).toBe('my api.yaml');
    expect(atRoot.rules[0]!.changes).toEqual(['docs/my api.yaml']);
    expect(atRoot.artifacts.paths).toEqual(['docs/api-changes.md']);
  });
});

/** A `npx` that runs this checkout's shipdocs, as `npm ci` would have installed it. */
function npxShim(): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'npx'), `#!/bin/sh\n[ "$1" = shipdocs ] && shift\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(dir, 'npx'), 0o755);
  return dir;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
}

const V1 = readFileSync(join(DIFF_FIXTURES, 'v1.yaml'), 'utf8');
// v1 → v2: `weight_kg` becomes required in a request body (breaking) and an operation is deprecated.
const V2 = readFileSync(join(DIFF_FIXTURES, 'v2.yaml'), 'utf8');

function commitDocument(repo: string, document: string, text: string, message: string): void {
  mkdirSync(dirname(join(repo, document)), { recursive: true });
  writeFileSync(join(repo, document), text);
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', message);
}

/**
 * A repository as CI checks it out: "origin" holds `main` with `base` as the document (none: the
 * document is new), the clone is on a branch that commits `head` as the document; `later`, when
 * given, is committed on origin's `main` after the branch left it.
 */
function checkout(options: { document: string; base: string | undefined; head: string; later?: string }): string {
  const origin = tempDir();
  git(origin, 'init', '-q', '-b', 'main');
  writeFileSync(join(origin, 'README.md'), 'Parcels\n');
  if (options.base === undefined) {
    git(origin, 'add', '.');
    git(origin, 'commit', '-q', '-m', 'base');
  } else commitDocument(origin, options.document, options.base, 'base');
  const clone = join(tempDir(), 'clone');
  git(dirname(clone), 'clone', '-q', origin, clone);
  git(clone, 'checkout', '-q', '-b', 'change');
  commitDocument(clone, options.document, options.head, 'change');
  if (options.later !== undefined) commitDocument(origin, options.document, options.later, 'later on main');
  return clone;
}

/** Runs `script` as the CI runner does: `shell -e`, in `cwd`, with `env` on top of a PATH that finds the npx shim. */
function runScript(shell: 'bash' | 'sh', script: string, cwd: string, env: Record<string, string>): { code: number | null; out: string } {
  const PATH = `${npxShim()}${delimiter}${process.env.PATH ?? ''}`;
  const r = spawnSync(shell, ['-e', '-c', script], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', PATH, ...env }, timeout: 60_000 });
  return { code: r.status, out: r.stdout + r.stderr };
}

describe("the API check's script, run as written", () => {
  it('GitHub: fails on a breaking change with the report in the job summary; passes with the label; passes a new document', () => {
    const { step } = githubCheck();
    const repo = checkout({ document: 'openapi/openapi.yaml', base: V1, head: V2 });
    const summary = join(tempDir(), 'summary.md');
    const env = { ...step.env!, BASE: 'origin/main', GITHUB_STEP_SUMMARY: summary };

    const broken = runScript('bash', step.run!, repo, { ...env, BREAKING_OK: 'false' });
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('::error::The API check failed');
    const report = readFileSync(summary, 'utf8');
    expect(report).toContain('## API changes: `git:origin/main:./openapi/openapi.yaml` → `openapi/openapi.yaml`');
    expect(report).toContain('### Breaking changes (1)');
    expect(report).toContain('`weight_kg` is now required in the body of POST /quoter.');
    expect(report).toContain('add the label `breaking-change-ok`');

    rmSync(summary);
    const allowed = runScript('bash', step.run!, repo, { ...env, BREAKING_OK: 'true' });
    expect(allowed.code).toBe(0);
    expect(readFileSync(summary, 'utf8')).toMatch(
      /### Breaking changes \(1\)[\s\S]*Breaking changes are allowed: the pull request has the label `breaking-change-ok`\./,
    );

    rmSync(summary);
    const fresh = checkout({ document: 'openapi/openapi.yaml', base: undefined, head: V2 });
    const added = runScript('bash', step.run!, fresh, { ...env, BREAKING_OK: 'false' });
    expect(added.code).toBe(0);
    expect(readFileSync(summary, 'utf8')).toBe('`openapi/openapi.yaml` is new in this pull request: no earlier version to compare with.\n');
  });

  it('GitLab, for a site in a folder: fails on a breaking change with the report as the artifact; passes with the label among others', () => {
    const job = gitlabCheck({}, 'docs');
    const repo = checkout({ document: 'docs/openapi/openapi.yaml', base: V1, head: V2 });
    // Every line but `npm ci`, in one shell as the runner runs them.
    const script = job.script.filter((line) => !line.startsWith('npm ci')).join('\n');
    const env = { DOCUMENT: String(job.variables.DOCUMENT), CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main', CI_PROJECT_DIR: repo };

    const broken = runScript('sh', script, repo, { ...env, CI_MERGE_REQUEST_LABELS: 'api' });
    expect(broken.code).toBe(1);
    const report = readFileSync(join(repo, job.artifacts.paths[0]!), 'utf8');
    expect(report).toMatch(/^## API changes: `git:[0-9a-f]{40}:\.\/openapi\/openapi\.yaml` → `openapi\/openapi\.yaml`/);
    expect(report).toContain('### Breaking changes (1)');
    expect(report).toContain('add the label `breaking-change-ok` to the merge request and run a new pipeline');
    expect(broken.out).toContain(report);

    const allowed = runScript('sh', script, repo, { ...env, CI_MERGE_REQUEST_LABELS: 'api,breaking-change-ok' });
    expect(allowed.code).toBe(0);
    expect(readFileSync(join(repo, 'docs/api-changes.md'), 'utf8')).toContain(
      'Breaking changes are allowed: the merge request has the label `breaking-change-ok`.',
    );
    // A label that only contains the name does not count.
    expect(runScript('sh', script, repo, { ...env, CI_MERGE_REQUEST_LABELS: 'not-breaking-change-ok' }).code).toBe(1);
  });

  it("GitLab: compares with where the branch left the target branch, so the target branch's later additions are not read as removals", () => {
    const job = gitlabCheck();
    const script = job.script.filter((line) => !line.startsWith('npm ci')).join('\n');
    const withLabels = V1.replace(
      'paths:\n',
      "paths:\n  /labels:\n    get:\n      operationId: listLabels\n      responses:\n        '200':\n          description: Labels\n",
    );
    const edited = V1.replace('Get a shipment.', 'Fetch a shipment.');
    const repo = checkout({ document: 'openapi/openapi.yaml', base: V1, head: edited, later: withLabels });
    const env = { DOCUMENT: String(job.variables.DOCUMENT), CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main', CI_PROJECT_DIR: repo, CI_MERGE_REQUEST_LABELS: '' };
    const r = runScript('sh', script, repo, env);
    expect(r.code).toBe(0);
    expect(readFileSync(join(repo, 'api-changes.md'), 'utf8')).toContain(
      '**0 breaking changes, 0 deprecations, 0 non-breaking changes, 1 documentation-only change**',
    );
  });
});
