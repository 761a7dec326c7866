import type { ApiModel } from '../../shared/api-model.js';
import type { OutputFile } from '../../shared/model.js';
import { brunoCollection } from './bruno-collection.js';
import { brunoFolderZip } from './bruno-folder.js';
import { httpFile } from './http-file.js';
import { insomniaExport } from './insomnia-export.js';
import { postmanCollection } from './postman-collection.js';
import { exportApi } from './request-parts.js';
import { pause } from '../../render/workers/pause.js';

// The whole API as collections for API clients, written at build time under `<base>/exports/`:
// Postman (v2.1), Insomnia (export format 4), Bruno (its import JSON, and a folder collection in a
// zip for `bru run`) and a `.http` file for VS Code REST Client and JetBrains HTTP Client. All are
// written from the model, each operation once (request-parts.ts), so time and memory grow with the
// number of operations. No credential is ever written: schemes become empty variables. See README.md ("exports/") for why no converter runs.

/** The export files of an API, from its model alone. */
export async function clientExports(model: ApiModel): Promise<OutputFile[]> {
  const base = model.basePath.replace(/^\/+|\/+$/g, '');
  const dir = base ? `${base}/exports` : 'exports';
  const api = await exportApi(model);
  // Each collection is made, then serialized, in one go (up to a second each on the largest APIs): the
  // event loop turns between them.
  const postmanValue = postmanCollection(api);
  await pause();
  const postman = JSON.stringify(postmanValue, null, 2);
  await pause();
  const insomnia = JSON.stringify(insomniaExport(api), null, 2);
  await pause();
  const brunoValue = brunoCollection(api);
  await pause();
  const bruno = JSON.stringify(brunoValue, null, 2);
  await pause();
  const brunoFolder = brunoFolderZip(api);
  await pause();
  return [
    { path: `${dir}/postman-collection.json`, contents: postman },
    { path: `${dir}/insomnia.json`, contents: insomnia },
    { path: `${dir}/bruno-collection.json`, contents: bruno },
    { path: `${dir}/bruno-collection.zip`, contents: brunoFolder },
    { path: `${dir}/requests.http`, contents: httpFile(api) },
  ];
}
