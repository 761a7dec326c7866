// Writes types/index.d.ts (run by `prepack`; `prepare` builds lib/ after it): the public API's declarations in one
// file that needs nothing else, so that a user's site.config.ts type-checks `defineConfig` under the
// user's own compiler options, without our sources, their imports or zod being type-checked there.
// dts-bundle-generator gathers what src/index.ts exports; the two config types, which our sources
// derive from the zod schema, are written out as plain object types: `UserConfig` by zod-to-ts,
// with each field's `.describe()` as its doc comment (what editors show on hover), and
// `SiteConfig` as the compiler itself expands `z.output<…>`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { generateDtsBundle } from 'dts-bundle-generator';
import ts from 'typescript';
import { createAuxiliaryTypeStore, printNode, zodToTs } from 'zod-to-ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const SCHEMA = join(root, 'src/config/schema.ts');
const OUT = join(root, 'types/index.d.ts');

const [bundled] = generateDtsBundle([{ filePath: join(root, 'src/index.ts'), noCheck: true, output: { noBanner: true } }], {
  preferredConfigPath: join(root, 'tsconfig.json'),
});

const userConfig = printNode(withoutClosedIndex(zodToTs(await loadConfigSchema(), { io: 'input', auxiliaryTypeStore: createAuxiliaryTypeStore() }).node));
const schemaProgram = ts.createProgram([SCHEMA], compilerOptions());
const siteConfig = expandedAlias(schemaProgram, 'SiteConfig');
assertSameType(schemaProgram, userConfig);

const text = withPlainConfigTypes(bundled, { UserConfig: userConfig, SiteConfig: siteConfig });
assertSelfContained(text);
writeFileSync(OUT, text);

/** The zod schema itself (zod-to-ts reads it at run time), compiled from the TypeScript source. */
async function loadConfigSchema() {
  // Beside the repository's node_modules, so that the schema and zod-to-ts share one zod (whose
  // registry holds the descriptions).
  mkdirSync(join(root, 'types'), { recursive: true });
  const dir = mkdtempSync(join(root, 'types/.schema-'));
  try {
    const out = join(dir, 'schema.mjs');
    await build({ entryPoints: [SCHEMA], outfile: out, bundle: true, format: 'esm', platform: 'node', external: ['zod'], logLevel: 'warning' });
    return (await import(pathToFileURL(out).href)).configSchema;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * zod-to-ts writes a strict object as `{ [x: string]: never; a?: string }`, which no value fits
 * (every property must then be `never`). Unknown keys are already errors in an object literal.
 */
function withoutClosedIndex(node) {
  const closed = (m) => ts.isIndexSignatureDeclaration(m) && m.type.kind === ts.SyntaxKind.NeverKeyword;
  const [result] = ts.transform(node, [
    (context) => (top) =>
      ts.visitNode(top, function visit(n) {
        const next = ts.visitEachChild(n, visit, context);
        return ts.isTypeLiteralNode(next) ? ts.factory.updateTypeLiteralNode(next, ts.factory.createNodeArray(next.members.filter((m) => !closed(m)))) : next;
      }),
  ]).transformed;
  return result;
}

function compilerOptions() {
  const read = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  return { ...read.options, noEmit: true };
}

/** A type alias of schema.ts as the compiler sees it: an object type with no reference to zod. */
function expandedAlias(program, name) {
  const checker = program.getTypeChecker();
  const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(SCHEMA))).find((s) => s.name === name);
  const flags = ts.NodeBuilderFlags.NoTruncation | ts.NodeBuilderFlags.InTypeAlias | ts.NodeBuilderFlags.MultilineObjectLiterals;
  const node = checker.typeToTypeNode(checker.getDeclaredTypeOfSymbol(symbol), undefined, flags);
  return ts.createPrinter().printNode(ts.EmitHint.Unspecified, node, ts.createSourceFile('x.ts', '', ts.ScriptTarget.Latest));
}

/** zod-to-ts's `UserConfig` must be `z.input` of the schema, both ways: a field it mistyped fails here. */
function assertSameType(oldProgram, generated) {
  const check = join(root, 'src/config/.user-config-check.ts');
  const source = [
    "import type { UserConfig as FromSchema } from './schema.js';",
    `type Generated = ${generated};`,
    'declare const fromSchema: FromSchema;',
    'declare const generated: Generated;',
    'export const a: Generated = fromSchema;',
    'export const b: FromSchema = generated;',
  ].join('\n');
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, ...rest) => (file === check ? ts.createSourceFile(file, source, ts.ScriptTarget.Latest) : getSourceFile(file, ...rest));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => file === check || fileExists(file);
  const program = ts.createProgram({ rootNames: [check], options, host, oldProgram });
  const problems = program.getSemanticDiagnostics(program.getSourceFile(check));
  if (problems.length) throw new Error(`UserConfig from zod-to-ts differs from z.input<typeof configSchema>:\n${format(problems)}`);
}

/** The bundle with the zod-derived statements replaced by the plain types. */
function withPlainConfigTypes(dts, types) {
  const file = ts.createSourceFile('index.d.ts', dts, ts.ScriptTarget.Latest, true);
  const kept = [];
  for (const statement of file.statements) {
    const fromZod = ts.isImportDeclaration(statement) && /^["']zod["']$/.test(statement.moduleSpecifier.getText());
    // `declare const configSchema: z.ZodObject<…>`: what the aliases were derived from.
    const schemaConst = ts.isVariableStatement(statement) && /\bz\./.test(statement.getText());
    if (fromZod || schemaConst) continue;
    if (ts.isTypeAliasDeclaration(statement) && statement.name.text in types) {
      const doc = statement
        .getFullText()
        .slice(0, statement.getStart() - statement.getFullStart())
        .trim();
      kept.push(`${doc ? doc + '\n' : ''}export type ${statement.name.text} = ${types[statement.name.text]};`);
      continue;
    }
    kept.push(statement.getFullText().trim());
  }
  return kept.join('\n\n') + '\n';
}

/** The declarations compile on their own: no import left, nothing unresolved. */
function assertSelfContained(dts) {
  const file = join(root, 'types/index.d.ts');
  const options = { strict: true, noEmit: true, noResolve: true, types: [], lib: ['lib.es2023.d.ts'], target: ts.ScriptTarget.ES2022 };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, ...rest) => (name === file ? ts.createSourceFile(name, dts, ts.ScriptTarget.Latest) : getSourceFile(name, ...rest));
  const program = ts.createProgram({ rootNames: [file], options, host });
  const problems = [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics()];
  if (/^\s*import\b/m.test(dts) || problems.length) throw new Error(`types/index.d.ts does not stand alone:\n${format(problems)}`);
}

function format(problems) {
  return ts.formatDiagnostics(problems, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' });
}
