import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import type Anthropic from '@anthropic-ai/sdk';
import type { FunctionDeclaration } from '@google/genai';
import { toStrictJsonSchema } from 'openai/lib/transform';
import { findDocument } from '../../../src/openapi/load/find-document.js';
import { loadApiModel } from '../../../src/openapi/load-api-model.js';
import { assistantExports, type AssistantExports } from '../../../src/openapi/exports/assistant-exports.js';
import { bodyMedia, hasFlag, resolveSchema } from '../../../src/openapi/exports/json-schema.js';
import { VENDOR_LIMITS } from '../../../src/openapi/exports/vendor-parts.js';
import type { ApiModel } from '../../../src/shared/api-model.js';
import type { OutputFile } from '../../../src/shared/model.js';
import { buildSite } from '../../../src/render/build-site.js';
import { configSchema } from '../../../src/config/schema.js';
import { REPO, tempProject } from '../../helpers/fixtures.js';
import { githubApi } from '../../helpers/github-api.js';
import { OPENAPI_FIXTURES } from '../helpers.js';

// The assistant exports as each vendor's own SDK reads them: the `openai` package's strict-schema
// transform, and the tool types of `openai`, `@anthropic-ai/sdk` and `@google/genai` checked by the
// TypeScript compiler on the files' JSON; every property of each operation's body kept with its type;
// the whole-API files split per tag where an API exceeds a vendor's documented limit.

const SITE = { url: 'https://docs.example.com/' };
type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

async function load(root: string, path: string): Promise<ApiModel> {
  const found = findDocument(root, path);
  if (!found.document) throw new Error(`no document at ${path}`);
  const loaded = await loadApiModel(root, found.document, { basePath: '/api', deadline: Date.now() + 60_000 });
  if (!loaded.model) throw new Error(JSON.stringify(loaded.diagnostics.slice(0, 3)));
  return loaded.model;
}

function reader(exported: AssistantExports): (path: string) => string {
  const files = new Map(exported.files.map((f: OutputFile) => [f.path, f]));
  return (path) => {
    const f = files.get(`api/exports/${path}`);
    if (!f || !('contents' in f)) throw new Error(`missing api/exports/${path}`);
    return String(f.contents);
  };
}

interface Tools {
  gpt: { name: string; parameters: Json }[];
  claude: Anthropic.Tool[];
  gemini: FunctionDeclaration[];
}

function tools(read: (path: string) => string): Tools {
  return {
    gpt: JSON.parse(read('gpt-tools.json')) as Tools['gpt'],
    claude: (JSON.parse(read('claude.json')) as { tools: Tools['claude'] }).tools,
    gemini: (JSON.parse(read('gemini.json')) as { functionDeclarations: Tools['gemini'] }).functionDeclarations,
  };
}

/** The JSON types a tool's schema allows (Gemini's upper-case names lowered, null left out), its variants' included. */
function typesOf(s: Json): string[] {
  const own = (Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type]).map((t) => String(t).toLowerCase());
  const variants = Array.isArray(s.anyOf) ? (s.anyOf as Json[]).flatMap(typesOf) : [];
  return [...new Set([...own, ...variants])].filter((t) => t !== 'null');
}

/** A property of a tool's body: in the body's properties, or in those of one of its variants. */
function bodyProperty(body: Json, name: string): Json | undefined {
  for (const s of [body, ...(Array.isArray(body.anyOf) ? (body.anyOf as Json[]) : [])])
    if (isObj(s.properties) && isObj(s.properties[name])) return s.properties[name] as Json;
  return undefined;
}

/**
 * Every property of each operation's body (read-only ones aside) is in each vendor's tool, with a
 * type the document gives it. Strict mode and Gemini cannot declare an object without properties
 * (a map): that one alone may be JSON text, and says so.
 */
