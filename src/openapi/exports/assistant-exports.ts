// The API's documentation shaped for AI assistants, written at build time: Markdown for any reader
// (llms.txt), OpenAI tools and a GPT Actions document, Anthropic tools with XML context, Gemini
// function declarations and GitHub Copilot instructions; for the whole API and per operation.
// Everything comes from the model (the document's own Markdown it keeps, its schemas inlined with a
// budget); nothing carries a credential (authentication is said as where credentials go).
import type { ApiModel, ApiOperation } from '../../shared/api-model.js';
import type { OutputFile } from '../../shared/model.js';
import { operationInput, shortText, type Schema } from './json-schema.js';
import { actionsDocument, gptInstructions, openAiTool } from './openai.js';
import { anthropicTool } from './anthropic.js';
import { escapeAttribute } from '../../shared/html-escape.js';
import { geminiDeclaration } from './gemini.js';
import { copilotInstructions, copilotOperationInstructions } from './copilot.js';
import { apiHeader, curl, deepen, maskSecrets, operationSection, webhooksSection, type Site } from './markdown.js';
import { ANTHROPIC_NAMES, GEMINI_NAMES, OPENAI_NAMES, toolNames } from './tool-names.js';
import { pause } from '../../render/workers/pause.js';

/** A tool's description: summary, then the start of the description, method and path (models choose tools by it). */
const TOOL_DESCRIPTION_CHARS = 1000;

export interface AssistantExports {
  files: OutputFile[];
  /** The Markdown of the overview (the whole API) and of each operation by slug, as in `universal.md`: the pages' twins. */
  markdown: { api: string; operations: Map<string, string> };
}

/** Asynchronous only to let the event loop turn between operations: an interrupt is not kept waiting by a large API. */
export async function assistantExports(model: ApiModel, site: Site): Promise<AssistantExports> {
  const base = model.basePath.replace(/^\/+|\/+$/g, '');
  const dir = `${base ? `${base}/` : ''}exports`;
  const names = {
    openai: toolNames(model.operations, OPENAI_NAMES),
    anthropic: toolNames(model.operations, ANTHROPIC_NAMES),
    gemini: toolNames(model.operations, GEMINI_NAMES),
  };
  const header = apiHeader(model, site);
  const open = apiContextOpen(model, header);
  const files: OutputFile[] = [];
  const text = (path: string, contents: string): void => void files.push({ path, contents });
  const operations = new Map<string, string>();

  // Each tool is serialized once (compact JSON) and the files are joined from those strings: on
  // GitHub's API, serializing is a third of the work.
  const all = { markdown: [] as string[], openai: [] as string[], anthropic: [] as string[], gemini: [] as string[], context: [] as string[] };
  let tag: string | undefined | null = null;
  for (const op of model.operations) {
    await pause();
    const input: Schema = operationInput(model, op);
    const description = toolDescription(op);
    const curlText = curl(model, op, site);
    const alone = operationSection(model, op, site, curlText);
    const openai = JSON.stringify(openAiTool(names.openai.get(op.slug)!, description, input));
    const anthropic = JSON.stringify(anthropicTool(names.anthropic.get(op.slug)!, description, input));
    const gemini = JSON.stringify(geminiDeclaration(names.gemini.get(op.slug)!, description, input));
    const context = operationContext(op, names.anthropic.get(op.slug)!, alone);
    if (op.tag !== tag) {
      tag = op.tag;
      all.markdown.push(`## ${tag ?? 'Other operations'}`);
    }
    all.markdown.push(deepen(alone, 2));
    all.openai.push(openai);
    all.anthropic.push(anthropic);
    all.gemini.push(gemini);
    all.context.push(context);

    const opDir = `${dir}/operations/${op.slug}`;
    operations.set(op.slug, alone + '\n');
    text(`${opDir}/universal.md`, alone + '\n');
    text(`${opDir}/gpt-tools.json`, `[${openai}]\n`);
    text(`${opDir}/claude.json`, `{"tools":[${anthropic}],"context":${JSON.stringify(`${open}\n${context}\n</api>\n`)}}\n`);
    text(`${opDir}/gemini.json`, `{"functionDeclarations":[${gemini}]}\n`);
    text(`${opDir}/copilot.instructions.md`, copilotOperationInstructions(model, op, site, curlText));
  }

  const webhooks = webhooksSection(model);
  if (webhooks) {
    all.markdown.push(webhooks);
    all.context.push(['<webhooks>', guard(webhooks), '</webhooks>'].join('\n'));
  }
  // The whole API's files, each up to a second of joining on the largest APIs: the event loop turns between them.
  const api = [header, ...all.markdown].join('\n\n') + '\n';
  text(`${dir}/universal.md`, api);
  await pause();
  text(`${dir}/gpt-tools.json`, `[${all.openai.join(',\n')}]\n`);
  await pause();
  text(`${dir}/gpt-instructions.md`, gptInstructions(model, model.operations, names.openai, header));
  await pause();
  text(`${dir}/gpt-actions.openapi.json`, JSON.stringify(actionsDocument(model, names.openai, site), null, 2) + '\n');
  await pause();
  text(`${dir}/claude.json`, `{"tools":[${all.anthropic.join(',\n')}],\n"context":${JSON.stringify([open, ...all.context, '</api>', ''].join('\n'))}}\n`);
  await pause();
  text(`${dir}/gemini.json`, `{"functionDeclarations":[${all.gemini.join(',\n')}]}\n`);
  await pause();
  text(`${dir}/copilot-instructions.md`, copilotInstructions(model, site));
  return { files, markdown: { api, operations } };
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
