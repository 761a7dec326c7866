// The API's documentation shaped for AI assistants, written at build time: Markdown for any reader
// (llms.txt), OpenAI tools and a GPT Actions document, Anthropic tools with XML context, Gemini
// function declarations and GitHub Copilot instructions; for the whole API and per operation.
// Everything comes from the model (the document's own Markdown it keeps, its schemas inlined with a
// budget); nothing carries a credential (authentication is said as where credentials go).
import type { ApiModel, ApiOperation } from '../../shared/api-model.js';
import { joinedParts, type Emit, type OutputFile, type WholeFile } from '../../shared/model.js';
import { operationInput, shortText, type Schema } from './json-schema.js';
import { actionsDocument, gptInstructions, openAiTool } from './openai.js';
import { anthropicTool } from './anthropic.js';
import { escapeAttribute } from '../../shared/html-escape.js';
import { geminiDeclaration } from './gemini.js';
import { copilotInstructions, copilotOperationInstructions } from './copilot.js';
import { loadCommentParser } from '../../render/markdown/hidden-comments.js';
import { apiHeader, curl, deepen, maskSecrets, operationSection, overviewMarkdown, webhooksSection, type Site } from './markdown.js';
import { ANTHROPIC_NAMES, GEMINI_NAMES, OPENAI_NAMES, toolNames } from './tool-names.js';
import { pause } from '../../render/workers/pause.js';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { partsIndex, splitByTag, VENDOR_LIMITS, type PartEntry } from './vendor-parts.js';

/** A tool's description: summary, then the start of the description, method and path (models choose tools by it). */
const TOOL_DESCRIPTION_CHARS = 1000;

/** The Markdown of an API's pages (their twins), made with its exports or alone (`apiMarkdown`). */
export interface ApiPagesMarkdown {
  /** The overview's Markdown (its operations linked), and each operation's by slug, as in its `universal.md`. */
  markdown: { api: string; operations: Map<string, string> };
  /** Each operation's tool name (Claude's: the operationId made safe, else the slug) by slug. */
  tools: ReadonlyMap<string, string>;
}

export interface AssistantExports extends ApiPagesMarkdown {
  /** The files, unless `emit` took them. */
  files: WholeFile[];
  /** Where the API exceeds a vendor's documented limit (SD3017): the split files to use instead. */
  diagnostics: Diagnostic[];
}

/**
 * Hands each file to `emit` as it is made (without it, they are returned in `files`): the largest
 * APIs' files add up to gigabytes, so a build writes each and lets it go. The event loop turns
 * between operations: an interrupt is not kept waiting by a large API.
 */
