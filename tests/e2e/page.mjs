// Shared by the end-to-end tests: what a player does on the page, and what
// the test reads off it, through the page's read-only hook
// (window.__carcassonne, src/web/hook.rs) and the page itself.
import assert from 'node:assert/strict';

/** Resolves once the game is on the page and has announced itself. */
export const ready = (page) =>
  page.waitForFunction(() => window.__carcassonne && document.getElementById('announcer').textContent);

/**
 * An init script (tab(…, { init })): every task over 50 ms on the page's
 * main thread from the very start, with when it began, in window.__long.
 */
export const LONG_TASKS = () => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
};

/** What the page shows: window.__carcassonne.state(). */
export const view = (page) => page.evaluate(() => window.__carcassonne.state());

/** Resolves once the page has drawn the frame it asked for (two frames on). */
export const drawn = (page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Moves the page's clock (installed with tab(…, { clock: true })) on
 * `step` ms at a time until `done()` holds in the page; `what` names it if
 * it never does. Each step jumps (clock.fastForward): each timer due fires
 * once, and so does one animation frame, not the 120 that 2 s of frames
 * would draw. A timer set by one that fires waits for the next step, so a
 * chain of pauses (a computer's move, a walk-through's items) goes a pause
 * a step, and 2 s is longer than any one of them (a scoring shows 1.8 s).
 */
export async function runUntil(page, done, what, { step = 2000, limit = 3000 } = {}) {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate(done)) return;
    await page.clock.fastForward(step);
  }
  throw new Error(`never: ${what}`);
}

/** The free board area between the top bar and the dock, and the viewport's size. */
export const freeArea = (page) =>
  page.evaluate(() => ({
    top: document.getElementById('topbar').getBoundingClientRect().bottom,
    bottom: document.getElementById('dock').getBoundingClientRect().top,
    width: innerWidth,
    height: innerHeight,
  }));

/** Whether CSS point p lies in `area` (freeArea's) with `margin` to spare on every side. */
export const inside = (area, p, margin) =>
  p.x > margin && p.x < area.width - margin && p.y > area.top + margin && p.y < area.bottom - margin;

/**
 * A legal cell of the tile in hand whose centre shows between the bars,
 * `margin` px in at least; one that fits as the tile is turned now if there
 * is one. With none on screen, Fit brings the board into view and it looks
 * again.
 */
export async function visibleFit(page, margin = 10) {
  for (let attempt = 0; attempt < 2; attempt++) {
    // A banner that came up last turn moved the board: its cells are where the next frame draws them.
    await drawn(page);
    const s = await view(page);
    const area = await freeArea(page);
    const shown = s.fits.filter((f) => inside(area, f, margin));
    const f = shown.find((c) => c.rotations & (1 << s.rotation)) ?? shown[0];
    if (f) return f;
    if (attempt === 0) await page.click('#fit');
  }
  assert.fail(`no legal cell on screen: ${JSON.stringify((await view(page)).fits)}`);
}

/**
 * The middle of `selector` (x, y) and its size (width, height) if it shows
 * whole inside the viewport, uncovered there; else null. With `whole:
 * false`, only its middle need be inside the viewport and uncovered.
 */
export async function onScreen(page, selector, { whole = true } = {}) {
  return page.evaluate(([sel, whole]) => {
    const el = document.querySelector(sel);
    if (!el || el.closest('[hidden]')) return null;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return null;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const [left, top, right, bottom] = whole ? [r.left, r.top, r.right, r.bottom] : [x, y, x, y];
    if (left < 0 || top < 0 || right > innerWidth || bottom > innerHeight) return null;
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === el || el.contains(hit)) ? { x, y, width: r.width, height: r.height } : null;
  }, [selector, whole]);
}

/**
 * A finger's tap on the middle of `selector`, scrolled into view first: it
 * must show there, whole and uncovered (or, with `whole: false`, at least
 * its middle).
 */
export async function tap(page, selector, { whole = true } = {}) {
  await page.locator(selector).scrollIntoViewIfNeeded();
  const p = await onScreen(page, selector, { whole });
  if (!p) {
    // What is there instead, for the failure's message.
    const seen = await page.evaluate((sel) => {
      const el = document.querySelector(sel);
      if (!el) return 'no such element';
      if (el.closest('[hidden]')) return `hidden (in #${el.closest('[hidden]').id})`;
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return `at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)}, under ${hit ? hit.tagName + '#' + hit.id + '.' + hit.className + ' (' + (hit.textContent ?? '').trim().slice(0, 120) + ')' : 'nothing'}`;
    }, selector);
    assert.fail(`${selector} is on screen${whole ? '' : ' at its middle'}, uncovered, to tap: ${seen}`);
  }
  await page.touchscreen.tap(p.x, p.y);
}

/**
 * A button of the ⚙ menu, tapped as any other: whole and uncovered (the
 * menu fits the screen at every size: close.test.mjs).
 */
export const tapMenu = (page, selector) => tap(page, selector);

/** Presses `selector` by finger (tap) or with the mouse. */
const press = (page, selector, touch) => (touch ? tap(page, selector) : page.click(selector));

/** A new tab opens on the start screen: begins a game with the default setup, past the first-game guide. */
export async function startGame(page) {
  if (await page.isVisible('#setup')) {
    await page.click('#start');
    await page.click('#guide-skip'); // a first game opens the guide
  }
}

