import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleClient, type ClientBundle } from '../../../src/render/assets/bundle-client.js';
import { tempProject } from '../../helpers/fixtures.js';

// The client bundle of a site with islands (a site outside the package, as users' are): React in
// the browser is the real one, one copy, in lazy chunks only; the entry knows every lazy chunk's
// URL (a retry imports it again under a fresh one).

const text = (bundle: ClientBundle, path: string): string => {
  const file = bundle.files.find((f) => f.path === path);
  if (!file || !('contents' in file)) throw new Error(`${path} is not in the bundle`);
  return Buffer.from(file.contents).toString('utf8');
};
const scripts = (bundle: ClientBundle): string[] => bundle.files.map((f) => f.path).filter((p) => p.startsWith('assets/js/'));
/** React DOM's production build says so in its error messages. */
const REACT_DOM = 'Minified React error';

function islandSite(files: Record<string, string>): string {
  return tempProject({ 'package.json': '{"type":"module"}', ...files });
}

describe('the client bundle with islands', () => {
  it('hydrates with React (production build), one copy in lazy chunks, none in the entry', async () => {
    const root = islandSite({
      'components/Counter.tsx':
        "import { useState } from 'react';\nexport function Counter() { const [n, setN] = useState(0); return <button onClick={() => setN(n + 1)}>{n}</button>; }\n",
      'components/Portal.tsx':
        "import React from 'react';\nimport { createPortal } from 'react-dom';\nexport default function Portal() { return <p>{typeof createPortal}{React.version}</p>; }\n",
    });
    const bundle = await bundleClient([
      { name: 'Counter', file: join(root, 'components/Counter.tsx'), exportName: 'Counter' },
      { name: 'Portal', file: join(root, 'components/Portal.tsx'), exportName: 'default' },
    ]);
    const entry = text(bundle, bundle.entry);
    // No chunk is loaded with the entry: every page without an island loads it alone.
    expect(entry).not.toMatch(/^import\s*["{]|[;}]import\s*["{]/);
    expect(entry).not.toContain(REACT_DOM);
    const withReact = scripts(bundle).filter((p) => text(bundle, p).includes(REACT_DOM));
    expect(withReact).toHaveLength(1);
    expect(withReact[0]).toMatch(/^assets\/js\/chunks\/react-\w+\.js$/);
    // Named after React alone: the same file whatever the islands, cached across deployments.
    expect(scripts(await bundleClient([])).filter((p) => p.startsWith('assets/js/chunks/react-'))).toEqual(withReact);
    expect(text(bundle, withReact[0]!)).not.toMatch(/react\.development|is not supported in production/);
    // The islands and the runtime's mount chunk import that one copy.
    const react = withReact[0]!.slice('assets/js/chunks/'.length);
    for (const name of ['Counter', 'Portal', 'mount']) {
      const chunk = scripts(bundle).find((p) => p.startsWith(`assets/js/chunks/${name}-`))!;
      expect(text(bundle, chunk), name).toContain(`"./${react}"`);
    }
  });

  it('gives the entry the URL of every lazy chunk, relative to the entry itself', async () => {
    const root = islandSite({ 'W.tsx': 'export default function W() { return <p>w</p>; }\n' });
    const bundle = await bundleClient([{ name: 'W', file: join(root, 'W.tsx'), exportName: 'default' }]);
    const entry = text(bundle, bundle.entry);
    // `at("./chunks/…")`, at being `(path) => new URL(path, import.meta.url).href` minified.
    const at = /([\w$]+)=([\w$]+)=>new URL\(\2,import\.meta\.url\)\.href/.exec(entry)?.[1];
    expect(at).toBeDefined();
    const urls = [...entry.matchAll(new RegExp(`${at!.replace(/\$/g, '\\$')}\\("(\\./chunks/[\\w-]+\\.js)"\\)`, 'g'))].map((m) => m[1]!);
    const lazy = scripts(bundle).filter((p) => /\/(W|mount|search-ui|panel|offline-page)-\w+\.js$/.test(p));
    expect(lazy).toHaveLength(5);
    expect(urls.sort()).toEqual(lazy.map((p) => `./${p.slice('assets/js/'.length)}`).sort());
  });

  it('refuses a react-dom entry that does not run in the browser, naming those that do', async () => {
    const root = islandSite({
      'Server.tsx': "import { renderToString } from 'react-dom/server';\nexport default function S() { return <p>{typeof renderToString}</p>; }\n",
    });
    await expect(bundleClient([{ name: 'Server', file: join(root, 'Server.tsx'), exportName: 'default' }])).rejects.toThrow(
      '"react-dom/server" is not available in the browser; islands can import react, react-dom, react-dom/client, react/jsx-runtime.',
    );
  });
});