export async function assistantExports(model: ApiModel, site: Site, emit?: Emit): Promise<AssistantExports> {
  // The descriptions are quoted without their comments (markdown.ts, json-schema.ts' shortText).
  await loadCommentParser();
  const dir = exportsDir(model);
  const names = {
    openai: toolNames(model.operations, OPENAI_NAMES),
    anthropic: toolNames(model.operations, ANTHROPIC_NAMES),
    gemini: toolNames(model.operations, GEMINI_NAMES),
  };
  const header = apiHeader(model, site);
  const open = apiContextOpen(model, header);
  const files: WholeFile[] = [];
  const text = async (path: string, contents: string | Iterable<string>): Promise<void> => {
    const file: OutputFile = typeof contents === 'string' ? { path, contents } : { path, parts: contents };
    if (emit) await emit(file);
    else files.push(joinedParts(file));
  };
  const operations = new Map<string, string>();

  // Each operation's Markdown is kept (the whole API's Markdown and Claude's context are made from
  // it as they are written, and the twins read it), and the operation's own files written. The
  // text of its file is the one string kept (quoted without its last newline): joined text is
  // copied into one string when first written, so keeping the Markdown and writing a join of it
  // held two copies once the twins were written (Microsoft Graph's: hundreds of MB at the peak).
  const kept: KeptOperation[] = [];
  for (const op of model.operations) {
    await pause();
    const curlText = curl(model, op, site);
    const page = operationSection(model, op, site, curlText) + '\n';
    const tool = names.anthropic.get(op.slug)!;
    kept.push({ op, tool, page });
    operations.set(op.slug, page);
    const opDir = `${dir}/operations/${op.slug}`;
    await text(`${opDir}/universal.md`, page);
    await text(`${opDir}/copilot.instructions.md`, copilotOperationInstructions(model, op, site, curlText));
  }

  const webhooks = webhooksSection(model);
  const webhooksContext = webhooks ? ['<webhooks>', guard(webhooks), '</webhooks>'].join('\n') : undefined;
  // The whole API's files, each up to a second of writing on the largest APIs: the event loop turns between them.
  await text(`${dir}/universal.md`, universalMarkdown(header, kept, webhooks));
  await pause();
  await text(`${dir}/gpt-instructions.md`, gptInstructions(model, model.operations, names.openai, header));
  await pause();
  await text(`${dir}/gpt-actions.openapi.json`, JSON.stringify(actionsDocument(model, names.openai, site), null, 2) + '\n');
  await pause();
  await text(`${dir}/copilot-instructions.md`, copilotInstructions(model, site));

  // Then each vendor's files, one vendor at a time (only one vendor's tools are held at once).
  const input: VendorInput = { model, dir, kept, text };
  const exceeded = [
    ...(await countedVendorFiles(input, names.openai, OPENAI)),
    ...(await countedVendorFiles(input, names.gemini, GEMINI)),
    ...(await claudeFiles(input, names.anthropic, open, webhooksContext)),
  ];
  const diagnostics = exceededWarning(model, exceeded);
  const overview = overviewMarkdown(model, site, header, webhooks, `${dir}/universal.md`) + '\n';
  return { files, markdown: { api: overview, operations }, tools: names.anthropic, diagnostics };
}

/** The folder of an API's exports in the output: `api/exports`. */
function exportsDir(model: ApiModel): string {
  const base = model.basePath.replace(/^\/+|\/+$/g, '');
  return `${base ? `${base}/` : ''}exports`;
}

/**
 * The Markdown of the API's pages and its tool names, as `assistantExports` makes them, without
 * the export files: what `shipdocs mcp` reads (on Microsoft Graph's API, the files are most of the time).
 */
export async function apiMarkdown(model: ApiModel, site: Site): Promise<ApiPagesMarkdown> {
  await loadCommentParser();
  const operations = new Map<string, string>();
  for (const op of model.operations) {
    await pause();
    operations.set(op.slug, operationSection(model, op, site, curl(model, op, site)) + '\n');
  }
  const overview = overviewMarkdown(model, site, apiHeader(model, site), webhooksSection(model), `${exportsDir(model)}/universal.md`) + '\n';
  return { markdown: { api: overview, operations }, tools: toolNames(model.operations, ANTHROPIC_NAMES) };
}

/** What the whole API's files are written from, per operation: its page's Markdown. */
interface KeptOperation {
  op: ApiOperation;
  /** Its tool name in Claude's files (and its context's `tool` attribute). */
  tool: string;
  /** Its page's Markdown, as its `universal.md` (ending with a newline). */
  page: string;
}

/** An operation's Markdown as quoted: its page's without the last newline. */
function markdownOf(page: string): string {
  return page.slice(0, -1);
}

/**
 * The whole API's Markdown (`universal.md`), in parts: its header, each tag's heading, then its
 * operations' sections a level deeper, the webhooks (Microsoft Graph's is 125 MB, never one string).
 */
