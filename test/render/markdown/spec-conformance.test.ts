// The `.md` and `.mdx` pipelines against the examples of the CommonMark 0.31.2 and GFM specs,
// compared as normalised HTML (conformance/normalize-html.ts) once our deliberate additions are
// taken off (conformance/adjustments.ts). Every example must pass except those listed, with
// their reason, in conformance/differences.ts; a listed example that passes fails the test too,
// so the list stays true.
import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SPEC_EXAMPLES, type Spec, type SpecExample } from './conformance/spec-examples.js';
import { renderAll, type Pipeline, type Rendered } from './conformance/render-examples.js';
import { normalizeHtml, normalizeTree, parseHtml } from './conformance/normalize-html.js';
import { ADJUSTMENTS } from './conformance/adjustments.js';
import { DIFFERENCES } from './conformance/differences.js';

const PIPELINES: readonly Pipeline[] = ['md', 'mdx'];
const SPECS: readonly Spec[] = ['commonmark', 'gfm'];
/** SHIPDOCS_CONFORMANCE_REPORT=file writes every failing example there (for updating the lists). */
const REPORT = process.env.SHIPDOCS_CONFORMANCE_REPORT;

interface Outcome {
  example: SpecExample;
  pass: boolean;
  expected: string;
  actual: string;
  errors: string[];
  warnings: string[];
}

const outcomes = new Map<Pipeline, Outcome[]>();
/** Examples each adjustment changed, by pipeline. */
const adjusted = new Map<string, number>();

function compare(example: SpecExample, rendered: Rendered, pipeline: Pipeline): Outcome {
  const tree = parseHtml(rendered.html);
  for (const a of ADJUSTMENTS) {
    if (a.pipelines.includes(pipeline) && a.apply(tree)) adjusted.set(`${pipeline}:${a.name}`, (adjusted.get(`${pipeline}:${a.name}`) ?? 0) + 1);
  }
  const expected = normalizeHtml(example.html);
  const actual = normalizeTree(tree);
  return { example, pass: rendered.errors.length === 0 && actual === expected, expected, actual, errors: rendered.errors, warnings: rendered.warnings };
}

beforeAll(async () => {
  // The GFM spec repeats most of CommonMark's examples: each distinct input is rendered once.
  const inputs = [...new Set(SPEC_EXAMPLES.map((e) => e.markdown))];
  // React (a development build under vitest) warns about the examples' odd HTML as JSX: not ours to read.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    for (const pipeline of PIPELINES) {
      const rendered = await renderAll(pipeline, inputs);
      const byInput = new Map(inputs.map((input, i) => [input, rendered[i]!]));
      outcomes.set(
        pipeline,
        SPEC_EXAMPLES.map((e) => compare(e, byInput.get(e.markdown)!, pipeline)),
      );
    }
  } finally {
    quiet.mockRestore();
  }
  if (REPORT)
    writeFileSync(
      REPORT,
      JSON.stringify(
        [...outcomes].flatMap(([pipeline, list]) => list.filter((o) => !o.pass).map((o) => ({ pipeline, ...o }))),
        null,
        1,
      ),
    );
  const rates = [...outcomes].flatMap(([pipeline, list]) =>
    SPECS.map((spec) => {
      const of = list.filter((o) => o.example.spec === spec);
      return `${pipeline} ${spec}: ${of.filter((o) => o.pass).length}/${of.length}`;
    }),
  );
  console.log(rates.join('\n'));
});

describe.each(PIPELINES)('%s pipeline', (pipeline) => {
  it.each(SPECS)('passes every %s example but the listed differences', (spec) => {
    const failing = outcomes
      .get(pipeline)!
      .filter((o) => o.example.spec === spec && !o.pass)
      .map((o) => o.example.example);
    const listed = DIFFERENCES.filter((d) => d.pipelines.includes(pipeline)).flatMap((d) => d[spec] ?? []);
    expect(
      failing.filter((n) => !listed.includes(n)),
      'failing examples not listed in conformance/differences.ts',
    ).toEqual([]);
    expect(
      listed.filter((n) => !failing.includes(n)),
      'listed examples that pass now: take them off the list',
    ).toEqual([]);
  });

  it('reports what a difference says it reports (a dropped element is said, at its line)', () => {
    const missing = DIFFERENCES.filter((d) => d.warns && d.pipelines.includes(pipeline)).flatMap((d) =>
      SPECS.flatMap((spec) =>
        (d[spec] ?? [])
          .filter(
            (n) =>
              !outcomes
                .get(pipeline)!
                .find((o) => o.example.spec === spec && o.example.example === n)!
                .warnings.includes(d.warns!),
          )
          .map((n) => `${spec} ${n}: no ${d.warns}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('takes off only additions that are still made', () => {
    const unused = ADJUSTMENTS.filter((a) => a.pipelines.includes(pipeline) && !adjusted.has(`${pipeline}:${a.name}`)).map((a) => a.name);
    expect(unused).toEqual([]);
  });
});
