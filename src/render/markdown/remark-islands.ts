import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement, MdxJsxAttribute } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { HYDRATE_STRATEGIES, type HydrateStrategy } from '../../shared/islands.js';
import { isInside } from '../sources/walk.js';

/** A component of the site that some page uses as an island. */
export interface IslandComponent {
  name: string;
  /** Absolute path of the module. */
  file: string;
  exportName: string;
}

/** What compile-mdx hands the MDX remark plugins through `file.data.shipdocsMdx`. */
export interface MdxFileData {
  islands: Map<string, IslandComponent>;
  absPath: string;
  /** Absolute project root: `@site/…` imports resolve from it. */
  root: string;
  /** Local names bound by the file's imports: name → module specifier and imported name. */
  imports: Map<string, { source: string; exportName: string }>;
}

/** `@site/content/components/X` imports X from the project root, from any folder (versions too). */
export const SITE_ALIAS = '@site/';
const EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

/** The project file an import specifier names (relative, `@site/…`), if it exists inside the root. */
function resolveModule(from: string, specifier: string, root: string): string | undefined {
  let base: string;
  if (specifier.startsWith(SITE_ALIAS)) base = resolve(root, specifier.slice(SITE_ALIAS.length));
  else if (specifier.startsWith('./') || specifier.startsWith('../')) base = resolve(dirname(from), specifier);
  else return undefined;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return isInside(candidate, root) ? candidate : undefined;
  }
  return undefined;
}

function expression(name: string): MdxJsxAttribute['value'] {
  return {
    type: 'mdxJsxAttributeValueExpression',
    value: name,
    data: { estree: { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: { type: 'Identifier', name } }] } as never },
  };
}

interface EstreeNode {
  type: string;
  loc?: { start: { line: number; column: number } };
  [key: string]: unknown;
}

/** Why an estree expression can never be a JSON value (undefined: it is, or only runtime can tell). */
function nonJsonExpression(node: EstreeNode): string | undefined {
  switch (node.type) {
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return 'a function';
    case 'ClassExpression':
      return 'a class';
    case 'JSXElement':
    case 'JSXFragment':
      return 'a React element';
    case 'NewExpression':
      return 'an object built with `new`';
    case 'Literal':
      return 'regex' in node ? 'a regular expression' : 'bigint' in node ? 'a BigInt' : undefined;
    case 'Identifier':
      return ['undefined', 'NaN', 'Infinity'].includes(node.name as string) ? `\`${node.name as string}\`` : undefined;
    case 'ArrayExpression':
      return firstProblem((node.elements as (EstreeNode | null)[]).filter((e): e is EstreeNode => e !== null));
    case 'ObjectExpression':
      return firstProblem(
        (node.properties as EstreeNode[]).map((p) => (p.type === 'Property' ? (p.method ? p : (p.value as EstreeNode)) : (p.argument as EstreeNode))),
      );
    case 'Property':
      return 'a method';
    default:
      return undefined;
  }
}

function firstProblem(nodes: readonly EstreeNode[]): string | undefined {
  for (const n of nodes) {
    const problem = nonJsonExpression(n);
    if (problem) return problem;
  }
  return undefined;
}

export const JSON_PROPS_HINT =
  'island props must be JSON values (strings, numbers, booleans, null, arrays and plain objects): they are sent to the browser inside the page';

/**
 * `<Widget client:load prop={1} />` in MDX becomes `<Island name strategy component={Widget}
 * props={{ prop: 1 }} />`: rendered on the server, hydrated in the browser. The widget must be
 * imported from a file of the project; its props must be JSON values. Problems are file messages
 * (all of them, with positions); compile-mdx turns them into diagnostics.
 */
