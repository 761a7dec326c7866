import { describe, expect, it } from 'vitest';
import { curlSample } from '../../../src/shared/snippets/curl.js';
import { ADAPTATIONS } from '../../../src/shared/snippets/adaptations.js';
import { SNIPPET_TARGETS, loadTarget } from '../../../src/shared/snippets/targets.js';
import { rewriteJson, snippetRequest, snippetUrl, toHar, type SnippetRequest } from '../../../src/shared/snippets/snippet-request.js';
import { buildRequest } from '../../../src/shared/request/build-request.js';
import type { RequestData } from '../../../src/shared/api-request.js';
import { V, all, requestOf } from './fixtures.js';

const GET: SnippetRequest = { method: 'get', url: 'https://api.example.com/v1/addresses?page=1&state=Jalisco', headers: [['X-API-Key', 'k_123']] };

describe('the targets', () => {
  it('are the fifteen targets, each with a tab name and a highlighter language', () => {
    expect(SNIPPET_TARGETS.map((t) => t.label)).toEqual([
      'curl',
      'Python',
      'JavaScript',
      'jQuery',
      'Node.js',
      'Go',
      'Java',
      'C#',
      'PHP',
      'Ruby',
      'Swift',
      'Kotlin',
      'PowerShell',
      'HTTPie',
      'wget',
    ]);
    expect(new Set(SNIPPET_TARGETS.map((t) => t.lang))).toEqual(
      new Set(['bash', 'python', 'javascript', 'go', 'java', 'csharp', 'php', 'ruby', 'swift', 'kotlin', 'powershell']),
    );
    expect(SNIPPET_TARGETS.map((t) => t.id).sort()).toEqual(Object.keys(ADAPTATIONS).sort());
  });

  it('each loads and writes a sample of a GET and of a JSON POST that names its URL and header', async () => {
    for (const { id } of SNIPPET_TARGETS) {
      const write = await loadTarget(id);
      const get = write(GET);
      expect(get, id).toContain('api.example.com/v1/addresses');
      expect(get, id).toContain('k_123');
      expect(get, id).toMatch(/state=Jalisco|'state'|"state"/);
      expect(write(requestOf('json', all('hello'), 'https://api.example.com')), id).toContain('hello');
    }
  });

  it('an unknown id is refused', async () => {
    await expect(loadTarget('cobol-http')).rejects.toThrow(/Unknown code sample target "cobol-http"/);
    await expect(loadTarget('toString')).rejects.toThrow(/Unknown code sample target/);
  });

  it('curlSample is the curl target’s sample, for every kind of request', async () => {
    const curl = await loadTarget('shell-curl');
    for (const req of [GET, ...(['json', 'form', 'text', 'multipart'] as const).map((k) => requestOf(k, all(V), 'https://api.example.com'))]) {
      expect(curlSample(req)).toBe(curl(req));
    }
    expect(curlSample(GET)).toBe("curl 'https://api.example.com/v1/addresses?page=1&state=Jalisco' \\\n  --header 'X-API-Key: k_123'");
  });
});

