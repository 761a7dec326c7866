import { copyFileSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { loadInitApi } from '../openapi/load-init-api.js';
import { hasErrors } from '../shared/diagnostics.js';
import { planInit, type CiTarget, type InitAnswers, type InitOpenApi, type UiLanguage } from './init/plan-init.js';
import { formatDiagnostics, style, type Logger } from './logger.js';
import { withSourceLines } from './source-lines.js';
import { VERSION } from './version.js';

// `shipdocs init [dir]`: asks the few questions in a terminal (none when a flag is given, without
// a terminal, or with --yes), checks the OpenAPI file with the build's own loader, plans every
// file, refuses when any would replace an existing one, then writes them and prints what to run next.

interface InitFlags {
  title?: string;
  openapi?: string;
  languages?: UiLanguage[];
  blog?: boolean;
  ci?: CiTarget;
}

export interface InitOptions {
  dir: string;
  flags: InitFlags;
  /** Ask the questions (a terminal, and no flag given). */
  interactive: boolean;
  logger: Logger;
  cwd?: string;
}

const EXIT_OK = 0;
const EXIT_FAILED = 1;

export async function runInit(options: InitOptions): Promise<number> {
  const { logger } = options;
  const cwd = options.cwd ?? process.cwd();
  const target = resolve(cwd, options.dir);
  if (existsSync(target) && !statSync(target).isDirectory()) {
    logger.error(`${style.red(logger.color, 'error')}  ${target} is a file; init needs a folder (new or existing).`);
    return EXIT_FAILED;
  }
  const fail = (message: string): number => {
    logger.error(`${style.red(logger.color, 'error')}  ${message}\nNothing was written.`);
    return EXIT_FAILED;
  };

  const prompts = options.interactive ? await import('./init/ask.js') : undefined;
  const openapiFile = prompts ? await prompts.askOpenApi() : options.flags.openapi;
  if (openapiFile === null) return EXIT_FAILED; // cancelled: the prompt said so
  const api = await checkOpenApi(openapiFile, target, cwd, logger);
  if (api === undefined) return fail(`${openapiFile} has errors (above); fix them or start without it (the example API).`);

  const defaults = { languages: options.flags.languages ?? ['es', 'en'], blog: options.flags.blog ?? false, ci: options.flags.ci };
  const fallbackTitle = (lang: UiLanguage | undefined): string => api.title ?? (lang === 'en' ? 'Documentation' : 'Documentación');
  const rest = prompts
    ? await prompts.askRest({ title: (lang) => options.flags.title ?? fallbackTitle(lang), ...defaults })
    : { title: options.flags.title ?? fallbackTitle(defaults.languages[0]), ...defaults };
  if (rest === null) return EXIT_FAILED;
  const tagline = api.summary ?? (rest.languages[0] === 'en' ? 'Guides and API reference' : 'Guías y referencia de la API');
  const answers: InitAnswers = { ...rest, tagline, openapi: api.openapi };

  const gitRoot = findGitRoot(target);
  const plan = planInit(answers, { target, gitRoot, branch: currentBranch(gitRoot) ?? 'main', version: VERSION, date: new Date().toISOString().slice(0, 10) });
  if (plan.clashes.length) {
    const list = plan.clashes.map((c) => `  ${c}`).join('\n');
    return fail(
      `${target} already has files that init would write:\n${list}\nStart the site in another folder (\`shipdocs init docs-site\`), or move these away.`,
    );
  }

  for (const file of plan.files) {
    mkdirSync(dirname(file.path), { recursive: true });
    // 'wx' and COPYFILE_EXCL: a file that appeared since the plan is still never replaced.
    if (typeof file.contents === 'string') writeFileSync(file.path, file.contents, { flag: file.update ? 'w' : 'wx' });
    else copyFileSync(file.contents.copyFrom, file.path, constants.COPYFILE_EXCL);
  }
  const shown = (p: string): string => relative(cwd, p) || '.';
  for (const file of plan.files) logger.info(`${style.green(logger.color, file.update ? 'updated' : 'created')}  ${shown(file.path)}`);
  logger.info(`\n${style.bold(logger.color, 'Next:')}`);
  for (const command of nextCommands(target, cwd)) logger.info(`  ${style.cyan(logger.color, command)}`);
  if (answers.ci) {
    logger.info('');
    if (answers.ci === 'github') logger.info('On GitHub, once: Settings → Pages → Source: "GitHub Actions"; then every push to the branch deploys.');
    const requests = answers.ci === 'github' ? 'Pull requests' : 'Merge requests';
    logger.info(`${requests} that change the OpenAPI document fail on breaking API changes; create the label "breaking-change-ok" to let them through.`);
  }
  return EXIT_OK;
}

/**
 * The OpenAPI file given (or none: the example API), checked with the build's loader. A file
 * inside the new site is used where it is; one outside it is copied in (bundled, when it
 * references other files, which may then be anywhere under the folder init runs from).
 * Undefined: it has errors, which are printed.
 */
async function checkOpenApi(
  file: string | undefined,
  target: string,
  cwd: string,
  logger: Logger,
): Promise<{ openapi: InitOpenApi; title: string | undefined; summary: string | undefined } | undefined> {
  if (!file) return { openapi: { kind: 'example' }, title: undefined, summary: undefined };
  const abs = resolve(cwd, file);
  const inPlace = isInside(target, abs);
  const root = inPlace ? target : isInside(cwd, abs) ? cwd : dirname(abs);
  const loaded = await loadInitApi(root, abs);
  if (loaded.diagnostics.length) logger.error(formatDiagnostics(withSourceLines(root, loaded.diagnostics), logger.color) + '\n');
  if (loaded.title === undefined || hasErrors(loaded.diagnostics)) return undefined;
  const openapi: InitOpenApi = inPlace
    ? inPlaceApi(relative(target, abs).split(sep).join('/'), statSync(abs).isDirectory() ? loaded.fileName : undefined)
    : { kind: 'copy', from: abs, fileName: loaded.fileName, contents: loaded.contents };
  return { openapi, title: loaded.title, summary: loaded.summary };
}

/** A document inside the site: `path` as the config names it; the file itself is `fileName` in it when it is a folder. */
function inPlaceApi(path: string, fileName: string | undefined): InitOpenApi {
  const document = fileName === undefined ? path : path ? `${path}/${fileName}` : fileName;
  return { kind: 'in-place', path, document };
}

function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel));
}

