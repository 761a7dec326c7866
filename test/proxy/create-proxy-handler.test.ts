import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request } from 'node:http';
import { closedPort, flat, names, rule, send, startProxy, startTarget, via, type RunningProxy, type RunningTarget } from './helpers.js';

// The proxy between a browser and a target API, both real sockets on 127.0.0.1.

let target: RunningTarget;
let proxy: RunningProxy;
let api: string;
let finishStream: (() => void) | undefined;
beforeAll(async () => {
  target = await startTarget((req, res, body) => {
    const path = req.url ?? '';
    if (path.startsWith('/redirect')) {
      res.writeHead(302, { location: 'https://elsewhere.example.com/login' }).end();
    } else if (path.startsWith('/slow')) {
      // Never answers: the proxy's timeout must.
    } else if (path.startsWith('/stream')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // The rest comes only once the client has the first part: a proxy that buffered would never deliver it.
      res.write('first ');
      finishStream = () => res.end('second');
    } else {
      const json = JSON.stringify({ method: req.method, path, body });
      res.writeHead(
        201,
        'Created Here',
        flat([
          ['Content-Type', 'application/json'],
          ['Content-Length', String(Buffer.byteLength(json))],
          ['X-RateLimit-Limit', '100'],
          ['Set-Cookie', 'session=target; HttpOnly'],
          ['Access-Control-Allow-Origin', 'https://only.example.com'],
          ['Connection', 'keep-alive, X-Internal'],
          ['X-Internal', 'hop'],
        ]),
      );
      res.end(json);
    }
  });
  api = `http://127.0.0.1:${target.port}`;
  proxy = await startProxy({ allow: [rule(`127.0.0.1:${target.port}`)], origins: ['https://docs.example.com'], timeoutMs: 300, maxBodyBytes: 1024 });
});
afterAll(async () => {
  await proxy?.close();
  await target?.close();
});

