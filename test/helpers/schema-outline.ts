import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constraintText } from '../../src/components/api/schema/constraint-text.js';
import { createSchemaPlanner, type SchemaView } from '../../src/components/api/schema/plan-schema-view.js';
import { toApiModel } from '../../src/openapi/model/to-api-model.js';
import type { ApiModel, ApiSchemaNode } from '../../src/shared/api-model.js';

// A planned schema view as a compact outline: one line per node, what a reader sees in the tree
// (type, marks, facts, variants with their names, links), small enough for a snapshot.

const require = createRequire(import.meta.url);

/** A schema node that refers to `#/components/schemas/<name>`, as the model writes one. */
export const schemaRef = (name: string): ApiSchemaNode => ({
  kind: 'ref',
  ref: `#/components/schemas/${name}`,
  name,
  description: undefined,
  descriptionMarkdown: undefined,
  deprecated: false,
  readOnly: false,
  writeOnly: false,
});

export async function oasExample(file: string): Promise<ApiModel> {
  const text = readFileSync(require.resolve(`@readme/oas-examples/${file}`), 'utf8');
  const result = await toApiModel(JSON.parse(text), { basePath: '/api' });
  if (!result.model) throw new Error(`${file}: no model`);
  return result.model;
}

function head(v: SchemaView): string {
  let out = v.refName ?? v.typeLabel;
  if (v.refName && v.refName !== v.typeLabel) out += ` (${v.typeLabel})`;
  if (v.format) out += ` <${v.format}>`;
  const marks = [v.deprecated && 'deprecated', v.readOnly && 'read-only', v.writeOnly && 'write-only'].filter(Boolean);
  if (marks.length) out += ` [${marks.join(', ')}]`;
  const facts = v.constraints.map((c) => constraintText(c, 'en'));
  if (v.const !== undefined) facts.push(`const ${v.const}`);
  if (v.default !== undefined) facts.push(`default ${v.default}`);
  if (v.enum) facts.push(`enum ${v.enum.values.join(' ')}${v.enum.more ? ` +${v.enum.more}` : ''}`);
  if (v.examples.length) facts.push(`example ${v.examples.join(' ')}`);
  if (facts.length) out += ` {${facts.join('; ')}}`;
  if (v.link) out += ` → ${v.link.reason}${v.link.href ? ` ${v.link.href}` : ''}`;
  if (v.targeted) out += ` #${[v.id, ...v.aliases].join(' #')}`;
  return out;
}

function body(v: SchemaView, indent: string, lines: string[]): void {
  if (v.link) return;
  if (v.items) {
    lines.push(`${indent}items: ${head(v.items)}`);
    body(v.items, indent + '  ', lines);
  }
  for (const p of v.properties) {
    lines.push(`${indent}${p.name}${p.required ? '*' : ''}: ${head(p.view)}`);
    body(p.view, indent + '  ', lines);
  }
  if (v.moreProperties) lines.push(`${indent}+${v.moreProperties} more`);
  for (const p of v.patternProperties) {
    lines.push(`${indent}/${p.pattern}/: ${head(p.view)}`);
    body(p.view, indent + '  ', lines);
  }
  if (typeof v.additional === 'object') {
    lines.push(`${indent}(additional): ${head(v.additional)}`);
    body(v.additional, indent + '  ', lines);
  } else if (v.additional) lines.push(`${indent}(additional): ${v.additional}`);
  v.prefixItems.forEach((item, i) => {
    lines.push(`${indent}[${i}]: ${head(item)}`);
    body(item, indent + '  ', lines);
  });
  for (const g of v.variants) {
    let title = `${indent}${g.kind}`;
    const d = g.discriminator;
    if (d)
      title += ` by ${d.propertyName} (${d.mapping.map((m) => `${m.value}→${m.option === undefined ? m.name : `#${g.options[m.option]!.view.id}`}`).join(', ')})`;
    lines.push(title);
    for (const o of g.options) {
      lines.push(`${indent}- «${o.label}» ${head(o.view)}`);
      body(o.view, indent + '    ', lines);
    }
  }
  for (const m of v.allOf) {
    lines.push(`${indent}allOf: ${head(m)}`);
    body(m, indent + '  ', lines);
  }
  if (v.not) {
    lines.push(`${indent}not: ${head(v.not)}`);
    body(v.not, indent + '  ', lines);
  }
}

export function outlineView(v: SchemaView): string {
  const lines = [head(v)];
  body(v, '  ', lines);
  return lines.join('\n');
}

/** Every operation's request bodies, parameters and responses of a model, outlined. */
export function outlineOperations(api: ApiModel): string {
  const out: string[] = [];
  for (const op of api.operations) {
    const planner = createSchemaPlanner(api);
    out.push(`== ${op.method.toUpperCase()} ${op.path}${op.deprecated ? ' [deprecated]' : ''}`);
    for (const list of Object.values(op.parameters))
      for (const p of list)
        if (p.schema)
          out.push(`param ${p.in} ${p.name}${p.required ? '*' : ''}${p.deprecated ? ' [deprecated]' : ''}: ${outlineView(planner.plan(p.schema, 'request'))}`);
    for (const m of op.requestBody?.content ?? []) if (m.schema) out.push(`body ${m.mediaType}: ${outlineView(planner.plan(m.schema, 'request'))}`);
    for (const r of op.responses)
      for (const m of r.content) if (m.schema) out.push(`${r.status} ${m.mediaType}: ${outlineView(planner.plan(m.schema, 'response'))}`);
  }
  return out.join('\n');
}
