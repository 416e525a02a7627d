// Shared by the end-to-end tests: Debian's Chromium with the flags this
// closed network needs, and the page's read-only hook.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';

const require = createRequire(new URL('../../scripts/package.json', import.meta.url));
const { chromium } = require('playwright-core');

export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * A test file's usual set-up: Chromium, dist/ served at the site root, and
 * the screenshot folder if asked for. Close both with closeSite().
 */
export async function openSite({ shots = false } = {}) {
  const browser = await launch();
  const server = await serve(DIST, '/');
  if (shots) mkdirSync(SHOTS, { recursive: true });
  return { browser, server };
}

export async function closeSite(browser, server) {
  await browser?.close();
  await server?.close();
}

/** Resolves once the game is on the page and has announced itself. */
export const ready = (page) =>
  page.waitForFunction(() => window.__carcassonne && document.getElementById('announcer').textContent);

/**
 * A new touch tab of `width`x`height` on `url`, the game ready on it; page
 * errors and console errors are collected in `errors`.
 */
export async function touchTab(browser, url, width, height) {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  return { context, page, errors };
}

/** What the page shows: window.__carcassonne.state(). */
export const view = (page) => page.evaluate(() => window.__carcassonne.state());

/** Resolves once the page has drawn the frame it asked for (two frames on). */
export const drawn = (page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Switches the hand-over screen off for every page of `context`, as a player can. */
export const handoverOff = (context) =>
  context.addInitScript(() => {
    try {
      localStorage.setItem('carcassonne:/:v1:handover', 'off');
    } catch {}
  });

/** A new tab opens on the start screen: begins a game with the default setup, past the first-game guide. */
export async function startGame(page) {
  if (await page.isVisible('#setup')) {
    await page.click('#start');
    await page.click('#guide-skip'); // a first game opens the guide
  }
}

/** Lays the tile in hand on the first legal cell with the mouse and confirms it: the follower step is next. */
export async function placeTile(page) {
  const f = (await view(page)).fits[0];
  await page.mouse.click(f.x, f.y);
  await page.waitForFunction(() => window.__carcassonne.state().candidate);
  await page.click('#confirm');
  await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
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

/** The middle of `selector` if it shows whole inside the viewport, uncovered; else null. */
export async function onScreen(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el || el.closest('[hidden]')) return null;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return null;
    if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) return null;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === el || el.contains(hit)) ? { x, y } : null;
  }, selector);
}

/** The canvas pixel (RGBA) at CSS point (x, y) of the board. */
export const pixel = (page, x, y) =>
  page.evaluate(([x, y]) => {
    const c = document.getElementById('board');
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    return Array.from(c.getContext('2d').getImageData(Math.round((x - r.left) * k), Math.round((y - r.top) * k), 1, 1).data);
  }, [x, y]);

/** A finger resting on (x, y) for `ms`, through the DevTools protocol. */
export async function longPress(page, { x, y }, ms = 800) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  await page.waitForTimeout(ms);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

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
