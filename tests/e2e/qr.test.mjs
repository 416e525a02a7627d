// End-to-end: the QR code a phone scans off the screen to get a link
// (src/web/qr.rs over src/link/qr.rs). The release page draws codes on a
// canvas through the test hook (`__carcassonne.qr({ canvas, text })`, until the send card
// shows them), and jsQR, a reader written apart from our encoder, decodes
// the canvas's pixels: every length 1..700 in steps, both sides of each
// version's boundary up to 711 bytes, link-shaped URLs of the sizes
// docs/link-play.md measured and one of 2,000 characters. Each code must
// read back byte for byte, and be drawn crisp: only black and white
// pixels, whole device pixels a module, a 4-module light margin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { closeSite, openSite, tab } from './browser.mjs';

const require = createRequire(new URL('../../scripts/package.json', import.meta.url));
const JSQR = require.resolve('jsqr');

// Table 7 of ISO/IEC 18004: the most bytes versions 1–21 hold at level M.
const CAPACITY = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504,
  560, 624, 666, 711];
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const ORIGIN = 'https://someone.github.io/carcassonne/#';

// Deterministic text of `n` characters: base64url, as links are, with
// some texts in accented letters (two bytes each in UTF-8).
function text(n, seed, accents = false) {
  let s = '';
  let x = seed * 7919 + n;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    s += accents && i % 5 === 0 ? 'éłü'[x % 3] : B64[x % 64];
  }
  return s;
}

function samples() {
  const list = [];
  for (let n = 1; n <= 700; n += 9) list.push(text(n, 1));
  for (const cap of CAPACITY) list.push(text(cap, 2), text(cap + 1, 3));
  // Link-shaped: the largest one-turn link and join link measured, and more.
  for (const n of [180, 490, 600]) list.push(ORIGIN + text(n, 4));
  list.push(ORIGIN + text(2000 - ORIGIN.length, 5));
  list.push(text(120, 6, true), text(300, 7, true));
  return list;
}

let browser;
let server;
before(async () => ({ browser, server } = await openSite()));
after(() => closeSite(browser, server));

/** Draws each text on a `css`-pixel square canvas and reads it back with jsQR. */
async function readBack(page, texts, css) {
  await page.addScriptTag({ path: JSQR });
  return page.evaluate(({ texts, css }) => {
    const canvas = document.createElement('canvas');
    canvas.style.cssText = `position:fixed;left:0;top:0;width:${css}px;height:${css}px`;
    document.body.append(canvas);
    const bytes = new TextEncoder();
    const out = [];
    for (const t of texts) {
      window.__carcassonne.qr({ canvas, text: t });
      const w = canvas.width;
      const px = canvas.getContext('2d').getImageData(0, 0, w, canvas.height).data;
      const drawn = px.some((v, i) => i % 4 === 3 && v !== 0);
      const grey = px.some((v, i) => i % 4 !== 3 && v !== 0 && v !== 255);
      // The top-left finder's first row is 7 dark modules: the module's size.
      let first = -1;
      for (let i = 0; i < w * w && first < 0; i++) if (px[i * 4] === 0) first = i;
      const [x0, y0] = [first % w, Math.floor(first / w)];
      let run = 0;
      while (px[(first + run) * 4] === 0) run++;
      let right = 0;
      let bottom = 0;
      for (let i = 0; i < w * w; i++) {
        if (px[i * 4] === 0) {
          right = Math.max(right, i % w);
          bottom = Math.max(bottom, Math.floor(i / w));
        }
      }
      const code = jsQR(px, w, canvas.height);
      const got = code ? Array.from(code.binaryData) : null;
      out.push({
        length: t.length,
        drawn,
        width: w,
        unit: run / 7,
        margins: [x0, y0, w - 1 - right, canvas.height - 1 - bottom],
        modules: (right + 1 - x0) / (run / 7),
        grey,
        read: got !== null && got.join() === Array.from(bytes.encode(t)).join(),
        version: code?.version,
      });
    }
    canvas.remove();
    return out;
  }, { texts, css });
}

function check(results, ratio, css) {
  for (const r of results) {
    const what = `${r.length} characters`;
    assert.ok(r.drawn, `${what}: drawn`);
    assert.ok(r.read, `${what}: jsQR reads the text back (version ${r.version})`);
    assert.equal(r.grey, false, `${what}: only black and white pixels`);
    assert.equal(r.width, Math.floor(css * ratio), `${what}: one canvas pixel a device pixel`);
    assert.ok(Number.isInteger(r.unit) && r.unit >= 1, `${what}: whole pixels a module (${r.unit})`);
    assert.ok(Number.isInteger(r.modules) && (r.modules - 17) % 4 === 0, `${what}: ${r.modules} modules`);
    for (const m of r.margins) assert.ok(m >= 4 * r.unit, `${what}: a 4-module light margin (${r.margins})`);
  }
}

test('every code the page draws reads back, lengths 1..700, each version boundary and link-shaped URLs', async () => {
  const { context, page, errors } = await tab(browser, server.url, { bypassCSP: true });
  try {
    const texts = samples();
    const results = await readBack(page, texts, 540);
    assert.equal(results.length, texts.length);
    check(results, 1, 540);
    const versions = new Set(results.map((r) => r.version));
    assert.ok(versions.size >= 22, `versions 1–22 and 38 are all read (${[...versions]})`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('on a high-density screen the modules are whole device pixels, and a link reads back', async () => {
  for (const ratio of [1.5, 2, 3]) {
    const { context, page, errors } = await tab(browser, server.url, { bypassCSP: true, deviceScaleFactor: ratio });
    try {
      const texts = [ORIGIN + text(180, 8), ORIGIN + text(600, 9)];
      check(await readBack(page, texts, 250), ratio, 250);
      assert.deepEqual(errors, [], `ratio ${ratio}`);
    } finally {
      await context.close();
    }
  }
});

test('a text past what a code holds draws nothing and says so', async () => {
  const { context, page } = await tab(browser, server.url, { bypassCSP: true });
  try {
    const out = await page.evaluate(() => {
      // Whether `text` leaves any pixel painted on a fresh canvas, and its width.
      const paint = (text) => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 300;
        window.__carcassonne.qr({ canvas, text });
        const px = canvas.getContext('2d').getImageData(0, 0, 300, 300).data;
        return [px.some((v) => v !== 0), canvas.width];
      };
      return [paint('x'.repeat(2331)), paint('x'.repeat(2332))];
    });
    // The canvas has no layout here: the code keeps its 300 pixels.
    assert.deepEqual(out, [[true, 300], [false, 300]]);
  } finally {
    await context.close();
  }
});