function bodyProblems(model: ApiModel, t: Tools): string[] {
  const problems: string[] = [];
  model.operations.forEach((op, i) => {
    const media = bodyMedia(op);
    const schema = resolveSchema(model, media?.schema);
    if (!schema?.properties.length) return;
    const vendors: [string, Json | undefined][] = [
      ['gpt', t.gpt[i]!.parameters],
      ['claude', t.claude[i]!.input_schema],
      ['gemini', t.gemini[i]!.parameters as Json | undefined],
    ];
    for (const [vendor, parameters] of vendors) {
      const body = isObj(parameters?.properties) ? (parameters.properties.body as Json | undefined) : undefined;
      if (!body) {
        problems.push(`${vendor} ${op.slug}: no body`);
        continue;
      }
      for (const p of schema.properties) {
        if (hasFlag(model, p.schema, 'readOnly')) continue;
        const got = bodyProperty(body, p.name);
        if (!got) {
          problems.push(`${vendor} ${op.slug}: body.${p.name} missing`);
          continue;
        }
        const target = resolveSchema(model, p.schema);
        const want = (target?.types ?? []).filter((x) => x !== 'null');
        if (!want.length) continue; // any type: nothing to compare
        const types = typesOf(got);
        const mapAsText =
          vendor !== 'claude' &&
          want.includes('object') &&
          !target!.properties.length &&
          types.join() === 'string' &&
          /as JSON text\.$/.test(String(got.description));
        const right = types.length > 0 && types.every((x) => want.includes(x) || (x === 'integer' && want.includes('number')));
        if (!right && !mapAsText) problems.push(`${vendor} ${op.slug}: body.${p.name} is ${types.join('|') || 'untyped'}, not ${want.join('|')}`);
      }
    }
  });
  return problems;
}

/** The `openai` package's own strict-schema transform accepts each tool's parameters and leaves them as they are (already strict). */
function openAiProblems(gpt: Tools['gpt']): string[] {
  const problems: string[] = [];
  for (const tool of gpt) {
    try {
      const strict = toStrictJsonSchema(tool.parameters as never);
      if (!isDeepStrictEqual(strict, tool.parameters)) problems.push(`${tool.name}: changed by toStrictJsonSchema`);
    } catch (e) {
      problems.push(`${tool.name}: ${(e as Error).message.slice(0, 200)}`);
    }
  }
  return problems;
}

/**
 * The files' JSON assigned to the SDKs' request types, compiled with the TypeScript compiler:
 * OpenAI's Responses API function tools (and the one-line map to Chat Completions' tools), Claude's
 * tools and context as a Messages request, Gemini's `{ functionDeclarations }` as one of `tools` (the
 * SDK's enums as the strings sent on the wire).
 */
