import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves a built site on 127.0.0.1 like a static host: `/a/b` and `/a/b/` answer `a/b/index.html`,
 * unknown paths the 404 page with status 404; text is gzipped when the client accepts it.
 */
export async function serveStatic(root: string): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      let path: string;
      try {
        path = decodeURIComponent(url.pathname);
      } catch {
        path = '/';
      }
      const safe = normalize(join(root, path));
      if (!safe.startsWith(root + sep) && safe !== root) {
        res.writeHead(403).end();
        return;
      }
      const candidates = [safe, join(safe, 'index.html')];
      let file: string | undefined;
      for (const c of candidates) if (await isFile(c)) file = file ?? c;
      const status = file ? 200 : 404;
      file ??= join(root, '404.html');
      let body: Buffer = await readFile(file);
      const headers: Record<string, string> = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' };
      if (/gzip/.test(String(req.headers['accept-encoding'])) && /text|json|svg|xml/.test(headers['content-type']!)) {
        body = gzipSync(body);
        headers['content-encoding'] = 'gzip';
      }
      headers['content-length'] = String(body.length);
      res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
