import type { ApiModel } from '../../shared/api-model.js';
import { joinedParts, type Emit, type OutputFile, type WholeFile } from '../../shared/model.js';
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

/** The export files of an API, from its model alone: each handed to `emit` as it is made (without it, returned). */
export async function clientExports(model: ApiModel, emit?: Emit): Promise<WholeFile[]> {
  const base = model.basePath.replace(/^\/+|\/+$/g, '');
  const dir = base ? `${base}/exports` : 'exports';
  const files: WholeFile[] = [];
  const out = async (name: string, contents: string | Iterable<string> | Iterable<Uint8Array>): Promise<void> => {
    const path = `${dir}/${name}`;
    const file: OutputFile = typeof contents === 'string' ? { path, contents } : { path, parts: contents };
    if (emit) await emit(file);
    else files.push(joinedParts(file));
    // Each collection is made and written in one go (up to a second each on the largest APIs): the
    // event loop turns between them.
    await pause();
  };
  const api = await exportApi(model);
  await out('postman-collection.json', postmanCollection(api));
  await out('insomnia.json', insomniaExport(api));
  await out('bruno-collection.json', JSON.stringify(brunoCollection(api), null, 2));
  await out('bruno-collection.zip', brunoFolderZip(api));
  await out('requests.http', httpFile(api));
  return files;
}
