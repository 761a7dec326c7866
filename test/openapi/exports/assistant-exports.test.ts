import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { findDocument } from '../../../src/openapi/load/find-document.js';
import { loadApiModel } from '../../../src/openapi/load-api-model.js';
import { assistantExports } from '../../../src/openapi/exports/assistant-exports.js';
import { operationSection, type Site } from '../../../src/openapi/exports/markdown.js';
import { OPENAI_STRICT_FORMATS, OPENAI_STRICT_KEYWORDS, ACTIONS_LIMITS } from '../../../src/openapi/exports/openai.js';
import { GEMINI_FIELDS, GEMINI_TYPES } from '../../../src/openapi/exports/gemini.js';
import { ANTHROPIC_NAMES, GEMINI_NAMES, OPENAI_NAMES, toolNames } from '../../../src/openapi/exports/tool-names.js';
import type { ApiOperation } from '../../../src/shared/api-model.js';
import type { ApiModel } from '../../../src/shared/api-model.js';
import type { OutputFile } from '../../../src/shared/model.js';
import { REPO } from '../../helpers/fixtures.js';
import { githubApi } from '../../helpers/github-api.js';
import { OPENAPI_FIXTURES } from '../helpers.js';

// Every export checked against its vendor's published rules (the sources are cited in
// src/openapi/exports/*.ts and the folder's README).

const operationMarkdown = (model: Parameters<typeof operationSection>[0], op: Parameters<typeof operationSection>[1], site: Site): string =>
  operationSection(model, op, site) + '\n';
const SITE = { url: 'https://docs.example.com/' };
type Json = Record<string, unknown>;

async function load(root: string, path: string): Promise<{ model: ApiModel }> {
  const found = findDocument(root, path);
  if (!found.document) throw new Error(`no document at ${path}`);
  const loaded = await loadApiModel(root, found.document, { basePath: '/api', deadline: Date.now() + 60_000 });
  if (!loaded.model) throw new Error(JSON.stringify(loaded.diagnostics.slice(0, 3)));
  return { model: loaded.model };
}

const text = (f: OutputFile | undefined): string => {
  if (!f || !('contents' in f)) throw new Error('missing file');
  return typeof f.contents === 'string' ? f.contents : Buffer.from(f.contents).toString('utf8');
};
const byPath = (files: OutputFile[]): Map<string, OutputFile> => new Map(files.map((f) => [f.path, f]));
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** OpenAI strict mode (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas). */
function strictProblems(schema: unknown, at: string, depth = 1, out: string[] = []): string[] {
  if (!isObj(schema)) return [...out, `${at}: not a schema`];
  if (depth > 10) out.push(`${at}: nested deeper than 10`);
  for (const k of Object.keys(schema)) if (!OPENAI_STRICT_KEYWORDS.has(k)) out.push(`${at}: keyword ${k}`);
  if (schema.anyOf === undefined && schema.type === undefined) out.push(`${at}: no type`);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (typeof schema.format === 'string' && !OPENAI_STRICT_FORMATS.has(schema.format)) out.push(`${at}: format ${schema.format}`);
  if (types.includes('object')) {
    if (schema.additionalProperties !== false) out.push(`${at}: additionalProperties is not false`);
    const keys = Object.keys(isObj(schema.properties) ? schema.properties : {});
    if (!keys.length && depth > 1) out.push(`${at}: object without properties`);
    if (JSON.stringify([...((schema.required as string[]) ?? [])].sort()) !== JSON.stringify([...keys].sort()))
      out.push(`${at}: required is not every property`);
    for (const k of keys) strictProblems((schema.properties as Json)[k], `${at}.${k}`, depth + 1, out);
  }
  if (types.includes('array')) strictProblems(schema.items, `${at}[]`, depth + 1, out);
  if (Array.isArray(schema.anyOf)) schema.anyOf.forEach((v, i) => strictProblems(v, `${at}|${i}`, depth + 1, out));
  return out;
}

