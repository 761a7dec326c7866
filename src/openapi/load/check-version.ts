import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import type { ParsedDocument } from './parse-document.js';
import { isObj } from '../model/model-context.js';

/** What is wrong with the document's "openapi" or "swagger" version (SD3004, at its place), if anything: shipdocs reads 3.0.x, 3.1.x and 2.0. */
export function checkVersion(parsed: ParsedDocument, file: string): Diagnostic | undefined {
  const value = parsed.value;
  const where = (pointer: string): { line: number; column: number } => parsed.locate(pointer) ?? { line: 1, column: 1 };
  if (!isObj(value))
    return diagnostic('SD3004', { message: 'The OpenAPI document must be an object (key: value pairs) at its top level.', file, line: 1, column: 1 });
  if (value.openapi !== undefined) {
    if (typeof value.openapi === 'string' && /^3\.[01]\.\d+$/.test(value.openapi)) return undefined;
    return diagnostic('SD3004', {
      message: `Unsupported OpenAPI version ${JSON.stringify(value.openapi)}: shipdocs reads 3.0.x, 3.1.x and Swagger 2.0 (write the version as a string, e.g. "3.1.0").`,
      file,
      pointer: '/openapi',
      ...where('/openapi'),
    });
  }
  if (value.swagger !== undefined) {
    if (value.swagger === '2.0') return undefined;
    return diagnostic('SD3004', {
      message: `Unsupported Swagger version ${JSON.stringify(value.swagger)}: only "2.0" (as a string) is read.`,
      file,
      pointer: '/swagger',
      ...where('/swagger'),
    });
  }
  return diagnostic('SD3004', { message: 'This is not an OpenAPI document: it has no "openapi" (3.x) or "swagger" (2.0) field.', file, line: 1, column: 1 });
}
