import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBrowserReact } from '../../../src/render/assets/browser-react.js';
import { buildOfflineWorker } from '../../../src/render/assets/offline-worker.js';
import { bundleClient } from '../../../src/render/assets/bundle-client.js';
import { REPO } from '../../helpers/fixtures.js';

// Sites without islands get the client bundle built with lib/ (lib/client) instead of running
// esbuild, and sites with islands React for the browser; both must be what esbuild builds from
// the sources now.

describe('the prebuilt client bundle', () => {
  it("is esbuild's bundle for a site without islands", async () => {
    const dir = join(REPO, 'lib/client');
    expect(existsSync(join(dir, 'manifest.json')), 'lib/client is built by `npm run build:lib`').toBe(true);
    // From the sources (as tests run), bundleClient always runs esbuild.
    const fresh = await bundleClient([]);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      entry: string;
      css: string;
      earlyScript: string;
      shell: string[];
      files: { path: string; text: boolean }[];
    };
    expect({ entry: manifest.entry, css: manifest.css, earlyScript: manifest.earlyScript, shell: manifest.shell }).toEqual({
      entry: fresh.entry,
      css: fresh.css,
      earlyScript: fresh.earlyScript,
      shell: fresh.shell,
    });
    expect(manifest.files.map((f) => f.path).sort()).toEqual(fresh.files.map((f) => f.path).sort());
    for (const f of fresh.files) {
      if (!('contents' in f)) throw new Error(`${f.path}: a bundle file is in memory`);
      expect(readFileSync(join(dir, f.path)).equals(Buffer.from(f.contents)), f.path).toBe(true);
      expect(manifest.files.find((m) => m.path === f.path)!.text).toBe(typeof f.contents === 'string');
    }
  });

  it('holds the offline service worker as esbuild builds it', async () => {
    const file = join(REPO, 'lib/client/sw.js');
    expect(existsSync(file), 'lib/client is built by `npm run build:lib`').toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(await buildOfflineWorker());
  });

  it('holds React for the browser as esbuild builds it', async () => {
    const file = join(REPO, 'lib/client/react.js');
    expect(existsSync(file), 'lib/client is built by `npm run build:lib`').toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(await buildBrowserReact());
  });
});
