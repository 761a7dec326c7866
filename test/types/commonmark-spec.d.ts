// npm `commonmark-spec` ships no types: the spec's text and its examples, parsed.
declare module 'commonmark-spec' {
  export interface Example {
    markdown: string;
    html: string;
    section: string;
    /** 1-based, as the spec numbers its examples. */
    number: number;
  }
  export const text: string;
  export const tests: Example[];
}
