// Tool names from operationIds (else the page slug), to each vendor's rule, unique in the API.
import type { ApiOperation } from '../../shared/api-model.js';

export interface NameRule {
  /** What a name must match. */
  pattern: RegExp;
  max: number;
  /** A name must start with a letter or an underscore. */
  letterFirst: boolean;
}

/**
 * OpenAI function names: a-z, A-Z, 0-9, underscores and dashes, at most 64
 * (https://platform.openai.com/docs/api-reference/responses/create, tools[].name; the same words
 * for chat completions' `function.name`).
 */
export const OPENAI_NAMES: NameRule = { pattern: /^[a-zA-Z0-9_-]{1,64}$/, max: 64, letterFirst: false };
/** Anthropic tool names: ^[a-zA-Z0-9_-]{1,64}$ (https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use). */
export const ANTHROPIC_NAMES: NameRule = { pattern: /^[a-zA-Z0-9_-]{1,64}$/, max: 64, letterFirst: false };
/**
 * Gemini function declarations: start with a letter or an underscore; a-z, A-Z, 0-9, underscores,
 * dots, colons and dashes; at most 64 (https://ai.google.dev/api/caching#FunctionDeclaration). Some
 * SDKs document 63 and no dots or colons (Firebase AI Logic): the common subset is used.
 */
export const GEMINI_NAMES: NameRule = { pattern: /^[a-zA-Z_][a-zA-Z0-9_-]{0,62}$/, max: 63, letterFirst: true };

function sanitize(raw: string, rule: NameRule): string {
  let name = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_(?=.)|(?<=.)_$/g, '');
  if (!name || name === '_') name = 'operation';
  if (rule.letterFirst && !/^[a-zA-Z_]/.test(name)) name = `_${name}`;
  return name.slice(0, rule.max);
}

/** One name per operation (by slug), unique: a clash gets "_2", "_3", … within the length limit. */
export function toolNames(operations: readonly ApiOperation[], rule: NameRule): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set<string>();
  for (const op of operations) {
    const base = sanitize(op.operationId || op.slug, rule);
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = `_${n}`;
      name = base.slice(0, rule.max - suffix.length) + suffix;
    }
    used.add(name.toLowerCase());
    out.set(op.slug, name);
  }
  return out;
}