function* universalMarkdown(header: string, kept: readonly KeptOperation[], webhooks: string): Generator<string> {
  yield header;
  let tag: string | undefined | null = null;
  for (const { op, page } of kept) {
    if (op.tag !== tag) {
      tag = op.tag;
      yield `\n\n## ${tag ?? 'Other operations'}`;
    }
    yield '\n\n';
    yield deepen(markdownOf(page), 2);
  }
  if (webhooks) yield `\n\n${webhooks}`;
  yield '\n';
}

/** The lines of a Claude file's context: the overview, each operation's section (made as it is written), the webhooks', the end. */
function* claudeContext(open: string, kept: Iterable<KeptOperation>, webhooks?: string): Generator<string> {
  yield open;
  for (const k of kept) yield operationContext(k.op, k.tool, markdownOf(k.page));
  if (webhooks) yield webhooks;
  yield '</api>';
  yield '';
}

/** What each vendor's files are written from. */
interface VendorInput {
  model: ApiModel;
  dir: string;
  kept: readonly KeptOperation[];
  text: (path: string, contents: string | Iterable<string>) => Promise<void>;
}

/** A vendor's limit the API exceeds: what the warning says of it, and the index of the vendor's parts. */
interface Exceeded {
  limit: string;
  index: string;
}

const count = (x: number): string => x.toLocaleString('en-US');

/**
 * Each operation's tool for one vendor, serialized once (compact JSON): the operation's own file
 * and the whole API's files are written from these strings (on GitHub's API, serializing is a third
 * of the work). A vendor's tools are made when its files are written and let go after them: on
 * Microsoft Graph's API each vendor's take 60 to 130 MB, and what stays live sets the heap's peak.
 */
async function serializedTools(
  { model, kept }: VendorInput,
  names: ReadonlyMap<string, string>,
  tool: (name: string, description: string, input: Schema) => unknown,
): Promise<string[]> {
  const made: string[] = [];
  for (const { op } of kept) {
    await pause();
    made.push(JSON.stringify(tool(names.get(op.slug)!, toolDescription(op), operationInput(model, op))));
  }
  return made;
}

/** The operations as entries of a vendor's parts, each with its serialized tool and what it costs against the limit. */
function partEntries(
  kept: readonly KeptOperation[],
  names: ReadonlyMap<string, string>,
  tools: readonly string[],
  cost: (k: KeptOperation, json: string) => number,
): PartEntry<KeptOperation>[] {
  return kept.map((k, i) => ({
    tool: names.get(k.op.slug)!,
    operation: `${k.op.method.toUpperCase()} ${k.op.path}`,
    tag: k.op.tag,
    json: tools[i]!,
    of: k,
    cost: cost(k, tools[i]!),
  }));
}

/** A vendor whose requests take at most `max` tools, each file its tools in one list: OpenAI and Gemini. */
interface CountedVendor {
  /** The files' name: `<name>.json` per operation and for the whole API, `<name>/<part>.json` per tag. */
  name: string;
  max: number;
  tool: (name: string, description: string, input: Schema) => unknown;
  /** A file of these tools (an operation's, the whole API's, a part's), in parts. */
  file: (tools: readonly string[]) => string[];
  /** The limit as the parts' index says it, for an API of `operations` operations. */
  limit: (operations: number) => string;
  /** The limit as the warning says it. */
  exceeded: string;
}

const OPENAI: CountedVendor = {
  name: 'gpt-tools',
  max: VENDOR_LIMITS.openaiTools,
  tool: openAiTool,
  file: gptToolsFile,
  limit: (operations) => `OpenAI: at most ${VENDOR_LIMITS.openaiTools} function tools in one request; this API has ${count(operations)} operations.`,
  exceeded: `OpenAI's ${VENDOR_LIMITS.openaiTools} function tools in one request`,
};

const GEMINI: CountedVendor = {
  name: 'gemini',
  max: VENDOR_LIMITS.geminiDeclarations,
  tool: geminiDeclaration,
  file: geminiFile,
  limit: (operations) =>
    `Gemini: at most ${VENDOR_LIMITS.geminiDeclarations} function declarations in one request; this API has ${count(operations)} operations.`,
  exceeded: `Gemini's ${VENDOR_LIMITS.geminiDeclarations} function declarations`,
};

