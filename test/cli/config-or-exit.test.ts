import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configOrExit } from '../../src/cli/config-or-exit.js';
import type { Logger } from '../../src/cli/logger.js';
import type { Diagnostic } from '../../src/shared/diagnostics.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function project(config: string | undefined): string {
  const root = mkdtempSync(join(tmpdir(), 'shipdocs-config-'));
  dirs.push(root);
  if (config !== undefined) writeFileSync(join(root, 'site.config.ts'), config);
  return root;
}

function logger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, color: false, info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };
}

describe('configOrExit', () => {
  it('gives the config and its file, printing nothing', async () => {
    const source = "export default { title: 'Acme' };\n";
    const log = logger();
    const loaded = await configOrExit(project(source), log);
    expect(loaded?.config.title).toBe('Acme');
    expect(loaded?.configFile).toEqual({ path: 'site.config.ts', source });
    expect(log.lines).toEqual([]);
  });

  it('gives the default config without a file', async () => {
    const loaded = await configOrExit(project(undefined), logger());
    expect(loaded?.configFile).toBeUndefined();
    expect(loaded?.config.title).toBeTypeOf('string');
  });

  it('prints the diagnostics of a broken config with their code frames, sorted, and gives undefined', async () => {
    const log = logger();
    const loaded = await configOrExit(project("export default {\n  title: 'Acme',\n  titel: 'x',\n  tagline: 3,\n};\n"), log);
    expect(loaded).toBeUndefined();
    expect(log.lines).toHaveLength(1);
    const text = log.lines[0]!;
    expect(text).toContain('SD1002');
    expect(text).toContain("titel: 'x'");
    expect(text.indexOf('site.config.ts:3')).toBeLessThan(text.indexOf('site.config.ts:4'));
  });

  it('hands the diagnostics to a command that reports them its own way, with their source lines', async () => {
    let reported: Diagnostic[] = [];
    const loaded = await configOrExit(project('export const x = 1;\n'), (d) => (reported = d));
    expect(loaded).toBeUndefined();
    expect(reported).toMatchObject([{ code: 'SD1004', file: 'site.config.ts', line: 1, lineText: 'export const x = 1;' }]);
  });
});
