import { tempProject } from './fixtures.js';

/**
 * An OpenAPI document of `tags` tags ("Resource group N") of three operations each, and one tag
 * ("Everything", last) of `big` operations: an API whose sidebar is too large for every page.
 */
export function largeApiDocument(tags: number, big: number): object {
  const paths: Record<string, object> = {};
  const op = (tag: string, summary: string): object => ({ tags: [tag], summary, responses: { '200': { description: 'OK' } } });
  for (let t = 0; t < tags; t++) {
    const tag = `Resource group ${t}`;
    paths[`/groups-${t}/items`] = { get: op(tag, `List the items of group ${t}`), post: op(tag, `Create an item in group ${t}`) };
    paths[`/groups-${t}/items/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: op(tag, `Get an item of group ${t}`),
    };
  }
  for (let i = 0; i < big; i++) paths[`/everything/entity-${i}/navigation-property`] = { get: op('Everything', `Get the navigation property of entity ${i}`) };
  return { openapi: '3.1.0', info: { title: 'Generated API', version: '1.0' }, paths };
}

/** A site of only that API, under /api. */
export function largeApiSite(tags: number, big: number): string {
  return tempProject({ 'openapi/openapi.json': JSON.stringify(largeApiDocument(tags, big)) });
}