function geminiProblems(schema: unknown, at: string, out: string[] = []): string[] {
  if (!isObj(schema)) return [...out, `${at}: not a schema`];
  for (const k of Object.keys(schema)) if (!GEMINI_FIELDS.has(k)) out.push(`${at}: field ${k}`);
  if (!GEMINI_TYPES.has(schema.type as string)) out.push(`${at}: type ${String(schema.type)}`);
  if (schema.enum !== undefined && (schema.type !== 'STRING' || !(schema.enum as unknown[]).every((v) => typeof v === 'string')))
    out.push(`${at}: non-string enum`);
  if (schema.type === 'OBJECT') {
    const props = isObj(schema.properties) ? schema.properties : {};
    if (!Object.keys(props).length) out.push(`${at}: object without properties`);
    for (const [k, v] of Object.entries(props)) geminiProblems(v, `${at}.${k}`, out);
    for (const r of (schema.required as string[]) ?? []) if (!(r in props)) out.push(`${at}: required ${r} is not a property`);
  }
  if (schema.type === 'ARRAY') geminiProblems(schema.items, `${at}[]`, out);
  return out;
}

function countProperties(schema: unknown): number {
  if (Array.isArray(schema)) return schema.reduce((n: number, v) => n + countProperties(v), 0);
  if (!isObj(schema)) return 0;
  let n = isObj(schema.properties) ? Object.keys(schema.properties).length : 0;
  for (const v of Object.values(schema)) n += countProperties(v);
  return n;
}

function countEnums(schema: unknown): number {
  if (Array.isArray(schema)) return schema.reduce((n: number, v) => n + countEnums(v), 0);
  if (!isObj(schema)) return 0;
  let n = Array.isArray(schema.enum) ? schema.enum.length : 0;
  for (const [k, v] of Object.entries(schema)) if (k !== 'enum') n += countEnums(v);
  return n;
}

const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const ANTHROPIC_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const GEMINI_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;

/** Every rule checked on the exports of one document; returns problems (empty: all good). */
async function check(model: ApiModel, files: OutputFile[], validateActions = true): Promise<string[]> {
  const problems: string[] = [];
  const files2 = byPath(files);
  const dir = 'api/exports';
  const need = (p: string): string => {
    const f = files2.get(p);
    if (!f) {
      problems.push(`missing ${p}`);
      return '{}';
    }
    return text(f);
  };
  for (const name of ['universal.md', 'gpt-instructions.md', 'copilot-instructions.md']) need(`${dir}/${name}`);
  const gpt = JSON.parse(need(`${dir}/gpt-tools.json`)) as Json[];
  const claude = JSON.parse(need(`${dir}/claude.json`)) as { tools: Json[]; context: string };
  const gemini = JSON.parse(need(`${dir}/gemini.json`)) as { functionDeclarations: Json[] };
  const unique = (names: unknown[], what: string): void => {
    if (new Set(names.map((n) => String(n).toLowerCase())).size !== names.length) problems.push(`${what}: names not unique`);
  };
  expect(gpt.length).toBe(model.operations.length);
  for (const t of gpt) {
    if (t.type !== 'function' || t.strict !== true || typeof t.description !== 'string') problems.push(`gpt ${String(t.name)}: shape`);
    if (!OPENAI_NAME.test(t.name as string)) problems.push(`gpt name ${String(t.name)}`);
    const p = t.parameters as Json;
    if (p.type !== 'object') problems.push(`gpt ${String(t.name)}: parameters not an object`);
    problems.push(...strictProblems(p, `gpt ${String(t.name)}`));
    // Strict mode's size limits: at most 5,000 object properties and 1,000 enum values in a schema.
    const properties = countProperties(p);
    const enums = countEnums(p);
    if (properties > 5000 || enums > 1000) problems.push(`gpt ${String(t.name)}: ${properties} properties, ${enums} enum values`);
  }
  unique(
    gpt.map((t) => t.name),
    'gpt',
  );
  for (const t of claude.tools) {
    if (!ANTHROPIC_NAME.test(t.name as string)) problems.push(`claude name ${String(t.name)}`);
    if (typeof t.description !== 'string' || (t.input_schema as Json).type !== 'object') problems.push(`claude ${String(t.name)}: shape`);
  }
  unique(
    claude.tools.map((t) => t.name),
    'claude',
  );
  if (!claude.context.startsWith('<api ') || (claude.context.match(/<operation /g) ?? []).length !== model.operations.length)
    problems.push('claude context sections');
  for (const d of gemini.functionDeclarations) {
    if (!GEMINI_NAME.test(d.name as string)) problems.push(`gemini name ${String(d.name)}`);
    if (d.parameters !== undefined) problems.push(...geminiProblems(d.parameters, `gemini ${String(d.name)}`));
  }
  unique(
    gemini.functionDeclarations.map((d) => d.name),
    'gemini',
  );
  if (JSON.stringify(gemini).includes('"$ref"') || JSON.stringify(gpt).includes('"$ref"')) problems.push('a $ref left');
  for (const op of model.operations) {
    const d = `${dir}/operations/${op.slug}`;
    for (const name of ['universal.md', 'gpt-tools.json', 'claude.json', 'gemini.json', 'copilot.instructions.md']) need(`${d}/${name}`);
    const copilot = files2.get(`${d}/copilot.instructions.md`);
    if (copilot && !/^---\napplyTo: "[^"]+"\n/.test(text(copilot))) problems.push(`${d}: copilot front matter`);
  }
  const copilot = need(`${dir}/copilot-instructions.md`);
  for (const section of ['## Conventions', '## Operations']) if (!copilot.includes(section)) problems.push(`copilot: no ${section}`);
  const actions = JSON.parse(need(`${dir}/gpt-actions.openapi.json`)) as Json;
  problems.push(...actionsProblems(actions));
  if (validateActions) {
    try {
      await SwaggerParser.validate(structuredClone(actions) as never);
    } catch (e) {
      problems.push(`actions document: ${(e as Error).message.slice(0, 300)}`);
    }
  }
  return problems;
}

