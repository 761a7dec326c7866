import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { packageRoot } from '../../render/assets/package-root.js';

// What `shipdocs init` writes, decided before anything is written: every file of the new site with
// its contents, and the clashes with what is already there. Nothing is ever overwritten: a file
// that exists is a clash, but for package.json (the two scripts and the dependency are added to
// it) and .gitignore (the missing lines are appended), which a project usually has already.

export type UiLanguage = 'es' | 'en';
export type CiTarget = 'github' | 'gitlab';

/** The OpenAPI document of the new site. */
export type InitOpenApi =
  /** A file outside the site, copied into its openapi/ folder (`contents`: bundled, else the file as is). */
  | { kind: 'copy'; from: string; fileName: string; contents: string | undefined }
  /** A file (or folder) already inside the site: the config points at it; `document` is the file itself. */
  | { kind: 'in-place'; path: string; document: string }
  /** None given: a small example API. */
  | { kind: 'example' };

export interface InitAnswers {
  title: string;
  tagline: string;
  /** Interface languages; the first is the default one and the language the starter pages are written in. */
  languages: UiLanguage[];
  blog: boolean;
  openapi: InitOpenApi;
  ci: CiTarget | undefined;
}

export interface InitContext {
  /** Absolute folder of the new site. */
  target: string;
  /** The git repository's root, when the site is inside one: CI files go there. */
  gitRoot: string | undefined;
  /** The branch the deploy workflow publishes from. */
  branch: string;
  /** The shipdocs version the new package.json asks for. */
  version: string;
  /** Today (YYYY-MM-DD): the blog post's date. */
  date: string;
}

interface PlannedFile {
  /** Absolute path. */
  path: string;
  /** The text to write, or the file to copy. */
  contents: string | { copyFrom: string };
  /** Whether the file exists and is extended (package.json, .gitignore) rather than created. */
  update: boolean;
}

export interface InitPlan {
  files: PlannedFile[];
  /** Paths (relative to the target) that exist and would have to be replaced, with why. */
  clashes: string[];
}

export const SCRIPTS = { 'docs:build': 'shipdocs build', 'docs:serve': 'shipdocs serve' } as const;

function templatesDir(): string {
  return join(packageRoot(), 'src/cli/init/templates');
}

/** A template with its `{{name}}` placeholders filled; a placeholder without a value is a bug. */
function fillTemplate(name: string, values: Readonly<Record<string, string>> = {}): string {
  return readFileSync(join(templatesDir(), name), 'utf8').replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`template ${name}: no value for {{${key}}}`);
    return value;
  });
}

export function planInit(answers: InitAnswers, ctx: InitContext): InitPlan {
  const { target } = ctx;
  const lang = answers.languages[0] ?? 'es';
  const openapiPath = answers.openapi.kind === 'in-place' ? answers.openapi.path : 'openapi';
  const files: PlannedFile[] = [];
  const clashes: string[] = [];
  const add = (rel: string, contents: PlannedFile['contents'], root = target): void => {
    const path = join(root, rel);
    if (existsSync(path)) clashes.push(relative(target, path));
    else files.push({ path, contents, update: false });
  };

  add('site.config.ts', siteConfig(answers, openapiPath));
  add('content/docs/intro.md', fillTemplate(`${lang}/intro.md`, { openapiPath: answers.openapi.kind === 'in-place' ? openapiPath : 'openapi/' }));
  if (answers.blog) add(`content/blog/${ctx.date}-welcome.md`, fillTemplate(`${lang}/welcome.md`, { date: ctx.date }));
  if (answers.openapi.kind === 'example') add('openapi/openapi.yaml', fillTemplate(`${lang}/openapi.yaml`));
  if (answers.openapi.kind === 'copy') add(`openapi/${answers.openapi.fileName}`, answers.openapi.contents ?? { copyFrom: answers.openapi.from });
  // An empty static/ would not be kept by git: a favicon makes it a real one.
  add('static/img/favicon.svg', fillTemplate('favicon.svg'));

  const pkg = packageJson(join(target, 'package.json'), ctx);
  if (typeof pkg === 'string') clashes.push(pkg);
  else files.push(pkg);
  const ignore = gitignore(join(target, '.gitignore'));
  if (ignore) files.push(ignore);

  if (answers.ci) {
    const ciRoot = ctx.gitRoot ?? target;
    const dir = relative(ciRoot, target).split('\\').join('/');
    const dirPrefix = dir ? `${dir}/` : '';
    const document = documentPath(answers.openapi);
    // What makes the API check run: the document's folder (the files it references are usually
    // beside it), or the document alone when it sits at the site's root among everything else.
    const folder = document.includes('/') ? document.slice(0, document.lastIndexOf('/')) : undefined;
    const watched = (allBelow: string): string => yamlString(folder === undefined ? `${dirPrefix}${document}` : `${dirPrefix}${folder}/${allBelow}`);
    const values = {
      dir: dir || '.',
      dirPrefix,
      branch: ctx.branch,
      publicDir: relative(target, join(ciRoot, 'public')).split('\\').join('/'),
      document: yamlString(document),
    };
    if (answers.ci === 'github') {
      add('.github/workflows/docs.yml', fillTemplate('github-pages.yml', values), ciRoot);
      add('.github/workflows/api-diff.yml', fillTemplate('github-api-diff.yml', { ...values, apiFiles: watched('**') }), ciRoot);
    } else {
      // GitLab matches `changes:` with Ruby's fnmatch, where only `**/*` reaches into subfolders.
      const apiJob = fillTemplate('gitlab-api-changes.yml', { ...values, apiFiles: watched('**/*') });
      add('.gitlab-ci.yml', `${fillTemplate('gitlab-ci.yml', values)}\n${apiJob}`, ciRoot);
    }
  }
  return { files, clashes };
}

