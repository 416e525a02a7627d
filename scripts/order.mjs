// The order of a wasm module's functions, for gzip (used by postbuild.mjs):
// gzip finds repeats only within 32 KB, and the compiler lays functions out
// in an order that scatters look-alikes (the many instances of one generic
// function, the glue of each import) over the whole module. This puts each
// function after those most like it: a greedy chain, from the function
// first in byte order, that goes on to whichever of the 16 unplaced
// functions whose 4-byte sequences overlap the last one's most (Jaccard
// index) deflate shrinks most given the last 32 KB placed. The order is
// handed to binaryen as a name section of ranks, which
// `--reorder-functions-by-name` sorts by (and `--strip-debug` drops); it
// renumbers every call and table entry itself, so the code is unchanged.
// binaryen sorts the imported functions with the rest, so they are named
// to stay first and in their order.
import { deflateRawSync } from 'node:zlib';

/** Reads an unsigned LEB128 at `i`: [value, next index]. */
function leb(b, i) {
  let r = 0;
  let s = 0;
  for (;;) {
    const x = b[i++];
    r += (x & 0x7f) * 2 ** s;
    s += 7;
    if (x < 0x80) return [r, i];
  }
}

function uleb(n) {
  const out = [];
  do {
    let x = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) x |= 0x80;
    out.push(x);
  } while (n);
  return out;
}

/** The number of imported functions and each defined function's body. */
function bodies(b) {
  let i = 8;
  let imported = 0;
  const out = [];
  while (i < b.length) {
    const id = b[i++];
    let n;
    [n, i] = leb(b, i);
    const end = i + n;
    if (id === 2) {
      let [c, j] = leb(b, i);
      for (let k = 0; k < c; k++) {
        let l;
        [l, j] = leb(b, j);
        j += l;
        [l, j] = leb(b, j);
        j += l;
        const kind = b[j++];
        if (kind === 0) {
          [, j] = leb(b, j);
          imported++;
        } else if (kind === 1) {
          j++;
          let f;
          [f, j] = leb(b, j);
          [, j] = leb(b, j);
          if (f & 1) [, j] = leb(b, j);
        } else if (kind === 2) {
          let f;
          [f, j] = leb(b, j);
          [, j] = leb(b, j);
          if (f & 1) [, j] = leb(b, j);
        } else if (kind === 3) {
          j += 2;
        } else {
          throw new Error(`order: import kind ${kind} not read`);
        }
      }
    } else if (id === 10) {
      let [c, j] = leb(b, i);
      for (let k = 0; k < c; k++) {
        let l;
        [l, j] = leb(b, j);
        out.push(b.subarray(j, j + l));
        j += l;
      }
    }
    i = end;
  }
  return { imported, bodies: out };
}

/** The distinct 4-byte sequences of `body`, as sorted numbers. */
function grams(body) {
  const g = new Uint32Array(Math.max(0, body.length - 3));
  for (let i = 0; i + 3 < body.length; i++) g[i] = ((body[i] << 24) | (body[i + 1] << 16) | (body[i + 2] << 8) | body[i + 3]) >>> 0;
  g.sort();
  let n = 0;
  for (let i = 0; i < g.length; i++) if (i === 0 || g[i] !== g[i - 1]) g[n++] = g[i];
  return g.subarray(0, n);
}

function jaccard(a, b) {
  if (!a.length || !b.length) return 0;
  let i = 0;
  let j = 0;
  let both = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      both++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return both / (a.length + b.length - both);
}

function compare(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** How many of the most alike functions are tried by deflate at each step. */
const SHORTLIST = 16;
/** gzip's window: the bytes a function can find repeats in. */
const WINDOW = 32 * 1024;

/** Each defined function's place in the chain. */
export function chain(bytes) {
  const { bodies: code } = bodies(bytes);
  const byBytes = code.map((_, k) => k).sort((x, y) => compare(code[x], code[y]));
  const g = code.map(grams);
  const alone = code.map((c) => deflateRawSync(c, { level: 9 }).length);
  const placed = new Uint8Array(code.length);
  const rank = new Array(code.length);
  let cur = byBytes[0];
  let window = Buffer.alloc(0);
  for (let r = 0; r < code.length; r++) {
    rank[cur] = r;
    placed[cur] = 1;
    window = Buffer.concat([window, code[cur]]);
    if (window.length > WINDOW) window = window.subarray(window.length - WINDOW);
    // The unplaced functions most like this one (ties by byte order)…
    const top = [];
    for (const k of byBytes) {
      if (placed[k]) continue;
      const s = jaccard(g[cur], g[k]);
      if (top.length < SHORTLIST || s > top[top.length - 1][0]) {
        let i = top.length;
        while (i > 0 && top[i - 1][0] < s) i--;
        top.splice(i, 0, [s, k]);
        if (top.length > SHORTLIST) top.pop();
      }
    }
    // …and of those, the one deflate shrinks most after the window.
    let best = -1;
    let gain = -Infinity;
    for (const [, k] of top) {
      const d = alone[k] - deflateRawSync(code[k], { level: 9, dictionary: window }).length;
      if (d > gain) {
        gain = d;
        best = k;
      }
    }
    cur = best;
  }
  return rank;
}

/** `bytes` without its custom sections named `name`. */
function unnamed(bytes) {
  const keep = [bytes.subarray(0, 8)];
  let i = 8;
  while (i < bytes.length) {
    const start = i;
    const id = bytes[i++];
    let n;
    [n, i] = leb(bytes, i);
    const end = i + n;
    const [l, j] = id === 0 ? leb(bytes, i) : [0, i];
    if (!(id === 0 && Buffer.from(bytes.subarray(j, j + l)).toString() === 'name')) keep.push(bytes.subarray(start, end));
    i = end;
  }
  return Buffer.concat(keep);
}

/** `bytes` with a name section (in place of any it had) that names each defined function by its rank. */
export function namedByChain(input) {
  const bytes = unnamed(input);
  const { imported } = bodies(bytes);
  const rank = chain(bytes);
  const width = String(Math.max(rank.length, imported)).length;
  // Imported functions are sorted too: named first, in their own order.
  const names = [...Array.from({ length: imported }, (_, i) => `0${String(i).padStart(width, '0')}`), ...rank.map((r) => `1${String(r).padStart(width, '0')}`)];
  const map = [...uleb(names.length)];
  names.forEach((n, k) => {
    const name = [...Buffer.from(n)];
    map.push(...uleb(k), ...uleb(name.length), ...name);
  });
  const sub = [1, ...uleb(map.length), ...map];
  const payload = [...uleb(4), ...Buffer.from('name'), ...sub];
  return Buffer.concat([Buffer.from(bytes), Buffer.from([0, ...uleb(payload.length), ...payload])]);
}
