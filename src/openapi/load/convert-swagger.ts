import { createRequire } from 'node:module';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';

// Swagger 2.0 → OpenAPI 3.0 with swagger2openapi, after the 2.0 document has been validated against
// its own schema (so errors point into what the author wrote). No resolving: references stay as
// they are, rewritten to their OpenAPI 3 places.

const require = createRequire(import.meta.url);
interface Converter {
  convertObj(doc: unknown, options: Record<string, unknown>): Promise<{ openapi: Record<string, unknown> }>;
}

export async function convertSwagger(
  value: Record<string, unknown>,
  file: string,
): Promise<{ value: Record<string, unknown> | undefined; diagnostics: Diagnostic[] }> {
  const converter = require('swagger2openapi') as Converter;
  const warn = console.warn;
  try {
    // The converter reports patched problems on the console; they are fixes, not the reader's concern.
    console.warn = () => {};
    const result = await converter.convertObj(value, { patch: true, warnOnly: true, resolve: false, resolveInternal: false, text: '-', direct: false });
    return { value: result.openapi, diagnostics: [] };
  } catch (err) {
    return {
      value: undefined,
      diagnostics: [
        diagnostic('SD3012', { message: `Could not convert the Swagger 2.0 document: ${(err as Error).message.split('\n')[0]}`, file, line: 1, column: 1 }),
      ],
    };
  } finally {
    console.warn = warn;
  }
}
