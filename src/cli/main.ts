import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { parseAllowRule, type AllowRule } from '../proxy/allow-list.js';
import { parseOrigin } from '../proxy/origins.js';
import type { DiffFormat, FailOn } from './diff.js';
import type { UiLanguage } from './init/plan-init.js';
import { createLogger, formatDiagnostics, style } from './logger.js';
import type { RunBuildResult } from './run-build.js';
import { VERSION } from './version.js';

const EXIT_OK = 0;
const EXIT_CONTENT = 1;
const EXIT_USAGE = 2;

const logger = createLogger();

/** `--root` must name an existing folder: anything else is a usage error (exit 2). */
function rootDir(value: string): string {
  let st;
  try {
    st = statSync(value);
  } catch {
    throw new InvalidArgumentError(`no such folder: ${resolve(value)}`);
  }
  if (!st.isDirectory()) throw new InvalidArgumentError(`not a folder: ${resolve(value)}`);
  return value;
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number between 0 and 65535.');
  return n;
}

/** `--allow` values, repeatable, variadic or comma-separated: each a host rule, else a usage error (exit 2). */
function allowRules(value: string, previous: AllowRule[] | undefined): AllowRule[] {
  const rules = [...(previous ?? [])];
  for (const text of value.split(',')) {
    if (!text.trim()) continue;
    const rule = parseAllowRule(text);
    if (typeof rule === 'string') throw new InvalidArgumentError(rule);
    rules.push(rule);
  }
  return rules;
}

/** `--origin` values, repeatable, variadic or comma-separated: each an http(s) origin, else a usage error (exit 2). */
function origins(value: string, previous: string[] | undefined): string[] {
  const list = [...(previous ?? [])];
  for (const text of value.split(',')) {
    if (!text.trim()) continue;
    const parsed = parseOrigin(text);
    if ('error' in parsed) throw new InvalidArgumentError(parsed.error);
    list.push(parsed.origin);
  }
  return list;
}

/** `--allowed-host` values, repeatable or comma-separated: host names (or addresses) the server also answers to. */
function hostNames(value: string, previous: string[] | undefined): string[] {
  const list = [...(previous ?? [])];
  for (const text of value.split(',')) {
    const name = text.trim().toLowerCase();
    if (!name) continue;
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)$/.test(name))
      throw new InvalidArgumentError(`"${text}" is not a host name: expected a name or address without a port, such as docs.internal or 192.168.1.20.`);
    list.push(name);
  }
  return list;
}

/**
 * `--site-url`: the address the site is published at, path included
 * ("https://owner.github.io/repo"); it sets the config's `url` (the origin) and `baseUrl` (the path).
 */