describe('toHar: what each target is given', () => {
  it('percent-encodes what is neither unreserved, a delimiter nor an escape, in the path and query only', () => {
    expect(snippetUrl('https://h:8080/a\'b/(c)?q=$x`[1]{2}|\\"<>^ñ😀&r=%41%zz')).toBe(
      'https://h:8080/a%27b/%28c%29?q=%24x%60%5B1%5D%7B2%7D%7C%5C%22%3C%3E%5E%C3%B1%F0%9F%98%80&r=%41%25zz',
    );
    expect(snippetUrl('https://h/p;id=3/x,y?a=1+2&b=c:d@e/f#frag')).toBe('https://h/p;id=3/x,y?a=1+2&b=c:d@e/f#frag');
  });

  it('gives curl query pairs when the URL has no percent-escape (curl quotes such a URL only then)', () => {
    const plain = toHar({ method: 'GET', url: 'https://h/p?a=1&ids=1,2&s=x+y', headers: [] }, ADAPTATIONS['shell-curl']);
    expect([plain.url, plain.queryString]).toEqual([
      'https://h/p',
      [
        { name: 'a', value: '1' },
        { name: 'ids', value: '1,2' },
        { name: 's', value: 'x y' },
      ],
    ]);
    const escaped = toHar({ method: 'GET', url: 'https://h/p?a=%C3%B1&b=2', headers: [] }, ADAPTATIONS['shell-curl']);
    expect([escaped.url, escaped.queryString]).toEqual(['https://h/p?a=%C3%B1&b=2', []]);
    expect(curlSample({ method: 'GET', url: 'https://h/p?a=1&b=2', headers: [] })).toBe("curl 'https://h/p?a=1&b=2'");
  });

  it('curl leaves unquoted a URL with `;` in its path, no query and no percent-escape (a limitation)', () => {
    expect(curlSample({ method: 'GET', url: 'https://h/pets;id=3', headers: [] })).toBe('curl https://h/pets;id=3');
  });

  it('writes a header line break as a space, joins headers of one name, leaves a multipart Content-Type to the client', () => {
    const har = toHar(
      {
        method: 'post',
        url: 'https://h/',
        headers: [
          ['X-A', 'one\r\ntwo\nthree'],
          ['Accept', 'a/b'],
          ['accept', 'c/d'],
          ['Cookie', 'a=1'],
          ['Cookie', 'b=2'],
          ['Content-Type', 'multipart/form-data'],
        ],
        body: { mediaType: 'multipart/form-data', params: [{ name: 'f', value: 'v' }] },
      },
      ADAPTATIONS['go-native'],
    );
    expect(har.method).toBe('POST');
    expect(har.headers).toEqual([
      { name: 'X-A', value: 'one two three' },
      { name: 'Accept', value: 'a/b, c/d' },
      { name: 'Cookie', value: 'a=1; b=2' },
    ]);
    expect(har.postData).toEqual({ mimeType: 'multipart/form-data', params: [{ name: 'f', value: 'v' }] });
  });

  it('gives a form as params, as encoded params or as url-encoded text, from params or from text', () => {
    const form = (params?: { name: string; value: string }[], text?: string): SnippetRequest => ({
      method: 'POST',
      url: 'https://h/',
      headers: [],
      body: { mediaType: 'application/x-www-form-urlencoded', ...(params ? { params } : {}), ...(text !== undefined ? { text } : {}) },
    });
    const params = [
      { name: 'a b', value: "it's $x" },
      { name: 'a b', value: '2' },
    ];
    expect(toHar(form(params), ADAPTATIONS['shell-curl']).postData).toEqual({ mimeType: 'application/x-www-form-urlencoded', params });
    expect(toHar(form(undefined, 'a+b=it%27s+%24x&a+b=2'), ADAPTATIONS['shell-curl']).postData?.params).toEqual(params);
    expect(toHar(form(params), ADAPTATIONS['kotlin-okhttp']).postData?.params).toEqual([
      { name: 'a+b', value: 'it%27s+%24x' },
      { name: 'a+b', value: '2' },
    ]);
    expect(toHar(form(params), ADAPTATIONS['go-native']).postData).toEqual({ mimeType: 'application/octet-stream', text: 'a+b=it%27s+%24x&a+b=2' });
    expect(toHar(form(undefined, 'x=1&y'), ADAPTATIONS['go-native']).postData?.text).toBe('x=1&y');
  });

  it('gives JSON as JSON or as text, rewritten where the target needs it; text that is not JSON as text', () => {
    const json = (text: string, mediaType = 'application/json'): SnippetRequest => ({
      method: 'POST',
      url: 'https://h/',
      headers: [],
      body: { mediaType, text },
    });
    const text = '{\r\n  "a": "$x #{y} it\'s \\"q\\" ’"\n}';
    expect(toHar(json(text), ADAPTATIONS['python-requests']).postData).toEqual({ mimeType: 'application/json', text });
    expect(toHar(json(text, 'application/vnd.api+json'), ADAPTATIONS['js-jquery']).postData?.mimeType).toBe('application/json');
    expect(toHar(json(text), ADAPTATIONS['shell-curl']).postData).toEqual({ mimeType: 'application/octet-stream', text });
    expect(toHar(json(text), ADAPTATIONS['kotlin-okhttp']).postData).toEqual({
      mimeType: 'application/json',
      text: '{\r\n  "a": "\\u0024x #{y} it\'s \\"q\\" ’"\n}',
    });
    expect(toHar(json(text), ADAPTATIONS['powershell-restmethod']).postData?.text).toBe('{\r\n  "a": "$x #{y} it\\u0027s \\"q\\" \\u2019"\n}');
    expect(toHar(json(text), ADAPTATIONS['shell-wget']).postData?.text).toBe('{   "a": "$x #{y} it\'s \\"q\\" ’" }');
    expect(toHar(json('{"a": 1'), ADAPTATIONS['python-requests']).postData).toEqual({ mimeType: 'application/json', text: '{"a": 1' });
    expect(toHar(json('{"a": 1', 'text/plain'), ADAPTATIONS['go-native']).postData).toEqual({ mimeType: 'application/octet-stream', text: '{"a": 1' });
    for (const t of [text, '"#$\'"', '[]', '{"k\\"$": ["\\\\", "\\u0024"]}']) {
      for (const escapes of ['$', '#', "'’"]) expect(JSON.parse(rewriteJson(t, escapes, true))).toEqual(JSON.parse(t));
    }
  });

  it('makes a SnippetRequest of the request the try-it builds, its body typed by its Content-Type', () => {
    const data: RequestData = {
      id: 'quoter',
      method: 'post',
      path: '/quoter',
      servers: [],
      security: [],
      schemes: [],
      parameters: [],
      bodies: [{ mediaType: 'application/json', example: undefined, fields: [] }],
      bodyRequired: true,
      codeSamples: [],
    };
    const built = buildRequest(
      data,
      {
        server: { url: '/v1', variables: {} },
        values: {},
        body: { mediaType: 'application/json', text: '{"a":1}' },
        auth: { headers: [['X-API-Key', 'k']] },
      },
      'https://docs.example.com/api/quoter',
    );
    expect(snippetRequest(built)).toEqual({
      method: 'POST',
      url: 'https://docs.example.com/v1/quoter',
      headers: [
        ['X-API-Key', 'k'],
        ['Content-Type', 'application/json'],
      ],
      body: { mediaType: 'application/json', text: '{"a":1}' },
    });
    expect(snippetRequest({ method: 'GET', url: 'https://h/', headers: [], body: undefined })).toEqual({ method: 'GET', url: 'https://h/', headers: [] });
    const form = buildRequest(
      { ...data, bodies: [{ mediaType: 'multipart/form-data', example: undefined, fields: [] }] },
      {
        server: { url: 'https://h', variables: {} },
        values: {},
        body: {
          mediaType: 'multipart/form-data',
          form: [
            { name: 'note', value: 'hola' },
            { name: 'label', value: '', fileName: 'label.pdf' },
          ],
        },
      },
    );
    expect(snippetRequest(form).body).toEqual({
      mediaType: 'multipart/form-data',
      params: [
        { name: 'note', value: 'hola' },
        { name: 'label', fileName: 'label.pdf' },
      ],
    });
    const encoded = buildRequest(data, {
      server: { url: 'https://h', variables: {} },
      values: {},
      body: { mediaType: 'application/x-www-form-urlencoded', form: [{ name: 'a b', value: "it's&" }] },
    });
    expect(snippetRequest(encoded).body).toEqual({ mediaType: 'application/x-www-form-urlencoded', params: [{ name: 'a b', value: "it's&" }] });
  });
});
