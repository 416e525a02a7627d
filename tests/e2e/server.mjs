// A tiny static server for the end-to-end tests: serves dist/ on loopback,
// mounted under a path prefix ("/" or e.g. "/carcassonne/").
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

// The types a static host compresses (GitHub Pages, Netlify and the like gzip these;
// `.txt` is the words of each language, text/plain).
const SQUEEZE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.svg', '.json', '.webmanifest', '.txt']);

/**
 * Starts a server for `root` under `prefix`; resolves to { origin, url, close }.
 * Options, for the page benchmark (scripts/page-bench.mjs): `gzip` serves
 * compressible files gzipped to a client that accepts it, with a short
 * `max-age` as a static host sends (else nothing is cached: `no-store`);
 * `sent(path, bytes, req)` is told each response's body size as sent.
 */
export async function serve(dir, prefix = '/', { gzip = false, sent = null } = {}) {
  const root = resolve(dir);
  const zipped = new Map();
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path === prefix.replace(/\/$/, '') && prefix !== '/') {
      res.writeHead(301, { Location: prefix }).end();
      return;
    }
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end('not found');
      return;
    }
    let file = join(root, path.slice(prefix.length));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      let body = await readFile(file);
      const type = MIME[extname(file)] ?? 'application/octet-stream';
      const headers = { 'Content-Type': type, 'Cache-Control': gzip ? 'max-age=600' : 'no-store' };
      if (gzip && SQUEEZE.has(extname(file))) {
        headers.Vary = 'Accept-Encoding';
        if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
          const key = `${file}:${body.length}`;
          if (!zipped.has(key)) zipped.set(key, gzipSync(body, { level: 9 }));
          body = zipped.get(key);
          headers['Content-Encoding'] = 'gzip';
        }
      }
      sent?.(path, body.length, req);
      res.writeHead(200, headers).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    url: origin + prefix,
    close: () =>
      new Promise((done) => {
        server.close(done);
        server.closeAllConnections();
      }),
  };
}
