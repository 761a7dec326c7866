import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadTarget, type SnippetTargetId } from '../../../src/shared/snippets/targets.js';
import { tempDir } from '../../helpers/fixtures.js';
import { checkReceived, type Checks } from './check.js';
import { ASCII_V, UPLOAD, V, all, requestOf, run, startEcho, type Case, type Received, type Values } from './fixtures.js';

// The samples this machine can run, run against an echo server with the hostile values in the
// path, the query, a header, a JSON body (strings, a key), form fields, a text body and a multipart
// field; what arrives is compared with what the request means. Targets whose client library is not
// here run with a stand-in for it: HTTPie's `http` is a shell function that records its arguments
// (the shell quoting is real), jQuery's `$.ajax` sends its settings with fetch as jQuery does.

type Runner = (code: string, dir: string) => Promise<{ code: number | null; stdout: string; stderr: string }>;

const bash: Runner = (code, dir) => run('bash', ['-c', code], { cwd: dir });
const python: Runner = (code, dir) => {
  writeFileSync(join(dir, 'sample.py'), `import requests\n\n${code}\n`);
  return run('python3', ['sample.py'], { cwd: dir });
};
const node: Runner = (code, dir) => {
  writeFileSync(join(dir, 'sample.mjs'), code);
  return run(process.execPath, ['sample.mjs'], { cwd: dir });
};
const JQUERY_STAND_IN = `globalThis.$ = {
  ajax: (s) => {
    const body = s.data === undefined || typeof s.data === 'string' ? s.data : new URLSearchParams(s.data).toString();
    const done = fetch(s.url, { method: s.method, headers: s.headers, body }).then((r) => r.text());
    return { done: (f) => done.then(f) };
  },
};
`;
const jquery: Runner = (code, dir) => node(JQUERY_STAND_IN + code, dir);
const java: Runner = (code, dir) => {
  writeFileSync(
    join(dir, 'Main.java'),
    `import java.net.URI;\nimport java.net.http.*;\n\npublic class Main {\n  public static void main(String[] args) throws Exception {\n${code}\n  }\n}\n`,
  );
  return run('java', ['-Dfile.encoding=UTF-8', 'Main.java'], { cwd: dir });
};
/** HTTPie's `http` as a shell function that records its arguments and standard input. */
const httpie: Runner = (code, dir) => bash(`http() { printf '%s\\0' "$@" > http.args; cat > http.stdin; }\n${code}`, dir);

/** The request HTTPie would send for the arguments recorded (method, URL, `Name:value` headers, `name=value` fields with --form). */
function httpieRequest(dir: string): Received {
  const args = readFileSync(join(dir, 'http.args'), 'utf8').split('\0').slice(0, -1);
  const flags = args.filter((a) => a.startsWith('--'));
  const [method, url, ...items] = args.filter((a) => !a.startsWith('--'));
  const headers: Record<string, string> = {};
  const fields: [string, string][] = [];
  for (const item of items) {
    const sep = /[:=]/.exec(item);
    if (!sep || /^(==|:=|=@|@)/.test(item.slice(sep.index))) throw new Error(`HTTPie item not understood: ${item}`);
    const [name, value] = [item.slice(0, sep.index), item.slice(sep.index + 1)];
    if (sep[0] === ':') headers[name.toLowerCase()] = Buffer.from(value, 'utf8').toString('latin1');
    else fields.push([name, value]);
  }
  const stdin = readFileSync(join(dir, 'http.stdin'));
  const body = flags.includes('--form') ? Buffer.from(new URLSearchParams(fields).toString()) : stdin;
  if (flags.includes('--form')) headers['content-type'] ??= 'application/x-www-form-urlencoded';
  const u = new URL(url!);
  return { method: method!, url: u.pathname + u.search, headers, body };
}

interface RunTarget {
  run: Runner;
  /** The values the target is checked with: the hostile ones, less a documented limitation. */
  values: Record<Case, Values>;
  checks: Checks;
  /** Cases the target does not write (see the limitations in src/shared/README.md). */
  skip?: Case[];
  /** Checks by case. */
  caseChecks?: Partial<Record<Case, Partial<Checks>>>;
}

/** Everything but what the HTTP client itself refuses in a header: ASCII only. */
const asciiHeader = (v: string): Values => ({ ...all(v), header: ASCII_V });
const without = (v: string, ...parts: string[]): string => parts.reduce((s, p) => s.split(p).join(''), v);
const byCase = (v: Values, over: Partial<Record<Case, Partial<Values>>> = {}): Record<Case, Values> => ({
  json: { ...v, ...over.json },
  form: { ...v, ...over.form },
  text: { ...v, ...over.text },
  multipart: { ...v, ...over.multipart },
});

/** Python requests: the target rewrites `: true,` `: false,` `: null,` inside strings (documented); requests sends text bodies as Latin-1. */
const PY = without(V, 'a: true, ');
/** Node fetch: strings are written unescaped between single quotes (documented): no quote, backslash or line break. */
const NODE = without(V, "'", '\\', '\n');

