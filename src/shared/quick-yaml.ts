import * as jsYaml from 'js-yaml';

// YAML read by js-yaml, ten times faster than the `yaml` package on the same text (the default
// site's OpenAPI document: 5 against 65 ms; a site's thousands of front matter blocks). The `yaml`
// package stays the reader of record: it keeps positions (errors point at their line), limits
// alias expansions and holds to the spec, so a text goes to it whenever js-yaml cannot be trusted
// to read it the same: when js-yaml fails, when the text defines an anchor (aliases: the alias
// limit), when a quoted text goes on to a line no deeper than its first or a line is indented with
// a tab (js-yaml reads them, `yaml` holds them to YAML's indentation) and when a key is a collection
// (each writes it as a different text). A differential test holds the two equal.

/** Returned by `quickYaml` when the `yaml` package must read the text. */
export const NEEDS_YAML_PACKAGE = Symbol('needs the yaml package');

/** YAML 1.2's core integers, as `yaml` reads them (js-yaml's own also read `0b101`, `-0x1`, `+0o7`). */
const coreInt = new jsYaml.Type('tag:yaml.org,2002:int', {
  kind: 'scalar',
  resolve: (text: string | null) => text !== null && /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/.test(text),
  construct: (text: string) => (text.startsWith('0o') ? parseInt(text.slice(2), 8) : text.startsWith('0x') ? parseInt(text.slice(2), 16) : Number(text)),
});

/** YAML 1.2's core floats, as `yaml` reads them (js-yaml's own do not read `+.5`). */
const coreFloat = new jsYaml.Type('tag:yaml.org,2002:float', {
  kind: 'scalar',
  resolve: (text: string | null) =>
    text !== null && /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/.test(text),
  construct: (text: string) => (/nan$/i.test(text) ? NaN : /inf$/i.test(text) ? (text.startsWith('-') ? -Infinity : Infinity) : Number(text)),
});

/** js-yaml's own null and boolean types, YAML 1.2's core ones (its published typings leave this export out). */
const { types } = jsYaml as unknown as { types: Record<'null' | 'bool', jsYaml.Type> };

/** YAML 1.2's core schema (null, booleans, integers, floats; no timestamps or merge keys), as `yaml` reads it. */
const CORE = jsYaml.FAILSAFE_SCHEMA.extend({ implicit: [types.null, types.bool, coreInt, coreFloat] });

/** A flow mapping whose first key is a collection (`{{a}}`, templates' placeholders): js-yaml and `yaml` name such keys differently. */
const FLOW_COLLECTION_KEY = /\{[ \t]*[[{]/;
/** A tab in a line's indentation: `yaml` refuses it where YAML does, js-yaml in fewer places. */
const TAB_INDENT = /^ *\t/m;

/** The value of a YAML text (an empty text: null), or NEEDS_YAML_PACKAGE. */
export function quickYaml(text: string): unknown {
  if (FLOW_COLLECTION_KEY.test(text) || TAB_INDENT.test(text)) return NEEDS_YAML_PACKAGE;
  let trusted = true;
  /** Where each node being read began. */
  const starts: number[] = [];
  try {
    const value = jsYaml.load(text, {
      schema: CORE,
      listener(event, state) {
        if (event === 'open') return void starts.push(state.position);
        const start = starts.pop()!;
        const { anchor, kind, position } = state as typeof state & { anchor: string | null; kind: string | null };
        if (anchor != null) trusted = false;
        else if (kind === 'scalar') trusted &&= !underIndentedQuote(text, start, position);
        else if (kind === 'mapping' || kind === 'sequence') trusted &&= !isKey(text, position);
      },
    });
    return trusted ? (value ?? null) : NEEDS_YAML_PACKAGE;
  } catch {
    return NEEDS_YAML_PACKAGE;
  }
}

/** Whether a quoted scalar (text[start, end)) runs on to a line no deeper than the line it opens on. */
function underIndentedQuote(text: string, start: number, end: number): boolean {
  let quote = start;
  while (/\s/.test(text[quote] ?? '')) quote++;
  if (text[quote] !== '"' && text[quote] !== "'") return false;
  const opening = indentOf(text.slice(text.lastIndexOf('\n', quote - 1) + 1, quote));
  for (let at = text.indexOf('\n', quote); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) {
    const next = text.indexOf('\n', at + 1);
    const line = text.slice(at + 1, next < 0 ? text.length : next);
    if (line.trim() !== '' && indentOf(line) <= opening) return true;
  }
  return false;
}

const indentOf = (line: string): number => line.length - line.trimStart().length;

/** Whether a collection that ends at `end` is followed by `:`, as a key is (`[a, b]: x`, `? [a]` then `: x`). */
function isKey(text: string, end: number): boolean {
  let i = end;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return text[i] === ':';
}
