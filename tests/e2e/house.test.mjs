// End-to-end: the house rules (rules §12) on the page. The start screen
// folds them away under one heading; a hand of tiles shows side by side in
// the dock, big enough for a finger, picked by a tap, a drag or the T key;
// hidden hands never show before the hand-over; the table's edge is drawn
// and no cell beyond it is offered; the score card names the house rules;
// a reload keeps every option. At 1024x768, 768x1024 and 390x844, by touch.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ROOT, SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { dockTiles, drawn, fingerDrag, loadFile, onScreen, pixel, ready, view } from './page.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

const SIZES = [[1024, 768], [768, 1024], [390, 844]];

/** A new tab on the start screen, with two people and the house rules open. */
async function setup(width, height) {
  const { context, page, errors } = await tab(browser, `${server.url}?setup&seed=7`, { width, height, touch: true });
  await page.waitForSelector('#setup:not([hidden])');
  return { context, page, errors };
}

async function openHouseRules(page) {
  await page.locator('#house summary').scrollIntoViewIfNeeded();
  await page.tap('#house summary');
  await page.waitForFunction(() => document.getElementById('house').open);
}

/** Starts the game set on the form, past the first-game guide. */
async function start(page) {
  await page.locator('#start').scrollIntoViewIfNeeded();
  await page.tap('#start');
  await page.tap('#guide-skip');
  await page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
}

