import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { REPO } from '../helpers/fixtures.js';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Builds a site with the real CLI into a fresh temporary folder; returns that folder. */
export function buildWithCli(root: string = REPO): string {
  const out = join(mkdtempSync(join(tmpdir(), 'shipdocs-browser-')), 'dist');
  const r = spawnSync(process.execPath, [join(REPO, 'bin/shipdocs.js'), 'build', '--root', root, '--out', out], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed (${r.status}):\n${r.stderr}\n${r.stdout}`);
  return out;
}