/** The OpenAPI document's file, relative to the site: what the CI job compares with the base branch's copy. */
function documentPath(openapi: InitOpenApi): string {
  if (openapi.kind === 'example') return 'openapi/openapi.yaml';
  if (openapi.kind === 'copy') return `openapi/${openapi.fileName}`;
  return openapi.document;
}

/** A YAML string: plain when it reads the same plain, else double-quoted (JSON's quoting is YAML's). */
function yamlString(s: string): string {
  return /^[\w][\w./-]*$/.test(s) ? s : JSON.stringify(s);
}

function siteConfig(answers: InitAnswers, openapiPath: string): string {
  const str = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const lang = answers.languages[0] ?? 'es';
  const items = [
    `      { label: 'Docs', to: '/docs/intro', position: 'left' },`,
    ...(answers.blog ? [`      { label: 'Blog', to: '/blog', position: 'left' },`] : []),
  ];
  return fillTemplate('site.config.ts.tpl', {
    title: str(answers.title),
    tagline: str(answers.tagline),
    lang: str(lang),
    navItems: items.join('\n'),
    blog: answers.blog ? `{ title: 'Blog' }` : 'false',
    openapiPath: str(openapiPath),
    languages: `[${answers.languages.map(str).join(', ')}]`,
  });
}

/**
 * package.json: a new one, or the existing one with the two scripts (and shipdocs, when it does not
 * list it yet) added, in its own indentation. A script of the same name that runs something else
 * is a clash.
 */
function packageJson(path: string, ctx: InitContext): PlannedFile | string {
  const dependency = { shipdocs: `^${ctx.version}` };
  if (!existsSync(path)) {
    const name = nameOf(ctx.target);
    const pkg = { name, version: '0.0.0', private: true, type: 'module', scripts: { ...SCRIPTS }, devDependencies: dependency };
    return { path, contents: JSON.stringify(pkg, null, 2) + '\n', update: false };
  }
  const text = readFileSync(path, 'utf8');
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return 'package.json (not valid JSON, so the scripts cannot be added to it)';
  }
  const scripts = { ...(pkg.scripts as Record<string, string> | undefined) };
  for (const [name, command] of Object.entries(SCRIPTS)) {
    if (scripts[name] !== undefined && scripts[name] !== command) return `package.json (its "${name}" script runs "${scripts[name]}")`;
    scripts[name] = command;
  }
  const listed = [pkg.dependencies, pkg.devDependencies].some((deps) => typeof deps === 'object' && deps !== null && 'shipdocs' in deps);
  const next = { ...pkg, scripts, ...(listed ? {} : { devDependencies: { ...(pkg.devDependencies as object | undefined), ...dependency } }) };
  const indent = /^([ \t]+)"/m.exec(text)?.[1] ?? 2;
  return { path, contents: JSON.stringify(next, null, indent) + (text.endsWith('\n') ? '\n' : ''), update: true };
}

/** A package name from the folder's name (npm's rules: lower case, URL-safe). */
function nameOf(dir: string): string {
  const base = dir.split(/[\\/]/).filter(Boolean).pop() ?? '';
  const name = base
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  return name || 'docs';
}

/** .gitignore: the template, or the lines of it that an existing one lacks (undefined: none). */
function gitignore(path: string): PlannedFile | undefined {
  const template = fillTemplate('gitignore');
  if (!existsSync(path)) return { path, contents: template, update: false };
  const text = readFileSync(path, 'utf8');
  const have = new Set(text.split(/\r?\n/).map((l) => l.trim().replace(/^\/|\/$/g, '')));
  const missing = template.split('\n').filter((line) => line && !have.has(line.replace(/^\/|\/$/g, '')));
  if (!missing.length) return undefined;
  const sep = text === '' || text.endsWith('\n') ? '' : '\n';
  return { path, contents: text + sep + missing.join('\n') + '\n', update: true };
}
