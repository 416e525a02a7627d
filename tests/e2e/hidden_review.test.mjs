// End-to-end: with hidden hands (rules §12), "Show me" and the review of a
// game in progress never draw a hand: not in the DOM's hand, not in the
// dock's canvases, and the hand-over card comes back after "Show me" with
// no hand behind it. Two people, a hidden hand of three, by touch, at
// 1024x768, 768x1024 and 390x844 (issue 34; the other ways to the table
// are in hidden.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { dockTiles, drawn, onScreen, playTurn, startHiddenHands, view } from './page.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

/** Nothing of a hand anywhere: the page's hand, the dock's tiles. */
async function noHand(page, where) {
  await drawn(page);
  assert.deepEqual((await view(page)).hand, [], `no hand in the page (${where})`);
  assert.equal((await dockTiles(page)).length, 0, `no tile in the dock (${where})`);
}

async function handOverTo(page) {
  await page.waitForFunction(() => window.__carcassonne.state().screen === 'handover');
  await noHand(page, 'behind the hand-over card');
  await page.tap('#handover-go');
  await page.waitForFunction(() => window.__carcassonne.state().hand.length === 3);
}

for (const [width, height] of [[1024, 768], [768, 1024], [390, 844]]) {
  test(`"Show me" and the review of a hidden-hand game draw no hand (${width}x${height})`, async () => {
    const { context, page, errors } = await tab(browser, `${server.url}?setup&seed=7`, { width, height, touch: true });
    try {
      await startHiddenHands(page);
      await handOverTo(page);
      await playTurn(page, { touch: true });
      await handOverTo(page);
      await playTurn(page, { touch: true });
      // The first player's card offers what happened since their turn.
      await page.waitForFunction(() => window.__carcassonne.state().screen === 'handover');
      assert.ok(await onScreen(page, '#handover-show'), '"Show me" is on the card, uncovered');
      await page.tap('#handover-show');
      await page.waitForFunction(() => window.__carcassonne.state().screen === 'review');
      await noHand(page, 'during "Show me"');
      await page.screenshot({ path: `${SHOTS}hidden-showme-${width}x${height}.png` });
      // It plays the other's turn, then the card is back, with no hand behind it.
      await page.waitForFunction(() => window.__carcassonne.state().screen === 'handover', null, { timeout: 20000 });
      await handOverTo(page);
      // The review of the game in progress, from the player's own turn.
      await page.tap('#settings summary');
      await page.tap('#review-open');
      await page.waitForFunction(() => window.__carcassonne.state().screen === 'review');
      await noHand(page, 'in the review');
      await page.tap('#rv-first');
      await noHand(page, 'in the review, at its first move');
      await page.screenshot({ path: `${SHOTS}hidden-review-${width}x${height}.png` });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
