// Trunk post-build hook: writes the service worker's asset list and version,
// and pins the page's Content-Security-Policy to the inline start-up script
// Trunk generates (by its hash), so nothing else can run.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('postbuild.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is unset)');

const files = readdirSync(dir).filter((f) => statSync(join(dir, f)).isFile() && f !== 'sw.js').sort();

// Content-Security-Policy: only this origin, wasm compilation, and Trunk's inline loader by hash.
const indexPath = join(dir, 'index.html');
let html = readFileSync(indexPath, 'utf8');
const inline = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
const hashes = inline.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`).join(' ');
const csp = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${hashes}`.trim(),
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');
html = html.replace('<meta name="csp-placeholder">', `<meta http-equiv="Content-Security-Policy" content="${csp}">`);
writeFileSync(indexPath, html);

const version = createHash('sha256');
for (const f of files) version.update(f).update(readFileSync(join(dir, f)));
const assets = ['./', ...files.map((f) => `./${f}`)];
const sw = readFileSync(join(dir, 'sw.js'), 'utf8')
  .replace("'__VERSION__'", JSON.stringify(version.digest('hex').slice(0, 16)))
  .replace("['__ASSETS__']", JSON.stringify(assets));
writeFileSync(join(dir, 'sw.js'), sw);
console.log(`postbuild: CSP with ${inline.length} inline script hash(es); sw.js caches ${assets.length} files`);
