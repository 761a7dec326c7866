import { afterEach, describe, expect, it } from 'vitest';
import { createSchemaPlanner, SCHEMA_BUDGET } from '../../src/components/api/schema/plan-schema-view.js';
import { schemaTreeInnerHtml } from '../../src/components/api/schema/schema-html.js';
import { toApiModel } from '../../src/openapi/model/to-api-model.js';
import type { ApiModel } from '../../src/shared/api-model.js';
import { schemaRef as ref } from '../helpers/schema-outline.js';

const DOC = {
  openapi: '3.0.3',
  info: { title: 'T', version: '1' },
  // Schemas become part of the model when something uses them.
  paths: Object.fromEntries(
    ['Node', 'Address', 'Wide'].map((n) => [
      `/${n}`,
      { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/${n}` } } } } } } },
    ]),
  ),
  components: {
    schemas: {
      Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
      Address: { type: 'object', required: ['city'], properties: { city: { type: 'string', enum: Array.from({ length: 80 }, (_, i) => `c${i}`) } } },
      Wide: { type: 'object', properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${i}`, { $ref: '#/components/schemas/Address' }])) },
    },
  },
};
const model = async (): Promise<ApiModel> => (await toApiModel(DOC, { basePath: '/api' })).model!;
const budget = { ...SCHEMA_BUDGET };
afterEach(() => Object.assign(SCHEMA_BUDGET, budget));

describe('planning schema trees', () => {
  it('draws recursion as a link to the ancestor being expanded', async () => {
    const view = createSchemaPlanner(await model()).plan(ref('Node'), 'response');
    const html = schemaTreeInnerHtml(view);
    // the root is the ancestor here; SchemaTree puts its id on the tree element
    expect(/<a class="sc-l sc-l--recursive" href="#(s-\d+)">/.exec(html)?.[1]).toBe(view.id);
    expect(view.targeted).toBe(true);
    expect(html.match(/sc-l--recursive/g)).toHaveLength(1);
  });

  it('gives a repeated drawing its id when its own recursion links to it', async () => {
    SCHEMA_BUDGET.soft = 1000;
    const planner = createSchemaPlanner(await model());
    const first = planner.plan(ref('Node'), 'response');
    const second = planner.plan(ref('Node'), 'response');
    // below the soft budget the repeat is drawn again, not linked; its recursion links to itself
    expect(second.link).toBeUndefined();
    expect(second.id).not.toBe(first.id);
    expect(/<a class="sc-l sc-l--recursive" href="#(s-\d+)">/.exec(schemaTreeInnerHtml(second))?.[1]).toBe(second.id);
    expect(second.targeted).toBe(true);
  });

  it('links repeats to their first drawing once past the soft budget, and stops expanding past the hard one', async () => {
    SCHEMA_BUDGET.soft = 5;
    SCHEMA_BUDGET.hard = 20;
    const api = await model();
    const planner = createSchemaPlanner(api);
    const first = planner.plan(ref('Address'), 'response');
    const firstHtml = schemaTreeInnerHtml(first);
    const wide = schemaTreeInnerHtml(planner.plan(ref('Wide'), 'response'));
    expect(first.targeted).toBe(true);
    expect(wide).toContain(`<a class="sc-l sc-l--seen" href="#${first.id}">`);
    expect(firstHtml).toContain('… +30 ');
    expect(wide.length).toBeLessThan(20_000);
    const fresh = createSchemaPlanner(api);
    SCHEMA_BUDGET.soft = 1000;
    SCHEMA_BUDGET.hard = 3;
    expect(schemaTreeInnerHtml(fresh.plan(ref('Wide'), 'response'))).toContain('sc-l--budget');
  });
});