/** The nearest folder at or above `dir` that holds `.git` (CI files belong at a repository's root). */
function findGitRoot(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) return undefined;
  }
}

/** The branch checked out in the repository (the deploy workflow's trigger), when git says so. */
function currentBranch(gitRoot: string | undefined): string | undefined {
  if (!gitRoot) return undefined;
  try {
    return /^ref: refs\/heads\/(.+)$/m.exec(readFileSync(join(gitRoot, '.git', 'HEAD'), 'utf8'))?.[1];
  } catch {
    return undefined; // a worktree or submodule: .git is a file
  }
}

/** The two commands to run next, with the package manager init was started by. */
function nextCommands(target: string, cwd: string): [string, string] {
  const agent = /^(pnpm|yarn|bun)\//.exec(process.env.npm_config_user_agent ?? '')?.[1] ?? 'npm';
  const run = (script: string): string => (agent === 'npm' ? `npm run ${script}` : `${agent} ${script}`);
  const rel = relative(cwd, target);
  const cd = rel ? `cd ${/\s/.test(rel) ? JSON.stringify(rel) : rel} && ` : '';
  let installed = false;
  try {
    createRequire(join(target, 'package.json')).resolve('shipdocs/package.json');
    installed = true;
  } catch {
    // not installed where the site is
  }
  return installed ? [`${cd}${run('docs:serve')}`, run('docs:build')] : [`${cd}${agent} install`, run('docs:serve')];
}
