import { builtinModules } from 'node:module';
import { posix } from 'node:path';
import ts from 'typescript';

// The boundaries of DESIGN.md (convention 5), checked on the import statements of src/:
//   - client/ imports only shared/ and itself (packages allowed, no node built-ins);
//   - components/ never imports the file system and never touches `window`;
//   - only openapi/ knows OpenAPI documents: OpenAPI packages (and ajv, which compiles the
//     document's schemas) are imported there only, and outside it only the pipeline
//     (render/stages/load-site.ts, through load-api), the mock command (cli/mock.ts, through
//     load-mock-api), the proxy command (cli/proxy.ts, through load-api-servers), the init command
//     (cli/init.ts, through load-init-api), the diff command (cli/diff.ts, through diff/diff-apis)
//     and `docs version` (cli/docs-version.ts, through keep-api-version) call into it;
//   - mock/ (the mock server) sees the API model only: it imports shared/, http/ and itself;
//   - proxy/ (the CORS proxy) imports shared/, http/ and itself: it never sees the document or the CLI;
//   - http/ (helpers of those two local servers) imports nothing of src/ but itself;
//   - mcp/ (the MCP server) answers from the site index the pipeline makes: it imports shared/ and itself (the
//     CLI prepares the site and hands the index over);
//   - only render/markdown/ imports the markdown stack (unified, remark, rehype, markdown-it,
//     micromark, mdast/hast utilities, MDX, vfile). Type-only imports of syntax-tree types
//     (`import type { Root } from 'hast'`) are not code and are allowed.

export interface SourceFile {
  /** Path relative to the repository, with "/": "src/client/entry.ts". */
  path: string;
  source: string;
}

interface ImportRef {
  specifier: string;
  typeOnly: boolean;
  line: number;
}

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const FILE_SYSTEM = /^(node:)?fs(\/promises)?$/;
const OPENAPI_PACKAGES = /^(@apidevtools\/|swagger2openapi$|swagger-parser$|openapi-sampler$|openapi-types$|@redocly\/|openapi3-ts|ajv($|\/|-))/;
/** The entry points into openapi/ from outside it, by importing file. */
const OPENAPI_ENTRIES: Readonly<Record<string, string>> = {
  'src/render/stages/load-site.ts': 'src/openapi/load-api.js',
  'src/cli/mock.ts': 'src/openapi/load-mock-api.js',
  'src/cli/proxy.ts': 'src/openapi/load-api-servers.js',
  'src/cli/init.ts': 'src/openapi/load-init-api.js',
  'src/cli/diff.ts': 'src/openapi/diff/diff-apis.js',
  'src/cli/docs-version.ts': 'src/openapi/keep-api-version.js',
};
const ENTRIES_TEXT = Object.entries(OPENAPI_ENTRIES)
  .map(([from, to]) => `${from.replace(/^src\//, '')} (through ${posix.basename(to, '.js')})`)
  .join(', ');
const MARKDOWN_PACKAGES =
  /^(unified$|remark(-|$)|rehype(-|$)|markdown-it(-|$)|micromark(-|$)|mdast-util-|hast-util-|unist-util-|@mdx-js\/|vfile(-|$)|mdast$|hast$|unist$)/;
const VIRTUAL = /^shipdocs:/;

