import { parseDocument as parseYaml, isAlias, isMap, isNode, isScalar, isSeq, LineCounter, type Document, type Pair, type YAMLMap } from 'yaml';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { jsonLocator } from './locate-json.js';
import { joinPointer, splitPointer } from './pointer.js';
import { NEEDS_YAML_PACKAGE, quickYaml } from '../../shared/quick-yaml.js';

// Text → value, keeping a way back from a JSON pointer to the line and column it came from, so
// validation errors found later on the plain value can point into the file. JSON goes through
// JSON.parse (far faster than any YAML parser on a large spec) and is parsed again for positions only when
// something is reported (locate-json.ts). YAML is read quickly (shared/quick-yaml.ts) and by the `yaml` package, which keeps
// every node's range and counts alias expansions against a limit, when the quick reading cannot and when a position is asked for.

export interface Position {
  line: number;
  column: number;
}

export interface ParsedDocument {
  value: unknown;
  /** Position of the value (or, with `key`, of the key) at a JSON pointer; the nearest existing parent otherwise. */
  locate: (pointer: string, key?: boolean) => Position | undefined;
  diagnostics: Diagnostic[];
}

/** Alias expansions allowed, weighted by the aliased node's own aliases (yaml's measure). */
const MAX_ALIAS_COUNT = 1000;

export function parseDocumentText(text: string, file: string): ParsedDocument {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const { parsed, problem } = /\.json$/i.test(file) ? checked(parseJson(source, file)) : checked(readYaml(source, file));
  if (!problem) return parsed;
  const pos = parsed.locate(problem.pointer) ?? { line: 1, column: 1 };
  const message =
    problem.kind === 'cycle'
      ? 'A YAML alias refers to a node that contains it, which makes the document infinite; use a $ref instead.'
      : `The document is nested more than ${MAX_DEPTH} levels deep.`;
  return { value: undefined, locate: parsed.locate, diagnostics: [diagnostic('SD3003', { message, file, pointer: problem.pointer, ...pos })] };
}

const MAX_DEPTH = 500;

type ShapeProblem = { kind: 'cycle' | 'depth'; pointer: string };

/** A parse, and the first problem of its value's shape (none when it did not parse). */
function checked(parsed: ParsedDocument): { parsed: ParsedDocument; problem: ShapeProblem | undefined } {
  // Every later stage walks the value recursively: it must be a finite, reasonably shallow tree.
  return { parsed, problem: parsed.value === undefined || parsed.diagnostics.length ? undefined : checkShape(parsed.value) };
}

/** Finds a cycle (possible with YAML aliases) or excessive nesting, without recursion. */
function checkShape(value: unknown): ShapeProblem | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const done = new WeakSet<object>();
  const onPath = new Set<object>([value]);
  type Frame = { node: object; keys: string[]; i: number };
  const path: string[] = [];
  const stack: Frame[] = [{ node: value, keys: Object.keys(value), i: 0 }];
  const at = (key: string): string => joinPointer([...path.slice(0, stack.length - 1), key]);
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    if (frame.i >= frame.keys.length) {
      stack.pop();
      path.pop();
      onPath.delete(frame.node);
      done.add(frame.node);
      continue;
    }
    const key = frame.keys[frame.i++]!;
    const child = (frame.node as Record<string, unknown>)[key];
    if (child === null || typeof child !== 'object' || done.has(child)) continue;
    if (onPath.has(child)) return { kind: 'cycle', pointer: at(key) };
    if (stack.length >= MAX_DEPTH) return { kind: 'depth', pointer: at(key) };
    onPath.add(child);
    stack.push({ node: child, keys: Object.keys(child), i: 0 });
    path.length = stack.length - 2;
    path.push(key);
  }
  return undefined;
}

function parseJson(text: string, file: string): ParsedDocument {
  const offsetOf = jsonLocator(text);
  const positionOf = positionsIn(text);
  const locate = (pointer: string, key = false): Position | undefined => {
    const offset = offsetOf(pointer, key);
    return offset === undefined ? undefined : positionOf(offset);
  };
  try {
    return { value: JSON.parse(text), locate, diagnostics: [] };
  } catch (err) {
    const message = (err as Error).message;
    const at = /at position (\d+)/.exec(message);
    const lc = /line (\d+) column (\d+)/.exec(message);
    const pos = lc ? { line: Number(lc[1]), column: Number(lc[2]) } : at ? positionOf(Number(at[1])) : { line: 1, column: 1 };
    const clean = message
      .replace(/^JSON\.parse: /, '')
      .replace(/ in JSON at position \d+.*$/, '')
      .replace(/\s*\(line \d+ column \d+\)$/, '');
    return { value: undefined, locate, diagnostics: [diagnostic('SD3003', { message: `Invalid JSON: ${clean}`, file, ...pos })] };
  }
}

