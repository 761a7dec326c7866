import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIAGNOSTIC_CODES } from '../../src/shared/diagnostic-codes.js';
import { REPO } from '../helpers/fixtures.js';

// The diagnostics reference page of the default site is generated from the catalogue.
const { PAGE, renderDiagnosticsPage } = (await import(join(REPO, 'scripts/gen-diagnostics-doc.mjs'))) as {
  PAGE: string;
  renderDiagnosticsPage: (codes: Record<string, { title: string; severity: string; help: string }>) => string;
};

describe('diagnostics reference page', () => {
  const page = readFileSync(join(REPO, PAGE), 'utf8');

  it('is up to date with the catalogue (run `node scripts/gen-diagnostics-doc.mjs` after changing it)', () => {
    expect(page).toBe(renderDiagnosticsPage(DIAGNOSTIC_CODES));
    const check = spawnSync(process.execPath, [join(REPO, 'scripts/gen-diagnostics-doc.mjs'), '--check'], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('lists every code with its severity and hint, under an anchor of its own', () => {
    for (const [code, info] of Object.entries(DIAGNOSTIC_CODES)) {
      expect(page).toContain(`### ${code}: `);
      expect(page).toContain(`{#${code.toLowerCase()}}`);
      const section = page.slice(page.indexOf(`### ${code}: `)).split('\n### ')[0]!;
      expect(section, code).toContain(info.severity === 'error' ? '**Error.**' : '**Warning.**');
      expect(section.replace(/\\(.)/g, '$1'), code).toContain(info.help);
    }
  });

  it('changes when the catalogue changes, so a stale page is caught', () => {
    const changed = { ...DIAGNOSTIC_CODES, SD2004: { ...DIAGNOSTIC_CODES.SD2004, help: 'Something else.' } };
    expect(renderDiagnosticsPage(changed)).not.toBe(page);
  });
});
