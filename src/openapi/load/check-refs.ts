import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { Position } from './parse-document.js';
import { getAtPointer, joinPointer } from './pointer.js';

// Every internal `$ref` ("#/…") of the document as written must point at something. Checked on the
// source document, before validation and before any conversion, so that unresolved references are
// reported together with the validation errors, at their own line and column (a Swagger 2.0
// document's too). References into other files are the bundler's to check (resolve-external.ts).
// Literal values (examples, defaults, enums, extensions) may hold a "$ref" key that is data.

/** Keywords whose value is data, not OpenAPI objects or schemas. */
const LITERAL = new Set(['example', 'default', 'const', 'enum', 'value']);
/** Keywords whose value maps names (chosen by the author) to objects: the keys there are not keywords. */
const NAME_MAPS = new Set([
  'paths',
  'webhooks',
  'callbacks',
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'pathItems',
  'content',
  'encoding',
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
  'securityDefinitions',
  'variables',
]);

const MAX_REF_PROBLEMS = 100;

interface Frame {
  node: object;
  key: string;
  parent: Frame | undefined;
  /** The node's keys are names (of paths, schemas, properties…), not keywords. */
  names: boolean;
}

/** Unresolved internal references of `root`, each at its own place (in walk order: the caller sorts); and whether any reference points into another file. */
export function checkInternalRefs(
  root: unknown,
  file: string,
  locate: (pointer: string, key?: boolean) => Position | undefined,
): { diagnostics: Diagnostic[]; external: boolean } {
  const problems: Diagnostic[] = [];
  const resolves = new Map<string, boolean>();
  let external = false;
  const pointerOf = (frame: Frame): string => {
    const keys: string[] = [];
    for (let f: Frame | undefined = frame; f?.parent; f = f.parent) keys.push(f.key);
    return joinPointer(keys.reverse());
  };
  // Iterative, and pointers are built only for what is reported: GitHub's 13 MB document has ~1.5M values.
  if (root === null || typeof root !== 'object') return { diagnostics: problems, external };
  const stack: Frame[] = [{ node: root, key: '', parent: undefined, names: false }];
  while (stack.length) {
    const frame = stack.pop()!;
    const node = frame.node;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        const child: unknown = node[i];
        if (child !== null && typeof child === 'object') stack.push({ node: child, key: String(i), parent: frame, names: false });
      }
      continue;
    }
    for (const key in node) {
      const child = (node as Record<string, unknown>)[key];
      if (!frame.names) {
        if (LITERAL.has(key) || key.startsWith('x-') || (key === 'examples' && Array.isArray(child))) continue;
        if (key === '$ref' && typeof child === 'string') {
          if (!child.startsWith('#')) external = true;
          else if (problems.length < MAX_REF_PROBLEMS) {
            let ok = resolves.get(child);
            if (ok === undefined) resolves.set(child, (ok = getAtPointer(root, child) !== undefined));
            if (!ok) {
              const at = `${pointerOf(frame)}/$ref`;
              problems.push(
                diagnostic('SD3007', {
                  message: `Unresolved reference ${JSON.stringify(child)}: nothing exists at that place in the document.`,
                  file,
                  pointer: at,
                  ...(locate(at) ?? { line: 1, column: 1 }),
                }),
              );
            }
          }
        }
      }
      if (child !== null && typeof child === 'object') stack.push({ node: child, key, parent: frame, names: !frame.names && NAME_MAPS.has(key) });
    }
  }
  return { diagnostics: problems, external };
}
