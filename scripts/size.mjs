// Sizes of the shipped assets: raw, gzip -9 and brotli at max quality.
import { readdirSync, readFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const dir = process.argv[2] ?? 'dist';
const kinds = new Set(['.wasm', '.js', '.css']);
const rows = readdirSync(dir, { recursive: true })
  .filter((f) => kinds.has(extname(f)))
  .sort()
  .map((f) => {
    const data = readFileSync(join(dir, f));
    return {
      file: f,
      raw: data.length,
      gzip: gzipSync(data, { level: 9 }).length,
      brotli: brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }).length,
    };
  });
const total = ['raw', 'gzip', 'brotli'].reduce(
  (t, k) => ({ ...t, [k]: rows.reduce((s, r) => s + r[k], 0) }),
  { file: 'total' },
);
const width = Math.max(5, ...rows.map((r) => r.file.length));
const line = (r) =>
  `${r.file.padEnd(width)}  ${String(r.raw).padStart(9)}  ${String(r.gzip).padStart(9)}  ${String(r.brotli).padStart(9)}`;
console.log(line({ file: 'file', raw: 'raw B', gzip: 'gzip B', brotli: 'brotli B' }));
rows.forEach((r) => console.log(line(r)));
console.log(line(total));
