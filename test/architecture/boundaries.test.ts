import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { REPO } from '../helpers/fixtures.js';
import { checkBoundaries, type SourceFile } from './boundaries.js';

function sources(dir: string, out: SourceFile[] = []): SourceFile[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, entry.name);
    if (entry.isDirectory()) sources(abs, out);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push({ path: relative(REPO, abs).split(sep).join('/'), source: readFileSync(abs, 'utf8') });
  }
  return out;
}

/**
 * Violations known and reported to the file's owner, to be fixed by moving the code; the list may
 * only shrink (an entry that no longer occurs fails the test, so it is removed with the fix).
 */
const KNOWN: string[] = [];

describe('module boundaries (DESIGN.md convention 5)', () => {
  it('hold for every file of src/', () => {
    const found = checkBoundaries(sources(join(REPO, 'src')));
    expect(found.filter((p) => !KNOWN.includes(p))).toEqual([]);
    expect(
      KNOWN.filter((p) => !found.includes(p)),
      'fixed: remove these from KNOWN',
    ).toEqual([]);
  });

  it('catch each kind of violation', () => {
    const files: SourceFile[] = [
      {
        path: 'src/client/nav/bad.ts',
        source:
          "import { x } from '../../components/layout/Navbar.js';\nimport { readFileSync } from 'node:fs';\nimport { ok } from '../../shared/model.js';\nimport { fine } from '../lib/debounce.js';\n",
      },
      {
        path: 'src/components/layout/Bad.tsx',
        source:
          "import { readFileSync } from 'node:fs';\nexport const W = () => <div>{window.innerWidth}</div>;\nconst o = { window: 1 };\nexport const ok = o.window;\n",
      },
      {
        path: 'src/components/api/Bad.tsx',
        source: "import SwaggerParser from '@apidevtools/swagger-parser';\nimport { loadApi } from '../../openapi/load-api.js';\n",
      },
      {
        path: 'src/render/search/bad.ts',
        source:
          "import { unified } from 'unified';\nconst md = await import('markdown-it');\nimport type { Root } from 'hast';\nconst r = require('rehype-slug');\n",
      },
      { path: 'src/shared/bad.ts', source: "import { join } from 'node:path';\nexport type { X } from '../render/x.js';\n" },
      { path: 'src/render/markdown/ok.ts', source: "import { unified } from 'unified';\nimport MarkdownIt from 'markdown-it';\n" },
      { path: 'src/openapi/ok.ts', source: "import sampler from 'openapi-sampler';\n" },
      {
        path: 'src/render/stages/load-site.ts',
        source: "const api = await import('../../openapi/load-api.js');\nimport { x } from '../../openapi/model/convert-schema.js';\n",
      },
      { path: 'src/components/layout/Server.tsx', source: "import { renderToString } from 'react-dom/server';\n" },
      { path: 'src/render/html/threads.ts', source: "import { Worker } from 'node:worker_threads';\nprocess.once('SIGINT', () => process.exit(130));\n" },
      { path: 'src/render/workers/ok.ts', source: "import { Worker } from 'node:worker_threads';\n" },
      { path: 'src/cli/ok.ts', source: "process.once('SIGTERM', () => process.exit(143));\n" },
      {
        path: 'src/cli/mock.ts',
        source: "import { loadMockApi } from '../openapi/load-mock-api.js';\nimport { x } from '../openapi/load-api.js';\n",
      },
      {
        path: 'src/mock/bad.ts',
        source:
          "import type { ApiModel } from '../shared/api-model.js';\nimport { y } from './match-route.js';\nimport { toApiModel } from '../openapi/model/to-api-model.js';\nimport Ajv from 'ajv';\nimport { createServer } from 'node:http';\n",
      },
      {
        path: 'src/cli/proxy.ts',
        source: "import { loadApiServers } from '../openapi/load-api-servers.js';\nimport { loadMockApi } from '../openapi/load-mock-api.js';\n",
      },
      {
        path: 'src/proxy/bad.ts',
        source:
          "import type { ApiServer } from '../shared/api-model.js';\nimport { isAllowed } from './allow-list.js';\nimport { logLine } from '../cli/log-line.js';\nimport { request } from 'node:http';\nimport { x } from '../mock/cors.js';\n",
      },
      {
        path: 'src/mcp/bad.ts',
        source:
          "import type { SiteLookup } from './site-lookup.js';\nimport { twinPath } from '../shared/twin-path.js';\nimport { buildSite } from '../render/build-site.js';\n",
      },
      {
        path: 'src/http/bad.ts',
        source: "import { readBody } from './read-body.js';\nimport { cors } from '../mock/cors.js';\n",
      },
      { path: 'src/proxy/ok.ts', source: "import { readBody } from '../http/read-body.js';\n" },
    ];
    expect(checkBoundaries(files)).toEqual([
      'src/client/nav/bad.ts:1  client/ may import only shared/ and itself, not ../../components/layout/Navbar.js',
      'src/client/nav/bad.ts:2  client/ runs in the browser: no node built-in (node:fs)',
      'src/components/layout/Bad.tsx:1  components/ never touches the file system (node:fs)',
      'src/components/layout/Bad.tsx:2  components/ are rendered on the server: no `window` (use an island)',
      'src/components/api/Bad.tsx:1  only openapi/ knows OpenAPI documents (@apidevtools/swagger-parser)',
      'src/components/api/Bad.tsx:2  only render/stages/load-site.ts (through load-api), cli/mock.ts (through load-mock-api), cli/proxy.ts (through load-api-servers), cli/init.ts (through load-init-api), cli/diff.ts (through diff-apis), cli/docs-version.ts (through keep-api-version) call into openapi/ (../../openapi/load-api.js)',
      'src/render/search/bad.ts:1  only render/markdown/ imports the markdown stack (unified)',
      'src/render/search/bad.ts:2  only render/markdown/ imports the markdown stack (markdown-it)',
      'src/render/search/bad.ts:4  only render/markdown/ imports the markdown stack (rehype-slug)',
      'src/shared/bad.ts:1  shared/ holds no node and imports only itself, not node:path',
      'src/shared/bad.ts:2  shared/ holds no node and imports only itself, not ../render/x.js',
      'src/render/stages/load-site.ts:2  only render/stages/load-site.ts (through load-api), cli/mock.ts (through load-mock-api), cli/proxy.ts (through load-api-servers), cli/init.ts (through load-init-api), cli/diff.ts (through diff-apis), cli/docs-version.ts (through keep-api-version) call into openapi/ (../../openapi/model/convert-schema.js)',
      'src/components/layout/Server.tsx:1  components/ do not render markup themselves: render/html does (react-dom/server)',
      'src/render/html/threads.ts:1  only render/workers/ starts threads: concurrency in one place (node:worker_threads)',
      'src/render/html/threads.ts:2  signals and process.exit live in cli/ only',
      'src/cli/mock.ts:2  only render/stages/load-site.ts (through load-api), cli/mock.ts (through load-mock-api), cli/proxy.ts (through load-api-servers), cli/init.ts (through load-init-api), cli/diff.ts (through diff-apis), cli/docs-version.ts (through keep-api-version) call into openapi/ (../openapi/load-api.js)',
      'src/mock/bad.ts:3  mock/ sees the API model only: it imports shared/, http/ and itself, not ../openapi/model/to-api-model.js',
      'src/mock/bad.ts:3  only render/stages/load-site.ts (through load-api), cli/mock.ts (through load-mock-api), cli/proxy.ts (through load-api-servers), cli/init.ts (through load-init-api), cli/diff.ts (through diff-apis), cli/docs-version.ts (through keep-api-version) call into openapi/ (../openapi/model/to-api-model.js)',
      'src/mock/bad.ts:4  only openapi/ knows OpenAPI documents (ajv)',
      'src/cli/proxy.ts:2  only render/stages/load-site.ts (through load-api), cli/mock.ts (through load-mock-api), cli/proxy.ts (through load-api-servers), cli/init.ts (through load-init-api), cli/diff.ts (through diff-apis), cli/docs-version.ts (through keep-api-version) call into openapi/ (../openapi/load-mock-api.js)',
      'src/proxy/bad.ts:3  proxy/ imports shared/, http/ and itself only, not ../cli/log-line.js',
      'src/proxy/bad.ts:5  proxy/ imports shared/, http/ and itself only, not ../mock/cors.js',
      'src/mcp/bad.ts:3  mcp/ answers from the site index: it imports shared/ and itself, not ../render/build-site.js',
      "src/http/bad.ts:2  http/ holds the local servers' helpers and imports only itself, not ../mock/cors.js",
    ]);
  });
});
