import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiOperation } from '../../src/shared/api-model.js';
import type { MockApi } from '../../src/shared/mock-api.js';
import { loadFixtureApi, loadShippingApi, startMock, warnings, type Reply, type RunningMock } from './helpers.js';

const TOKEN_BODY = JSON.stringify({
  grant_type: 'client_credentials',
  client_id: 'rp_live_7Hq2LmX9cV4tNw8e',
  client_secret: 'sk_live_4f9c1b7e2a8d6f3c0b5e9a7d1c4f8b2e',
});
const QUOTE_BODY = JSON.stringify({
  origin: { postal_code: '44160' },
  destination: { postal_code: '64000' },
  parcels: [{ weight_kg: 2.5, length_cm: 30, width_cm: 25, height_cm: 15 }],
});
const JSON_TYPE = { 'content-type': 'application/json' };

let shippingApi: MockApi;
let shipping: RunningMock;
let fixture: RunningMock;
beforeAll(async () => {
  shippingApi = await loadShippingApi();
  shipping = await startMock(shippingApi);
  fixture = await startMock(await loadFixtureApi(), { maxBodyBytes: 1024 });
});
afterAll(async () => {
  await shipping?.close();
  await fixture?.close();
});

describe("the default site's flow", () => {
  it('gets a token from POST /auth/client, then rates from POST /quoter with it', async () => {
    const token = await shipping.send('POST', '/auth/client', { headers: JSON_TYPE, body: TOKEN_BODY });
    expect(token.status).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    const { access_token, token_type } = token.json();
    expect(token_type).toBe('Bearer');
    expect(access_token).toMatch(/^\S{20,}$/);

    const rates = await shipping.send('POST', '/quoter', { headers: { ...JSON_TYPE, authorization: `Bearer ${access_token}` }, body: QUOTE_BODY });
    expect(rates.status).toBe(200);
    expect(rates.headers['content-type']).toBe('application/json; charset=utf-8');
    const { data } = rates.json();
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]).toMatchObject({ currency: 'MXN', total: expect.any(Number) });
  });

  it('takes the token request as a form too, as OAuth client libraries send it', async () => {
    const form = new URLSearchParams(JSON.parse(TOKEN_BODY)).toString();
    const r = await shipping.send('POST', '/auth/client', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    expect(r.status).toBe(200);
  });

  it('answers 401 in the shape of the Error schema without credentials, and accepts each of the three schemes', async () => {
    const none = await shipping.send('POST', '/quoter', { headers: JSON_TYPE, body: QUOTE_BODY });
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="shipdocs mock", Basic realm="shipdocs mock"');
    expect(none.json()).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('X-API-Key'), request_id: expect.any(String) });
    for (const headers of [{ authorization: 'Basic cnBfbGl2ZTpzZWNyZXQ=' }, { 'x-api-key': 'rk_live_anything' }] as Record<string, string>[]) {
      expect((await shipping.send('POST', '/quoter', { headers: { ...JSON_TYPE, ...headers }, body: QUOTE_BODY })).status).toBe(200);
    }
  });

  it('answers every operation called with the examples its page shows', async () => {
    const failures: string[] = [];
    expect(shippingApi.model.operations.filter((o) => o.requestBody).length).toBeGreaterThan(5);
    for (const op of shippingApi.model.operations) {
      const request = exampleRequest(op);
      const r = await shipping.send(op.method.toUpperCase(), request.path, { headers: { authorization: 'Bearer t', ...request.headers }, body: request.body });
      if (!/^2/.test(String(r.status))) failures.push(`${op.method.toUpperCase()} ${request.path} → ${r.status} ${r.text}`);
    }
    expect(failures).toEqual([]);
    // Every schema those requests met compiled: nothing was let through unchecked.
    expect(warnings).toEqual([]);
  });
});

