// End-to-end: the release build in dist/, served on loopback, in headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { serve } from './server.mjs';
import { DIST, SHOTS, launch, watch } from './browser.mjs';
import { startGame } from './page.mjs';

const TABLE = [0xe4, 0xdc, 0xc6];
const FIELD = [0x7f, 0xae, 0x4e];

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

/**
 * Opens the site under `prefix`, records everything that went wrong, and
 * starts a game from the start screen: the board is drawn once a game is
 * on the table (nothing is drawn behind the start screen, issue 35).
 */
async function open(prefix, { width = 1024, height = 768, dpr = 1 } = {}) {
  const server = await serve(DIST, prefix);
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr });
  const page = await context.newPage();
  const log = { problems: [], requests: [] };
  watch(page, { warnings: true, errors: log.problems });
  page.on('request', (r) => log.requests.push(r.url()));
  page.on('requestfailed', (r) => log.problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) log.problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  const close = async () => {
    await context.close();
    await server.close();
  };
  try {
    await page.goto(server.url, { waitUntil: 'load' });
    // The wasm start function fills the announcer after the first draw.
    await page.waitForFunction(() => document.getElementById('announcer')?.textContent, null, {
      timeout: 15000,
    });
    await startGame(page);
    await page.waitForFunction(() => window.__carcassonne.frames() > 0);
  } catch (e) {
    await close();
    throw new Error(`${e.message}\nproblems seen: ${JSON.stringify(log.problems, null, 2)}`);
  }
  return { page, server, log, close };
}

/** Reads the canvas back: its sizes and how many pixels are table or field. */
function canvasStats(page, table, field) {
  return page.evaluate(
    ([table, field]) => {
      const c = document.getElementById('board');
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const near = (i, rgb) => rgb.every((v, k) => Math.abs(data[i + k] - v) <= 6);
      let onTable = 0;
      let onField = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (near(i, table)) onTable++;
        else if (near(i, field)) onField++;
      }
      const box = c.getBoundingClientRect();
      return {
        width: c.width,
        height: c.height,
        cssWidth: box.width,
        cssHeight: box.height,
        dpr: devicePixelRatio,
        pixels: c.width * c.height,
        onTable,
        onField,
        scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
        viewport: [innerWidth, innerHeight],
      };
    },
    [table, field],
  );
}

async function checkSite(prefix, viewport) {
  const site = await open(prefix, viewport);
  try {
    const s = await canvasStats(site.page, TABLE, FIELD);
    assert.deepEqual(site.log.problems, [], 'no console error/warning, page error or failed request');
    assert.equal(s.cssWidth, s.viewport[0], 'canvas fills the window width');
    assert.equal(s.cssHeight, s.viewport[1], 'canvas fills the window height');
    assert.deepEqual(s.scroll, s.viewport, 'no scrolling');
    assert.equal(s.width, Math.round(s.cssWidth * s.dpr), 'backing store is CSS width × DPR');
    assert.equal(s.height, Math.round(s.cssHeight * s.dpr), 'backing store is CSS height × DPR');
    assert.ok(s.onTable > s.pixels * 0.5, `mostly table background (${s.onTable}/${s.pixels})`);
    assert.ok(s.onField > s.pixels * 0.005, `the start tile's field is drawn (${s.onField} px)`);
    for (const url of site.log.requests) {
      assert.equal(new URL(url).origin, site.server.origin, `request stays on the local server: ${url}`);
    }
    assert.ok(site.log.requests.some((u) => u.endsWith('.wasm')), 'the wasm module was fetched');
    if (prefix !== '/') {
      for (const url of site.log.requests) {
        assert.ok(new URL(url).pathname.startsWith(prefix), `request stays under ${prefix}: ${url}`);
      }
    }
  } finally {
    await site.close();
  }
}

test('page loads cleanly and draws the board at the site root', () => checkSite('/'));

test('page works from the sub-path /carcassonne/', () => checkSite('/carcassonne/'));

test('canvas is crisp at devicePixelRatio 2', () => checkSite('/', { width: 800, height: 600, dpr: 2 }));

test('the board is redrawn to the new size when the window resizes', async () => {
  const site = await open('/', { width: 1024, height: 768 });
  try {
    await site.page.setViewportSize({ width: 600, height: 900 });
    await site.page.waitForFunction(() => document.getElementById('board').width === 600);
    const s = await canvasStats(site.page, TABLE, FIELD);
    assert.deepEqual([s.width, s.height], [600, 900]);
    assert.ok(s.onField > s.pixels * 0.005, `the start tile is drawn again (${s.onField} px)`);
    assert.deepEqual(site.log.problems, []);
  } finally {
    await site.close();
  }
});

test('while the wasm loads only the title shows, and the start screen comes with the wasm, Start focused', async () => {
  const server = await serve(DIST, '/');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const problems = [];
  watch(page, { errors: problems });
  // The wasm is held back until the test has looked at the page.
  let release;
  const held = new Promise((ok) => (release = ok));
  await page.route(/_bg\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  try {
    await page.goto(server.url, { waitUntil: 'domcontentloaded' });
    await page.waitForTimeout(300);
    // No table, bars or cards half laid out before the game can answer a tap.
    const shown = await page.evaluate(() =>
      [...document.body.querySelectorAll('*')].filter((e) => e.getClientRects().length > 0).map((e) => e.id || e.tagName));
    assert.deepEqual(shown, [], 'nothing of the page is laid out while the wasm loads');
    const title = await page.evaluate(() => getComputedStyle(document.body, '::before').content);
    assert.equal(title, '"Carcassonne"');
    release();
    await page.waitForSelector('#start', { state: 'visible' });
    await page.waitForFunction(() => document.activeElement?.id === 'start');
    assert.equal(await page.evaluate(() => document.getElementById('setup').scrollTop), 0, 'the start screen opens at its top');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('tablet screenshots (landscape and portrait)', async () => {
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [[1024, 768], [768, 1024]]) {
    const site = await open('/carcassonne/', { width, height });
    try {
      await site.page.screenshot({ path: `${SHOTS}/board-${width}x${height}.png` });
      assert.deepEqual(site.log.problems, []);
    } finally {
      await site.close();
    }
  }
});