function readYaml(text: string, file: string): ParsedDocument {
  const value = quickYaml(text);
  if (value === NEEDS_YAML_PACKAGE) return parseYamlWithPositions(text, file);
  let positioned: ParsedDocument | undefined;
  return { value, locate: (pointer, key) => (positioned ??= parseYamlWithPositions(text, file)).locate(pointer, key), diagnostics: [] };
}

function parseYamlWithPositions(text: string, file: string): ParsedDocument {
  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    doc = parseYaml(text, { lineCounter, prettyErrors: false, uniqueKeys: true, strict: true });
  } catch (err) {
    // The parser recurses per nesting level: a pathological document overflows the stack.
    return {
      value: undefined,
      locate: () => undefined,
      diagnostics: [diagnostic('SD3003', { message: `Invalid YAML: ${(err as Error).message}`, file, line: 1, column: 1 })],
    };
  }
  const pos = (offset: number): Position => {
    const p = lineCounter.linePos(offset);
    return { line: p.line, column: p.col };
  };
  const locate = (pointer: string, key = false): Position | undefined => {
    const range = locateYamlNode(doc, pointer, key);
    return range === undefined ? undefined : pos(range);
  };
  const diagnostics: Diagnostic[] = [];
  for (const err of doc.errors.slice(0, 20)) {
    diagnostics.push(diagnostic('SD3003', { message: `Invalid YAML: ${err.message.split('\n')[0]}`, file, ...pos(err.pos[0]) }));
  }
  if (diagnostics.length) return { value: undefined, locate, diagnostics };
  try {
    return { value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }), locate, diagnostics };
  } catch (err) {
    const message = (err as Error).message;
    const bomb = /alias/i.test(message);
    const firstAlias = bomb ? findFirstAlias(doc) : undefined;
    return {
      value: undefined,
      locate,
      diagnostics: [
        diagnostic(bomb ? 'SD3008' : 'SD3003', {
          message: bomb ? `YAML aliases expand beyond the limit of ${MAX_ALIAS_COUNT}: ${message}.` : `Invalid YAML: ${message}`,
          file,
          ...(firstAlias !== undefined ? pos(firstAlias) : { line: 1, column: 1 }),
        }),
      ],
    };
  }
}

const yamlKeys = new WeakMap<YAMLMap, Map<string, Pair>>();

/** A map's pairs by key, indexed on first use: a pointer costs its depth, not the sizes of the maps on its way. */
function pairsOf(map: YAMLMap): Map<string, Pair> {
  let byKey = yamlKeys.get(map);
  if (!byKey) {
    byKey = new Map();
    for (const p of map.items) {
      const name = isScalar(p.key) ? String(p.key.value) : String(p.key);
      if (!byKey.has(name)) byKey.set(name, p);
    }
    yamlKeys.set(map, byKey);
  }
  return byKey;
}

/** Offset of the node at `pointer`: a scalar's value, a collection's key (or the key when `key`); else the nearest parent's. */
function locateYamlNode(doc: Document, pointer: string, key: boolean): number | undefined {
  let node: unknown = doc.contents;
  let last: number | undefined = isNode(node) ? node.range?.[0] : undefined;
  for (const segment of splitPointer(pointer)) {
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node)) {
      const pair = pairsOf(node).get(segment);
      if (!pair) return last;
      node = pair.value;
      const keyAt = isNode(pair.key) ? pair.key.range?.[0] : undefined;
      const valueAt = isNode(node) ? node.range?.[0] : undefined;
      last = (key || !isScalar(node) ? (keyAt ?? valueAt) : (valueAt ?? keyAt)) ?? last;
    } else if (isSeq(node)) {
      node = node.items[Number(segment)];
      if (!isNode(node)) return last;
      last = node.range?.[0] ?? last;
    } else {
      return last;
    }
  }
  return last;
}

function findFirstAlias(doc: Document): number | undefined {
  let found: number | undefined;
  const walk = (node: unknown, depth: number): void => {
    if (found !== undefined || depth > 200) return;
    if (isAlias(node)) found = node.range?.[0];
    else if (isMap(node)) for (const p of node.items) walk(p.value, depth + 1);
    else if (isSeq(node)) for (const item of node.items) walk(item, depth + 1);
  };
  walk(doc.contents, 0);
  return found;
}

/** Line and column of an offset, from yaml's table of line starts, made on the first call. */
function positionsIn(text: string): (offset: number) => Position {
  let lines: LineCounter | undefined;
  return (offset) => {
    if (!lines) {
      lines = new LineCounter();
      lines.addNewLine(0);
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines.addNewLine(i + 1);
    }
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
}
