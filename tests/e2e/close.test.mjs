// End-to-end: a long card's Close is where a thumb looks for it: on a
// phone it shows whole at the bottom of the screen as soon as the card
// opens, and stays there while the card scrolls (issue 34).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, closeSite, openSite } from './browser.mjs';
import { onScreen, ready } from './page.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

/** Taps the settings menu's button `id` (the menu opens first). */
async function fromMenu(page, id) {
  await page.tap('#settings summary');
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.tap(`#${id}`);
}

for (const [width, height] of [[390, 844], [360, 640]]) {
  test(`the rules and the score table show Close at once, and keep it in view as they scroll (${width}x${height})`, async () => {
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}?seed=3&seats=human,easy,easy,easy`, { waitUntil: 'load' });
      await ready(page);
      for (const [open, card, close] of [[() => fromMenu(page, 'rules-open'), '#rules', '#rules-close'], [() => page.tap('#scores'), '#panel', '#panel-close']]) {
        await open();
        await page.waitForSelector(`${card}:not([hidden])`);
        assert.ok(await onScreen(page, close), `${close} shows whole, uncovered, as ${card} opens`);
        const long = await page.$eval(card, (s) => s.scrollHeight > s.clientHeight + 40);
        if (long) {
          await page.$eval(card, (s) => s.scrollBy(0, Math.floor((s.scrollHeight - s.clientHeight) / 2)));
          assert.ok(await onScreen(page, close), `${close} stays in view half way down`);
        }
        await page.screenshot({ path: `${SHOTS}close-${card.slice(1)}-${width}x${height}.png` });
        await page.tap(close);
        await page.waitForSelector(`${card}[hidden]`, { state: 'attached' });
      }
    } finally {
      await context.close();
    }
  });
}

for (const [width, height] of [[360, 640], [390, 844], [1024, 768], [844, 390]]) {
  test(`the ⚙ menu opens whole inside the screen and every entry can be reached (${width}x${height})`, async () => {
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}?seed=3&seats=human,easy`, { waitUntil: 'load' });
      await ready(page);
      await page.tap('#settings summary');
      const box = await page.$eval('#settings .menu', (m) => {
        const r = m.getBoundingClientRect();
        return { l: r.left, t: r.top, r: r.right, b: r.bottom };
      });
      assert.ok(box.l >= 0 && box.t >= 0 && box.r <= width && box.b <= height, `the menu is inside the screen (${JSON.stringify(box)})`);
      assert.ok(await onScreen(page, '#settings summary'), 'the ⚙ that closes it again shows, uncovered');
      await page.screenshot({ path: `${SHOTS}menu-${width}x${height}.png` });
      for (const id of ['opt-highlight', 'rules-open', 'guide-open', 'new-game', 'export', 'import', 'review-open', 'watch', 'games-open']) {
        await page.locator(`#${id}`).scrollIntoViewIfNeeded();
        const sel = id.startsWith('opt-') ? `label:has(#${id})` : `#${id}`;
        assert.ok(await onScreen(page, sel), `${id} can be brought into view inside the menu, whole and uncovered`);
      }
    } finally {
      await context.close();
    }
  });
}
