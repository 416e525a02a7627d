// End-to-end, by keyboard only: a card over the table (the rules, the
// scores and final results, who holds a feature, the games list) is
// modal. It takes the focus on its first useful control, the table behind
// it is inert so Tab never reaches a covered button, and closing it gives
// the focus back to the board, where Tab, R and Enter lay and confirm the
// tile. A card opened off the table gives the focus back to what opened it.
// The start screen opened from the final scores opens at its top.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeSite, openSite, tab, SHOTS } from './browser.mjs';
import { onScreen, runUntil, view } from './page.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

/** The focused element: its id (or tag), and the card or bar it sits in. */
const focused = (page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return { id: 'BODY', in: null };
    const box = a.closest('section, header, footer, dialog') ?? a;
    return { id: a.id || a.tagName, in: box.id };
  });

/** Presses `key` until `id` has the focus (at most `n` times); says whether it got there. */
async function pressTo(page, key, id, n = 20) {
  for (let i = 0; i < n; i++) {
    if ((await focused(page)).id === id) return true;
    await page.keyboard.press(key);
  }
  return (await focused(page)).id === id;
}

/** Which of the table's parts are inert now. */
const inert = (page) =>
  page.evaluate(() => ['board', 'topbar', 'dock'].filter((id) => document.getElementById(id).inert));

/** Tabs `n` times and returns every element the focus landed on outside `card`. */
async function tabsOutside(page, card, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f.id !== 'BODY' && f.in !== card) out.push(`${f.id} in ${f.in}`);
  }
  return out;
}

test('the rules card by keyboard: Tab stays in it, Escape gives the board back, and Tab, R, Enter lay the tile', async () => {
  const { context, page } = await tab(browser, server.url + '?seed=5&seats=human,easy');
  try {
    if (await page.evaluate(() => document.getElementById('guide').open)) await page.keyboard.press('Escape');
    assert.equal((await view(page)).game.step, 'place_tile');
    // The menu is the last control of the page: Shift+Tab reaches it.
    assert.ok(await pressTo(page, 'Shift+Tab', 'SUMMARY'), 'the ⚙ menu takes the focus');
    await page.keyboard.press('Enter');
    assert.ok(await pressTo(page, 'Tab', 'rules-open', 10), 'Rules in the menu takes the focus');
    await page.keyboard.press('Enter');
    assert.deepEqual((await view(page)).layers, ['rules']);
    assert.deepEqual(await focused(page), { id: 'rules-close', in: 'rules' }, 'the card takes the focus');
    assert.ok(await onScreen(page, '#rules-close'), 'its Close is on screen, uncovered');
    assert.deepEqual(await inert(page), ['board', 'topbar', 'dock'], 'the table behind is inert');
    assert.deepEqual(await tabsOutside(page, 'rules', 6), [], 'Tab never leaves the card');
    await page.keyboard.press('Escape');
    assert.deepEqual((await view(page)).layers, []);
    assert.deepEqual(await inert(page), []);
    assert.equal((await focused(page)).id, 'board', 'the board has the focus back');
    await page.keyboard.press('Tab');
    for (let i = 0; i < 4 && !(await page.isEnabled('#confirm')); i++) await page.keyboard.press('r');
    assert.notEqual((await view(page)).candidate, null, 'Tab laid the tile on the board');
    await page.keyboard.press('Enter');
    assert.equal((await view(page)).game.step, 'place_follower', 'Enter confirmed the tile');
  } finally {
    await context.close();
  }
});

test('the card of who holds a feature (O) takes the focus, and gives it back to the board', async () => {
  const { context, page } = await tab(browser, server.url + '?seed=5&seats=human,easy');
  try {
    if (await page.evaluate(() => document.getElementById('guide').open)) await page.keyboard.press('Escape');
    await page.focus('#board');
    await page.keyboard.press('o');
    assert.deepEqual((await view(page)).layers, ['spot']);
    assert.deepEqual(await focused(page), { id: 'spot-close', in: 'spot' });
    assert.deepEqual(await inert(page), ['board', 'topbar', 'dock']);
    assert.deepEqual(await tabsOutside(page, 'spot', 4), []);
    await page.keyboard.press('Escape');
    assert.deepEqual((await view(page)).layers, []);
    assert.equal((await focused(page)).id, 'board');
  } finally {
    await context.close();
  }
});