/**
 * OpenAI's tools or Gemini's function declarations: each operation's file, the whole API's, and
 * where the API has more operations than a request takes, the whole API's per tag
 * (`gpt-tools/<tag>.json`) with an index. The whole-API file stays: the catalogue to pick from.
 */
async function countedVendorFiles(input: VendorInput, names: ReadonlyMap<string, string>, vendor: CountedVendor): Promise<Exceeded[]> {
  const { dir, kept, text } = input;
  const tools = await serializedTools(input, names, vendor.tool);
  for (const [i, { op }] of kept.entries()) await text(`${dir}/operations/${op.slug}/${vendor.name}.json`, vendor.file([tools[i]!]).join(''));
  await text(`${dir}/${vendor.name}.json`, vendor.file(tools));
  if (kept.length <= vendor.max) return [];
  const parts = splitByTag(
    partEntries(kept, names, tools, () => 1),
    vendor.max,
  );
  for (const p of parts) await text(`${dir}/${vendor.name}/${p.name}.json`, vendor.file(p.entries.map((e) => e.json)));
  const index = `${dir}/${vendor.name}/index.json`;
  await text(index, partsIndex(vendor.limit(kept.length), vendor.name, parts));
  return [{ limit: vendor.exceeded, index }];
}

/**
 * Claude's tools with the documentation as context: each operation's `claude.json`, the whole
 * API's, and where the tools and the context together pass Claude's context window, the whole API's per tag.
 */
async function claudeFiles(input: VendorInput, names: ReadonlyMap<string, string>, open: string, webhooksContext: string | undefined): Promise<Exceeded[]> {
  const { dir, kept, text } = input;
  const tools = await serializedTools(input, names, anthropicTool);
  /** The length of each operation's section of the context (what it costs against the context window). */
  const contextChars = new Map<KeptOperation, number>();
  for (const [i, k] of kept.entries()) {
    const context = operationContext(k.op, k.tool, markdownOf(k.page));
    contextChars.set(k, context.length);
    await text(`${dir}/operations/${k.op.slug}/claude.json`, `{"tools":[${tools[i]}],"context":${JSON.stringify(`${open}\n${context}\n</api>\n`)}}\n`);
  }
  await text(`${dir}/claude.json`, claudeFile(tools, claudeContext(open, kept, webhooksContext)));
  // Claude's file as sent: its tools and its context both count against the context window.
  const { claudeContextTokens, charsPerToken } = VENDOR_LIMITS;
  const window = claudeContextTokens * charsPerToken;
  const claudeChars = kept.reduce((sum, k, i) => sum + tools[i]!.length + contextChars.get(k)!, 0) + open.length;
  if (claudeChars <= window) return [];
  const size = `${count(claudeChars)} characters, about ${count(Math.round(claudeChars / charsPerToken))} tokens`;
  const limit = `Claude: a context window of ${count(claudeContextTokens)} tokens (about ${charsPerToken} characters a token); this API's tools and context are ${size}.`;
  const parts = splitByTag(
    // With the separators and the enclosing brackets and tags.
    partEntries(kept, names, tools, (k, json) => json.length + contextChars.get(k)! + 3),
    window - open.length - 16,
  );
  const sizes = new Map<string, number>();
  for (const p of parts) {
    const partTools = p.entries.map((e) => e.json);
    // What the model reads: the tools' JSON (in its brackets) and the context's text (its lines joined by newlines).
    const contextLength = open.length + p.entries.reduce((sum, e) => sum + contextChars.get(e.of)!, 0) + '</api>'.length + p.entries.length + 2;
    sizes.set(p.name, joinedLength(partTools, ',\n') + 2 + contextLength);
    await text(
      `${dir}/claude/${p.name}.json`,
      claudeFile(
        partTools,
        claudeContext(
          open,
          p.entries.map((e) => e.of),
        ),
      ),
    );
  }
  await text(
    `${dir}/claude/index.json`,
    partsIndex(limit, 'claude', parts, (p) => ({ characters: sizes.get(p.name), estimatedTokens: Math.round(sizes.get(p.name)! / charsPerToken) })),
  );
  return [{ limit: `Claude's context window of ${count(claudeContextTokens)} tokens (its tools and context: ${size})`, index: `${dir}/claude/index.json` }];
}