export function remarkIslands() {
  return (tree: Root, file: VFile): void => {
    const { islands, absPath, root, imports } = file.data.shipdocsMdx as MdxFileData;
    visit(tree, (node) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const el = node as MdxJsxFlowElement | MdxJsxTextElement;
      const directive = el.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name.startsWith('client:'));
      if (!directive || !el.name) return;
      const strategy = directive.name.slice('client:'.length) as HydrateStrategy;
      const tag = `<${el.name} ${directive.name}>`;
      if (!HYDRATE_STRATEGIES.includes(strategy)) {
        file.message(`Unknown hydration "${directive.name}" on <${el.name}>: use client:load, client:idle, client:visible or client:interaction.`, el);
        return;
      }
      const imported = imports.get(el.name);
      const module = imported && imported.exportName !== '*' ? resolveModule(absPath, imported.source, root) : undefined;
      if (!imported || !module) {
        file.message(
          `${tag} must be a component imported from a file of the project, e.g. \`import ${el.name} from '@site/content/components/${el.name}';\`.`,
          el,
        );
        return;
      }
      // Named from the module's place in the project: the same wherever the project is.
      const name = `c${createHash('sha256')
        .update(`${relative(root, module).split('\\').join('/')}#${imported.exportName}`)
        .digest('hex')
        .slice(0, 10)}`;
      islands.set(name, { name, file: module, exportName: imported.exportName });
      // The props object is built as an estree expression from the attributes' own expressions.
      const literal = (value: unknown): unknown => ({ type: 'Literal', value, raw: JSON.stringify(value) });
      const properties: unknown[] = [];
      let ok = true;
      for (const a of el.attributes) {
        if (a === directive) continue;
        const expr = (
          a.type === 'mdxJsxExpressionAttribute' ? a.data?.estree?.body[0] : typeof a.value === 'object' ? a.value?.data?.estree?.body[0] : undefined
        ) as { expression?: EstreeNode } | undefined;
        const problem = expr?.expression && nonJsonExpression(expr.expression);
        if (problem) {
          const label = a.type === 'mdxJsxAttribute' ? `Prop "${a.name}"` : 'A spread prop';
          const loc = expr.expression!.loc?.start;
          file.message(`${label} of ${tag} is ${problem}: ${JSON_PROPS_HINT}.`, { place: loc ? { line: loc.line, column: loc.column + 1 } : el.position });
          ok = false;
          continue;
        }
        if (a.type === 'mdxJsxExpressionAttribute') {
          // `{...rates}`: its spread element joins the props object.
          properties.push(...(((expr?.expression as EstreeNode | undefined)?.properties as unknown[] | undefined) ?? []));
          continue;
        }
        let value: unknown;
        if (a.value === null || a.value === undefined) value = literal(true);
        else if (typeof a.value === 'string') value = literal(a.value);
        else value = expr?.expression;
        if (value) properties.push({ type: 'Property', key: literal(a.name), value, kind: 'init', computed: false, method: false, shorthand: false });
      }
      if (!ok) return;
      const start = el.position?.start;
      el.attributes = [
        { type: 'mdxJsxAttribute', name: 'name', value: name },
        { type: 'mdxJsxAttribute', name: 'strategy', value: strategy },
        { type: 'mdxJsxAttribute', name: 'component', value: expression(el.name) },
        // Where the island is written, for the render-time check of its props' values.
        { type: 'mdxJsxAttribute', name: 'at', value: `${start?.line ?? 1}:${start?.column ?? 1}:${tag}` },
        {
          type: 'mdxJsxAttribute',
          name: 'props',
          value: {
            type: 'mdxJsxAttributeValueExpression',
            value: '{}',
            data: {
              estree: {
                type: 'Program',
                sourceType: 'module',
                body: [{ type: 'ExpressionStatement', expression: { type: 'ObjectExpression', properties } }],
              } as never,
            },
          },
        },
      ];
      el.name = 'Island';
      el.children = [];
    });
  };
}

/** Why a prop value would not survive the trip to the browser as JSON (undefined: it would). */
export function nonJsonValue(value: unknown, seen: Set<object> = new Set()): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `\`${String(value)}\``;
    case 'function':
      return 'a function';
    case 'undefined':
      return '`undefined`';
    case 'bigint':
      return 'a BigInt';
    case 'symbol':
      return 'a symbol';
  }
  if (value === null) return undefined;
  const obj = value as object;
  if (seen.has(obj)) return 'a circular structure';
  const proto = Object.getPrototypeOf(obj) as object | null;
  if (!Array.isArray(obj) && proto !== Object.prototype && proto !== null) return `a ${obj.constructor?.name ?? 'non-plain'} object`;
  seen.add(obj);
  for (const item of Array.isArray(obj) ? obj : Object.values(obj)) {
    const problem = nonJsonValue(item, seen);
    if (problem) return problem;
  }
  seen.delete(obj);
  return undefined;
}
