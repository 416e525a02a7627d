// End-to-end: a hint marks its follower as clearly as its tile: after the
// hint's tile is confirmed, the follower it suggests has a gold ring round
// its marker and stands, see-through, on its spot; by touch at tablet and
// phone sizes (issue 34). The shell's side is in shell/computer.rs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, closeSite, handoverOff, openSite } from './browser.mjs';
import { pixel, ready, view } from './page.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

for (const [width, height] of [[1024, 768], [768, 1024], [390, 844]]) {
  test(`the hint's follower is marked with a gold ring round its marker (${width}x${height})`, async () => {
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
    await handoverOff(context);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(`${server.url}?seed=6&seats=human,human`, { waitUntil: 'load' });
      await ready(page);
      await page.tap('#hint');
      await page.waitForFunction(() => window.__carcassonne.state().candidate && !window.__carcassonne.state().busy, null, { timeout: 30000 });
      assert.equal((await view(page)).hinted, null, 'nothing marked before the follower step');
      await page.tap('#confirm');
      await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
      // The follower close-up settles before the marks are read.
      await page.waitForFunction(() => window.__carcassonne.state().effects === 0);
      await page.waitForTimeout(400);
      const s = await view(page);
      assert.notEqual(s.hinted, null, 'the hint suggested a follower: it is marked');
      assert.equal(s.focus, s.hinted, 'and picked, ready for Enter');
      const o = s.options[s.hinted];
      const gold = (p) => p[0] > 200 && p[1] > 170 && p[2] < 110;
      const around = async (m) => {
        let n = 0;
        for (const a of [0, 0.5, 1, 1.5].map((k) => k * Math.PI)) {
          if (gold(await pixel(page, m.x + 1.35 * s.markerRadius * Math.cos(a), m.y + 1.35 * s.markerRadius * Math.sin(a)))) n++;
        }
        return n;
      };
      assert.ok((await around(o)) >= 3, 'a gold ring round the marker');
      // Markers clear of the hinted one have none.
      for (const [i, other] of s.options.entries()) {
        if (i === s.hinted || Math.hypot(other.x - o.x, other.y - o.y) < 3 * s.markerRadius) continue;
        assert.ok((await around(other)) < 2, `no ring round marker ${i}`);
      }
      await page.screenshot({ path: `${SHOTS}hint-follower-${width}x${height}.png` });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
