// Shared by the end-to-end tests: Debian's Chromium with the flags this
// closed network needs, and the page's read-only hook.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

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

/** Resolves once the game is on the page and has announced itself. */
export const ready = (page) =>
  page.waitForFunction(() => window.__carcassonne && document.getElementById('announcer').textContent);

/** What the page shows: window.__carcassonne.state(). */
export const view = (page) => page.evaluate(() => window.__carcassonne.state());
