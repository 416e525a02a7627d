// End-to-end: a follower that scores the moment it is placed (here a
// knight closing a two-tile city on the first turn of deal 6) is seen
// standing on its spot before it goes home, with and without less motion,
// by touch at tablet and phone sizes (issue 34). The page's clock is the
// test's (page.clock), so "briefly" is measured, not waited for.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, closeSite, handoverOff, openSite } from './browser.mjs';
import { ready, view } from './page.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

const cases = [[1024, 768, 'no-preference'], [390, 844, 'no-preference'], [768, 1024, 'reduce']];
for (const [width, height, motion] of cases) {
  test(`a follower that scores at once stands on its spot before it goes home (${width}x${height}, motion ${motion})`, async () => {
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: true, reducedMotion: motion });
    await handoverOff(context);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.clock.install();
    try {
      await page.goto(`${server.url}?seed=6&seats=human,human`, { waitUntil: 'load' });
      await ready(page);
      const f = (await view(page)).fits.find((c) => c.at[0] === 0 && c.at[1] === -1);
      assert.ok(f, 'the tile fits above the start tile');
      await page.touchscreen.tap(f.x, f.y);
      await page.waitForFunction(() => window.__carcassonne.state().candidate);
      for (let i = 0; i < 4 && (await view(page)).rotation !== 2; i++) await page.tap('#rotate');
      await page.tap('#confirm');
      await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
      // The knight's marker whose spot is on the side that closes the city (the south one).
      const knight = (await view(page)).options.reduce((a, b) => (b.spot.y > a.spot.y ? b : a));
      // From here the page's time moves only as the test runs it.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
      await page.touchscreen.tap(knight.x, knight.y);
      const s = await view(page);
      assert.equal(s.game.step, 'place_tile', 'the turn is over');
      assert.equal(s.game.players[0].score.total, 4, 'the city scored at once');
      await page.clock.runFor(250);
      const standing = (await view(page)).homes;
      assert.equal(standing.length, 1, 'the knight is drawn, going home');
      assert.equal(standing[0].way, 0, 'a quarter of a second on, it still stands where it scored');
      await page.screenshot({ path: `${SHOTS}scored-at-once-${width}x${height}.png` });
      await page.clock.runFor(600);
      const later = (await view(page)).homes;
      assert.ok(later.length === 0 || later[0].way > 0.2, 'then it goes (home, or with less motion fades where it stood)');
      if (motion !== 'reduce' && later.length) {
        assert.ok(Math.hypot(later[0].x - standing[0].x, later[0].y - standing[0].y) > 10, 'flying to its score');
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