test('the final scores: Rematch has the focus, Tab stays in the card, Escape gives the board back', async () => {
  const { context, page } = await tab(browser, server.url + '?seed=11&seats=easy,easy', { clock: true });
  try {
    await runUntil(page, () => !document.getElementById('panel').hidden, 'the final scores');
    assert.deepEqual(await focused(page), { id: 'rematch', in: 'panel' }, 'Rematch, the card\'s first action');
    assert.ok(await onScreen(page, '#rematch'));
    assert.deepEqual(await inert(page), ['board', 'topbar', 'dock']);
    assert.deepEqual(await tabsOutside(page, 'panel', 8), [], 'Tab never leaves the card');
    await page.keyboard.press('Escape');
    assert.equal(await page.isHidden('#panel'), true);
    assert.deepEqual(await inert(page), []);
    assert.equal((await focused(page)).id, 'board');
  } finally {
    await context.close();
  }
});

test('390x844: New game from the final scores opens the start screen at its top, Start keeps the focus', async () => {
  const { context, page } = await tab(browser, server.url + '?seed=11&seats=easy,easy', { width: 390, height: 844, touch: true, isMobile: true, clock: true });
  try {
    await runUntil(page, () => !document.getElementById('panel').hidden, 'the final scores');
    await page.locator('#panel-new').scrollIntoViewIfNeeded();
    const at = await onScreen(page, '#panel-new');
    assert.ok(at, 'New game is on screen');
    await page.touchscreen.tap(at.x, at.y);
    await page.waitForFunction(() => !document.getElementById('setup').hidden);
    await page.screenshot({ path: `${SHOTS}modal-new-game-390x844.png` });
    assert.equal(await page.evaluate(() => document.getElementById('setup').scrollTop), 0, 'scrolled to its top');
    assert.ok(await onScreen(page, '#setup-title'), 'the title shows');
    assert.ok(await onScreen(page, '#player-count'), 'how many players shows');
    assert.equal((await focused(page)).id, 'start', 'Enter starts the game');
    // Behind the start screen the board is inert, and its bars are not there at all.
    assert.deepEqual(await inert(page), ['board'], 'the table behind is inert');
    assert.deepEqual(await page.evaluate(() => ['topbar', 'dock'].filter((id) => document.getElementById(id).hidden)), ['topbar', 'dock']);
  } finally {
    await context.close();
  }
});

test('the games list opened from the start screen gives the focus back to its button', async () => {
  const { context, page } = await tab(browser, server.url);
  try {
    assert.ok(await pressTo(page, 'Tab', 'setup-games', 60), 'Your games takes the focus');
    await page.keyboard.press('Enter');
    assert.deepEqual((await view(page)).layers, ['games']);
    assert.deepEqual(await focused(page), { id: 'games-close', in: 'games' });
    assert.equal(await page.evaluate(() => document.getElementById('setup').inert), true, 'the start screen behind is inert');
    assert.deepEqual(await tabsOutside(page, 'games', 4), []);
    await page.keyboard.press('Escape');
    assert.deepEqual((await view(page)).layers, []);
    assert.equal(await page.evaluate(() => document.getElementById('setup').inert), false);
    assert.equal((await focused(page)).id, 'setup-games', 'back on Your games');
  } finally {
    await context.close();
  }
});

test('the hand-over card between two people: Start my turn has the focus, then the board, and Tab, R, Enter play the turn', async () => {
  const { context, page } = await tab(browser, server.url + '?seed=5&seats=human,human');
  try {
    if (await page.evaluate(() => document.getElementById('guide').open)) await page.keyboard.press('Escape');
    await page.focus('#board');
    await page.keyboard.press('Tab');
    for (let i = 0; i < 4 && !(await page.isEnabled('#confirm')); i++) await page.keyboard.press('r');
    await page.keyboard.press('Enter');
    await page.keyboard.press('s');
    await page.waitForFunction(() => window.__carcassonne.state().screen === 'handover');
    assert.deepEqual(await focused(page), { id: 'handover-go', in: 'handover' });
    assert.ok(await onScreen(page, '#handover-go'));
    assert.deepEqual(await inert(page), ['board', 'topbar', 'dock'], 'the table behind the card is inert');
    assert.deepEqual(await tabsOutside(page, 'handover', 4), [], 'Tab never leaves the card');
    assert.ok(await pressTo(page, 'Tab', 'handover-go', 6));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
    assert.deepEqual(await inert(page), []);
    assert.equal((await focused(page)).id, 'board', 'the board has the focus');
    await page.keyboard.press('Tab');
    for (let i = 0; i < 4 && !(await page.isEnabled('#confirm')); i++) await page.keyboard.press('r');
    await page.keyboard.press('Enter');
    const s = await view(page);
    assert.equal(s.game.step, 'place_follower', 'the second person laid and confirmed a tile');
    assert.equal(s.game.current_player, 1);
  } finally {
    await context.close();
  }
});
