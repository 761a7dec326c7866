import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement, MdxJsxAttribute } from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { HYDRATE_STRATEGIES, type HydrateStrategy } from '../../shared/islands.js';

/** A component of the site that some page uses as an island. */
export interface IslandComponent {
  name: string;
  /** Absolute path of the module. */
  file: string;
  exportName: string;
}

const EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js'];

function resolveModule(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return undefined;
  const base = resolve(dirname(from), specifier);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
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

/**
 * `<Widget client:load prop={1} />` in MDX becomes `<Island name strategy component={Widget}
 * props={{ prop: 1 }} />`: rendered on the server, hydrated in the browser. The widget must be
 * imported from a project file; its props must be JSON values.
 */
export function remarkIslands() {
  return (tree: Root, file: VFile): void => {
    const { islands, absPath } = file.data.shipdocsMdx as { islands: Map<string, IslandComponent>; absPath: string };
    const imports = new Map<string, { source: string; exportName: string }>();
    visit(tree, 'mdxjsEsm', (node: MdxjsEsm) => {
      for (const stmt of (node.data?.estree?.body ?? []) as { type: string; source?: { value: string }; specifiers?: { type: string; local: { name: string }; imported?: { name: string } }[] }[]) {
        if (stmt.type !== 'ImportDeclaration' || !stmt.source) continue;
        for (const spec of stmt.specifiers ?? []) {
          imports.set(spec.local.name, { source: stmt.source.value, exportName: spec.type === 'ImportDefaultSpecifier' ? 'default' : (spec.imported?.name ?? spec.local.name) });
        }
      }
    });
    visit(tree, (node) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const el = node as MdxJsxFlowElement | MdxJsxTextElement;
      const directive = el.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name.startsWith('client:'));
      if (!directive || !el.name) return;
      const strategy = directive.name.slice('client:'.length) as HydrateStrategy;
      const where = `${file.path}:${el.position?.start.line ?? 0}`;
      if (!HYDRATE_STRATEGIES.includes(strategy)) file.fail(`Unknown hydration "${directive.name}" on <${el.name}>: use client:load, client:idle, client:visible or client:interaction.`, el);
      const imported = imports.get(el.name);
      const module = imported && resolveModule(absPath, imported.source);
      if (!imported || !module) file.fail(`<${el.name} ${directive.name}> must be a component imported from a file of the project (${where}).`, el);
      const name = `c${createHash('sha256').update(`${module}#${imported!.exportName}`).digest('hex').slice(0, 10)}`;
      islands.set(name, { name, file: module!, exportName: imported!.exportName });
      const props = el.attributes.filter((a) => a !== directive);
      // The props object is built as an estree expression from the attributes' own expressions.
      const properties = props.flatMap((a) => {
        if (a.type !== 'mdxJsxAttribute') return [];
        const literal = (value: unknown): unknown => ({ type: 'Literal', value, raw: JSON.stringify(value) });
        let value: unknown;
        if (a.value === null || a.value === undefined) value = literal(true);
        else if (typeof a.value === 'string') value = literal(a.value);
        else value = (a.value.data?.estree?.body[0] as { expression?: unknown } | undefined)?.expression;
        if (!value) return [];
        return [{ type: 'Property', key: literal(a.name), value, kind: 'init', computed: false, method: false, shorthand: false }];
      });
      el.attributes = [
        { type: 'mdxJsxAttribute', name: 'name', value: name },
        { type: 'mdxJsxAttribute', name: 'strategy', value: strategy },
        { type: 'mdxJsxAttribute', name: 'component', value: expression(el.name) },
        {
          type: 'mdxJsxAttribute',
          name: 'props',
          value: {
            type: 'mdxJsxAttributeValueExpression',
            value: '{}',
            data: { estree: { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: { type: 'ObjectExpression', properties } }] } as never },
          },
        },
      ];
      el.name = 'Island';
      el.children = [];
    });
  };
}