function siteUrl(value: string): { url: string; baseUrl: string } {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new InvalidArgumentError('expected an absolute http(s) URL, e.g. https://owner.github.io/repo');
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash)
    throw new InvalidArgumentError('expected an http(s) URL without a query or fragment, e.g. https://owner.github.io/repo');
  const baseUrl = parsed.pathname.replace(/\/*$/, '/');
  // What the config's baseUrl rule adds to a URL's path: no empty segment.
  if (baseUrl.includes('//')) throw new InvalidArgumentError(`its path "${parsed.pathname}" has an empty segment`);
  return { url: parsed.origin, baseUrl };
}

/** `--languages es,en`: the interface languages, the first by default. */
function languages(value: string): UiLanguage[] {
  const list = value.split(',').map((l) => l.trim());
  for (const lang of list) if (lang !== 'es' && lang !== 'en') throw new InvalidArgumentError(`"${lang}" is not a language shipdocs speaks (es, en)`);
  if (new Set(list).size !== list.length) throw new InvalidArgumentError('a language is listed twice');
  return list as UiLanguage[];
}

/** The one-line summary every build ends with. */
export function summaryLine(r: RunBuildResult, color: boolean): string {
  const warnings = r.diagnostics.filter((d) => d.severity === 'warning').length;
  const errors = r.diagnostics.filter((d) => d.severity === 'error').length;
  const w = `${warnings} warning${warnings === 1 ? '' : 's'}`;
  if (r.ok) return `${style.green(color, 'done')}  ${r.pages} pages written to ${r.outDir}, ${w}, ${r.seconds.toFixed(2)} s`;
  return `${style.red(color, 'failed')}  ${errors} error${errors === 1 ? '' : 's'}, ${w}, ${r.seconds.toFixed(2)} s; nothing was written (the previous output is untouched)`;
}

export function reportBuild(r: RunBuildResult, json: boolean): void {
  if (json) {
    process.stdout.write(
      JSON.stringify(
        {
          ok: r.ok,
          outDir: r.outDir,
          pages: r.pages,
          seconds: Number(r.seconds.toFixed(3)),
          warnings: r.diagnostics.filter((d) => d.severity === 'warning').length,
          errors: r.diagnostics.filter((d) => d.severity === 'error').length,
          diagnostics: r.diagnostics,
          timings: r.timings,
        },
        null,
        2,
      ) + '\n',
    );
    return;
  }
  if (r.diagnostics.length) logger.error(formatDiagnostics(r.diagnostics, logger.color) + '\n');
  if (process.env.SHIPDOCS_TIMING) {
    for (const [stage, ms] of Object.entries(r.timings)) logger.info(`${style.dim(logger.color, 'timing')} ${stage.padEnd(16)} ${ms.toFixed(1)} ms`);
  }
  logger.info(summaryLine(r, logger.color));
}

const program = new Command()
  .name('shipdocs')
  .description('Build and preview documentation sites for REST APIs: markdown docs, pages and an OpenAPI reference.')
  .version(VERSION, '-v, --version')
  .option('--debug', 'print stack traces of internal errors')
  .showHelpAfterError('(run `shipdocs --help` for usage)')
  .exitOverride();

program
  .command('build')
  .description('build the site into a static folder')
  .option('--root <dir>', 'project folder (holding site.config.ts, content/, openapi/, static/)', rootDir, '.')
  .option('--out <dir>', 'output folder, relative to the root', 'dist')
  .option('--strict', 'treat broken links, broken anchors, duplicate routes, duplicate operationIds and invalid or unknown OpenAPI values as errors')
  .option('--json', 'print the result as JSON on stdout')
  .option('--no-cache', 'do not read or write the build cache (highlighted code)')
  .option(
    '--site-url <url>',
    "the address the site is published at, path included (https://owner.github.io/repo): overrides the config's url and baseUrl",
    siteUrl,
  )
  .action(async (opts: { root: string; out: string; strict?: boolean; json?: boolean; cache: boolean; siteUrl?: { url: string; baseUrl: string } }) => {
    // Commands load their code when run: `--help` and `--version` stay instant.
    const { runBuild } = await import('./run-build.js');
    // With SHIPDOCS_TIMING, each stage is named as it starts: where a slow or interrupted build was.
    const onStage = process.env.SHIPDOCS_TIMING ? (name: string) => logger.info(`${style.dim(logger.color, 'stage')} ${name}`) : undefined;
    const r = await runBuild({ root: opts.root, out: opts.out, strict: opts.strict ?? false, cache: opts.cache, site: opts.siteUrl, onStage });
    reportBuild(r, opts.json ?? false);
    process.exitCode = r.ok ? EXIT_OK : EXIT_CONTENT;
  });

program
  .command('serve')
  .description('serve the site from memory with live reload: an edit is shown as soon as it is saved (nothing is written to disk)')
  .option('--root <dir>', 'project folder', rootDir, '.')
  .option('--port <port>', 'port to listen on', port, 3000)
  .option('--host <host>', 'interface to bind (127.0.0.1 keeps the preview private)', '127.0.0.1')
  .option('--allowed-host <names...>', 'host names to answer besides its addresses and localhost (a LAN name, a tunnel)', hostNames)
  .option('--open', 'open the site in a browser')
  .action(async (opts: { root: string; port: number; host: string; allowedHost?: string[]; open?: boolean }) => {
    const { serve } = await import('./serve.js');
    const failed = await serve({ ...opts, allowedHosts: opts.allowedHost, open: opts.open ?? false, logger });
    if (failed !== undefined) process.exitCode = failed;
  });

program
  .command('mock')
  .description("serve the project's OpenAPI operations as a mock API: example responses, request validation, CORS")
  .option('--root <dir>', 'project folder', rootDir, '.')
  .option('--port <port>', 'port to listen on', port, 4010)
  .option('--host <host>', 'interface to bind (127.0.0.1 keeps the mock private)', '127.0.0.1')
  .option('--allowed-host <names...>', 'host names to answer besides its addresses and localhost (a LAN name, a tunnel)', hostNames)
  .option('--api <id>', 'which API of a site with several (default: the first)')
  .action(async (opts: { root: string; port: number; host: string; allowedHost?: string[]; api?: string }) => {
    const { runMock } = await import('./mock.js');
    const failed = await runMock({ ...opts, allowedHosts: opts.allowedHost, logger });
    if (failed !== undefined) process.exitCode = failed;
  });

program
  .command('proxy')
  .description("forward the try-it's requests to the API when the browser cannot send them directly (a CORS proxy)")
  .option('--root <dir>', 'project folder (without --allow, the hosts of its OpenAPI servers are allowed)', rootDir, '.')
  .option('--port <port>', 'port to listen on', port, 8787)
  .option('--host <host>', 'interface to bind', '127.0.0.1')
  .option('--allow <hosts...>', 'hosts requests may go to: api.example.com, 127.0.0.1:4010, *.example.com', allowRules)
  .option('--origin <origins...>', "sites whose pages may use the proxy, besides the config's url and localhost: https://docs.example.com", origins)
  .action(async (opts: { root: string; port: number; host: string; allow?: AllowRule[]; origin?: string[] }) => {
    const { runProxy } = await import('./proxy.js');
    const failed = await runProxy({ ...opts, allow: opts.allow, origins: opts.origin, logger });
    if (failed !== undefined) process.exitCode = failed;
  });

program
  .command('mcp')
  .description('serve the site to AI assistants over stdio (Model Context Protocol): search, pages and API operations')
  .option('--root <dir>', 'project folder', rootDir, '.')
  .action(async (opts: { root: string }) => {
    const { runMcp } = await import('./mcp.js');
    const failed = await runMcp({ ...opts, logger });
    if (failed !== undefined) process.exitCode = failed;
  });

program
  .command('init [dir]')
  .description(
    'start a new site in dir (default: the current folder): config, a first doc, an OpenAPI document, scripts and, with --ci, a deploy workflow and an API check on pull requests',
  )
  .option('--title <title>', "the site's title (default: the OpenAPI document's title)")
  .option(
    '--openapi <file>',
    'your OpenAPI document (3.0, 3.1 or Swagger 2.0), checked first; a file outside dir is copied into its openapi/ folder (default: an example API)',
  )
  .option('--languages <list>', 'interface languages, the first by default: es,en | en,es | es | en (default: es,en)', languages)
  .option('--blog', 'add a blog with a first post')
  .addOption(
    new Option(
      '--ci <host>',
      'add a workflow that builds and deploys the site, and a pull-request job that runs shipdocs diff on the OpenAPI document',
    ).choices(['github', 'gitlab']),
  )
  .option('-y, --yes', 'ask nothing: flags and defaults only (as without a terminal)')
  .action(
    async (
      dir: string | undefined,
      opts: { title?: string; openapi?: string; languages?: UiLanguage[]; blog?: boolean; ci?: 'github' | 'gitlab'; yes?: boolean },
    ) => {
      const { runInit } = await import('./init.js');
      const { yes, ...flags } = opts;
      // Questions only in a terminal and when no flag answers them already: a script or CI never waits.
      const interactive = !yes && Object.keys(flags).length === 0 && !!process.stdin.isTTY && !!process.stdout.isTTY && !process.env.CI;
      process.exitCode = await runInit({ dir: dir ?? '.', flags, interactive, logger });
    },
  );

program
  .command('diff <old> <new>')
  .description('compare two OpenAPI documents (files or git:<ref>:<path>) operation by operation: breaking, non-breaking, deprecations, documentation-only')
  .option('--root <dir>', 'project folder: files are read from it, git:<ref>:<path> with `git show` run in it', rootDir, '.')
  .addOption(
    new Option('--format <format>', 'text (grouped by operation), markdown (a CI summary or PR comment) or json')
      .choices(['text', 'markdown', 'json'])
      .default('text'),
  )
  .addOption(
    new Option('--fail-on <kind>', 'exit 1 when a change of this kind exists (deprecation: breaking or deprecation)').choices(['breaking', 'deprecation']),
  )
  .action(async (oldSpec: string, newSpec: string, opts: { root: string; format: DiffFormat; failOn?: FailOn }) => {
    const { runDiff } = await import('./diff.js');
    const color = !!process.stdout.isTTY && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
    process.exitCode = await runDiff({ root: opts.root, old: oldSpec, new: newSpec, format: opts.format, failOn: opts.failOn, logger, color });
  });

const docs = program.command('docs').description('manage the docs');
docs
  .command('version <name>')
  .description('snapshot the current docs as version <name> (versioned_docs/version-<name>, versions.json)')
  .option('--root <dir>', 'project folder', rootDir, '.')
  .action(async (name: string, opts: { root: string }) => {
    const { runDocsVersion } = await import('./docs-version.js');
    process.exitCode = (await runDocsVersion(opts.root, name, logger)) ? EXIT_OK : EXIT_CONTENT;
  });

async function main(): Promise<void> {
  try {
    await program.parseAsync(process.argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
      return;
    }
    const debug = process.argv.includes('--debug');
    logger.error(`${style.red(logger.color, 'internal error')}  ${(err as Error).message}`);
    logger.error(debug ? ((err as Error).stack ?? '') : 'This is a bug in shipdocs. Run again with --debug for the stack trace and report it.');
    process.exitCode = EXIT_CONTENT;
  }
}

await main();
