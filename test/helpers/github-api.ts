import { join } from 'node:path';
import { findDocument } from '../../src/openapi/load/find-document.js';
import { loadApiModel } from '../../src/openapi/load-api-model.js';
import type { ApiModel } from '../../src/shared/api-model.js';
import { REPO } from './fixtures.js';

// GitHub's REST API (1,200+ operations, 13 MB) from @octokit/openapi, under /api: the large real
// document the search and export tests read. Loading it takes seconds, so it is loaded once per
// test worker (the files share its module cache) and only read.

export interface GithubApi {
  model: ApiModel;
  document: Record<string, unknown>;
  /** The document's path, as the routes name it. */
  file: string;
}

let loading: Promise<GithubApi> | undefined;

export function githubApi(): Promise<GithubApi> {
  return (loading ??= (async () => {
    const dir = join(REPO, 'node_modules/@octokit/openapi/generated');
    const found = findDocument(dir, 'api.github.com.json');
    if (!found.document) throw new Error("GitHub's REST API document is missing from node_modules");
    const loaded = await loadApiModel(dir, found.document, { basePath: '/api', deadline: Date.now() + 120_000 });
    if (!loaded.model || !loaded.document) throw new Error(JSON.stringify(loaded.diagnostics.slice(0, 3)));
    return { model: loaded.model, document: loaded.document, file: found.document.rel };
  })());
}