/**
 * Lays the tile in hand on a legal cell on screen (visibleFit), by finger or
 * with the mouse, turns it until it fits there, and confirms: the follower
 * step is next, or the next turn if no follower can go on it.
 */
export async function layTile(page, { touch = false } = {}) {
  const f = await visibleFit(page);
  await (touch ? page.touchscreen.tap(f.x, f.y) : page.mouse.click(f.x, f.y));
  await page.waitForFunction(() => window.__carcassonne.state().candidate);
  for (let i = 0; i < 4 && !(await page.isEnabled('#confirm')); i++) await press(page, '#rotate', touch);
  await press(page, '#confirm', touch);
  await page.waitForFunction(() => window.__carcassonne.state().game.step !== 'place_tile');
}

/**
 * One turn (layTile), then no follower, or with `follower` the first spot
 * offered (the 1 key); resolves once the follower step is over.
 */
export async function playTurn(page, { touch = false, follower = false } = {}) {
  await layTile(page, { touch });
  const s = await view(page);
  if (s.game.step !== 'place_follower') return;
  if (follower && s.options.length > 0) await page.keyboard.press('1');
  else await press(page, '#skip', touch);
  await page.waitForFunction(() => window.__carcassonne.state().game.step !== 'place_follower');
}

/**
 * Lays the tile in hand, with the mouse, on a cell where it fits as it is
 * turned now (else turns it there until it fits), ready to confirm: for
 * games dealt at random.
 */
export async function layFitting(page) {
  const s = await view(page);
  const f = s.fits.find((c) => c.rotations & (1 << s.rotation)) ?? s.fits[0];
  await page.mouse.click(f.x, f.y);
  await page.waitForFunction(() => window.__carcassonne.state().candidate);
  for (let i = 0; i < 4 && !(await page.isEnabled('#confirm')); i++) await page.click('#rotate');
}

/** What a player sees of the game: board, pieces, scores, whose turn, the tile in hand, the tiles left. */
export async function seen(page) {
  const g = (await view(page)).game;
  return JSON.stringify({ tiles: g.tiles, pieces: g.pieces, players: g.players, current: g.current_player, tile: g.tile, left: g.tiles_left });
}

/** The on-screen box of each hand tile drawn in the dock now. */
export const dockTiles = (page) =>
  page.$$eval('#dock canvas', (cs) =>
    cs
      .filter((c) => !c.hidden && getComputedStyle(c).visibility !== 'hidden' && c.getBoundingClientRect().width > 0)
      .map((c) => {
        const r = c.getBoundingClientRect();
        return { id: c.id, left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, picked: c.dataset.picked === 'true' };
      }),
  );

/**
 * Loads a game file through the file chooser that `selector` opens, tapped
 * (tap(), with its `whole` option) or, with `touch: false`, clicked with
 * the mouse: `file` is a path, or a Buffer of JSON.
 */
export async function loadFile(page, selector, file, { touch = true, whole = true } = {}) {
  const press = touch ? tap(page, selector, { whole }) : page.click(selector);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), press]);
  await chooser.setFiles(typeof file === 'string' ? file : { name: 'game.json', mimeType: 'application/json', buffer: file });
}

/** The canvas pixel (RGBA) at CSS point (x, y) of the board. */
export const pixel = (page, x, y) =>
  page.evaluate(([x, y]) => {
    const c = document.getElementById('board');
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    return Array.from(c.getContext('2d').getImageData(Math.round((x - r.left) * k), Math.round((y - r.top) * k), 1, 1).data);
  }, [x, y]);

/** The board's pixels (RGBA) over the cell at board position `at`. */
export const cellPixels = (page, at) =>
  page.evaluate(([x, y]) => {
    const h = window.__carcassonne;
    const c = document.getElementById('board');
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    const mid = h.screenOf(x, y);
    const half = h.state().scale / 2;
    const l = Math.round((mid.x - half - r.left) * k);
    const t = Math.round((mid.y - half - r.top) * k);
    const s = Math.round(2 * half * k);
    return Array.from(c.getContext('2d').getImageData(l, t, s, s).data);
  }, at);

/** How many pixels of two pictures of the same cell differ clearly. */
export function changed(a, b) {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 60) n++;
  }
  return n / (a.length / 4);
}

/**
 * A finger dragged from `from` to `to` in `steps` moves, through the
 * DevTools protocol (Playwright's touchscreen only taps).
 */
export async function fingerDrag(page, from, to, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [] });
  await touch('touchStart', from);
  for (let i = 1; i <= steps; i++) await touch('touchMove', { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps });
  await touch('touchEnd');
  await cdp.detach();
}

/** A finger resting on (x, y) for `ms` of real time (the gesture itself), through the DevTools protocol. */
export async function longPress(page, { x, y }, ms = 800) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  await page.waitForTimeout(ms);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * From the start screen: two people with a hidden hand of three (rules
 * §12, a house rule), started, past the first-game guide.
 */
export async function startHiddenHands(page) {
  await page.waitForSelector('#setup:not([hidden])');
  await page.locator('#house summary').scrollIntoViewIfNeeded();
  await page.tap('#house summary');
  await page.selectOption('#o-hand', '3');
  await page.locator('#o-hand-hidden').scrollIntoViewIfNeeded();
  await page.tap('#o-hand-hidden');
  await page.locator('#start').scrollIntoViewIfNeeded();
  await page.tap('#start');
  await page.tap('#guide-skip');
}
