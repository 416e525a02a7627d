// End-to-end: a table of computers can be paused and sped up, by touch,
// at tablet and phone sizes (issue 34). The page's clock is the test's
// (page.clock), so "nothing moved while paused" is shown by running the
// clock on, not by waiting.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, closeSite, openSite } from './browser.mjs';
import { onScreen, ready, view } from './page.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

const moves = async (page) => (await view(page)).game.turn;

/** Runs the page's clock on in steps until `done()` holds (the worker answers in real time). */
async function runUntil(page, done, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await done()) return true;
    await page.clock.runFor(500);
    await page.waitForTimeout(20);
  }
  return done();
}

for (const [width, height] of [[1024, 768], [768, 1024], [390, 844]]) {
  test(`a table of computers pauses and plays on, and plays faster, by touch (${width}x${height})`, async () => {
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.clock.install();
    try {
      await page.goto(`${server.url}?seed=21&seats=easy,medium`, { waitUntil: 'load' });
      await ready(page);
      assert.ok(await runUntil(page, async () => (await moves(page)) >= 2), 'the computers play');
      for (const id of ['#pause', '#speed']) {
        assert.ok(await onScreen(page, id), `${id} shows whole, uncovered`);
      }
      assert.equal(await page.textContent('#speed'), 'Speed 1×');
      await page.tap('#pause');
      assert.equal(await page.textContent('#pause'), 'Play on');
      assert.equal(await page.getAttribute('#pause', 'aria-pressed'), 'true');
      assert.match(await page.textContent('#prompt'), /paused/);
      await page.screenshot({ path: `${SHOTS}pace-paused-${width}x${height}.png` });
      // Whatever was under way stops where it is: ten seconds on, no move.
      await page.clock.runFor(2000);
      await page.waitForTimeout(100);
      const held = await moves(page);
      await page.clock.runFor(10000);
      await page.waitForTimeout(100);
      assert.equal(await moves(page), held, 'no move while paused');
      await page.tap('#pause');
      assert.equal(await page.textContent('#pause'), 'Pause');
      assert.ok(await runUntil(page, async () => (await moves(page)) > held), 'playing on, the next move comes');
      // Faster: 2×, then 4×, then back to 1×.
      await page.tap('#speed');
      assert.equal(await page.textContent('#speed'), 'Speed 2×');
      await page.tap('#speed');
      assert.equal(await page.textContent('#speed'), 'Speed 4×');
      await page.tap('#speed');
      assert.equal(await page.textContent('#speed'), 'Speed 1×');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('with a person at the table there is no pause or speed to find', async () => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}?seed=21&seats=human,easy`, { waitUntil: 'load' });
    await ready(page);
    assert.ok(await page.isHidden('#pause'));
    assert.ok(await page.isHidden('#speed'));
  } finally {
    await context.close();
  }
});