/** GPT Actions' limits (https://platform.openai.com/docs/actions/production). */
function actionsProblems(doc: Json): string[] {
  const out: string[] = [];
  if (doc.openapi !== '3.1.0') out.push('actions: not 3.1.0');
  const servers = doc.servers as { url: string }[];
  if (servers.length !== 1) out.push('actions: not one server');
  let count = 0;
  const ids = new Set<string>();
  for (const item of Object.values(doc.paths as Json)) {
    for (const op of Object.values(item as Json) as Json[]) {
      count++;
      if (typeof op.operationId !== 'string' || !OPENAI_NAME.test(op.operationId) || ids.has(op.operationId))
        out.push(`actions: operationId ${String(op.operationId)}`);
      ids.add(op.operationId as string);
      for (const k of ['summary', 'description'] as const)
        if (typeof op[k] === 'string' && (op[k] as string).length > ACTIONS_LIMITS.descriptionChars) out.push(`actions: ${k} too long`);
      for (const p of (op.parameters as Json[] | undefined) ?? [])
        if (typeof p.description === 'string' && p.description.length > ACTIONS_LIMITS.parameterDescriptionChars)
          out.push('actions: parameter description too long');
    }
  }
  if (count > ACTIONS_LIMITS.operations) out.push(`actions: ${count} operations`);
  if (JSON.stringify(doc).includes('"$ref"')) out.push('actions: a $ref left');
  return out;
}

describe('tool names', () => {
  it('are sanitized to each vendor and unique', () => {
    const ops = ['get pets!', 'get_pets', 'Get_Pets', '1st-thing', 'x'.repeat(100), 'x'.repeat(100), 'ñandú.list', undefined].map(
      (operationId, i) => ({ operationId, slug: `slug-${i}` }) as ApiOperation,
    );
    for (const [rule, pattern] of [
      [OPENAI_NAMES, OPENAI_NAME],
      [ANTHROPIC_NAMES, ANTHROPIC_NAME],
      [GEMINI_NAMES, GEMINI_NAME],
    ] as const) {
      const names = [...toolNames(ops, rule).values()];
      expect(names.every((n) => pattern.test(n))).toBe(true);
      expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(ops.length);
    }
    expect([...toolNames(ops, OPENAI_NAMES).values()].slice(0, 4)).toEqual(['get_pets', 'get_pets_2', 'Get_Pets_3', '1st-thing']);
    expect(toolNames(ops, GEMINI_NAMES).get('slug-3')).toBe('_1st-thing');
    expect(toolNames(ops, OPENAI_NAMES).get('slug-6')).toBe('nandu_list');
    expect(toolNames(ops, OPENAI_NAMES).get('slug-7')).toBe('slug-7');
  });
});

