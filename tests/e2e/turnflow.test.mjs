// End-to-end: the flow of a turn at the table, with real pointer, touch and
// key events. A turn's scoring is seen on the board before the hand-over
// screen, which then names it; seat numbers follow the turn order whatever
// the colours; Enter confirms after the settings menu was used; an address
// with a deal resumes on reload instead of dealing again; and a tile laid in
// a rotation that does not fit comes back so after a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { onScreen, ready, tap, view } from './page.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

/** A tab on `query` (tab()'s options). */
const open = (query, options) => tab(browser, server.url + query, options);

async function tapOrClick(page, selector) {
  await page.waitForSelector(`${selector}:not([hidden])`);
  const p = await onScreen(page, selector);
  assert.ok(p, `${selector} is on screen`);
  await page.mouse.click(p.x, p.y);
}

/** Whether the hand canvas shows a tile (any opaque pixel in its middle). */
const handShowsTile = (page) =>
  page.evaluate(() => {
    const c = document.getElementById('hand');
    const d = c.getContext('2d').getImageData(c.width / 2 - 2, c.height / 2 - 2, 4, 4).data;
    return d.some((v, i) => i % 4 === 3 && v > 200);
  });

for (const reducedMotion of ['no-preference', 'reduce']) {
test(`a turn that scores is seen on the board first; then the hand-over card names what was scored (motion: ${reducedMotion})`, async () => {
  // With less motion the scoring is drawn still, and is shown as long.
  const { context, page, errors } = await open('?seed=11', { touch: true, reducedMotion, clock: true });
  try {
    let scored = false;
    for (let turn = 0; turn < 30 && !scored; turn++) {
      const f = (await view(page)).fits[0];
      await page.touchscreen.tap(f.x, f.y);
      await page.waitForFunction(() => window.__carcassonne.state().candidate);
      await tap(page, '#confirm');
      await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
      await tap(page, '#skip');
      await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_tile');
      const now = await page.evaluate(() => ({
        effects: window.__carcassonne.state().effects,
        handover: !document.getElementById('handover').hidden,
      }));
      if (now.effects === 0) {
        // Nothing scored: the tablet goes to the next player at once.
        assert.ok(now.handover, `turn ${turn + 1}: the hand-over comes at once when nothing scored`);
        await tap(page, '#handover-go');
        continue;
      }
      scored = true;
      // The scoring plays on the board, uncovered; the next tile is not shown yet.
      assert.ok(!now.handover, 'the hand-over waits while the scoring shows');
      assert.ok(await onScreen(page, '#board'), 'the board is uncovered');
      assert.ok(!(await handShowsTile(page)), "the next player's tile stays out of sight");
      assert.ok(await page.isHidden('#confirm'), "the next player's controls wait");
      assert.equal((await view(page)).fitsShown, false, "where the next tile fits is not highlighted: it would tell its shape");
      // Half a second of the page's timers and frames, run at once: the scoring may not end in it.
      await page.clock.runFor(500);
      assert.ok((await view(page)).effects > 0, 'the scoring is still on the board half a second on');
      await page.screenshot({ path: join(SHOTS, `scoring-before-handover-${reducedMotion}-1024x768.png`) });
      // Taps on the board meanwhile lay nothing.
      const fit = (await view(page)).fits[0];
      await page.touchscreen.tap(fit.x, fit.y);
      assert.equal((await view(page)).candidate, null);
      await page.waitForSelector('#handover:not([hidden])', { timeout: 4000 });
      const words = await page.textContent('#handover-scored');
      assert.match(words, /^(Red|Yellow) closed an? (road|city|monastery|garden): (\+\d+ (Red|Yellow)|nobody scores)/);
      assert.ok(await onScreen(page, '#handover-scored'), 'what was scored is on the card, on screen');
      await page.screenshot({ path: join(SHOTS, `handover-scored-${reducedMotion}-1024x768.png`) });
      assert.equal((await view(page)).fitsShown, false, 'nor behind the hand-over card');
      await tap(page, '#handover-go');
      assert.ok(await handShowsTile(page), 'the tile is shown once the tablet is handed over');
      assert.equal((await view(page)).fitsShown, true, 'and where it fits is highlighted');
    }
    assert.ok(scored, 'some turn scored within 30 turns');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
}

test('seat numbers in the top bar follow the turn order whatever colours were picked', async () => {
  const { context, page, errors } = await open('');
  try {
    await page.waitForSelector('#setup:not([hidden])');
    await page.selectOption('#player-count', '3');
    // The first player takes black (colour 5), the second pink (colour 6).
    await page.click('#colour-0');
    await page.click('#colour-1');
    await page.click('#colour-1');
    await page.click('#colour-1');
    await page.click('#colour-1');
    await page.selectOption('#first', '0');
    await page.click('#start');
    await page.click('#guide-skip'); // a first game opens the guide
    await page.waitForFunction(() => document.getElementById('setup').hidden);
    const colours = (await view(page)).colours;
    assert.notDeepEqual(colours, ['yellow', 'red', 'green'], 'colours other than the first three');
    const numbers = await page.$$eval('#scores .swatch', (s) => s.map((e) => e.textContent));
    assert.deepEqual(numbers, ['1', '2', '3']);
    assert.equal(await page.textContent('#turn-swatch'), '1');
    assert.ok(await onScreen(page, '#turn-swatch'));
    const f = (await view(page)).fits[0];
    await page.mouse.click(f.x, f.y);
    await page.click('#confirm');
    await page.click('#skip');
    await tapOrClick(page, '#handover-go');
    assert.equal(await page.textContent('#turn-swatch'), '2', "the second player's number");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('after using the settings menu, Enter confirms the tile, it does not reopen the menu', async () => {
  const { context, page, errors } = await open('?seed=42');
  try {
    await page.click('#settings summary');
    assert.ok(await onScreen(page, '#opt-highlight'));
    await page.click('#settings summary');
    assert.equal(await page.getAttribute('#settings', 'open'), null);
    // The tile dragged from the hand onto a cell with the mouse.
    const hand = await page.evaluate(() => window.__carcassonne.handRect());
    const f = (await view(page)).fits[0];
    await page.mouse.move(hand.x + hand.width / 2, hand.y + hand.height / 2);
    await page.mouse.down();
    await page.mouse.move(f.x, f.y, { steps: 8 });
    await page.mouse.up();
    await page.waitForFunction(() => window.__carcassonne.state().candidate);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower', null, { timeout: 2000 });
    assert.equal(await page.getAttribute('#settings', 'open'), null, 'the menu stays shut');
    await page.keyboard.press('s');
    await tapOrClick(page, '#handover-go');
    // The menu left open, then the tile tapped onto the board: the menu folds, Enter confirms.
    await page.click('#settings summary');
    const g = (await view(page)).fits[0];
    await page.mouse.click(g.x, g.y);
    await page.waitForFunction(() => window.__carcassonne.state().candidate);
    assert.equal(await page.getAttribute('#settings', 'open'), null, 'play on the board folds the menu');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower', null, { timeout: 2000 });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('an address with a deal resumes the game on reload instead of dealing it again', async () => {
  const { context, page, errors } = await open('?seed=9&players=3');
  try {
    const first = await view(page);
    assert.equal(first.game.players.length, 3);
    assert.equal(new URL(page.url()).search, '', 'the deal is dropped from the address once set up');
    // Reloaded before anyone played: the same deal, not a new one.
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    assert.ok(!(await onScreen(page, '#setup .card')), 'straight back to the table');
    assert.equal((await view(page)).game.tile, first.game.tile);
    const f = (await view(page)).fits[0];
    await page.mouse.click(f.x, f.y);
    await page.click('#confirm');
    await page.click('#skip');
    await tapOrClick(page, '#handover-go');
    const played = await view(page);
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    const back = await view(page);
    assert.equal(back.game.turn, 2, 'the turn played is still there');
    assert.deepEqual(back.game.tiles, played.game.tiles);
    assert.equal(back.game.tile, played.game.tile);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a tile laid turned a way that does not fit comes back so after a reload', async () => {
  const { context, page, errors } = await open('?seed=42');
  try {
    // Turning to every way, fitting or not, is a setting (on by default: only the ways it fits).
    assert.equal(await page.isChecked('#opt-valid'), true);
    await page.click('#settings summary');
    await page.locator('#opt-valid').uncheck();
    await page.click('#settings summary');
    const f = (await view(page)).fits.find((f) => f.rotations !== 15);
    assert.ok(f, 'a cell where only some rotations fit');
    await page.mouse.click(f.x, f.y);
    await page.waitForFunction(() => window.__carcassonne.state().candidate);
    // Tap the tile on its cell until it is turned a way that does not fit.
    while ((f.rotations >> (await view(page)).rotation) & 1) await page.mouse.click(f.x, f.y);
    const laid = await view(page);
    assert.ok(await page.isDisabled('#confirm'), 'it does not fit this way');
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    const back = await view(page);
    assert.deepEqual([back.candidate, back.rotation], [laid.candidate, laid.rotation], 'on its cell, turned as it was');
    assert.ok(await page.isDisabled('#confirm'));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Escape in the open settings menu folds it away and leaves the follower step alone; keys pressed in it stay in it', async () => {
  const { context, page, errors } = await open('?seed=5&seats=human,human');
  try {
    const s = await view(page);
    const f = s.fits.find((c) => c.rotations & (1 << s.rotation)) ?? s.fits[0];
    await page.mouse.click(f.x, f.y);
    for (let i = 0; i < 4 && !(await page.isEnabled('#confirm')); i++) await page.click('#rotate');
    await page.click('#confirm');
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
    await page.click('#settings summary');
    await page.focus('#rules-open');
    // S and a digit on a menu button are not the board's.
    await page.keyboard.press('s');
    await page.keyboard.press('1');
    assert.equal((await view(page)).game.step, 'place_follower', 'S and 1 in the menu did nothing to the turn');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.getElementById('settings').open);
    const after = await view(page);
    assert.deepEqual([after.game.step, after.game.current_player, after.screen], ['place_follower', 0, 'table'], 'the follower step waits');
    await page.waitForFunction(() => document.activeElement === document.getElementById('board'));
    // Back on the board, S skips as before.
    await page.keyboard.press('s');
    await page.waitForFunction(() => window.__carcassonne.state().game.current_player === 1);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
