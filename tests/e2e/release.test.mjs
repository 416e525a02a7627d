// End-to-end: the release build itself, as `bash scripts/play.sh` builds and
// a host deploys it. Every other e2e file loads the test build in dist/,
// which is this same program with the read-only test hook and `?bench`
// compiled in (the `hook` feature, about 5 KB gzip the release does without).
// scripts/test.sh builds the release into target/dist-release first.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';
import { launch, watch } from './browser.mjs';
import { onScreen, startGame } from './page.mjs';

const RELEASE = process.env.RELEASE_DIST ?? fileURLToPath(new URL('../../target/dist-release/', import.meta.url));
const FIELD = [0x7f, 0xae, 0x4e];

let browser;
before(async () => {
  assert.ok(existsSync(`${RELEASE}/index.html`), `no release build in ${RELEASE}: run bash scripts/test.sh`);
  browser = await launch();
});
after(() => browser?.close());

test('the release build starts, has no test hook, and puts a game on the table', async () => {
  const server = await serve(RELEASE, '/');
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  const page = await context.newPage();
  const problems = [];
  watch(page, { warnings: true, errors: problems });
  try {
    await page.goto(server.url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.getElementById('announcer')?.textContent, null, { timeout: 15000 });
    assert.equal(await page.evaluate(() => typeof window.__carcassonne), 'undefined', 'no test hook in the release');
    assert.ok(await onScreen(page, '#start'), 'Start is on screen');
    // Play by link is in the release (docs/link-play.md §7): every seat offers it.
    assert.deepEqual(
      await page.$$eval('#seat-1 option', (o) => o.map((x) => x.value)),
      ['human', 'easy', 'medium', 'hard', 'remote'],
      'a person, the three computers and "On another device"',
    );
    await startGame(page);
    // The table: the tile in hand, the tiles left and the prompt, each whole on screen.
    for (const sel of ['#hand', '#tiles-left', '#prompt']) {
      await page.waitForFunction((s) => document.querySelector(s)?.getBoundingClientRect().width > 0, sel);
      assert.ok(await onScreen(page, sel), `${sel} is visible inside the viewport`);
    }
    assert.match(await page.textContent('#tiles-left'), /\d/, 'the tiles left are counted');
    // The start tile is drawn on the board (its field's green).
    await page.waitForFunction(([r, g, b]) => {
      const c = document.getElementById('board');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - r) + Math.abs(d[i + 1] - g) + Math.abs(d[i + 2] - b) < 12) n++;
      return n > (c.width * c.height) / 200;
    }, FIELD);
    // A tap on the tile in hand turns it: the page answers a finger.
    const hand = await onScreen(page, '#hand');
    const before = await page.evaluate(() => document.getElementById('hand').toDataURL());
    await page.touchscreen.tap(hand.x, hand.y);
    await page.waitForFunction((b) => document.getElementById('hand').toDataURL() !== b, before);
    assert.deepEqual(problems, [], 'no console error or warning and no page error');
  } finally {
    await context.close();
    await server.close();
  }
});

test('the release plays by link: an invite opened on a second device answers with a reply that starts the host', async () => {
  const server = await serve(RELEASE, '/');
  const contexts = [];
  const problems = [];
  const open = async (url) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    contexts.push(context);
    const page = await context.newPage();
    watch(page, { warnings: true, errors: problems });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.getElementById('announcer')?.textContent, null, { timeout: 15000 });
    return page;
  };
  /** The address the link card offers, once it shows whole on screen. */
  const offered = async (page) => {
    await page.waitForSelector('#link-url-0', { state: 'visible' });
    assert.ok(await onScreen(page, '#link-url-0'), 'the link is on screen');
    return page.inputValue('#link-url-0');
  };
  try {
    const host = await open(server.url);
    await host.selectOption('#seat-1', 'remote');
    await host.selectOption('#first', '0');
    await host.click('#start');
    const invite = await offered(host);
    assert.match(invite, new RegExp(`^${server.url}#[A-Za-z0-9_-]+$`));
    const guest = await open(invite);
    const reply = await offered(guest);
    assert.match(await guest.textContent('#link-list p'), /Send this back to/);
    await host.goto(reply);
    // The host's game starts: its table, with the tile to play whole on screen.
    await host.waitForFunction(() => !document.getElementById('hand').hidden && document.getElementById('hand').getBoundingClientRect().width > 0);
    assert.ok(await onScreen(host, '#hand'), 'the first tile is on screen');
    assert.deepEqual(problems, [], 'no console error or warning and no page error');
  } finally {
    for (const c of contexts) await c.close();
    await server.close();
  }
});