/** Every import of a file: static, re-exports, dynamic `import()` and `require()`. */
function importsOf(file: SourceFile): ImportRef[] {
  const sf = ts.createSourceFile(file.path, file.source, ts.ScriptTarget.Latest, true, file.path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: ImportRef[] = [];
  const add = (node: ts.Node, spec: ts.Expression | undefined, typeOnly: boolean): void => {
    if (spec && ts.isStringLiteralLike(spec)) out.push({ specifier: spec.text, typeOnly, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const allTypes =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node, node.moduleSpecifier, allTypes);
    } else if (ts.isExportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg)) add(node, arg.literal as ts.Expression, true);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) add(node, node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Lines where the global `window` is used (not a property or a declaration named window). */
function windowUses(file: SourceFile): number[] {
  const sf = ts.createSourceFile(file.path, file.source, ts.ScriptTarget.Latest, true, file.path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === 'window') {
      const p = node.parent;
      const isName =
        (ts.isPropertyAccessExpression(p) && p.name === node) ||
        (ts.isPropertyAssignment(p) && p.name === node) ||
        (ts.isVariableDeclaration(p) && p.name === node) ||
        ts.isParameter(p) ||
        (ts.isPropertySignature(p) && p.name === node) ||
        ts.isJsxAttribute(p);
      if (!isName) lines.push(sf.getLineAndCharacterOfPosition(node.getStart()).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return lines;
}

/** Where a relative import points, repository-relative ("src/shared/model.ts" without extension change). */
function target(from: string, spec: string): string {
  return posix.normalize(posix.join(posix.dirname(from), spec));
}

const under = (path: string, dir: string): boolean => path === dir || path.startsWith(dir + '/');

/** Every boundary violation of the files, as "path:line  rule". */
export function checkBoundaries(files: readonly SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const report = (line: number, rule: string): void => void problems.push(`${file.path}:${line}  ${rule}`);
    for (const imp of importsOf(file)) {
      const relative = imp.specifier.startsWith('.');
      const to = relative ? target(file.path, imp.specifier) : undefined;
      if (under(file.path, 'src/client')) {
        if (to && !under(to, 'src/client') && !under(to, 'src/shared')) report(imp.line, `client/ may import only shared/ and itself, not ${imp.specifier}`);
        if (!relative && BUILTINS.has(imp.specifier)) report(imp.line, `client/ runs in the browser: no node built-in (${imp.specifier})`);
      }
      if (under(file.path, 'src/mock') && to && !under(to, 'src/mock') && !under(to, 'src/shared') && !under(to, 'src/http')) {
        report(imp.line, `mock/ sees the API model only: it imports shared/, http/ and itself, not ${imp.specifier}`);
      }
      if (under(file.path, 'src/proxy') && to && !under(to, 'src/proxy') && !under(to, 'src/shared') && !under(to, 'src/http')) {
        report(imp.line, `proxy/ imports shared/, http/ and itself only, not ${imp.specifier}`);
      }
      if (under(file.path, 'src/http') && to && !under(to, 'src/http')) {
        report(imp.line, `http/ holds the local servers' helpers and imports only itself, not ${imp.specifier}`);
      }
      if (under(file.path, 'src/mcp') && to && !under(to, 'src/mcp') && !under(to, 'src/shared')) {
        report(imp.line, `mcp/ answers from the site index: it imports shared/ and itself, not ${imp.specifier}`);
      }
      if (under(file.path, 'src/shared') && ((!relative && BUILTINS.has(imp.specifier)) || (to && !under(to, 'src/shared')))) {
        report(imp.line, `shared/ holds no node and imports only itself, not ${imp.specifier}`);
      }
      if (under(file.path, 'src/components') && !imp.typeOnly && !relative && FILE_SYSTEM.test(imp.specifier)) {
        report(imp.line, `components/ never touches the file system (${imp.specifier})`);
      }
      if (!under(file.path, 'src/openapi')) {
        if (!relative && OPENAPI_PACKAGES.test(imp.specifier) && !imp.typeOnly) report(imp.line, `only openapi/ knows OpenAPI documents (${imp.specifier})`);
        if (to && under(to, 'src/openapi') && OPENAPI_ENTRIES[file.path] !== to) {
          report(imp.line, `only ${ENTRIES_TEXT} call into openapi/ (${imp.specifier})`);
        }
      }
      if (!under(file.path, 'src/render/markdown') && !imp.typeOnly && !relative && !VIRTUAL.test(imp.specifier) && MARKDOWN_PACKAGES.test(imp.specifier)) {
        report(imp.line, `only render/markdown/ imports the markdown stack (${imp.specifier})`);
      }
      // Island.tsx excepted: an island is a root of its own, rendered apart as the browser hydrates it.
      if (under(file.path, 'src/components') && file.path !== 'src/components/Island.tsx' && !imp.typeOnly && imp.specifier.startsWith('react-dom/server')) {
        report(imp.line, 'components/ do not render markup themselves: render/html does (react-dom/server)');
      }
      if (!under(file.path, 'src/render/workers') && !imp.typeOnly && /^(node:)?worker_threads$/.test(imp.specifier)) {
        report(imp.line, `only render/workers/ starts threads: concurrency in one place (${imp.specifier})`);
      }
    }
    if (under(file.path, 'src') && !under(file.path, 'src/cli') && !under(file.path, 'src/client')) {
      file.source.split('\n').forEach((text, i) => {
        if (/process\.(exit\(|(on|once)\(\s*['"]SIG)/.test(text)) report(i + 1, 'signals and process.exit live in cli/ only');
      });
    }
    if (under(file.path, 'src/components')) {
      for (const line of windowUses(file)) report(line, 'components/ are rendered on the server: no `window` (use an island)');
    }
  }
  return problems;
}