const lastReceived = () => target.received[target.received.length - 1]!;
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('a request through the proxy', () => {
  it('reaches the target with its method, path, query and JSON body, and comes back with its status, headers and body', async () => {
    const body = JSON.stringify({ origin: { postal_code: '44160' }, parcels: [{ weight_kg: 1 }] });
    const r = await send(proxy.port, 'POST', via(`${api}/v1/quoter?a=1&b=%20x`), {
      headers: { 'content-type': 'application/json', authorization: 'Bearer secret-token-123', origin: 'https://docs.example.com' },
      body,
    });
    expect(r.status).toBe(201);
    expect(r.json()).toEqual({ method: 'POST', path: '/v1/quoter?a=1&b=%20x', body });
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['x-ratelimit-limit']).toBe('100');
    const received = lastReceived();
    expect(received.method).toBe('POST');
    expect(received.body).toBe(body);
  });

  it('sends the target only the headers of the request itself: no Origin, Referer, Cookie, Sec-*, hop-by-hop or forwarding headers', async () => {
    await send(proxy.port, 'PUT', via(`${api}/v1/items/1`), {
      headers: flat([
        ['Content-Type', 'application/json'],
        ['Authorization', 'Bearer secret-token-123'],
        ['X-API-Key', 'rk_live_1'],
        ['X-Custom', 'one'],
        ['X-Custom', 'two'],
        ['Origin', 'https://docs.example.com'],
        ['Referer', 'https://docs.example.com/api/items'],
        ['Cookie', 'docs_session=1'],
        ['Sec-Fetch-Mode', 'cors'],
        ['Proxy-Authorization', 'Basic eDp5'],
        ['X-Forwarded-For', '10.0.0.1'],
        ['X-Forwarded-Host', 'admin.internal'],
        ['Forwarded', 'for=10.0.0.1'],
        ['X-Real-IP', '10.0.0.1'],
        ['Via', '1.1 someone'],
        ['Connection', 'keep-alive, X-Hop'],
        ['X-Hop', '1'],
      ]),
      body: '{}',
    });
    const received = lastReceived();
    const headers = names(received.rawHeaders);
    expect(headers).toEqual(['host', 'content-type', 'authorization', 'x-api-key', 'x-custom', 'x-custom', 'content-length', 'connection']);
    expect(received.rawHeaders.slice(0, 2)).toEqual(['Host', `127.0.0.1:${target.port}`]);
    expect(received.rawHeaders).toContain('Bearer secret-token-123');
    // Connection: the proxy's own connection to the target (one per request), not the browser's.
    expect(received.rawHeaders[received.rawHeaders.length - 1]).toBe('close');
  });

  it('turns X-Proxy-Cookie into the Cookie the target receives', async () => {
    await send(proxy.port, 'GET', via(`${api}/v1/me`), { headers: { 'x-proxy-cookie': 'a=1; b=2', cookie: 'docs_session=1' } });
    const received = lastReceived();
    expect(received.rawHeaders).toContain('Cookie');
    expect(received.rawHeaders[received.rawHeaders.indexOf('Cookie') + 1]).toBe('a=1; b=2');
    expect(names(received.rawHeaders)).not.toContain('x-proxy-cookie');
    expect(received.method).toBe('GET');
    expect(names(received.rawHeaders)).not.toContain('content-length');
  });

  it("returns the target's headers but Set-Cookie, hop-by-hop ones and its CORS headers, with its own CORS headers exposing them", async () => {
    const r = await send(proxy.port, 'GET', via(`${api}/v1/me`), { headers: { origin: 'https://docs.example.com' } });
    expect(r.status).toBe(201);
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(r.headers['x-internal']).toBeUndefined();
    expect(r.headers['access-control-allow-origin']).toBe('https://docs.example.com');
    expect(r.headers.vary).toBe('Origin');
    // Date is the target's too (Node's server adds it).
    expect(r.headers['access-control-expose-headers']).toBe('Content-Type, Content-Length, X-RateLimit-Limit, Date');
    expect(r.rawHeaders.filter((h) => h.toLowerCase() === 'access-control-allow-origin')).toHaveLength(1);
  });

  it('answers a CORS preflight itself, allowing the method and headers asked for, without calling the target', async () => {
    const before = target.received.length;
    const r = await send(proxy.port, 'OPTIONS', via(`${api}/v1/quoter`), {
      headers: {
        origin: 'https://docs.example.com',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, content-type, x-proxy-cookie',
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers).toMatchObject({
      'access-control-allow-origin': 'https://docs.example.com',
      'access-control-allow-methods': 'PATCH',
      'access-control-allow-headers': 'authorization, content-type, x-proxy-cookie',
      'access-control-max-age': '600',
    });
    expect(target.received.length).toBe(before);
  });

  it('passes a plain OPTIONS request on to the target', async () => {
    const r = await send(proxy.port, 'OPTIONS', via(`${api}/v1/quoter`));
    expect(r.status).toBe(201);
    expect(lastReceived().method).toBe('OPTIONS');
  });

  it('does not follow redirects: the 3xx goes back as it is', async () => {
    const r = await send(proxy.port, 'GET', via(`${api}/redirect`), { headers: { origin: 'https://docs.example.com' } });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('https://elsewhere.example.com/login');
    expect(r.headers['access-control-expose-headers']).toContain('location');
  });

  it("streams the target's body as it comes", async () => {
    const text = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the first part never came through')), 5000);
      const req = request({ host: '127.0.0.1', port: proxy.port, path: via(`${api}/stream`), agent: false }, (res) => {
        let received = '';
        res.on('data', (c: Buffer) => {
          received += c.toString();
          if (received === 'first ') finishStream?.();
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve(received);
        });
        res.on('aborted', () => reject(new Error('cut off')));
      });
      req.on('error', reject);
      req.end();
    });
    expect(text).toBe('first second');
  });
});

