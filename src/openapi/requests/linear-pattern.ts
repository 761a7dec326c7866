import { RE2JS } from 're2js';

// The document's `pattern`s (and `patternProperties` keys) as the mock checks them: with RE2 (re2js),
// whose matching time grows linearly with the input, never with JavaScript's backtracking engine, on
// which a pattern such as `^(a+)+$` takes minutes over a 30-character value and blocks the server for
// every request. Patterns are ECMAScript's, translated to RE2's syntax (named groups, \u escapes).
// What RE2 cannot do (backreferences, lookahead and lookbehind) is not checked: such a pattern accepts
// every value, and the mock says so once per pattern. Given to Ajv as its `code.regExp` engine.

export interface LinearRegExp {
  (pattern: string, flags: string): Matcher;
  /** How Ajv's standalone code would name the engine (unused: validators are compiled in memory). */
  code: string;
}

/** What Ajv calls: `test`, and `toString`, by which it tells compiled patterns apart (so it must differ per pattern). */
interface Matcher {
  test: (value: string) => boolean;
  toString: () => string;
}

export function linearRegExp(onWarning?: (message: string) => void): LinearRegExp {
  const warned = new Set<string>();
  const engine = (pattern: string): Matcher => {
    const toString = (): string => `/${pattern}/`;
    let compiled: RE2JS;
    try {
      compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
    } catch (err) {
      if (!warned.has(pattern)) {
        warned.add(pattern);
        onWarning?.(
          `The pattern "${pattern}" is not checked: linear-time matching cannot run it (${(err as Error).message}), so values are accepted without it.`,
        );
      }
      return { test: () => true, toString };
    }
    return { test: (value) => compiled.matcher(value).find(), toString };
  };
  return Object.assign(engine, { code: 're2js' });
}
