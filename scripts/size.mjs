// Sizes of the shipped assets: raw, gzip -9 and brotli at max quality.
import { readdirSync, readFileSync } from 'node:fs';
import { join, extname } from 'node:path';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';

const dir = process.argv[2] ?? 'dist';
// --max N: fails (exit 1) when the gzip total is over N bytes.
const max = process.argv.includes('--max') ? Number(process.argv[process.argv.indexOf('--max') + 1]) : Infinity;
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

// Where the wasm's bytes go, by section (gzip of each section alone, so the
// parts add up to a little more than the whole file compressed).
const NAMES = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'data count'];
for (const f of rows.map((r) => r.file).filter((f) => f.endsWith('.wasm'))) {
  const b = readFileSync(join(dir, f));
  const leb = (i) => {
    let n = 0;
    let shift = 0;
    for (;;) {
      const byte = b[i++];
      n += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (byte < 0x80) return [n, i];
    }
  };
  const sections = [];
  for (let i = 8; i < b.length; ) {
    const id = b[i];
    const [len, start] = leb(i + 1);
    sections.push({ name: NAMES[id] ?? `section ${id}`, data: b.subarray(start, start + len) });
    i = start + len;
  }
  console.log(`\n${f} by section:`);
  for (const s of sections.sort((x, y) => y.data.length - x.data.length)) {
    if (s.data.length < 64) continue;
    console.log(`  ${s.name.padEnd(10)} ${String(s.data.length).padStart(9)} raw ${String(gzipSync(s.data, { level: 9 }).length).padStart(9)} gzip`);
  }
}

if (total.gzip > max) {
  console.log(`\nover the ceiling: ${total.gzip} B gzip > ${max} B`);
  process.exit(1);
}
