// The vendors' documented limits on what one request carries, and the whole API's tool files split
// per tag where an API exceeds them: OpenAI takes at most 128 functions in a request's `tools`
// (https://platform.openai.com/docs/api-reference/chat/create: "A max of 128 functions are
// supported"), Gemini at most 512 function declarations
// (https://ai.google.dev/gemini-api/docs/function-calling), and Claude's context window is 200,000
// tokens (https://docs.anthropic.com/en/docs/about-claude/models/overview; about 4 characters a
// token). A tag over the limit alone is cut into numbered parts, in the documentation's order.

import { slugify } from '../model/slugs.js';

export const VENDOR_LIMITS = {
  openaiTools: 128,
  geminiDeclarations: 512,
  claudeContextTokens: 200_000,
  charsPerToken: 4,
} as const;

/** One operation's entry in a vendor's file: its serialized tool, what it costs against the limit, and what it was made `of`. */
export interface PartEntry<T = unknown> {
  tool: string;
  /** "GET /repos/{owner}/{repo}". */
  operation: string;
  tag: string | undefined;
  /** The serialized tool. */
  json: string;
  of: T;
  cost: number;
}

export interface Part<T = unknown> {
  /** File name without extension, unique: the tag's slug, numbered when the tag is split. */
  name: string;
  tag: string | undefined;
  entries: PartEntry<T>[];
}

/** The entries grouped by tag (in order of first appearance), each group cut into runs whose cost stays within `limit`. */
export function splitByTag<T>(entries: readonly PartEntry<T>[], limit: number): Part<T>[] {
  const groups = new Map<string | undefined, PartEntry<T>[]>();
  for (const e of entries) {
    const group = groups.get(e.tag);
    if (group) group.push(e);
    else groups.set(e.tag, [e]);
  }
  const used = new Set<string>();
  const parts: Part<T>[] = [];
  for (const [tag, group] of groups) {
    const base = slug(tag ?? 'other');
    const runs: PartEntry<T>[][] = [[]];
    let cost = 0;
    for (const e of group) {
      if (runs[runs.length - 1]!.length && cost + e.cost > limit) {
        runs.push([]);
        cost = 0;
      }
      runs[runs.length - 1]!.push(e);
      cost += e.cost;
    }
    runs.forEach((run, i) => {
      const wanted = runs.length > 1 ? `${base}-${i + 1}` : base;
      let name = wanted;
      for (let n = 2; used.has(name); n++) name = `${wanted}-${n}`;
      used.add(name);
      parts.push({ name, tag, entries: run });
    });
  }
  return parts;
}

/** The index of a vendor's parts: the limit, then each file with the operations it holds. */
export function partsIndex(limit: string, dir: string, parts: readonly Part[], extra?: (p: Part) => Record<string, unknown>): string {
  const index = {
    limit,
    parts: parts.map((p) => ({
      file: `${dir}/${p.name}.json`,
      tag: p.tag ?? null,
      ...extra?.(p),
      operations: p.entries.map((e) => ({ tool: e.tool, operation: e.operation })),
    })),
  };
  return JSON.stringify(index, null, 2) + '\n';
}

/** A tag's file name: its slug (the operations' rule), never "index", the index file's own name. */
function slug(text: string): string {
  const s = slugify(text);
  return !s || s === 'index' ? `tag-${s || 'other'}` : s;
}
