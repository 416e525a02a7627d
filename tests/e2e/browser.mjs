// Shared by the end-to-end tests: Debian's Chromium with the flags this
// closed network needs, the site served from dist/, and a new tab on it.
// What a test then does on the page is in page.mjs.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';
import { ready } from './page.mjs';

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

/** Switches the hand-over screen off for every page of `context`, as a player can. */
export const handoverOff = (context) =>
  context.addInitScript(() => {
    try {
      localStorage.setItem('carcassonne:/:v1:handover', 'off');
    } catch {}
  });

/**
 * Collects into `errors` what goes wrong on `page`: its uncaught errors,
 * console errors (and warnings, if asked), and any dialog of the browser's
 * own, which is dismissed: the page asks its questions in cards of its own.
 */
export function watch(page, { warnings = false, errors = [] } = {}) {
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || (warnings && m.type() === 'warning')) errors.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('dialog', (d) => {
    errors.push(`a native ${d.type()} opened: ${d.message()}`);
    d.dismiss().catch(() => {});
  });
  return errors;
}

/**
 * A new tab, in a browser context of its own, on `url` with the game ready
 * on it; `errors` collects what goes wrong there (see watch()). Options:
 * the viewport's `width` and `height`, `touch` (a touch screen),
 * `init` (a script, or a list, run before the page's own), `handover:
 * false` (the hand-over screen switched off, as a player can, after the
 * init scripts: one that breaks storage keeps it on), any option of
 * a browser context (reducedMotion, acceptDownloads, isMobile…), and those
 * of pageIn().
 */
export async function tab(browser, url, { width = 1024, height = 768, touch = false, handover = true, init = [], clock, warnings, logs, ...options } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, ...options });
  for (const script of [init].flat()) await context.addInitScript(script);
  if (!handover) await handoverOff(context);
  try {
    return { context, ...(await pageIn(context, url, { clock, warnings, logs })) };
  } catch (e) {
    await context.close();
    throw e;
  }
}

/**
 * Another tab of `context` (the same site's storage) on `url`, the game
 * ready on it; `errors` as in tab(). Options: `clock` (the page's timers,
 * frames and clocks driven by the test, for the whole context; they run on
 * in real time too), `warnings` (console warnings are errors too), `logs`
 * (a list that gets every console message's text).
 */
export async function pageIn(context, url, { clock = false, warnings = false, logs } = {}) {
  const page = await context.newPage();
  if (clock) await page.clock.install();
  const errors = watch(page, { warnings });
  if (logs) page.on('console', (m) => logs.push(m.text()));
  try {
    await page.goto(url, { waitUntil: 'load' });
    await ready(page);
  } catch (e) {
    throw new Error(`${e.message}\nerrors: ${JSON.stringify(errors)}`);
  }
  return { page, errors };
}
