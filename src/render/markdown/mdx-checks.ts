import type { Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import type { MdxFileData } from './remark-islands.js';

// Checks on an MDX file before it runs, so its mistakes are reported with their real position
// (MDX itself would only throw "Expected component `X` to be defined" at render time, with none),
// and the markers that let a render-time throw name the block it came from.

/** Names every MDX file may use without declaring them. */
export interface MdxNamesData {
  /** Built-in components (Tabs, Details, …) and the ones the compiler adds. */
  known: ReadonlySet<string>;
  /** The built-in components only, as the message on an undefined component lists them. */
  builtins: readonly string[];
  /** Filled here: where each import specifier is written (body coordinates). */
  importAt: Map<string, { line: number; column: number }>;
}

/** Component that records the position of the block rendered next; renders nothing. */
export const RENDER_MARKER = 'ShipdocsRenderAt';

interface EstreeStatement {
  type: string;
  source?: { value: string; loc?: { start: { line: number; column: number } } };
  specifiers?: { type: string; local: { name: string }; imported?: { name: string }; exported?: { name: string } }[];
  declaration?: { type: string; id?: { name: string }; declarations?: { id: { type: string; name?: string } }[] } | null;
}

/** A JSX name MDX looks up as a variable (`Foo`, `foo.bar`), not an HTML tag (`div`, `my-el`). */
function referencedName(name: string): string | undefined {
  const head = name.split('.')[0]!;
  if (name.includes('.')) return head;
  return /^[A-Z_$]/.test(head) ? head : undefined;
}

/** The first component a block uses (`<Tabs>`), if any. */
function firstComponent(node: RootContent): string | undefined {
  let found: string | undefined;
  visit(node, (n) => {
    const name = (n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') && (n as MdxJsxFlowElement).name;
    if (name && referencedName(name)) found = name;
    return found ? false : undefined;
  });
  return found;
}

/**
 * Records the file's imports (for remark-islands and for placing esbuild's errors), reports every
 * component used but neither imported, exported nor built in, and puts a render marker before
 * each top-level block that holds a component.
 */
export function remarkMdxNames() {
  return (tree: Root, file: VFile): void => {
    const data = file.data.shipdocsMdx as MdxFileData & MdxNamesData;
    const declared = new Set(data.known);
    visit(tree, 'mdxjsEsm', (node: MdxjsEsm) => {
      for (const stmt of (node.data?.estree?.body ?? []) as EstreeStatement[]) {
        const loc = stmt.source?.loc?.start;
        if (stmt.source && loc && !data.importAt.has(stmt.source.value)) data.importAt.set(stmt.source.value, { line: loc.line, column: loc.column + 1 });
        if (stmt.type === 'ImportDeclaration' && stmt.source) {
          for (const spec of stmt.specifiers ?? []) {
            declared.add(spec.local.name);
            data.imports.set(spec.local.name, {
              source: stmt.source.value,
              exportName:
                spec.type === 'ImportDefaultSpecifier' ? 'default' : spec.type === 'ImportNamespaceSpecifier' ? '*' : (spec.imported?.name ?? spec.local.name),
            });
          }
        }
        if (stmt.type === 'ExportNamedDeclaration') {
          for (const spec of stmt.specifiers ?? []) declared.add(spec.exported?.name ?? spec.local.name);
          const decl = stmt.declaration;
          if (decl?.id) declared.add(decl.id.name);
          for (const d of decl?.declarations ?? []) if (d.id.name) declared.add(d.id.name);
        }
      }
    });
    visit(tree, (node) => {
      if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
      const el = node as MdxJsxFlowElement | MdxJsxTextElement;
      const name = el.name ? referencedName(el.name) : undefined;
      if (!name || declared.has(name)) return;
      file.message(
        `<${el.name}> is not defined: import it (\`import ${name} from '@site/content/components/${name}';\`) or use a built-in component (${data.builtins.join(', ')}).`,
        el,
      );
    });
    for (let i = tree.children.length - 1; i >= 0; i--) {
      const block = tree.children[i]!;
      const component = block.type === 'mdxjsEsm' ? undefined : firstComponent(block);
      if (!component || !block.position) continue;
      const { line, column } = block.position.start;
      const marker: MdxJsxFlowElement = {
        type: 'mdxJsxFlowElement',
        name: RENDER_MARKER,
        attributes: [{ type: 'mdxJsxAttribute', name: 'at', value: `${line}:${column}:<${component}>` }],
        children: [],
      };
      tree.children.splice(i, 0, marker);
    }
  };
}

/** "(4:1-4:7)"-style positions inside a message, moved down by the front matter's lines. */
export function shiftMessagePositions(message: string, lineOffset: number): string {
  if (!lineOffset) return message;
  return message.replace(
    /\((\d+):(\d+)(?:-(\d+):(\d+))?\)/g,
    (_all, l1: string, c1: string, l2?: string, c2?: string) => `(${Number(l1) + lineOffset}:${c1}${l2 ? `-${Number(l2) + lineOffset}:${c2}` : ''})`,
  );
}

/** Absolute paths in a message, shown relative to the project root. */
export function relativePaths(message: string, root: string): string {
  return message.split(root.replace(/\/$/, '') + '/').join('');
}
