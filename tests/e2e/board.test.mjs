// End-to-end: playing on the board with real input events — mouse, touch
// (CDP touch events) and keyboard — plus layout checks and the benchmark.
// The page exposes a read-only hook, window.__carcassonne, to find things.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';

const require = createRequire(new URL('../../scripts/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  mkdirSync(SHOTS, { recursive: true });
});
after(() => browser?.close());

async function open(query = '?seed=42', { width = 1024, height = 768, touch = false } = {}) {
  const server = await serve(DIST, '/');
  const context = await browser.newContext({
    viewport: { width, height },
    hasTouch: touch,
    isMobile: false,
  });
  // These tests play turn after turn: the hand-over screen is switched off, as a player can.
  await context.addInitScript(() => {
    try {
      localStorage.setItem('carcassonne:/:v1:handover', 'off');
    } catch {}
  });
  const page = await context.newPage();
  const problems = [];
  const logs = [];
  page.on('console', (m) => {
    logs.push(m.text());
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  const close = async () => {
    await context.close();
    await server.close();
  };
  try {
    await page.goto(server.url + query, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__carcassonne && document.getElementById('announcer').textContent);
  } catch (e) {
    await close();
    throw new Error(`${e.message}\nproblems: ${JSON.stringify(problems)}`);
  }
  return { page, problems, logs, close };
}

const state = (page) => page.evaluate(() => window.__carcassonne.state());
const screenOf = (page, [x, y]) => page.evaluate(([x, y]) => window.__carcassonne.screenOf(x, y), [x, y]);
const handCentre = async (page) => {
  const r = await page.evaluate(() => window.__carcassonne.handRect());
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
};
const announced = (page) => page.evaluate(() => document.getElementById('announcer').textContent);

/** An empty cell on screen where the tile in hand fits in no rotation. */
async function illegalCell(page) {
  const s = await state(page);
  const taken = new Set(s.game.tiles.map((t) => t.at.join(',')));
  const fits = new Set(s.fits.map((f) => f.at.join(',')));
  for (let r = 1; r < 4; r++) {
    for (let x = -r; x <= r; x++) {
      for (let y = -r; y <= r; y++) {
        const k = `${x},${y}`;
        if (taken.has(k) || fits.has(k)) continue;
        const p = await screenOf(page, [x, y]);
        const free = await page.evaluate(({ x, y }) => {
          const top = document.getElementById('topbar').getBoundingClientRect().bottom;
          const bottom = document.getElementById('dock').getBoundingClientRect().top;
          return x > 30 && x < innerWidth - 30 && y > top + 30 && y < bottom - 30;
        }, p);
        if (free) return [x, y];
      }
    }
  }
  throw new Error('no illegal cell on screen');
}

async function mouseDrag(page, from, to, steps = 8) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
}

const settle = () => new Promise((done) => setTimeout(done, 150));

/**
 * Real touch input through the DevTools protocol. The finger rests a moment
 * before lifting, as on a drop target; a finger lifted while still moving
 * starts a fling, and Chromium then swallows the next tap to stop it.
 */
async function touchDrag(cdp, from, to, steps = 8) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y, id: 1 }] });
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const p = { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t, id: 1 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  }
  await settle();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: to.x, y: to.y, id: 1 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function pinch(cdp, centre, from, to, steps = 8) {
  const pts = (d) => [
    { x: centre.x - d, y: centre.y, id: 1 },
    { x: centre.x + d, y: centre.y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: pts(from) });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: pts(from + ((to - from) * i) / steps) });
  }
  await settle();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: pts(to) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('mouse: rotate, an illegal drop refused, a legal drop, confirm, a follower, a skip', async () => {
  const { page, problems, close } = await open('?seed=42');
  try {
    let s = await state(page);
    assert.equal(s.game.step, 'place_tile');
    assert.equal(s.game.tiles.length, 1);
    assert.ok(s.fits.length > 0, 'legal cells are offered');
    for (const f of s.fits) assert.ok(f.rotations > 0, 'a cell where the tile fits in no rotation is never offered');

    // Tap the tile in hand: it turns.
    const hand = await handCentre(page);
    await page.mouse.click(hand.x, hand.y);
    s = await state(page);
    assert.equal(s.rotation, 1);

    // An illegal drop: refused, and the tile is back in the hand.
    const bad = await illegalCell(page);
    await mouseDrag(page, hand, await screenOf(page, bad));
    s = await state(page);
    assert.equal(s.candidate, null, 'an illegal drop leaves no tile on the board');
    assert.equal(s.dragging, false);
    assert.equal(s.game.tiles.length, 1);
    assert.match(await announced(page), /does not fit/);

    // A legal drop: the tile lies there in a fitting rotation, waiting for Confirm.
    const target = s.fits[0];
    await mouseDrag(page, hand, await screenOf(page, target.at));
    s = await state(page);
    assert.deepEqual(s.candidate, target.at);
    assert.ok(target.rotations & (1 << s.rotation), 'dropped in a fitting rotation');
    assert.equal(s.game.tiles.length, 1, 'nothing is placed before Confirm');
    await page.screenshot({ path: `${SHOTS}/board-candidate-1024x768.png` });

    await page.click('#confirm');
    s = await state(page);
    assert.equal(s.game.step, 'place_follower');
    assert.equal(s.game.tiles.length, 2);
    assert.ok(s.options.length > 0, 'follower spots are shown');
    await page.screenshot({ path: `${SHOTS}/board-follower-1024x768.png` });

    // A follower: click its marker.
    const spot = s.options[0];
    await page.mouse.click(spot.x, spot.y);
    s = await state(page);
    assert.equal(s.game.pieces.length, 1, 'the follower stands on the board');
    assert.equal(s.game.pieces[0].player, 0);
    assert.equal(s.game.current_player, 1);
    assert.equal(s.game.step, 'place_tile');

    // Red: tap a highlighted cell instead of dragging, confirm, then no follower.
    const tileBefore = s.game.tile;
    const cell = s.fits[s.fits.length - 1];
    const p = await screenOf(page, cell.at);
    await page.mouse.click(p.x, p.y);
    s = await state(page);
    assert.deepEqual(s.candidate, cell.at);
    await page.click('#confirm');
    await page.click('#skip');
    s = await state(page);
    assert.equal(s.game.tiles.length, 3);
    assert.equal(s.game.pieces.length, 1, 'skipping places nobody');
    assert.equal(s.game.current_player, 0);

    // Undo takes Red's turn back, once the table agrees.
    page.once('dialog', (d) => d.dismiss());
    await page.click('#undo');
    s = await state(page);
    assert.equal(s.game.tiles.length, 3, 'nothing is undone without agreement');
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      d.accept();
    });
    await page.click('#undo');
    assert.match(asked, /Red's last turn\? Everyone at the table should agree/);
    s = await state(page);
    assert.equal(s.game.tiles.length, 2);
    assert.equal(s.game.current_player, 1);
    assert.equal(s.game.tile, tileBefore, 'the same tile comes back to hand');
    // Redo plays it again.
    await page.click('#settings summary');
    await page.click('#redo');
    s = await state(page);
    assert.equal(s.game.tiles.length, 3);
    assert.equal(s.game.current_player, 0);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('touch: drag with a finger, tap to rotate, pinch zoom and pan never place a tile', async () => {
  const { page, problems, close } = await open('?seed=7', { width: 768, height: 1024, touch: true });
  try {
    const cdp = await page.context().newCDPSession(page);
    let s = await state(page);
    const hand = await handCentre(page);

    await page.touchscreen.tap(hand.x, hand.y);
    s = await state(page);
    assert.equal(s.rotation, 1, 'a tap on the hand turns the tile');

    // Illegal drop with a finger.
    const bad = await illegalCell(page);
    await touchDrag(cdp, hand, await screenOf(page, bad));
    s = await state(page);
    assert.equal(s.candidate, null);

    // Pinch out around the start tile: zooms in, places nothing.
    const before = s.scale;
    const centre = await screenOf(page, [0, 0]);
    await pinch(cdp, centre, 40, 120);
    s = await state(page);
    assert.ok(s.scale > before * 1.5, `pinch zooms in (${before} -> ${s.scale})`);
    assert.equal(s.candidate, null, 'a pinch places nothing');
    assert.equal(s.game.tiles.length, 1);
    // The point under the fingers stays under them.
    const after = await screenOf(page, [0, 0]);
    assert.ok(Math.abs(after.x - centre.x) < 3 && Math.abs(after.y - centre.y) < 3, 'zoom is around the pinch centre');

    // Pinch back in, then pan with one finger on the empty board.
    await pinch(cdp, centre, 120, 50);
    s = await state(page);
    const c0 = s.centre;
    const top = await page.evaluate(() => document.getElementById('topbar').getBoundingClientRect().bottom);
    await touchDrag(cdp, { x: 60, y: top + 60 }, { x: 160, y: top + 120 });
    s = await state(page);
    assert.ok(Math.abs(s.centre.x - c0.x) > 0.1, 'a one-finger drag on the board pans');
    assert.equal(s.candidate, null, 'panning places nothing');

    // A legal drag with a finger, confirm, and a follower by tapping its marker.
    const target = s.fits[0];
    await touchDrag(cdp, hand, await screenOf(page, target.at));
    s = await state(page);
    assert.deepEqual(s.candidate, target.at);
    const confirm = await page.locator('#confirm').boundingBox();
    await page.touchscreen.tap(confirm.x + confirm.width / 2, confirm.y + confirm.height / 2);
    // A tap becomes a click once the browser's gesture detector has seen it.
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower', null, {
      timeout: 3000,
    });
    s = await state(page);
    assert.equal(s.game.step, 'place_follower');
    const spot = s.options[s.options.length - 1];
    await page.touchscreen.tap(spot.x, spot.y);
    s = await state(page);
    assert.equal(s.game.pieces.length, 1);
    assert.equal(s.game.current_player, 1);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

test('keyboard only: Tab to a spot, R, Enter, a number key, then S to skip', async () => {
  const { page, problems, close } = await open('?seed=11');
  try {
    await page.focus('#board');
    let s = await state(page);
    await page.keyboard.press('Tab');
    s = await state(page);
    assert.deepEqual(s.candidate, s.fits[0].at, 'Tab picks the first legal cell');
    await page.keyboard.press('Shift+ArrowRight');
    s = await state(page);
    assert.ok(s.candidate, 'Shift+arrow moves between legal cells');
    const r0 = s.rotation;
    await page.keyboard.press('r');
    s = await state(page);
    assert.equal(s.rotation, (r0 + 1) % 4, 'R turns the tile');
    // Turn on until it fits here, then confirm.
    for (let i = 0; i < 4; i++) {
      const f = s.fits.find((f) => f.at[0] === s.candidate[0] && f.at[1] === s.candidate[1]);
      if (f.rotations & (1 << s.rotation)) break;
      await page.keyboard.press('r');
      s = await state(page);
    }
    await page.keyboard.press('Enter');
    s = await state(page);
    assert.equal(s.game.step, 'place_follower');
    await page.keyboard.press('1');
    s = await state(page);
    assert.equal(s.game.pieces.length, 1, 'number key places a follower');

    // Red: arrow keys pan, +/- zoom, then a turn with no follower.
    const c0 = s.centre;
    await page.keyboard.press('ArrowLeft');
    s = await state(page);
    assert.ok(s.centre.x < c0.x, 'arrow pans');
    const z0 = s.scale;
    await page.keyboard.press('+');
    s = await state(page);
    assert.ok(s.scale > z0, '+ zooms in');
    await page.keyboard.press('f');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    s = await state(page);
    assert.equal(s.game.step, 'place_follower');
    await page.keyboard.press('s');
    s = await state(page);
    assert.equal(s.game.step, 'place_tile');
    assert.equal(s.game.tiles.length, 3);
    assert.equal(s.game.pieces.length, 1);
    assert.match(await announced(page), /Yellow's turn/);
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

for (const [width, height] of [
  [1024, 768],
  [768, 1024],
  [390, 844],
  [1440, 900],
]) {
  test(`layout at ${width}x${height}: board visible, controls on screen, big enough, not overlapping`, async () => {
    const { page, problems, close } = await open('?seed=5', { width, height, touch: width < 500 });
    try {
      const boxes = await page.evaluate(() => {
        const r = (el) => {
          const b = el.getBoundingClientRect();
          return { id: el.id || el.tagName, x: b.x, y: b.y, w: b.width, h: b.height, visible: b.width > 0 };
        };
        const ids = ['topbar', 'dock', 'hand', 'undo', 'rotate', 'confirm', 'fit'];
        const out = Object.fromEntries(ids.map((id) => [id, r(document.getElementById(id))]));
        out.settings = r(document.querySelector('#settings summary'));
        return out;
      });
      const inside = (b) => b.x >= 0 && b.y >= 0 && b.x + b.w <= width + 0.5 && b.y + b.h <= height + 0.5;
      for (const [id, b] of Object.entries(boxes)) {
        assert.ok(b.visible, `${id} is shown`);
        assert.ok(inside(b), `${id} is inside the viewport: ${JSON.stringify(b)}`);
      }
      for (const id of ['hand', 'undo', 'rotate', 'confirm', 'fit', 'settings']) {
        assert.ok(boxes[id].w >= 44 && boxes[id].h >= 44, `${id} is a 44px touch target: ${JSON.stringify(boxes[id])}`);
      }
      const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
      assert.ok(!overlap(boxes.topbar, boxes.dock), 'top bar and dock do not overlap');
      const controls = ['hand', 'rotate', 'confirm', 'fit', 'settings'];
      for (let i = 0; i < controls.length; i++) {
        for (let j = i + 1; j < controls.length; j++) {
          assert.ok(!overlap(boxes[controls[i]], boxes[controls[j]]), `${controls[i]} and ${controls[j]} do not overlap`);
        }
      }
      // The board (start tile and the legal cells) shows between the bars.
      const s = await state(page);
      for (const cell of [[0, 0], ...s.fits.map((f) => f.at)]) {
        const p = await screenOf(page, cell);
        assert.ok(p.y > boxes.topbar.y + boxes.topbar.h && p.y < boxes.dock.y, `cell ${cell} is between the bars`);
        assert.ok(p.x > 0 && p.x < width, `cell ${cell} is on screen`);
      }
      await page.screenshot({ path: `${SHOTS}/layout-${width}x${height}.png` });
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
}

test('an idle page draws no frames', async () => {
  const { page, close } = await open('?seed=3');
  try {
    await page.waitForTimeout(300);
    const f0 = await page.evaluate(() => window.__carcassonne.frames());
    await page.waitForTimeout(1000);
    const f1 = await page.evaluate(() => window.__carcassonne.frames());
    assert.equal(f1, f0, 'no animation loop while nothing moves');
  } finally {
    await close();
  }
});

test('benchmark: a full board redrawn (numbers are printed, not asserted)', async () => {
  const { page, logs, problems, close } = await open('?bench=300&seed=9', { width: 1024, height: 768 });
  try {
    const s = await state(page);
    assert.ok(s.bench, 'the benchmark ran');
    assert.equal(s.game.tiles.length, 72, 'the board is full');
    assert.ok(s.game.pieces.length > 0, 'followers stand on it');
    console.log(`# ${s.bench}`);

    // Long tasks while panning and zooming with the mouse.
    await page.evaluate(() => {
      window.__long = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push(e.duration))).observe({
        type: 'longtask',
        buffered: false,
      });
    });
    await page.mouse.move(200, 200);
    await page.mouse.down();
    await page.mouse.move(500, 400, { steps: 30 });
    await page.mouse.up();
    for (let i = 0; i < 12; i++) await page.mouse.wheel(0, i < 6 ? -120 : 120);
    await page.waitForTimeout(300);
    const long = await page.evaluate(() => window.__long);
    console.log(`# long tasks over 50 ms during pan and zoom: ${long.length}${long.length ? ` (${long.map((d) => d.toFixed(0)).join(', ')} ms)` : ''}`);
    await page.screenshot({ path: `${SHOTS}/board-bench-1024x768.png` });
    assert.ok(logs.some((l) => l.startsWith('bench:')), 'the result is printed to the console');
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});