describe('the pages it answers', () => {
  const foreign = 'https://evil.example';

  it('refuses a page of another site with 403 and the reason naming --origin, without calling the target or giving it CORS headers', async () => {
    const before = target.received.length;
    const r = await send(proxy.port, 'GET', via(`${api}/v1/me`), { headers: { origin: foreign } });
    expect(r.status).toBe(403);
    expect(r.json().error).toBe(
      'The proxy does not answer pages of https://evil.example: it answers only the sites it serves. Whoever runs the proxy can allow this site by starting it with --origin https://evil.example.',
    );
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect(r.headers['access-control-expose-headers']).toBeUndefined();
    expect(target.received.length).toBe(before);
    expect(proxy.logs[proxy.logs.length - 1]).toMatchObject({ method: 'GET', status: 403 });
  });

  it("refuses another site's preflight, Private Network Access included", async () => {
    const r = await send(proxy.port, 'OPTIONS', via(`${api}/v1/quoter`), {
      headers: { origin: foreign, 'access-control-request-method': 'POST', 'access-control-request-private-network': 'true' },
    });
    expect(r.status).toBe(403);
    expect(r.text).toContain('--origin https://evil.example');
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect(r.headers['access-control-allow-private-network']).toBeUndefined();
  });

  it('refuses Origin: null (a sandboxed frame, a file from disk) and a look-alike of the site', async () => {
    for (const origin of ['null', 'https://docs.example.com.evil.example', 'http://docs.example.com'])
      expect((await send(proxy.port, 'GET', via(`${api}/v1/me`), { headers: { origin } })).status, origin).toBe(403);
  });

  it("answers the site's preflight with its origin echoed and Private Network Access allowed", async () => {
    const r = await send(proxy.port, 'OPTIONS', via(`${api}/v1/quoter`), {
      headers: { origin: 'https://docs.example.com', 'access-control-request-method': 'POST', 'access-control-request-private-network': 'true' },
    });
    expect(r.status).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe('https://docs.example.com');
    expect(r.headers['access-control-allow-private-network']).toBe('true');
    expect(r.headers.vary).toMatch(/^Origin, /);
  });

  it('answers a page of this machine (shipdocs serve on any port) and a request without an Origin', async () => {
    const local = await send(proxy.port, 'GET', via(`${api}/v1/me`), { headers: { origin: 'http://localhost:4321' } });
    expect(local.status).toBe(201);
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:4321');
    const curl = await send(proxy.port, 'GET', via(`${api}/v1/me`));
    expect(curl.status).toBe(201);
    expect(curl.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('refusals and failures', () => {
  it('refuses a host off the allow-list with 403 and a JSON error naming it and --allow, readable by the page', async () => {
    const r = await send(proxy.port, 'GET', via('https://api.other.test/v1/me'), { headers: { origin: 'https://docs.example.com' } });
    expect(r.status).toBe(403);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.headers['access-control-allow-origin']).toBe('https://docs.example.com');
    expect(r.json()).toEqual({
      error:
        'The proxy does not forward requests to api.other.test: it is not on its allow-list. Whoever runs the proxy can allow it by starting it with --allow api.other.test.',
    });
    // Same host, another port: refused too.
    expect((await send(proxy.port, 'GET', via(`http://127.0.0.1:${target.port + 1}/`))).status).toBe(403);
  });

  it('answers 400 without a usable url', async () => {
    expect((await send(proxy.port, 'GET', '/')).json().error).toMatch(/^No target/);
    expect((await send(proxy.port, 'GET', '/?url=%2Fv1%2Fme')).status).toBe(400);
    expect((await send(proxy.port, 'GET', `/?url=${encodeURIComponent('file:///etc/passwd')}`)).status).toBe(400);
  });

  it('answers 413 to a body over the limit, declared or streamed, without calling the target', async () => {
    const before = target.received.length;
    const r = await send(proxy.port, 'POST', via(`${api}/v1/upload`), { headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(2048) });
    expect(r.status).toBe(413);
    expect(r.json().error).toBe('The request body is larger than 1024 bytes, the most this proxy forwards.');
    const chunked = await send(proxy.port, 'POST', via(`${api}/v1/upload`), { headers: { 'transfer-encoding': 'chunked' }, body: 'y'.repeat(2048) });
    expect(chunked.status).toBe(413);
    expect(target.received.length).toBe(before);
    const fits = await send(proxy.port, 'POST', via(`${api}/v1/upload`), { headers: { 'transfer-encoding': 'chunked' }, body: 'z'.repeat(1000) });
    expect(fits.status).toBe(201);
    expect(lastReceived().body).toBe('z'.repeat(1000));
    expect(lastReceived().rawHeaders).toContain('1000');
  });

  it('answers 504 when the target does not answer in time', async () => {
    const started = Date.now();
    const r = await send(proxy.port, 'GET', via(`${api}/slow`));
    expect(r.status).toBe(504);
    expect(r.json()).toEqual({ error: `127.0.0.1:${target.port} did not answer within 300 ms.` });
    // Without an Origin (not a page's request): no CORS header to give.
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops waiting for the target when the browser gives up, and logs it as 499', async () => {
    const before = target.received.length;
    const logged = proxy.logs.length;
    const req = request({ host: '127.0.0.1', port: proxy.port, path: via(`${api}/slow`), agent: false });
    req.on('error', () => {});
    req.end();
    while (target.received.length === before) await settle();
    req.destroy();
    while (proxy.logs.length === logged) await settle();
    expect(proxy.logs[logged]).toMatchObject({ method: 'GET', target: `${api}/slow`, status: 499 });
  });

  it('answers 502 with the cause when the target cannot be reached: connection refused, TLS', async () => {
    const port = await closedPort();
    const refusing = await startProxy({ allow: [rule(`127.0.0.1:${port}`), rule(`127.0.0.1:${target.port}`)], origins: [] });
    try {
      const refused = await send(refusing.port, 'GET', via(`http://127.0.0.1:${port}/v1`));
      expect(refused.status).toBe(502);
      expect(refused.json()).toEqual({ error: `Could not reach 127.0.0.1: the connection to port ${port} was refused (nothing listens there).` });
      // https to a port serving plain http: the handshake fails.
      const tls = await send(refusing.port, 'GET', via(`https://127.0.0.1:${target.port}/v1`));
      expect(tls.status).toBe(502);
      expect(tls.json().error).toMatch(
        new RegExp(`^Could not reach 127\\.0\\.0\\.1 securely: the TLS handshake failed \\(.+\\)\\. Is port ${target.port} serving https\\?$`),
      );
    } finally {
      await refusing.close();
    }
  });

  it('keeps serving after the target drops a connection mid-answer', async () => {
    const dropping = createServer((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
      setTimeout(() => res.destroy(), 20);
    });
    await new Promise<void>((done) => dropping.listen(0, '127.0.0.1', done));
    const port = (dropping.address() as { port: number }).port;
    const local = await startProxy({ allow: [rule(`127.0.0.1:${port}`), rule(`127.0.0.1:${target.port}`)], origins: [] });
    try {
      await expect(send(local.port, 'GET', via(`http://127.0.0.1:${port}/`))).rejects.toThrow();
      expect((await send(local.port, 'GET', via(`${api}/v1/me`))).status).toBe(201);
    } finally {
      await local.close();
      dropping.closeAllConnections();
      dropping.close();
    }
  });
});

describe('the log', () => {
  it('has one entry per request: method, target origin and path, status, time; never the query or a header value', async () => {
    const logs = proxy.logs.splice(0);
    await send(proxy.port, 'POST', via(`${api}/v1/quoter?api_key=sk_live_query_secret&page=2`), {
      headers: { authorization: 'Bearer sk_live_header_secret', 'x-proxy-cookie': 'session=cookie_secret', 'content-type': 'application/json' },
      body: '{"password":"body_secret"}',
    });
    await send(proxy.port, 'GET', via('https://api.other.test/v1/me?token=refused_secret'));
    await send(proxy.port, 'GET', '/?url=not-a-url');
    await settle();
    const entries = proxy.logs.splice(0);
    expect(logs.length).toBeGreaterThan(0);
    expect(entries.map(({ method, target: t, status }) => ({ method, target: t, status }))).toEqual([
      { method: 'POST', target: `${api}/v1/quoter`, status: 201 },
      { method: 'GET', target: 'https://api.other.test/v1/me', status: 403 },
      { method: 'GET', target: '-', status: 400 },
    ]);
    for (const entry of entries) expect(entry.ms).toBeGreaterThanOrEqual(0);
    const text = JSON.stringify(entries);
    for (const secret of ['sk_live_query_secret', 'page=2', 'sk_live_header_secret', 'Bearer', 'cookie_secret', 'body_secret', 'refused_secret', '?'])
      expect(text).not.toContain(secret);
  });
});
