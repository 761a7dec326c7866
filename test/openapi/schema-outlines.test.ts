import { describe, expect, it } from 'vitest';
import { HtmlValidate } from 'html-validate';
import { createSchemaPlanner, type SchemaView } from '../../src/components/api/schema/plan-schema-view.js';
import { schemaTreeInnerHtml } from '../../src/components/api/schema/schema-html.js';
import type { ApiModel, ApiOperation } from '../../src/shared/api-model.js';
import { oasExample, outlineOperations } from '../helpers/schema-outline.js';

// The schema view of @readme/oas-examples' polymorphism, discriminator and circular documents, as
// compact outlines (one line per drawn node: type, marks, facts, variants by label, links), kept in
// test/fixtures/openapi/schema-outlines/ (`npx vitest run -u <this file>` rewrites them; read the diff).
// And the HTML of each operation's trees, checked with html-validate's recommended rules: no
// duplicate ids, every link to a drawing lands on one, no ARIA misuse.

const DOCUMENTS = {
  polymorphism: '3.0/json/polymorphism.json',
  discriminators: '3.0/json/discriminators.json',
  circular: '3.0/json/circular.json',
  'schema-circular': '3.0/json/schema-circular.json',
};

/** Every schema tree of an operation, as its page draws them (one planner per page; SchemaTree.tsx puts a root's id on its element). */
function operationTrees(api: ApiModel, op: ApiOperation, prefix: string): string {
  const planner = createSchemaPlanner(api, prefix);
  const views: SchemaView[] = [];
  for (const list of Object.values(op.parameters)) for (const p of list) if (p.schema) views.push(planner.plan(p.schema, 'request'));
  for (const m of op.requestBody?.content ?? []) if (m.schema) views.push(planner.plan(m.schema, 'request'));
  for (const r of op.responses) for (const m of r.content) if (m.schema) views.push(planner.plan(m.schema, 'response'));
  return views.map((v) => `<div class="sc-tree"${v.targeted ? ` id="${v.id}"` : ''}>${schemaTreeInnerHtml(v)}</div>`).join('\n');
}

const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });

describe('schema views of the oas-examples documents', () => {
  for (const [name, file] of Object.entries(DOCUMENTS)) {
    it(`${name}: outlines`, async () => {
      const api = await oasExample(file);
      const outline = outlineOperations(api);
      // every variant is named: by discriminator value, title, schema name or content, never by position
      expect(outline).not.toMatch(/«#\d+»/);
      await expect(outline + '\n').toMatchFileSnapshot(`../fixtures/openapi/schema-outlines/${name}.txt`);
    });

    it(`${name}: valid HTML whose links land`, async () => {
      const api = await oasExample(file);
      // Every operation's trees in one document (ids prefixed per operation, as pages are separate).
      const trees = api.operations.map((op, i) => operationTrees(api, op, `o${i}`)).join('\n');
      const page = `<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><main>${trees}</main></body></html>`;
      const report = await validator.validateString(page);
      const messages = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
      expect(messages).toEqual([]);
      const ids = new Set([...trees.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
      const targets = [...trees.matchAll(/ href="#([^"]+)"/g)].map((m) => m[1]!);
      expect(targets.filter((t) => !ids.has(t))).toEqual([]);
      expect(targets.length).toBeGreaterThan(0);
    });
  }
});