describe('assistant exports', () => {
  it("follow every vendor's rules on the default site's document", async () => {
    const { model } = await load(REPO, 'openapi/shipping.yaml');
    const { files, markdown } = await assistantExports(model, SITE);
    expect(await check(model, files)).toEqual([]);
    const all = byPath(files);
    // An operation page's twin is its universal file; the overview's lists the operations, linked to
    // their twins, as the page does, and says where the whole API is (universal.md holds every operation in full).
    const op = model.operations.find((o) => o.method === 'post') ?? model.operations[0]!;
    const one = text(all.get(`api/exports/operations/${op.slug}/universal.md`));
    expect(one).toBe(markdown.operations.get(op.slug));
    const universal = text(all.get('api/exports/universal.md'));
    for (const o of model.operations) {
      expect(universal).toContain(`### ${o.title}`);
      expect(markdown.api).toContain(`](${SITE.url}${o.href.slice(1)}.md): \`${o.method.toUpperCase()} ${o.path}\``);
    }
    expect(markdown.api).not.toContain('## Example call');
    expect(markdown.api).toContain(`Every operation in full, in one file: ${SITE.url}api/exports/universal.md`);
    expect(universal.startsWith(markdown.api.slice(0, markdown.api.indexOf('## Operations')))).toBe(true);
    expect(one).toBe(operationMarkdown(model, op, SITE));
    expect(one).toContain('curl ');
    expect(one).toContain(`${op.method.toUpperCase()} ${op.path}`);
    expect(one).toMatch(/## Authentication/);
    // The document's example credentials (a client secret, a JWT) do not reach the exports.
    const everything = files.map(text).join('\n');
    expect(everything).not.toMatch(/sk_live_|eyJhbGci/);
    expect(text(all.get('api/exports/operations/auth-client/universal.md'))).toContain('"client_secret": "<client_secret>"');
    // The actions document names an https server of the API.
    const actions = JSON.parse(text(all.get('api/exports/gpt-actions.openapi.json'))) as { servers: { url: string }[] };
    expect(actions.servers[0]!.url).toMatch(/^https:\/\//);
  });

  it('say what the API sends: webhooks in the whole API, callbacks with their operation', async () => {
    const examples = join(REPO, 'node_modules/@readme/oas-examples');
    const hooks = await load(join(examples, '3.1/json'), 'webhooks.json');
    const hookFiles = byPath((await assistantExports(hooks.model, SITE)).files);
    const universal = text(hookFiles.get('api/exports/universal.md'));
    expect(universal).toMatch(/\n## Webhooks sent by the API\n/);
    for (const hook of hooks.model.webhooks) expect(universal).toContain(`(webhook \`${hook.name}\`)`);
    expect(universal).toMatch(/#### Request body/);
    const claude = JSON.parse(text(hookFiles.get('api/exports/claude.json'))) as { context: string };
    expect(claude.context).toMatch(/<webhooks>\n## Webhooks sent by the API[\s\S]*<\/webhooks>\n<\/api>/);
    expect(text(hookFiles.get('api/exports/copilot-instructions.md'))).toMatch(/## Webhooks sent by the API\n[\s\S]*- `newPet` \(`POST`\)/);

    const calls = await load(join(examples, '3.0/json'), 'callbacks.json');
    const op = calls.model.operations.find((o) => o.callbacks.length)!;
    const one = operationMarkdown(calls.model, op, SITE);
    const cb = op.callbacks[0]!;
    expect(one).toContain(`## Callbacks\n\n### ${cb.name}: \`${cb.operations[0]!.method.toUpperCase()} ${cb.expression}\``);
    expect(one.indexOf('## Callbacks')).toBeLessThan(one.indexOf('## Example call'));
  });

  it('never writes a credential: placeholders only', async () => {
    const { model } = await load(join(OPENAPI_FIXTURES, 'security'), 'openapi.yaml');
    const files = (await assistantExports(model, SITE)).files;
    expect(await check(model, files)).toEqual([]);
    const everything = files.map(text).join('\n');
    expect(everything).not.toMatch(/Authorization: Bearer [A-Za-z0-9._-]{20,}/);
    expect(everything).toMatch(/Authorization: Bearer <token>/);
  });

  it('say what the page says: allOf merged by the model, read-only properties left out of requests', async () => {
    const composition = await load(join(OPENAPI_FIXTURES, 'composition'), 'openapi.yaml');
    const pets = composition.model.operations.find((o) => o.path === '/pets')!;
    // Dog is allOf [Pet, {bark}]: one object with every member's properties, Pet's description first.
    expect(operationMarkdown(composition.model, pets, SITE)).toContain('Dog {\n  petType: string;\n  name: string;\n  bark: boolean;\n}');
    const examples = await load(join(OPENAPI_FIXTURES, 'examples'), 'openapi.yaml');
    const op = examples.model.operations.find((o) => o.path === '/readonly')!;
    const files = byPath((await assistantExports(examples.model, SITE)).files);
    const tool = JSON.parse(text(files.get(`api/exports/operations/${op.slug}/claude.json`))) as { tools: { input_schema: Json }[] };
    const body = ((tool.tools[0]!.input_schema.properties as Json).body as Json).properties as Json;
    expect(Object.keys(body)).not.toContain('id');
    expect(Object.keys(body)).toContain('name');
    const markdown = operationMarkdown(examples.model, op, SITE);
    expect(markdown.slice(markdown.indexOf('## Request body'), markdown.indexOf('## Responses'))).not.toMatch(/\bid\?:/);
    expect(markdown.slice(markdown.indexOf('## Responses'))).toMatch(/\bid\?: string;/);
  });

  it('cuts recursive schemas instead of looping', async () => {
    const { model } = await load(join(OPENAPI_FIXTURES, 'refs-cycles'), 'openapi.yaml');
    const files = (await assistantExports(model, SITE)).files;
    expect(await check(model, files)).toEqual([]);
    const all = files.map(text).join('\n');
    expect(all).toMatch(/recursive/i);
  });

  it('follows the rules on every valid @readme/oas-examples document', async () => {
    const pkg = join(REPO, 'node_modules/@readme/oas-examples');
    const docs: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir).sort()) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(json|ya?ml)$/.test(name)) docs.push(relative(pkg, path).split('\\').join('/'));
      }
    };
    for (const version of ['3.0', '3.1']) walk(join(pkg, version));
    const failures: string[] = [];
    let checked = 0;
    for (const doc of docs) {
      let loaded;
      try {
        loaded = await load(pkg, doc);
      } catch {
        continue; // invalid documents (corpus.test.tsx lists them) have no model
      }
      checked++;
      const problems = await check(loaded.model, (await assistantExports(loaded.model, SITE)).files);
      if (problems.length) failures.push(`${doc}: ${problems.slice(0, 5).join('; ')}`);
    }
    expect(checked).toBeGreaterThan(80);
    expect(failures).toEqual([]);
  }, 120_000);

  it("exports GitHub's REST API: per-operation files within their size, schemas past the budget cut", async () => {
    const { model } = await githubApi();
    expect(model.operations.length).toBeGreaterThan(1200);
    const start = performance.now();
    const files: OutputFile[] = (await assistantExports(model, SITE)).files;
    const ms = performance.now() - start;
    const bytes = files.reduce((n, f) => n + Buffer.byteLength(text(f)), 0);
    const largest = Math.max(...files.filter((f) => f.path.includes('/operations/')).map((f) => Buffer.byteLength(text(f))));
    console.log(
      `GitHub REST API exports: ${model.operations.length} operations, ${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB, largest per-operation file ${(largest / 1024).toFixed(0)} KB, ${ms.toFixed(0)} ms`,
    );
    expect(await check(model, files)).toEqual([]);
    expect(largest).toBeLessThan(200 * 1024);
    const actions = JSON.parse(text(byPath(files).get('api/exports/gpt-actions.openapi.json'))) as {
      info: { description: string };
      servers: { url: string }[];
    };
    expect(actions.servers).toEqual([{ url: 'https://api.github.com' }]);
    expect(actions.info.description).toMatch(/^30 of 1\d{3} operations/);
    // Schemas past the budget are cut with a note, in the tools and in the outlines.
    const all = byPath(files);
    expect(text(all.get('api/exports/gpt-tools.json'))).toContain('Cut: the schema expands past the size a tool definition carries');
    expect(text(all.get('api/exports/universal.md'))).toContain('// … cut: the schema goes on');
  }, 120_000);
});