for (const [width, height] of SIZES) {
  test(`the house rules fold away on the start screen, and each says what it does (${width}x${height})`, async () => {
    const { context, page, errors } = await setup(width, height);
    // Folded by default: the heading shows, its options do not.
    assert.equal(await page.evaluate(() => document.getElementById('house').open), false);
    await page.locator('#house summary').scrollIntoViewIfNeeded();
    assert.ok(await onScreen(page, '#house summary'), 'the heading is on screen, uncovered');
    const h = await page.$eval('#house summary', (s) => s.getBoundingClientRect().height);
    assert.ok(h >= 44, `the heading is a finger's size: ${h}`);
    assert.equal(await page.isVisible('#o-hand'), false);
    await openHouseRules(page);
    // Every option in plain words, each control visible once scrolled to.
    const lines = await page.$$eval('#house label', (ls) => ls.map((l) => l.textContent.replace(/\s+/g, ' ').trim()));
    assert.equal(lines.length, 8);
    for (const l of lines) assert.ok(l.length > 30, `a sentence, not a key: ${l}`);
    for (const id of ['o-hand', 'o-hand-hidden', 'o-hole', 'o-finished-only', 'o-table', 'o-table-closes', 'o-start-in-bag', 'o-unplayable-back']) {
      await page.$eval(`#${id}`, (e) => e.scrollIntoView({ block: 'center' }));
      assert.ok(await onScreen(page, `#${id}`), `${id} is on screen, uncovered`);
    }
    // An option that needs another is greyed until it is chosen.
    assert.equal(await page.isDisabled('#o-hand-hidden'), true);
    assert.equal(await page.isDisabled('#o-table-closes'), true);
    await page.selectOption('#o-hand', '2');
    await page.selectOption('#o-table', '15x11');
    assert.equal(await page.isDisabled('#o-hand-hidden'), false);
    assert.equal(await page.isDisabled('#o-table-closes'), false);
    assert.match(await page.textContent('#house summary'), /House rules · 2 on/);
    // The river and the start tile in the bag exclude each other.
    await page.locator('#o-start-in-bag').scrollIntoViewIfNeeded();
    await page.tap('#o-start-in-bag');
    assert.equal(await page.isChecked('#o-start-in-bag'), true);
    await page.locator('#o-river').scrollIntoViewIfNeeded();
    await page.tap('#o-river');
    assert.equal(await page.isChecked('#o-start-in-bag'), false);
    assert.equal(await page.isDisabled('#o-start-in-bag'), true);
    await page.screenshot({ path: `${SHOTS}house-setup-${width}x${height}.png`, fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`a hand of three tiles shows side by side in the dock: tap, T or a drag picks one (${width}x${height})`, async () => {
    const { context, page, errors } = await setup(width, height);
    await openHouseRules(page);
    await page.selectOption('#o-hand', '3');
    await start(page);
    let s = await view(page);
    assert.equal(s.game.rules.hand, 3);
    assert.equal(s.hand.length, 3, 'three tiles in hand');
    assert.equal(s.pick, 0);
    const tiles = await dockTiles(page);
    assert.equal(tiles.length, 3, 'three tiles in the dock');
    const least = width < 600 ? 48 : 64;
    for (const t of tiles) {
      assert.ok(t.width >= least, `${t.id} is ${t.width} px wide, at least ${least}`);
      assert.ok(await onScreen(page, `#${t.id}`), `${t.id} is on screen, uncovered`);
    }
    for (let i = 1; i < tiles.length; i++) assert.ok(tiles[i].left >= tiles[i - 1].right - 1, 'side by side');
    // Each is drawn: its canvas has pixels, and its middle is painted.
    const painted = await page.$$eval('#dock canvas:not([hidden])', (cs) =>
      cs.map((c) => c.width > 0 && c.getContext('2d').getImageData(c.width >> 1, c.height >> 1, 1, 1).data[3] === 255));
    assert.deepEqual(painted, [true, true, true], 'every tile of the hand is painted');
    assert.match(await page.textContent('#prompt'), /pick a tile, drag it onto a highlighted square/);
    assert.deepEqual(tiles.map((t) => t.picked), [true, false, false], 'the first is picked');

    // A tap on another tile picks it (and does not turn it).
    await page.tap('#hand-1');
    s = await view(page);
    assert.equal(s.pick, 1);
    assert.equal(s.rotation, 0);
    assert.deepEqual((await dockTiles(page)).map((t) => t.picked), [false, true, false]);
    // A second tap on the picked tile turns it.
    await page.tap('#hand-1');
    assert.equal((await view(page)).rotation, 1);
    // T picks the next, round to the first.
    await page.keyboard.press('t');
    assert.equal((await view(page)).pick, 2);
    await page.keyboard.press('t');
    assert.equal((await view(page)).pick, 0);
    await page.screenshot({ path: `${SHOTS}house-hand-${width}x${height}.png` });

    // A drag of the third tile onto the board picks it and lays it there.
    await page.tap('#hand-2');
    s = await view(page);
    const third = s.hand[2];
    const cell = s.fits.find((f) => f.rotations & 1);
    assert.ok(cell, 'the third tile fits unturned somewhere');
    await page.tap('#hand');
    assert.equal((await view(page)).pick, 0);
    const box = tiles[2];
    await fingerDrag(page, { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 }, cell);
    await page.waitForFunction(() => window.__carcassonne.state().candidate);
    s = await view(page);
    assert.equal(s.pick, 2, 'the dragged tile was picked');
    assert.deepEqual(s.candidate, [cell.at[0], cell.at[1]]);
    // A reload before Confirm: that very tile lies there again, picked.
    await page.reload();
    await ready(page);
    await page.waitForFunction(() => window.__carcassonne.state().candidate);
    s = await view(page);
    assert.equal(s.hand[s.pick], third, 'the tile lying there after a reload is the one dragged');
    assert.deepEqual(s.candidate, [cell.at[0], cell.at[1]]);
    assert.ok(await page.isEnabled('#confirm'), 'and it may be confirmed');
    // (The mouse: after the DevTools touches above, Playwright's own tap
    // does not reach the page.)
    await page.click('#confirm');
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
    s = await view(page);
    const laid = s.game.tiles[s.game.tiles.length - 1];
    assert.equal(laid.tile, third, 'the tile laid is the one dragged');
    // A reload in the follower step keeps that very tile down.
    await page.reload();
    await ready(page);
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
    s = await view(page);
    assert.equal(s.game.tiles[s.game.tiles.length - 1].tile, third, 'the same tile after a reload');
    // Open hands are listed on the score card: each player's, as held.
    await page.click('#scores');
    await page.locator('#hands-box').scrollIntoViewIfNeeded();
    assert.ok(await onScreen(page, '#hands-box'), 'the hands on the score card, on screen and uncovered');
    const listed = await page.$$eval('#hands li', (li) => li.map((l) => l.querySelectorAll('canvas').length));
    assert.deepEqual(listed, s.game.hands.map((h) => h.length), 'every hand, tile for tile');
    await page.screenshot({ path: `${SHOTS}house-hands-card-${width}x${height}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('hidden hands: the next player\'s tiles show only after the hand-over; the score card never lists them', async () => {
  const { context, page, errors } = await setup(768, 1024);
  await openHouseRules(page);
  await page.selectOption('#o-hand', '2');
  await page.tap('#o-hand-hidden');
  await page.locator('#start').scrollIntoViewIfNeeded();
  await page.tap('#start');
  await page.tap('#guide-skip');
  // Even the first hand waits for the hand-over.
  await page.waitForFunction(() => !document.getElementById('handover').hidden);
  let s = await view(page);
  assert.equal(s.game.rules.hand_open, false);
  assert.deepEqual(s.hand, [], 'no hand before the first hand-over');
  await page.tap('#handover-go');
  s = await view(page);
  assert.equal(s.hand.length, 2, 'the first player sees their own hand');
  const first = s.game.current_player;
  await page.tap('#scores');
  assert.equal(await page.isVisible('#hands-box'), false, 'no hands on the score card');
  await page.tap('#panel-close');
  // Lay a tile and skip the follower.
  const f = s.fits.find((c) => c.rotations & (1 << s.rotation)) ?? s.fits[0];
  await page.mouse.click(f.x, f.y);
  await page.waitForFunction(() => window.__carcassonne.state().candidate);
  await page.tap('#confirm');
  await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
  await page.keyboard.press('s');
  // The hand-over: nothing of the next hand shows until the button.
  await page.waitForFunction(() => window.__carcassonne.state().screen !== 'table', null, { timeout: 5000 });
  s = await view(page);
  assert.notEqual(s.game.current_player, first);
  assert.deepEqual(s.hand, [], 'no hand shows before the hand-over');
  assert.equal((await dockTiles(page)).length, 0, 'the dock shows no tile');
  await page.waitForFunction(() => !document.getElementById('handover').hidden);
  await page.screenshot({ path: `${SHOTS}house-hidden-handover-768x1024.png` });
  await page.tap('#handover-go');
  s = await view(page);
  assert.equal(s.hand.length, 2, 'after the hand-over, the owner sees their hand');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a table edge: drawn on the board, no cell beyond it offered, named on the score card, kept over a reload', async () => {
  const { context, page, errors } = await setup(1024, 768);
  await openHouseRules(page);
  await page.selectOption('#o-table', '11x11');
  await page.tap('#o-table-closes');
  await start(page);
  let s = await view(page);
  assert.deepEqual(s.game.rules.table, [11, 11]);
  for (const f of s.fits) assert.ok(Math.abs(f.at[0]) <= 5 && Math.abs(f.at[1]) <= 5, `inside: ${f.at}`);
  // Zoomed out, the floor beyond the edge is darker than the table.
  for (let i = 0; i < 4; i++) await page.keyboard.press('-');
  await drawn(page);
  const inside = await page.evaluate(() => window.__carcassonne.screenOf(4, 4));
  const outside = await page.evaluate(() => window.__carcassonne.screenOf(7, 0));
  const a = await pixel(page, inside.x, inside.y);
  const b = await pixel(page, outside.x, outside.y);
  assert.ok(a[0] + a[1] + a[2] > b[0] + b[1] + b[2] + 60, `the table ${a} is lighter than beyond its edge ${b}`);
  await page.screenshot({ path: `${SHOTS}house-table-1024x768.png` });
  await page.tap('#scores');
  assert.match(await page.textContent('#panel-winners'), /House rules: a table of 11 × 11 whose edge closes features\./);
  await page.tap('#panel-close');
  // So does the rules card.
  await page.click('#settings summary');
  await page.click('#rules-open');
  await page.waitForFunction(() => !document.getElementById('rules').hidden);
  assert.match(await page.textContent('#house-rules'), /House rules: a table of 11 × 11 whose edge closes features\./);
  assert.ok(await page.$eval('#house-rules', (e) => { e.scrollIntoView({ block: 'center' }); return true; }));
  assert.ok(await onScreen(page, '#house-rules'), 'the house rules line is on screen, uncovered');
  await page.click('#rules-close');
  await page.reload();
  await ready(page);
  s = await view(page);
  assert.deepEqual(s.game.rules.table, [11, 11], 'the reload kept the table');
  assert.equal(s.game.rules.table_closes, true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a tile that fills a hole: "Plays again!" on the board, said to screen readers, and no hand-over before the second turn', async () => {
  // The page's clock, run by the test: the time a scoring shows is run at once.
  const { context, page, errors } = await tab(browser, server.url, { width: 768, height: 1024, touch: true, clock: true });
  // Two people, hole_bonus on; Ann's tile in hand fills the hole at (0, 2) turned twice.
  await loadFile(page, '#setup-import', readFileSync(`${ROOT}tests/e2e/fixtures/hole-to-fill.json`));
  await page.waitForFunction(() => window.__carcassonne.state().game.tiles.length === 53);
  let s = await view(page);
  assert.equal(s.game.rules.hole_bonus, true);
  assert.equal(s.game.current_player, 0);
  await page.tap('#fit');
  await drawn(page);
  const at = await page.evaluate(() => window.__carcassonne.screenOf(0, 2));
  await page.touchscreen.tap(at.x, at.y);
  await page.waitForFunction(() => window.__carcassonne.state().candidate);
  assert.deepEqual((await view(page)).candidate, [0, 2]);
  for (let i = 0; i < 4 && (await view(page)).rotation !== 2; i++) await page.tap('#rotate');
  assert.equal((await view(page)).rotation, 2);
  await page.tap('#confirm');
  await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
  await page.keyboard.press('s');
  await page.waitForFunction(() => /filled a hole and plays again/.test(document.getElementById('announcer').textContent));
  s = await view(page);
  assert.equal(s.game.current_player, 0, 'Ann plays again');
  assert.ok(s.effectKinds.includes('points'), `"Plays again!" shows on the board: ${s.effectKinds}`);
  await page.clock.runFor(700);
  await page.screenshot({ path: `${SHOTS}house-plays-again-768x1024.png` });
  // Longer than a scoring shows (1.8 s): still the table, never the hand-over.
  await page.clock.runFor(2500);
  s = await view(page);
  assert.equal(s.screen, 'table');
  assert.equal(await page.isVisible('#handover'), false);
  assert.equal(s.game.step, 'place_tile');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a hand tile that fits nowhere is crossed out in the dock, and picking it says why nothing is highlighted (390x844)', async () => {
  const { context, page, errors } = await setup(390, 844);
  // A hand on a small table fills up fast: play random moves until the
  // player to play holds a tile that fits nowhere beside one that fits.
  const found = await page.evaluate(() => {
    const G = window.wasmBindings.Game;
    for (let seed = 1; seed < 200; seed++) {
      const g = new G({ players: ['Ann', 'Bob'], rules: { hand: 3, table: [5, 5] }, seed });
      for (let n = 0; n < 40 && !g.state().finished; n++) {
        const hand = g.hand(g.state().current_player);
        const dead = hand.map((t) => g.legalPlacements(t).length === 0);
        if (dead.some((d) => d) && !dead.every((d) => d)) {
          localStorage.setItem('carcassonne:/:v1:game', g.recordJson());
          return { hand, dead };
        }
        const m = g.suggest('random', n);
        g.apply({ type: 'place_tile', at: m.at, rotation: m.rotation, tile: m.tile });
        g.apply(m.action);
      }
    }
    return null;
  });
  assert.ok(found, 'a hand with a tile that fits nowhere');
  await page.goto(server.url, { waitUntil: 'load' });
  await ready(page);
  await page.tap('#continue');
  await page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
  if (await page.isVisible('#handover-go')) await page.tap('#handover-go');
  const ids = ['hand', 'hand-1', 'hand-2'];
  const dead = found.dead.indexOf(true);
  const marks = await page.$$eval('#dock canvas:not([hidden])', (cs) => cs.map((c) => c.dataset.dead === 'true'));
  assert.deepEqual(marks, found.dead, 'the dock marks exactly the tiles that fit nowhere');
  assert.match(await page.getAttribute(`#${ids[dead]}`, 'aria-label'), /fits nowhere now/);
  assert.ok(await onScreen(page, `#${ids[dead]}`));
  let s = await view(page);
  assert.ok(s.fits.length > 0, 'the turn starts on a tile that fits');
  await page.tap(`#${ids[dead]}`);
  s = await view(page);
  assert.equal(s.pick, dead);
  assert.equal(s.fits.length, 0);
  assert.match(await page.textContent('#prompt'), /fits nowhere now and stays in your hand; pick another/);
  assert.ok(await onScreen(page, '#prompt'), 'the prompt is on screen, uncovered');
  assert.match(await page.textContent('#announcer'), /fits nowhere now/);
  await page.screenshot({ path: `${SHOTS}house-dead-tile-390x844.png` });
  // Another tile that fits: the usual prompt again.
  await page.tap(`#${ids[found.dead.indexOf(false)]}`);
  assert.match(await page.textContent('#prompt'), /pick a tile, drag it onto a highlighted square/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('tiles that fit nowhere and leave a hand are counted in "since your last turn", on screen (390x844)', async () => {
  const { context, page, errors } = await setup(390, 844);
  // A small table: find a move after which the next player's hand loses tiles.
  const found = await page.evaluate(() => {
    const G = window.wasmBindings.Game;
    for (let seed = 1; seed < 200; seed++) {
      const g = new G({ players: ['Ann', 'Bob'], rules: { hand: 3, table: [5, 5] }, seed });
      for (let n = 0; n < 40 && !g.state().finished; n++) {
        const m = g.suggest('random', n);
        const a = { type: 'place_tile', at: m.at, rotation: m.rotation, tile: m.tile };
        const after = window.wasmBindings.Game.fromJson(g.recordJson());
        after.apply(a);
        const ev = after.apply(m.action);
        const gone = ev.filter((e) => e.type === 'tile_discarded').length;
        if (gone > 0 && !after.state().finished && after.state().current_player !== g.state().current_player) {
          localStorage.setItem('carcassonne:/:v1:game', after.recordJson());
          localStorage.setItem('carcassonne:/:v1:handover', 'off');
          return { gone };
        }
        g.apply(a);
        g.apply(m.action);
      }
    }
    return null;
  });
  assert.ok(found, 'a move after which hand tiles fit nowhere');
  await page.goto(server.url, { waitUntil: 'load' });
  await ready(page);
  await page.tap('#continue');
  await page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
  const noun = found.gone === 1 ? 'tile' : 'tiles';
  const since = await page.textContent('#since');
  assert.match(since, new RegExp(`Since your last turn: 1 tile laid; .*; ${found.gone} ${noun} fit nowhere and left the game\\.`));
  assert.ok(await onScreen(page, '#since'), 'the line is on screen, uncovered');
  await page.screenshot({ path: `${SHOTS}house-since-set-aside-390x844.png` });
  assert.deepEqual(errors, []);
  await context.close();
});
