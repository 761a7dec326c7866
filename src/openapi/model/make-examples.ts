import type { ApiExample } from '../../shared/api-model.js';
import { isObj, ptr, str, type ModelContext, type Obj } from './model-context.js';
import { sampleSchema, type SampleResult } from './sample-schema.js';

// Examples of a media type: the document's own (`examples`, then `example`), else one generated
// from the schema (sample-schema.ts: bounded work, finite for recursive schemas, a shallower sample
// or none when the schema expands too much). Every example is cut to a size a page can carry; a
// generated one shorter, since it says again what the schema tree beside it says (on Microsoft
// Graph's pages two generated examples of 12,000 characters took 60 KB of highlighted markup).

const EXAMPLE_LIMITS = { chars: 12_000, generatedChars: 4_000, perMedia: 10 };

function isJsonLike(mediaType: string): boolean {
  return /json|\*\/\*|x-www-form-urlencoded|multipart\/form-data/i.test(mediaType);
}

/** The examples of a media type, and whether generating one was given up because the schema expands too much. */
export function mediaExamples(
  ctx: ModelContext,
  media: Obj,
  mediaType: string,
  pointer: string,
  direction: 'request' | 'response',
): { examples: ApiExample[]; exampleSkipped: boolean } {
  const out: ApiExample[] = [];
  const limit = ctx.exampleChars ?? EXAMPLE_LIMITS.chars;
  let exampleSkipped = false;
  if (isObj(media.examples)) {
    for (const [name, raw] of Object.entries(media.examples).slice(0, EXAMPLE_LIMITS.perMedia)) {
      const { value: ex } = ctx.deref(raw, ptr(pointer, 'examples', name));
      if (!ex) continue;
      const externalValue = ctx.safeUrl(ex.externalValue, ptr(pointer, 'examples', name, 'externalValue'));
      if (ex.value === undefined && !externalValue) continue;
      out.push({
        ...formatExample(ex.value ?? '', mediaType, false, limit),
        name,
        summary: str(ex.summary),
        description: ctx.describe(ex.description),
        externalValue,
      });
    }
  }
  if (!out.length && media.example !== undefined) out.push(formatExample(media.example, mediaType, false, limit));
  if (!out.length && media.schema !== undefined && isJsonLike(mediaType)) {
    const generated = generateExample(ctx, media.schema, direction, ptr(pointer, 'schema'));
    if (!generated.skipped) out.push(generatedExample(ctx, generated, mediaType));
    exampleSkipped = generated.skipped === 'too-complex';
  }
  return { examples: out, exampleSkipped };
}

/**
 * A generated example as shown, made once per sample and media type: the operations that share a
 * schema share its text (Microsoft Graph's generated examples held about 90 MB, made again per operation).
 */
function generatedExample(ctx: ModelContext, sample: SampleResult, mediaType: string): ApiExample {
  let byMedia = ctx.generatedExamples.get(sample);
  if (!byMedia) ctx.generatedExamples.set(sample, (byMedia = new Map()));
  let example = byMedia.get(mediaType);
  if (!example) byMedia.set(mediaType, (example = formatExample(sample.value, mediaType, true, ctx.exampleChars ?? EXAMPLE_LIMITS.generatedChars)));
  return example;
}

/** A value shown as pretty JSON (or as is, for a string of a non-JSON media type), cut to the limit. */
function formatExample(value: unknown, mediaType: string, generated: boolean, limit: number): ApiExample {
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
  const truncated = text.length > limit;
  return {
    name: undefined,
    summary: undefined,
    description: undefined,
    value: truncated ? cutAtLine(text, limit) : text,
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

/** An example generated from `schema` (memoised per reference), or why there is none. */
function generateExample(ctx: ModelContext, schema: unknown, direction: 'request' | 'response', pointer: string): SampleResult {
  if (!isObj(schema)) return { value: undefined, skipped: 'failed' };
  const key = typeof schema.$ref === 'string' && Object.keys(schema).length === 1 ? `${direction} ${schema.$ref}` : undefined;
  if (key && ctx.examples.has(key)) return ctx.examples.get(key) as SampleResult;
  const result = sampleSchema(ctx, schema, direction, pointer);
  if (key) ctx.examples.set(key, result);
  return result;
}
