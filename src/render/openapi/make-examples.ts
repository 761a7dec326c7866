import { sample } from 'openapi-sampler';
import type { ApiExample } from '../../shared/api-model.js';
import { isObj, ptr, str, type ModelContext, type Obj } from './model-context.js';

// Examples of a media type: the document's own (`examples`, then `example`), else one generated
// from the schema with openapi-sampler. The sampler stops at references it is already inside, so
// recursive schemas give finite samples; its depth is lowered for schemas whose expansion would be
// huge (fan-out through references), and every example is cut to a size a page can carry.

export const EXAMPLE_LIMITS = { chars: 12_000, perMedia: 10, sampleNodes: 4_000 };

export function isJsonLike(mediaType: string): boolean {
  return /json|\*\/\*|x-www-form-urlencoded|multipart\/form-data/i.test(mediaType);
}

export function mediaExamples(ctx: ModelContext, media: Obj, mediaType: string, pointer: string, direction: 'request' | 'response'): ApiExample[] {
  const out: ApiExample[] = [];
  if (isObj(media.examples)) {
    for (const [name, raw] of Object.entries(media.examples).slice(0, EXAMPLE_LIMITS.perMedia)) {
      const { value: ex } = ctx.deref(raw, ptr(pointer, 'examples', name));
      if (!ex) continue;
      const externalValue = ctx.safeUrl(ex.externalValue, ptr(pointer, 'examples', name, 'externalValue'));
      if (ex.value === undefined && !externalValue) continue;
      out.push({ ...formatExample(ex.value ?? '', mediaType, false), name, summary: str(ex.summary), description: ctx.describe(ex.description), externalValue });
    }
  }
  if (!out.length && media.example !== undefined) out.push(formatExample(media.example, mediaType, false));
  if (!out.length && media.schema !== undefined && isJsonLike(mediaType)) {
    const generated = generateExample(ctx, media.schema, direction);
    if (generated !== undefined) out.push(formatExample(generated, mediaType, true));
  }
  return out;
}

/** A value shown as pretty JSON (or as is, for a string of a non-JSON media type), cut to the limit. */
export function formatExample(value: unknown, mediaType: string, generated: boolean): ApiExample {
  let text: string;
  let language: ApiExample['language'] = 'json';
  if (typeof value === 'string' && !/json/i.test(mediaType)) {
    text = value;
    language = 'text';
  } else {
    try {
      text = JSON.stringify(value, null, 2) ?? 'null';
    } catch {
      text = String(value);
    }
  }
  const truncated = text.length > EXAMPLE_LIMITS.chars;
  return {
    name: undefined,
    summary: undefined,
    description: undefined,
    value: truncated ? cutAtLine(text, EXAMPLE_LIMITS.chars) : text,
    language,
    truncated,
    size: text.length,
    generated,
    externalValue: undefined,
  };
}

function cutAtLine(text: string, limit: number): string {
  const cut = text.lastIndexOf('\n', limit);
  return text.slice(0, cut > limit / 2 ? cut : limit);
}

export function generateExample(ctx: ModelContext, schema: unknown, direction: 'request' | 'response'): unknown {
  if (!isObj(schema)) return undefined;
  for (const depth of [8, 5, 3, 2]) {
    if (depth > 2 && estimateSize(ctx, schema, depth) > EXAMPLE_LIMITS.sampleNodes) continue;
    // The sampler warns on the console even when asked to be quiet; its guesses are not the reader's concern.
    const warn = console.warn;
    console.warn = () => {};
    try {
      return sample(schema as never, { skipReadOnly: direction === 'request', skipWriteOnly: direction === 'response', quiet: true, maxSampleDepth: depth }, ctx.doc);
    } catch {
      return undefined;
    } finally {
      console.warn = warn;
    }
  }
  return undefined;
}

/** Roughly how many values a sample of `schema` holds at `maxDepth`, stopping past the limit. */
function estimateSize(ctx: ModelContext, root: Obj, maxDepth: number): number {
  let count = 0;
  const onPath = new Set<string>();
  const visit = (schema: unknown, depth: number): void => {
    if (count > EXAMPLE_LIMITS.sampleNodes || !isObj(schema) || depth > maxDepth) return;
    count++;
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref;
      if (onPath.has(ref) || !ref.startsWith('#')) return;
      onPath.add(ref);
      visit(ctx.target(ref, ''), depth);
      onPath.delete(ref);
      return;
    }
    if (schema.example !== undefined || schema.const !== undefined) return;
    if (isObj(schema.properties)) for (const p of Object.values(schema.properties)) visit(p, depth + 1);
    if (schema.items !== undefined) visit(schema.items, depth + 1);
    if (Array.isArray(schema.allOf)) for (const m of schema.allOf) visit(m, depth);
    const first = Array.isArray(schema.oneOf) ? schema.oneOf[0] : Array.isArray(schema.anyOf) ? schema.anyOf[0] : undefined;
    if (first !== undefined) visit(first, depth);
  };
  visit(root, 0);
  return count;
}
