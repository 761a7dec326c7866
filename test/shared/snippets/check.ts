// The checks of what a sample sends against what its request means: on the request an echo server
// received (samples run here) or on the string literals of the sample (samples decoded here).
import { expect } from 'vitest';
import { BIG, asHeader, formFields, jsonText, UPLOAD, type Case, type Received, type Values } from './fixtures.js';

export interface Checks {
  /** The header value the target can send (HTTP clients refuse some characters in headers). */
  header?: string | undefined;
  /** The number past 2^53 is expected as written (the target passes the JSON text, not a value re-printed). */
  jsonExact: boolean;
  /** The text body arrives with a line break after it. */
  textNewline?: boolean;
}

const expectUrl = (url: string, v: Values): void => {
  const u = new URL(url, 'http://x');
  expect(decodeURIComponent(u.pathname.split('/items/')[1] ?? ''), 'path segment').toBe(v.url);
  expect(u.searchParams.getAll('q'), 'query value').toEqual([v.url]);
  expect(u.searchParams.getAll('ids'), 'query list').toEqual(['1,2']);
};

const FORM = (v: Values): [string, string][] => [
  ['f', v.form],
  ['f', 'two'],
  ['g', 'a&b=c+d'],
];

/** What the echo server received for a case. */
export async function checkReceived(r: Received, kind: Case, v: Values, c: Checks): Promise<void> {
  expect(r.method).toBe({ json: 'POST', form: 'PUT', text: 'PATCH', multipart: 'POST' }[kind]);
  expectUrl(r.url, v);
  const header = r.headers['x-value'];
  expect(typeof header === 'string' ? Buffer.from(header, 'latin1').toString('utf8') : header, 'header value').toBe(asHeader(c.header ?? v.header));
  const body = r.body.toString('utf8');
  if (kind === 'json') {
    expect(JSON.parse(body), 'JSON body').toEqual(JSON.parse(jsonText(v.json)));
    if (c.jsonExact) expect(body, 'JSON body as written').toContain(BIG);
  } else if (kind === 'form') {
    expect(String(r.headers['content-type'])).toMatch(/^application\/x-www-form-urlencoded\b/);
    expect(formFields(body), 'form fields').toEqual(FORM(v));
  } else if (kind === 'text') {
    expect(body, 'text body').toBe(c.textNewline ? `${v.text}\n` : v.text);
  } else {
    const form = await new Response(new Uint8Array(r.body), { headers: { 'content-type': String(r.headers['content-type']) } }).formData();
    expect(form.getAll('f'), 'multipart field').toEqual([v.form]);
    const file = form.get('file') as File;
    expect([file.name, await file.text()], 'multipart file').toEqual(['upload.txt', UPLOAD]);
  }
}

const parses = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** What the decoded string literals of a sample carry, for a case. `encodedForm`: fields written encoded (Kotlin's addEncoded). */
export function checkLiterals(lits: string[], kind: Case, v: Values, c: Checks & { encodedForm?: boolean }): void {
  const url = lits.find((l) => /^https?:\/\//.test(l));
  expect(url, 'a URL literal').toBeDefined();
  expectUrl(url!, v);
  expect(lits, 'header value').toContain(asHeader(c.header ?? v.header));
  if (kind === 'json') {
    const json = lits.find((l) => typeof parses(l) === 'object');
    expect(json && parses(json), 'JSON body').toEqual(JSON.parse(jsonText(v.json)));
    if (c.jsonExact) expect(json, 'JSON body as written').toContain(BIG);
  } else if (kind === 'form') {
    if (c.encodedForm) {
      const decode = (s: string): string => decodeURIComponent(s.replace(/\+/g, ' '));
      const fields = lits.flatMap((l, i) => (l === 'f' || l === 'g' ? [[l, decode(lits[i + 1] ?? '')] as [string, string]] : []));
      expect(fields, 'form fields').toEqual(FORM(v));
    } else expect(lits.map(formFields), 'form fields').toContainEqual(FORM(v));
  } else if (kind === 'text') {
    expect(lits, 'text body').toContain(v.text);
  } else {
    expect(lits, 'multipart field').toContain(v.form);
  }
}
