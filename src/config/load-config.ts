import { existsSync, readFileSync, writeFileSync, rmSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Message } from 'esbuild';
import { configSchema, type SiteConfig } from './schema.js';
import { schemaProblems, type SchemaProblem } from './zod-issues.js';
import { diagnostic, positionAt, type Diagnostic } from '../shared/diagnostics.js';

export const CONFIG_FILES = ['site.config.ts', 'site.config.mts', 'site.config.js', 'site.config.mjs'] as const;

export interface LoadedConfig {
  /** Absolute project root. */
  root: string;
  /** The config file, relative to root, or undefined (zero-config). */
  configFile: string | undefined;
  /** The config file's text, when there is one. */
  source?: string;
  config: SiteConfig | undefined;
  diagnostics: Diagnostic[];
}

/** Finds, compiles, runs and validates site.config.*; no file means the defaults. */
export async function loadConfig(rootDir: string): Promise<LoadedConfig> {
  const root = resolve(rootDir);
  const configFile = CONFIG_FILES.find((name) => existsSync(join(root, name)));
  if (!configFile) return { root, configFile, config: configSchema.parse({}), diagnostics: [] };

  const source = readFileSync(join(root, configFile), 'utf8');
  const loaded = await evaluateConfigModule(root, configFile);
  if ('diagnostics' in loaded) return { root, configFile, source, config: undefined, diagnostics: loaded.diagnostics };
  return { root, configFile, source, ...validateConfig(loaded.value, { file: configFile, source }) };
}

/** Validates a raw config object; problems point into `source` when it is given. */
export function validateConfig(raw: unknown, where: { file?: string; source?: string } = {}): { config: SiteConfig | undefined; diagnostics: Diagnostic[] } {
  const result = configSchema.safeParse(raw ?? {});
  if (result.success) return { config: result.data, diagnostics: [] };
  const diagnostics = schemaProblems(configSchema, result.error, raw).map((p) => problemToDiagnostic(p, where));
  return { config: undefined, diagnostics };
}

function problemToDiagnostic(p: SchemaProblem, where: { file?: string; source?: string }): Diagnostic {
  const pos = where.source !== undefined ? locateKeyPath(where.source, p.path) : undefined;
  return diagnostic(p.kind === 'unknown-key' ? 'SD1002' : 'SD1001', {
    message: p.message,
    ...(where.file !== undefined ? { file: where.file } : {}),
    ...(pos ? { line: pos.line, column: pos.column, lineText: where.source!.split(/\r?\n/)[pos.line - 1] ?? '' } : {}),
    pointer: '/' + p.path.join('/'),
  });
}

/**
 * Best-effort position of a key path in config source code: finds each key in turn after the
 * previous one (`navbar` … `logo` … `srcc`). Array indexes are skipped.
 */
export function locateKeyPath(source: string, path: readonly (string | number)[]): { line: number; column: number } | undefined {
  let from = 0;
  let found = -1;
  for (const seg of path) {
    if (typeof seg === 'number') continue;
    const re = new RegExp(`(?:^|[\\s{,])(["']?)${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1\\s*:`, 'g');
    re.lastIndex = from;
    const m = re.exec(source);
    if (!m) break;
    found = m.index + m[0].length - m[0].trimStart().length;
    from = m.index + m[0].length;
  }
  return found < 0 ? undefined : positionAt(source, found);
}

/** Bundles the config module with esbuild (so TypeScript works) and imports it. */
async function evaluateConfigModule(root: string, configFile: string): Promise<{ value: unknown } | { diagnostics: Diagnostic[] }> {
  const { build } = await import('esbuild');
  let code: string;
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: [configFile],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      plugins: [
        {
          name: 'shipdocs-virtual',
          setup(b) {
            b.onResolve({ filter: /^shipdocs$/ }, () => ({ path: 'shipdocs', namespace: 'shipdocs-virtual' }));
            b.onLoad({ filter: /.*/, namespace: 'shipdocs-virtual' }, () => ({
              contents: 'export function defineConfig(config) { return config; }',
              loader: 'js',
            }));
          },
        },
      ],
    });
    code = result.outputFiles[0]!.text;
  } catch (err) {
    const errors = (err as { errors?: Message[] }).errors ?? [];
    return { diagnostics: errors.map((m) => esbuildMessageToDiagnostic(m, 'SD1003', root)) };
  }
  const dir = mkdtempSync(join(tmpdir(), 'shipdocs-config-'));
  const file = join(dir, 'site.config.mjs');
  try {
    writeFileSync(file, code);
    const mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
    if (mod.default === undefined) {
      return { diagnostics: [diagnostic('SD1004', { message: `${configFile} has no default export.`, file: configFile, line: 1, column: 1 })] };
    }
    return { value: mod.default };
  } catch (err) {
    return {
      diagnostics: [diagnostic('SD1003', { message: `${configFile} threw while loading: ${(err as Error).message ?? String(err)}`, file: configFile })],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function esbuildMessageToDiagnostic(m: Message, code: 'SD1003' | 'SD2009', root: string): Diagnostic {
  const loc = m.location;
  const file = loc?.file ? loc.file.replace(root + '/', '') : undefined;
  return diagnostic(code, {
    message: m.text,
    ...(file !== undefined ? { file } : {}),
    ...(loc ? { line: loc.line, column: loc.column + 1, lineText: loc.lineText } : {}),
  });
}
