// End-to-end: the top bar's turn line (whose turn, their followers and
// points) is never cut off. On a phone a 20-letter name and a computer's
// "computer, medium · 7 followers · 0 pts" do not fit on one row beside
// Undo: the detail goes to a line of its own and breaks only between its
// parts, so every word shows, uncovered, at every size and player count.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeSite, openSite, SHOTS, tab } from './browser.mjs';
import { drawn, onScreen } from './page.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

/** Twenty letters, the most a name field takes; each seat's its own. */
const NAMES = ['Wilhelmina Charlotte', 'Maximilian Alexander', 'Konstantin Friedrich', 'Bartholomew Augustin', 'Christabel Henrietta', 'Gwendolyn Rosamunde'];

/** What of the turn line is cut off, covered, off screen or overlapping Undo; [] if nothing. */
function problems(page) {
  return page.evaluate(() => {
    const bad = [];
    const turn = document.getElementById('turn');
    const name = document.getElementById('turn-name');
    const undo = document.getElementById('undo').getBoundingClientRect();
    for (const el of [turn, name]) {
      if (el.scrollWidth > el.clientWidth) bad.push(`${el.id} clipped: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    const parts = [name, ...document.querySelectorAll('#turn-detail span')];
    for (const el of parts) {
      const r = el.getBoundingClientRect();
      const what = JSON.stringify(el.textContent);
      if (r.width === 0) bad.push(`${what} not shown`);
      if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) bad.push(`${what} off screen`);
      if (r.right > turn.getBoundingClientRect().right + 0.5) bad.push(`${what} runs past the turn line`);
      if (r.left < undo.right && r.right > undo.left && r.top < undo.bottom && r.bottom > undo.top) bad.push(`${what} under Undo`);
      // Both ends are this text (or the line it sits in), not a card or a button.
      for (const [x, y] of [[r.left + 1, r.top + r.height / 2], [r.right - 1, r.top + r.height / 2]]) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(hit === el || el.contains(hit) || hit.contains(el))) bad.push(`${what} covered at ${x.toFixed(0)} by ${hit && (hit.id || hit.tagName)}`);
      }
      if (parseFloat(getComputedStyle(el).fontSize) < 12) bad.push(`${what} too small`);
    }
    return bad;
  });
}

for (const [w, h] of [[390, 844], [768, 1024], [1024, 768]]) {
  for (const players of [2, 6]) {
    test(`${w}x${h}, ${players} players with 20-letter names: a computer's turn line shows whole`, async () => {
      const { context, page } = await tab(browser, server.url, { width: w, height: h, touch: true, clock: true });
      try {
        await page.selectOption('#player-count', String(players));
        for (let i = 0; i < players; i++) await page.fill(`#name-${i}`, NAMES[i]);
        for (let i = 1; i < players; i++) await page.selectOption(`#seat-${i}`, 'medium');
        // The computer in seat 2 begins: its turn line is the longest.
        await page.selectOption('#first', '1');
        await page.tap('#start');
        await page.tap('#guide-skip');
        await drawn(page);
        assert.equal(await page.textContent('#turn-name'), NAMES[1]);
        assert.equal(await page.textContent('#turn-detail'), 'computer, medium · 7 followers · 0 pts');
        assert.deepEqual(await problems(page), []);
        assert.ok(await onScreen(page, '#undo'), 'Undo is on screen, uncovered');
        await page.screenshot({ path: `${SHOTS}topbar-${players}p-${w}x${h}.png` });
      } finally {
        await context.close();
      }
    });
  }
}

test('390x844: the person\'s own turn line, after the computers, shows whole too', async () => {
  const { context, page } = await tab(browser, server.url, { width: 390, height: 844, touch: true });
  try {
    await page.fill('#name-0', NAMES[0]);
    await page.fill('#name-1', NAMES[1]);
    await page.selectOption('#seat-1', 'easy');
    await page.selectOption('#first', '1');
    await page.tap('#start');
    await page.tap('#guide-skip');
    await page.waitForFunction((name) => document.getElementById('turn-name').textContent === name, NAMES[0]);
    await drawn(page);
    assert.equal(await page.textContent('#turn-name'), NAMES[0]);
    assert.match(await page.textContent('#turn-detail'), /^7 followers · \d+ pts$/);
    assert.deepEqual(await problems(page), []);
  } finally {
    await context.close();
  }
});