/** SD3017: the vendors' limits the API exceeds, and where the per-tag files are listed. */
function exceededWarning(model: ApiModel, exceeded: readonly Exceeded[]): Diagnostic[] {
  if (!exceeded.length) return [];
  return [
    diagnostic('SD3017', {
      message: `${model.info.title} (${count(model.operations.length)} operations) exceeds ${exceeded.map((e) => e.limit).join('; ')}: those whole-API files cannot be sent in one request. They are also written per tag, listed in ${exceeded.map((e) => e.index).join(', ')}.`,
    }),
  ];
}

/** An OpenAI tools file: the tools' JSON in one array. */
function gptToolsFile(tools: readonly string[]): string[] {
  return ['[', ...joined(tools, ',\n'), ']\n'];
}

/** A Gemini file: its function declarations. */
function geminiFile(declarations: readonly string[]): string[] {
  return ['{"functionDeclarations":[', ...joined(declarations, ',\n'), ']}\n'];
}

/** A Claude file: its tools, then its context (the lines, joined by newlines) as one JSON string, each line escaped as it is written. */
function* claudeFile(tools: readonly string[], context: Iterable<string>): Generator<string> {
  yield '{"tools":[';
  yield* joined(tools, ',\n');
  yield '],\n"context":"';
  let first = true;
  for (const line of context) {
    if (!first) yield '\\n';
    first = false;
    yield jsonStringBody(line);
  }
  yield '"}\n';
}

/** `items` with `separator` between them, as parts of a file (`items.join(separator)`, not made). */
function joined(items: readonly string[], separator: string): string[] {
  return items.flatMap((item, i) => (i ? [separator, item] : [item]));
}

function joinedLength(items: readonly string[], separator: string): number {
  return items.reduce((sum, item) => sum + item.length, 0) + separator.length * Math.max(0, items.length - 1);
}

/** A string as JSON writes it, without the quotes: the pieces of one JSON string, each escaped on its own. */
function jsonStringBody(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function toolDescription(op: ApiOperation): string {
  const head = `${op.method.toUpperCase()} ${op.path}.`;
  const summary = op.summary ? shortText(op.summary, 200) : undefined;
  const description = shortText(op.descriptionMarkdown, TOOL_DESCRIPTION_CHARS - head.length - (summary?.length ?? 0) - 20);
  return maskSecrets(
    [summary && (summary.endsWith('.') ? summary : `${summary}.`), description, head, op.deprecated ? 'Deprecated.' : undefined].filter(Boolean).join(' '),
  );
}

/** Anthropic's recommended shape for long context: the documentation in XML tags, each section in its own tag (closed by "</api>"). */
function apiContextOpen(model: ApiModel, header: string): string {
  return [`<api title="${escapeAttribute(model.info.title)}">`, '<overview>', guard(header), '</overview>'].join('\n');
}

function operationContext(op: ApiOperation, tool: string, markdown: string): string {
  return [
    `<operation tool="${escapeAttribute(tool)}" method="${op.method.toUpperCase()}" path="${escapeAttribute(op.path)}">`,
    guard(markdown),
    '</operation>',
  ].join('\n');
}

/** The documentation's text cannot close or open our own tags. */
function guard(text: string): string {
  return text.replace(/<(\/?)(api|overview|operation|webhooks)\b/gi, '&lt;$1$2');
}