const TARGETS: Partial<Record<SnippetTargetId, RunTarget>> = {
  'shell-curl': { run: bash, values: byCase(all(V)), checks: { jsonExact: true } },
  'shell-wget': {
    run: bash,
    // --body-data writes a line break as `\n`: a text body with none.
    values: byCase(all(V), { text: { text: without(V, '\n') } }),
    checks: { jsonExact: true },
    skip: ['multipart'],
  },
  'shell-httpie': { run: httpie, values: byCase(all(V)), checks: { jsonExact: true }, caseChecks: { text: { textNewline: true } }, skip: ['multipart'] },
  'python-requests': {
    run: python,
    values: byCase({ ...all(PY), header: without(ASCII_V, 'a: true, ') }, { text: { text: without(ASCII_V, 'a: true, ') } }),
    checks: { jsonExact: false },
  },
  'node-fetch': {
    run: node,
    values: byCase({ ...all(NODE), header: without(ASCII_V, "'", '\\', '\n'), form: V }),
    checks: { jsonExact: false },
    skip: ['multipart'],
  },
  'js-fetch': {
    run: node,
    values: byCase({ ...all(NODE), header: without(ASCII_V, "'", '\\', '\n'), form: V }),
    checks: { jsonExact: false },
    skip: ['multipart'],
  },
  'js-jquery': { run: jquery, values: byCase(asciiHeader(V)), checks: { jsonExact: true }, skip: ['multipart'] },
  'java-nethttp': { run: java, values: byCase(asciiHeader(V)), checks: { jsonExact: true }, skip: ['multipart'] },
};

let echo: Awaited<ReturnType<typeof startEcho>>;
beforeAll(async () => {
  echo = await startEcho();
});
afterAll(() => echo?.close());

let runs = 0;
async function runCase(id: SnippetTargetId, t: RunTarget, kind: Case, values = t.values[kind]): Promise<{ received: Received | undefined; out: string }> {
  const dir = tempDir();
  writeFileSync(join(dir, 'upload.txt'), UPLOAD);
  const prefix = `/run${++runs}`;
  const code = (await loadTarget(id))(requestOf(kind, values, echo.origin, prefix));
  const result = await t.run(code, dir);
  const out = `${code}\n--- exit ${result.code}\n${result.stdout}\n${result.stderr}`;
  const received = t.run === httpie && result.code === 0 ? httpieRequest(dir) : echo.received.find((r) => r.url.startsWith(`${prefix}/`));
  return { received, out };
}

describe.concurrent('code samples run against an echo server carry the values exactly', () => {
  for (const [id, t] of Object.entries(TARGETS) as [SnippetTargetId, RunTarget][]) {
    for (const kind of ['json', 'form', 'text', 'multipart'] as const) {
      if (t.skip?.includes(kind)) continue;
      it(`${id}: ${kind}`, async () => {
        const { received, out } = await runCase(id, t, kind);
        expect(received, out).toBeDefined();
        await checkReceived(received!, kind, t.values[kind], { ...t.checks, ...t.caseChecks?.[kind] });
      });
    }
  }
});

describe.concurrent('limitations of the targets, as documented', () => {
  it('python-requests: `: true,` inside a string comes out as `: True,`', async () => {
    const t = TARGETS['python-requests']!;
    const v = 'a: true, b';
    const { received } = await runCase('python-requests', t, 'json', { ...all(v), header: v });
    expect(JSON.parse(received!.body.toString()).s).toBe('a: True, b');
    expect(received!.headers['x-value']).toBe('a: True, b');
  });

  it('python-requests: a text body outside Latin-1 is refused by requests', async () => {
    const { received, out } = await runCase('python-requests', TARGETS['python-requests']!, 'text', all('€'));
    expect(received).toBeUndefined();
    expect(out).toMatch(/UnicodeEncodeError/);
  });

  for (const id of ['node-fetch', 'js-fetch'] as const) {
    it(`${id}: a quote in a string breaks the sample, a backslash changes the value`, async () => {
      const t = TARGETS[id]!;
      const quote = await runCase(id, t, 'json', { ...all("it's"), header: 'x' });
      expect(quote.received).toBeUndefined();
      expect(quote.out).toMatch(/SyntaxError/);
      const backslash = await runCase(id, t, 'text', { ...all('a\\(b'), header: 'x' });
      expect(backslash.received!.body.toString()).toBe('a(b');
    });
  }

  it('shell-httpie: the body is piped through echo, which adds a line break (and in zsh or dash reads backslash escapes)', async () => {
    const { received } = await runCase('shell-httpie', TARGETS['shell-httpie']!, 'text', all('plain'));
    expect(received!.body.toString()).toBe('plain\n');
  });

  it('shell-wget: a line break in a text body arrives as `\\n`', async () => {
    const { received } = await runCase('shell-wget', TARGETS['shell-wget']!, 'text', all('a\nb'));
    expect(received!.body.toString()).toBe('a\\nb');
  });
});
