import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

// Where JSON text stops being valid, as line and column, for the body editor's message. The
// browser's JSON.parse does not always say where (V8: "… is not valid JSON"); jsonc-parser (the
// JSON scanner of VS Code) does, with comments and trailing commas disallowed as JSON does.

export interface JsonProblem {
  /** The parser's name for the problem ("ValueExpected", "CommaExpected", …). */
  message: string;
  line: number;
  column: number;
}

/** undefined when the text is valid JSON (or empty); else the first problem and where. */
export function jsonProblem(text: string): JsonProblem | undefined {
  if (text.trim() === '') return undefined;
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return undefined;
  const before = text.slice(0, first.offset).split('\n');
  return { message: printParseErrorCode(first.error), line: before.length, column: before[before.length - 1]!.length + 1 };
}