function sdkTypeProblems(read: (path: string) => string): string[] {
  // One declaration per tool: an array literal of a thousand differently shaped objects is a union
  // too large for the compiler where a type leaves nested values open (`input_schema`'s index signature).
  const each = (name: string, type: string, items: unknown[]): string =>
    `${items.map((item, i) => `const ${name}${i}: ${type} = ${JSON.stringify(item)};`).join('\n')}\nconst ${name}: ${type}[] = [${items.map((_, i) => `${name}${i}`).join(', ')}];`;
  const claude = JSON.parse(read('claude.json')) as { tools: unknown[]; context: string };
  const gemini = JSON.parse(read('gemini.json')) as { functionDeclarations: unknown[] };
  const source = `import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import type { FunctionDeclaration } from '@google/genai';

/** A type as its JSON: string enums as their values. */
type Wire<T> = T extends string ? \`\${T}\` : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;
/** What gpt-tools.json holds: Responses API function tools, each with a description, parameters and strict set. */
type GptTool = OpenAI.Responses.FunctionTool & { description: string; parameters: Record<string, unknown>; strict: boolean };

${each('gpt', 'GptTool', JSON.parse(read('gpt-tools.json')) as unknown[])}
export const responses: OpenAI.Responses.ResponseCreateParamsNonStreaming = {
  model: 'gpt-5',
  instructions: ${JSON.stringify(read('gpt-instructions.md'))},
  input: 'Quote a parcel.',
  tools: gpt,
};
export const chat: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
  model: 'gpt-5',
  messages: [{ role: 'user', content: 'Quote a parcel.' }],
  tools: gpt.map(({ name, description, parameters, strict }) => ({ type: 'function', function: { name, description, parameters, strict } })),
};
${each('claude', 'Anthropic.Tool', claude.tools)}
export const message: Anthropic.MessageCreateParamsNonStreaming = {
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  system: ${JSON.stringify(claude.context)},
  tools: claude,
  messages: [{ role: 'user', content: 'Quote a parcel.' }],
};
${each('gemini', 'Wire<FunctionDeclaration>', gemini.functionDeclarations)}
/** gemini.json is one entry of a request's \`tools\`. */
export const geminiTool: { functionDeclarations: Wire<FunctionDeclaration>[] } = { functionDeclarations: gemini };
`;
  mkdirSync(join(REPO, 'test/.tmp'), { recursive: true });
  const dir = mkdtempSync(join(REPO, 'test/.tmp/sdk-types-'));
  try {
    const file = join(dir, 'exports.ts');
    writeFileSync(file, source);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    });
    return ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      return `${where ? `${where.line + 1}:${where.character + 1} ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n').slice(0, 400)}`;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("assistant exports in the vendors' SDKs", () => {
  it("the default site: QuoteLocation's required-only branches merged into one object, every SDK's check passes", async () => {
    const model = await load(REPO, 'openapi/shipping.yaml');
    const exported = await assistantExports(model, SITE);
    const read = reader(exported);
    const t = tools(read);
    const quoter = model.operations.findIndex((op) => op.path === '/quoter');
    const actions = JSON.parse(read('gpt-actions.openapi.json')) as { paths: Record<string, { post: Json }> };
    const actionsBody = ((actions.paths['/quoter']!.post.requestBody as Json).content as Record<string, { schema: Json }>)['application/json']!.schema;
    const body = (parameters: Json | undefined): Json => (parameters!.properties as Json).body as Json;
    for (const [vendor, origin] of [
      ['gpt', (body(t.gpt[quoter]!.parameters).properties as Json).origin],
      ['claude', (body(t.claude[quoter]!.input_schema).properties as Json).origin],
      ['gemini', (body(t.gemini[quoter]!.parameters as Json).properties as Json).origin],
      ['actions', (actionsBody.properties as Json).origin],
    ] as [string, Json][]) {
      expect(origin.anyOf, vendor).toBeUndefined();
      expect(String(origin.type).toLowerCase(), vendor).toBe('object');
      expect(origin.description, vendor).toBe('Where the parcels are picked up. At least one of: address_id, postal_code.');
      expect(Object.keys(origin.properties as Json), vendor).toEqual(['address_id', 'postal_code']);
      expect(typesOf((origin.properties as Json).postal_code as Json), vendor).toEqual(['string']);
    }
    expect(exported.files.filter((f) => /\/(gpt-tools|gemini|claude)\//.test(f.path))).toEqual([]);
    for (const name of ['gpt-tools.json', 'claude.json', 'gemini.json', 'gpt-actions.openapi.json'])
      expect(read(name), name).not.toMatch(/Any JSON value|"anyOf":\s*\[\s*\{\s*\}/);
    expect(bodyProblems(model, t)).toEqual([]);
    expect(openAiProblems(t.gpt)).toEqual([]);
    expect(sdkTypeProblems(read)).toEqual([]);
    // Within every vendor's limits: no parts, no warning.
    expect(exported.diagnostics).toEqual([]);
  });

  it('required-only branches: "at least one of" for anyOf, "exactly one of" for oneOf; branches with properties of their own stay variants', async () => {
    const model = await load(join(OPENAPI_FIXTURES, 'required-branches'), 'openapi.yaml');
    const read = reader(await assistantExports(model, SITE));
    const claude = tools(read).claude[0]!.input_schema;
    const body = (claude.properties as Json).body as { properties: Record<string, Json> };
    expect(body.properties.reach).toMatchObject({ type: 'object', description: 'How to reach the contact. At least one of: email, phone and country.' });
    expect(body.properties.reach!.anyOf).toBeUndefined();
    expect(body.properties.owner).toMatchObject({ type: 'object', description: 'Exactly one of: user_id, team_id.' });
    expect(body.properties.owner!.anyOf).toBeUndefined();
    expect((body.properties.channel!.anyOf as Json[]).length).toBe(2);
    const t = tools(read);
    expect(bodyProblems(model, t)).toEqual([]);
    expect(openAiProblems(t.gpt)).toEqual([]);
    expect(sdkTypeProblems(read)).toEqual([]);
  });

  it("GitHub's REST API: every body property kept with its type, every SDK's check passes, the files split per tag past each vendor's limit", async () => {
    const { model } = await githubApi();
    const exported = await assistantExports(model, SITE);
    const read = reader(exported);
    const t = tools(read);
    expect(bodyProblems(model, t)).toEqual([]);
    expect(openAiProblems(t.gpt)).toEqual([]);
    expect(sdkTypeProblems(read)).toEqual([]);

    // One warning names the limits and the indexes; the Claude context's size is said.
    expect(exported.diagnostics.map((d) => [d.code, d.severity])).toEqual([['SD3017', 'warning']]);
    const message = exported.diagnostics[0]!.message;
    expect(message).toMatch(
      /OpenAI's 128 function tools in one request; Gemini's 512 function declarations; Claude's context window of 200,000 tokens \(its tools and context: [\d,]+ characters, about [\d,]+ tokens\)/,
    );
    expect(message).toContain('api/exports/gpt-tools/index.json, api/exports/gemini/index.json, api/exports/claude/index.json');

    // Each vendor's parts hold every operation once, each within the limit, and the index lists them.
    const all = model.operations.map((op) => `${op.method.toUpperCase()} ${op.path}`);
    const window = VENDOR_LIMITS.claudeContextTokens * VENDOR_LIMITS.charsPerToken;
    for (const [dir, limit] of [
      ['gpt-tools', VENDOR_LIMITS.openaiTools],
      ['gemini', VENDOR_LIMITS.geminiDeclarations],
      ['claude', window],
    ] as const) {
      const index = JSON.parse(read(`${dir}/index.json`)) as {
        limit: string;
        parts: { file: string; tag: string | null; characters?: number; operations: { tool: string; operation: string }[] }[];
      };
      expect(index.limit).toMatch(/at most|context window/);
      const listed: string[] = [];
      for (const part of index.parts) {
        const contents = read(part.file);
        const json = JSON.parse(contents) as unknown;
        const names = (Array.isArray(json) ? json : ((json as Json).tools ?? (json as Json).functionDeclarations)) as { name: string }[];
        expect(names.map((n) => n.name)).toEqual(part.operations.map((o) => o.tool));
        if (dir === 'claude') {
          // Its size as the model reads it: the tools' JSON and the context's text.
          const claude = json as { tools: unknown[]; context: string };
          expect(part.characters).toBe(contents.indexOf(',\n"context":') - '{"tools":'.length + claude.context.length);
          expect(part.characters).toBeLessThanOrEqual(window);
        } else expect(names.length).toBeLessThanOrEqual(limit);
        expect(
          model.operations
            .filter((op) => part.operations.some((o) => o.operation === `${op.method.toUpperCase()} ${op.path}`))
            .every((op) => (op.tag ?? null) === part.tag),
        ).toBe(true);
        listed.push(...part.operations.map((o) => o.operation));
      }
      expect(listed.sort()).toEqual([...all].sort());
    }
    // The largest tag (repos) is past OpenAI's limit alone: numbered parts.
    const gptIndex = JSON.parse(read('gpt-tools/index.json')) as { parts: { file: string }[] };
    expect(gptIndex.parts.map((p) => p.file)).toEqual(expect.arrayContaining(['gpt-tools/repos-1.json', 'gpt-tools/repos-2.json']));
  }, 240_000);

  it('the build reports the warning with the document, and writes the parts: a tag past the limit alone in numbered parts', async () => {
    // 130 operations: 129 tagged "Big Things", one untagged; past OpenAI's 128, within Gemini's 512.
    const paths = Array.from({ length: 130 }, (_, i) => {
      const tags = i < 129 ? '\n      tags: [Big Things]' : '';
      return `  /things/${i}:\n    get:\n      operationId: thing${i}${tags}\n      responses: {'200': {description: OK}}`;
    });
    const project = tempProject({ 'openapi/things.yaml': `openapi: 3.1.0\ninfo: {title: Things, version: '1'}\npaths:\n${paths.join('\n')}\n` });
    const built = await buildSite({ root: project, config: configSchema.parse({ url: 'https://docs.example.com' }) });
    const warning = built.diagnostics.find((d) => d.code === 'SD3017');
    expect(warning).toMatchObject({ severity: 'warning', file: 'openapi/things.yaml' });
    expect(warning!.message).toBe(
      "Things (130 operations) exceeds OpenAI's 128 function tools in one request: those whole-API files cannot be sent in one request. They are also written per tag, listed in api/exports/gpt-tools/index.json.",
    );
    const paths2 = built.files.map((f) => f.path).filter((p) => /^api\/exports\/(gpt-tools|gemini|claude)\//.test(p));
    expect(paths2.sort()).toEqual([
      'api/exports/gpt-tools/big-things-1.json',
      'api/exports/gpt-tools/big-things-2.json',
      'api/exports/gpt-tools/index.json',
      'api/exports/gpt-tools/other.json',
    ]);
    const index = JSON.parse(String((built.files.find((f) => f.path === 'api/exports/gpt-tools/index.json') as { contents: string }).contents)) as {
      parts: { file: string; tag: string | null; operations: unknown[] }[];
    };
    expect(index.parts.map((p) => [p.file, p.tag, p.operations.length])).toEqual([
      ['gpt-tools/big-things-1.json', 'Big Things', 128],
      ['gpt-tools/big-things-2.json', 'Big Things', 1],
      ['gpt-tools/other.json', null, 1],
    ]);
  });
});