describe('request validation', () => {
  const pets = (body: string, type = 'application/json', query = 'api_key=k'): Promise<Reply> =>
    fixture.send('POST', `/v1/pets?${query}`, { headers: { 'content-type': type }, body });

  it('accepts a body without its read-only required properties, with nullable values and form fields converted to their types', async () => {
    const created = await pets('{"name":"Rex","tag":null,"born":"2020-02-29"}');
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect((await pets('name=Rex&weight=4.5', 'application/x-www-form-urlencoded')).status).toBe(201);
    const boundary = 'b0undary';
    const multipart = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="name"',
      '',
      'Rex',
      `--${boundary}`,
      'Content-Disposition: form-data; name="photo"; filename="rex.png"',
      'Content-Type: image/png',
      '',
      'PNG',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    expect((await pets(multipart, `multipart/form-data; boundary=${boundary}`)).status).toBe(201);
  });

  it('answers 422 with every schema problem, in the shape of the documented problem+json', async () => {
    const r = await pets('{"name":"","weight":0,"born":"2021-02-30","extra":1}');
    expect(r.status).toBe(422);
    expect(r.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(r.json()).toEqual({
      title: 'Unprocessable Content',
      status: 422,
      detail: 'Invalid request: body field name must NOT have fewer than 1 characters (and 2 more problems).',
      errors: [
        { pointer: 'name', detail: 'must NOT have fewer than 1 characters' },
        { pointer: 'weight', detail: 'must be > 0' },
        { pointer: 'born', detail: 'must match format "date"' },
      ],
    });
    expect((await pets('name=Rex&weight=heavy', 'application/x-www-form-urlencoded')).json().errors).toEqual([{ pointer: 'weight', detail: 'must be number' }]);
    expect((await pets('', 'multipart/form-data; boundary=x')).status).toBe(400);
  });

  it('answers 400 for a malformed or missing body and missing required parameters, 415 for a media type it does not take', async () => {
    const malformed = await pets('{"name":');
    expect(malformed.status).toBe(400);
    expect(malformed.json().detail).toMatch(/^Malformed request: body is not valid JSON \(/);
    const missing = await pets('');
    expect(missing.status).toBe(400);
    expect(missing.json().detail).toBe('Malformed request: body is required.');
    const unsupported = await pets('<pet/>', 'application/xml');
    expect(unsupported.status).toBe(415);
    expect(unsupported.json().detail).toBe(
      'Unsupported Content-Type application/xml: this operation accepts application/json, application/x-www-form-urlencoded, multipart/form-data.',
    );
    const noId = await fixture.send('GET', '/v1/styles/.1/;matrix=a/a,1,b,2x');
    expect(noId.status).toBe(200);
    const bad = await fixture.send('GET', '/v1/styles/1/;matrix=a/a,1,b');
    expect(bad.status).toBe(400);
    expect(bad.json().errors).toEqual([
      { pointer: 'label', detail: 'must start with "." (label style)' },
      { pointer: 'simple', detail: 'must list keys and values in pairs ("key,value,key,value")' },
    ]);
  });

  it('checks credentials before the request: 401 without them, even for an invalid body', async () => {
    const r = await pets('{"name":', 'application/json', '');
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toBeUndefined();
    expect(r.json().detail).toBe('This operation needs credentials: an API key in the query parameter api_key (queryKey).');
  });

  it('answers 413 for a body over the limit', async () => {
    const r = await pets(JSON.stringify({ name: 'x'.repeat(2000) }));
    expect(r.status).toBe(413);
  });
});

describe('responses', () => {
  it('send the example with its documented headers; HEAD sends them without the body', async () => {
    const r = await fixture.send('GET', '/v1/pets');
    expect(r.status).toBe(200);
    expect(r.json()).toEqual([
      { id: 1, name: 'Rex' },
      { id: 2, name: 'Tom' },
    ]);
    expect(r.headers).toMatchObject({ 'x-total': '2', 'x-mode': 'mock', 'access-control-allow-origin': '*' });
    const head = await fixture.send('HEAD', '/v1/pets');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['x-total']).toBe('2');
    const file = await fixture.send('GET', '/files/notes.txt');
    expect([file.status, file.headers['content-type'], file.text]).toEqual([200, 'text/plain; charset=utf-8', 'hello']);
    const deleted = await fixture.send('DELETE', '/v1/pets/3', { headers: { authorization: 'Bearer t', 'x-key': 'k' } });
    expect([deleted.status, deleted.text]).toEqual([204, '']);
  });

  it('follow Prefer: another status, a named example; an undocumented one is a 404 saying so', async () => {
    const notFound = await fixture.send('GET', '/v1/pets', { headers: { prefer: 'code=404' } });
    expect(notFound.status).toBe(404);
    expect(notFound.json()).toMatchObject({ title: 'Client error', status: 400 });
    expect((await fixture.send('GET', '/v1/pets', { headers: { prefer: 'example=empty' } })).json()).toEqual([]);
    const csv = await fixture.send('GET', '/v1/pets', { headers: { accept: 'text/csv' } });
    expect([csv.headers['content-type'], csv.text]).toEqual(['text/csv; charset=utf-8', 'id,name\n1,Rex\n']);
    const missing = await fixture.send('GET', '/v1/pets/3', { headers: { cookie: 'sid=abc', prefer: 'code=500' } });
    expect(missing.status).toBe(404);
    expect(missing.json().detail).toBe('No 500 response is documented for this operation (asked for by Prefer: code=500); it documents 200, 404.');
  });

  it("answer unknown paths 404 and other methods 405 with Allow, in the document's error shape", async () => {
    const unknown = await fixture.send('GET', '/v1/cats');
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ title: 'Not Found', status: 404, detail: 'No operation of the document matches GET /v1/cats.' });
    const wrong = await fixture.send('PUT', '/v1/pets');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
    expect(wrong.json().detail).toBe('PUT is not an operation of /v1/pets; it answers GET, POST, HEAD, OPTIONS.');
  });

  it('answer a bug with a 500 and go on serving', async () => {
    const api = await loadFixtureApi();
    const broken = await startMock({
      ...api,
      validators: {
        ...api.validators,
        parameter: () => {
          throw new Error('boom');
        },
      },
    });
    try {
      const r = await broken.send('GET', '/pets?limit=1');
      expect(r.status).toBe(500);
      expect(r.json().detail).toBe('Internal error of the mock: boom');
      expect((await broken.send('GET', '/pets')).status).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

describe('CORS', () => {
  it('answers preflights with the methods of the path and the headers a client sends', async () => {
    const r = await fixture.send('OPTIONS', '/v1/pets', { headers: { origin: 'http://127.0.0.1:3000', 'access-control-request-method': 'POST' } });
    expect(r.status).toBe(204);
    expect(r.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, HEAD, OPTIONS',
      'access-control-allow-headers': 'Authorization, Content-Type, Prefer, Accept, X-Key, X-Trace',
    });
    const unknown = await fixture.send('OPTIONS', '/v1/cats', { headers: { origin: 'https://docs.example', 'access-control-request-method': 'GET' } });
    expect(unknown.status).toBe(204);
    const plain = await fixture.send('OPTIONS', '/v1/pets');
    expect([plain.status, plain.headers.allow]).toEqual([204, 'GET, POST, HEAD, OPTIONS']);
  });

  it('lets pages read every response, errors included, and the documented headers', async () => {
    const r = await shipping.send('POST', '/quoter', { headers: { ...JSON_TYPE, origin: 'https://docs.rutapack.example' }, body: QUOTE_BODY });
    expect(r.status).toBe(401);
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['access-control-expose-headers']).toContain('WWW-Authenticate');
    expect(r.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('the log', () => {
  it('has one entry per request, with no credentials', async () => {
    const api = await loadFixtureApi();
    const mock = await startMock(api);
    try {
      await mock.send('POST', '/v1/pets?api_key=s3cr3t-key&access_token=tok3n&limit=2', {
        headers: { ...JSON_TYPE, authorization: 'Bearer hunter2' },
        body: '{"name":"Rex"}',
      });
      await mock.send('GET', '/v1/pets/9', { headers: { cookie: 'sid=c00kie' } });
      await mock.send('OPTIONS', '/v1/pets', { headers: { origin: 'http://x', 'access-control-request-method': 'GET' } });
      await mock.send('GET', '/nothing');
      expect(mock.logs.map((e) => `${e.method} ${e.target} ${e.status}`)).toEqual([
        'POST /v1/pets?api_key=***&access_token=***&limit=2 201',
        'GET /v1/pets/9 200',
        'OPTIONS /v1/pets 204',
        'GET /nothing 404',
      ]);
      expect(mock.logs.every((e) => e.ms >= 0 && e.ms < 10_000)).toBe(true);
      expect(JSON.stringify(mock.logs)).not.toMatch(/s3cr3t|tok3n|hunter2|c00kie/);
    } finally {
      await mock.close();
    }
  });
});

/** A request built from the documented examples (required parameters, the first body example), as try-it prefills it. */
function exampleRequest(op: ApiOperation): { path: string; headers: Record<string, string>; body: string | undefined } {
  const text = (json: string | undefined): string => {
    const v: unknown = json === undefined ? '' : JSON.parse(json);
    return typeof v === 'string' ? v : String(v);
  };
  let path = op.path;
  for (const p of op.parameters.path) path = path.replace(`{${p.name}}`, encodeURIComponent(text(p.example)));
  const query = new URLSearchParams(op.parameters.query.filter((p) => p.required).map((p): [string, string] => [p.name, text(p.example)]));
  const headers: Record<string, string> = {};
  for (const p of op.parameters.header.filter((h) => h.required)) headers[p.name] = text(p.example);
  const media = op.requestBody?.content[0];
  const example = media?.examples[0]?.value;
  if (media && example !== undefined) headers['content-type'] = media.mediaType;
  const body = example === undefined ? undefined : /form-urlencoded/.test(media!.mediaType) ? new URLSearchParams(JSON.parse(example)).toString() : example;
  return { path: path + (query.size ? `?${query}` : ''), headers, body };
}
