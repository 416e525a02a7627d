// End-to-end: board-reading aids. A game whose board has a spot no tile
// still to come can fill (the engine's answer is checked against brute
// force natively, in tests/aids.rs) shows it crossed out on the board, and
// the score card counts it; a long press (or the right button, or I) on an
// open spot shows what can still go there. At 1024x768, 768x1024 and 390x844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ROOT, SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { drawn, fingerDrag, freeArea, inside, loadFile, longPress, onScreen, pixel, ready, view } from './page.mjs';

const FIXTURE = readFileSync(`${ROOT}tests/e2e/fixtures/unfillable-spot.json`);

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

/** Opens the page and loads the fixture game from the start screen, by finger or with the mouse. */
async function load(width, height, touch = true) {
  const { context, page, errors } = await tab(browser, server.url, { width, height, touch });
  await loadFile(page, '#setup-import', FIXTURE, { touch });
  await page.waitForFunction(() => window.__carcassonne.state().game.tiles.length === 26);
  await (touch ? page.tap('#fit') : page.click('#fit'));
  return { context, page, errors };
}

const spotCard = (page) => page.waitForFunction(() => !document.getElementById('spot').hidden);

for (const [width, height] of [[1024, 768], [768, 1024], [390, 844]]) {
  test(`a long press on an open spot says what can still go there, with pictures and the chance (${width}x${height})`, async () => {
    const { context, page, errors } = await load(width, height);
    const s = await view(page);
    // A spot where the tile in hand fits, on screen between the bars.
    const area = await freeArea(page);
    const f = s.fits.find((c) => inside(area, c, 30));
    assert.ok(f, 'a fitting cell on screen');
    await longPress(page, f);
    await spotCard(page);
    const after = await view(page);
    assert.deepEqual(after.layers, ['spot']);
    assert.equal(after.candidate, null, 'a long press lays nothing');
    const text = await page.textContent('#spot-text');
    assert.match(text, /(\d+) of the 45 tiles left fits? here \((\d+) kinds?\)\. The next tile drawn fits here with a chance of \d+%\. The tile in hand fits here too\./);
    const [, fit, kinds] = text.match(/(\d+) of the 45 tiles left fits? here \((\d+) kind/);
    const pictures = await page.$$eval('#spot-tiles li', (l) => l.map((e) => e.getAttribute('aria-label')));
    assert.equal(pictures.length, Number(kinds), 'a picture for each kind');
    const counted = pictures.reduce((n, l) => n + Number(l.match(/^(\d+) left/)[1]), 0);
    assert.equal(counted, Number(fit), 'the counts under the pictures add up');
    assert.ok(await onScreen(page, '#spot-close'), 'Close is on screen, uncovered');
    assert.ok(await onScreen(page, '#spot-text'), 'the words are on screen, uncovered');
    await page.screenshot({ path: `${SHOTS}aids-spot-${width}x${height}.png` });
    // The card sits away from the spot it is about: the spot's square shows, uncovered.
    // (The card's backdrop there is all but clear: 20% opaque.)
    const under = await page.evaluate(([x, y]) => {
      const e = document.elementFromPoint(x, y);
      return { card: !!e?.closest('.card'), backdrop: getComputedStyle(document.getElementById('spot')).backgroundColor };
    }, [f.x, f.y]);
    assert.ok(!under.card, 'the spot is not under its card');
    assert.match(under.backdrop, /rgba\(228, 220, 198, 0\.2\)/);
    // Escape closes it; the board has the keys again.
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.getElementById('spot').hidden);

    // The hole's card says it stays empty, asked by the right button.
    const c = await page.evaluate(() => window.__carcassonne.screenOf(-1, -1));
    await page.mouse.click(c.x, c.y, { button: 'right' });
    await spotCard(page);
    assert.match(await page.textContent('#spot-text'), /No tile still to come fits here: this spot will stay empty\./);
    assert.equal(await page.$$eval('#spot-tiles li', (l) => l.length), 0);
    await page.tap('#spot-close');
    await page.waitForFunction(() => document.getElementById('spot').hidden);

    // A quick tap still lays the tile, as before.
    await page.mouse.click(f.x, f.y);
    await page.waitForFunction(() => window.__carcassonne.state().candidate);
    // And the I key asks about the cell the tile lies on.
    await page.keyboard.press('i');
    await spotCard(page);
    assert.match(await page.textContent('#spot-text'), /The tile in hand fits here too\./);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`a spot no tile can fill is crossed out on the board and counted on the score card (${width}x${height})`, async () => {
    // From the start screen: load the game file.
    const { context, page, errors } = await load(width, height);
    const s = await view(page);
    assert.equal(s.screen, 'table');
    assert.deepEqual(s.unfillable, [[-1, -1]], 'the one spot no tile still to come fits');

    // Crossed out where it lies: the cross's dark stroke at the cell's centre,
    // which the bare table around the board never shows.
    await drawn(page);
    const c = await page.evaluate(() => window.__carcassonne.screenOf(-1, -1));
    assert.ok(inside(await freeArea(page), c, 0), `on screen between the bars: ${JSON.stringify(c)}`);
    const [r, g, b] = await pixel(page, c.x, c.y);
    assert.ok(r < 170 && r > g + 15 && r > b + 15, `the cross's dark red-brown at the centre, got ${[r, g, b]}`);
    // A legal cell is not crossed out.
    const fit = s.fits[0];
    const [fr, fg, fb] = await pixel(page, fit.x, fit.y);
    assert.ok(fr > 200 && fg > 190, `a cell where a tile fits stays light, got ${[fr, fg, fb]}`);

    // The score card says how many.
    await page.tap('#scores');
    await page.waitForFunction(() => !document.getElementById('panel').hidden);
    const words = await page.textContent('#panel-winners');
    assert.match(words, /1 spot no tile can fill/);
    assert.ok(await onScreen(page, '#panel-winners'), 'the count is on screen, uncovered');
    await page.screenshot({ path: `${SHOTS}aids-unfillable-${width}x${height}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a table that plays without aids sees no highlight, hint, crossed-out spots, running totals or tiles to come, and keeps it on reload', async () => {
  // The page's clock, run by the test: a long press's timer is seen to have fired.
  const { context, page, errors } = await tab(browser, server.url, { touch: true, clock: true });
  assert.ok(await onScreen(page, '#o-no-aids'), 'the switch is on the start screen, uncovered');
  await page.tap('#o-no-aids');
  await page.tap('#start');
  await page.tap('#guide-skip');
  let s = await view(page);
  assert.equal(s.aids, false);
  assert.equal(s.fitsShown, false, 'no highlighted squares');
  assert.equal(await page.isVisible('#hint'), false, 'no Hint button');
  assert.ok(await onScreen(page, '#rotate'), 'the tile controls are there');
  assert.match(await page.textContent('#prompt'), /drag the tile onto the board, next to a tile/);
  // A long press opens nothing.
  const free = await page.evaluate(() => document.getElementById('dock').getBoundingClientRect().top);
  const f = s.fits.find((c) => c.y > 80 && c.y < free - 30);
  await longPress(page, f);
  await page.clock.runFor(1000); // past any long press's timer
  assert.deepEqual((await view(page)).layers, []);
  // The score card: no running total, no tiles to come, and it says so.
  await page.tap('#scores');
  await page.waitForFunction(() => !document.getElementById('panel').hidden);
  const heads = await page.$$eval('#score-table th span', (l) => l.map((e) => e.textContent));
  assert.ok(!heads.includes('If it ended now'), heads.join());
  assert.equal(await page.isVisible('#remaining-box'), false);
  assert.match(await page.textContent('#panel-winners'), /Played without aids\./);
  await page.tap('#panel-close');
  // Kept with the game: a reload resumes it without aids.
  await page.reload({ waitUntil: 'load' });
  await ready(page);
  s = await view(page);
  assert.equal(s.screen, 'table');
  assert.equal(s.aids, false);
  assert.equal(s.fitsShown, false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('without aids, a tile dragged where it fits in no way comes back and the prompt says why, on screen (768x1024)', async () => {
  const { context, page, errors } = await tab(browser, `${server.url}?setup&seed=3`, { width: 768, height: 1024, touch: true });
  await page.tap('#o-no-aids');
  await page.locator('#start').scrollIntoViewIfNeeded();
  await page.tap('#start');
  await page.tap('#guide-skip');
  const s = await view(page);
  // A side of the start tile where the tile in hand fits in no rotation.
  const fit = new Set(s.fits.map((f) => f.at.join()));
  const miss = [[0, -1], [1, 0], [0, 1], [-1, 0]].find((p) => !fit.has(p.join()));
  assert.ok(miss, 'the deal has a side where the first tile fits in no way');
  const to = await page.evaluate(([x, y]) => window.__carcassonne.screenOf(x, y), miss);
  const from = await onScreen(page, '#hand');
  assert.ok(from, 'the tile in hand is on screen');
  // A finger drags the tile there.
  await fingerDrag(page, from, to);
  await page.waitForFunction(() => !window.__carcassonne.state().dragging);
  assert.equal((await view(page)).candidate, null, 'the tile is back in the hand');
  assert.match(await page.textContent('#prompt'), /it does not fit there and is back in your hand; try another square/);
  assert.ok(await onScreen(page, '#prompt'), 'the prompt is on screen, uncovered');
  await page.screenshot({ path: `${SHOTS}aids-off-missed-768x1024.png` });
  // The next move of the tile: the usual prompt again.
  await page.touchscreen.tap(s.fits[0].x, s.fits[0].y);
  await page.waitForFunction(() => window.__carcassonne.state().candidate);
  assert.doesNotMatch(await page.textContent('#prompt'), /does not fit there/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('by keyboard: I before the tile lies anywhere tells of the open spot nearest the middle of the view (1024x768)', async () => {
  const { context, page, errors } = await load(1024, 768, false);
  await page.focus('#board');
  assert.equal((await view(page)).candidate, null);
  await page.keyboard.press('i');
  await spotCard(page);
  assert.ok(await onScreen(page, '#spot-text'), 'the card is on screen, uncovered');
  assert.match(await page.textContent('#spot-where'), /from the first tile$/);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.getElementById('spot').hidden);
  assert.deepEqual(errors, []);
  await context.close();
});

test('by keyboard: Tab, I, then the arrows walk the card from spot to spot, up to the one no tile can fill, and a screen reader hears each', async () => {
  const { context, page, errors } = await load(1024, 768, false);
  await page.focus('#board');
  await page.keyboard.press('Tab'); // the tile onto the first legal cell
  await page.waitForFunction(() => window.__carcassonne.state().candidate);
  await page.keyboard.press('i');
  await spotCard(page);
  assert.ok(await onScreen(page, '#spot-where'), 'where the spot lies is on screen, uncovered');
  assert.ok(await onScreen(page, '.keys-note'), 'the arrows are offered (a mouse and keyboard here)');
  // Where the card is now, from its own words: "2 squares right and 1 up from the first tile".
  const where = async () => {
    const t = await page.textContent('#spot-where');
    assert.match(t, /^(\d+ squares? (left|right|up|down))( and \d+ (up|down))? from the first tile$/);
    const n = (re) => Number((t.match(re) ?? [0, 0])[1]);
    const way = (w) => n(new RegExp(`(\\d+) (?:squares? )?${w}`));
    return { x: way('right') - way('left'), y: way('down') - way('up') };
  };
  let at = await where();
  const start = at;
  const goal = { x: -1, y: -1 }; // the hole (tests/e2e/aids.test.mjs's second test)
  for (let i = 0; i < 40 && (at.x !== goal.x || at.y !== goal.y); i++) {
    // Along x first while it can, then y; if a step goes nowhere, try the other axis.
    const keys = [];
    if (at.x !== goal.x) keys.push(at.x > goal.x ? 'ArrowLeft' : 'ArrowRight');
    if (at.y !== goal.y) keys.push(at.y > goal.y ? 'ArrowUp' : 'ArrowDown');
    let moved = false;
    for (const k of keys) {
      await page.keyboard.press(k);
      await drawn(page);
      const next = await where();
      if (next.x !== at.x || next.y !== at.y) {
        at = next;
        moved = true;
        break;
      }
    }
    assert.ok(moved, `an arrow moves the card on from ${JSON.stringify(at)}`);
  }
  assert.notDeepEqual(start, goal, 'the walk began elsewhere');
  assert.deepEqual(at, goal, 'the arrows reach the spot no tile can fill');
  assert.match(await page.textContent('#spot-text'), /No tile still to come fits here: this spot will stay empty\./);
  assert.match(
    await page.textContent('#announcer'),
    /^1 square left and 1 up from the first tile: No tile still to come fits here/,
    'a screen reader hears where and what',
  );
  assert.equal((await view(page)).candidate !== null, true, 'the tile still lies where Tab put it');
  await page.screenshot({ path: `${SHOTS}aids-spot-keys-1024x768.png` });
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.getElementById('spot').hidden);
  assert.deepEqual(errors, []);
  await context.close();
});
