// What the mock server (src/mock/) is given: the API model, and checks of request values against
// the document's schemas. openapi/ makes both (it alone reads OpenAPI documents and compiles
// their schemas); the mock sees only this, and the HTTP request.

import type { ApiModel, ApiOperationCore, ApiParameter } from './api-model.js';

/** One thing wrong with a value, at a JSON pointer inside it ("" for the value itself). */
export interface ValueProblem {
  pointer: string;
  /** The JSON Schema keyword that failed ("required", "maximum", "type", …). */
  keyword: string;
  message: string;
}

/** A value checked against its schema: coerced when the check converts text to the schema's types, and what is wrong with it. */
interface CheckedValue {
  value: unknown;
  problems: ValueProblem[];
}

export type CheckValue = (value: unknown) => CheckedValue;

export interface RequestValidators {
  /**
   * The check of a parameter's value, given as strings (arrays and objects of strings for arrays and
   * objects) and coerced to its schema's types. Undefined when the parameter has no schema.
   */
  parameter(operation: ApiOperationCore, parameter: ApiParameter): CheckValue | undefined;
  /**
   * The check of a request body of one of the operation's media types. `coerce`: the fields came as
   * text (forms) and are converted to the schema's types. Undefined when that media type has no schema.
   */
  body(operation: ApiOperationCore, mediaType: string, options: { coerce: boolean }): CheckValue | undefined;
}

export interface MockApi {
  model: ApiModel;
  validators: RequestValidators;
  /** The document, relative to the project root. */
  file: string;
}
