import { tempProject } from './fixtures.js';

const LONG = 'A property described at the length real documents describe theirs, which every row of a tree repeats. '.repeat(2);

const json = (schema: unknown): unknown => ({ content: { 'application/json': { schema } } });
const ref = (name: string): { $ref: string } => ({ $ref: `#/components/schemas/${name}` });

/**
 * An API whose schemas no page can hold whole: `Entity`, a discriminated base mapping `kinds`
 * subtypes (as Microsoft Graph's `entity` maps 1,544), returned by GET /entities; `Wide`, 300
 * properties each an object of 12 described ones, returned by GET /wide, whose 400 response is a
 * small `Error`.
 */
export function boundsApiDocument(kinds: number): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    Entity: {
      type: 'object',
      required: ['kind'],
      properties: { kind: { type: 'string' }, id: { type: 'string', description: 'Its id.' } },
      discriminator: {
        propertyName: 'kind',
        mapping: Object.fromEntries(Array.from({ length: kinds }, (_, i) => [`#kind.k${i}`, `#/components/schemas/Kind${i}`])),
      },
    },
    Error: { type: 'object', required: ['code'], properties: { code: { type: 'string' }, message: { type: 'string', description: 'What went wrong.' } } },
    Wide: { type: 'object', properties: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`part${i}`, ref(`Part${i}`)])) },
  };
  for (let i = 0; i < kinds; i++) schemas[`Kind${i}`] = { allOf: [ref('Entity'), { type: 'object', properties: { [`field${i}`]: { type: 'string' } } }] };
  for (let i = 0; i < 300; i++) {
    schemas[`Part${i}`] = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 12 }, (_, j) => [`value${j}`, { type: 'string', description: LONG }])),
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Bounds', version: '1' },
    paths: {
      '/entities': {
        get: { operationId: 'getEntity', summary: 'Get an entity', responses: { 200: { description: 'ok', ...(json(ref('Entity')) as object) } } },
      },
      '/wide': {
        get: {
          operationId: 'getWide',
          summary: 'Get the wide resource',
          responses: { 200: { description: 'ok', ...(json(ref('Wide')) as object) }, 400: { description: 'bad', ...(json(ref('Error')) as object) } },
        },
      },
    },
    components: { schemas },
  };
}

/** A site of only that API, under /api. */
export function boundsApiSite(kinds: number): string {
  return tempProject({ 'openapi/openapi.json': JSON.stringify(boundsApiDocument(kinds)) });
}
