// End-to-end: who holds what (issue 18 parts 3 and 5), on the release
// build, by touch. A long press on a follower opens the card of its
// feature (who holds it, its worth now and finished, what it needs; the
// engine's numbers through the test hook), outlines the feature on the
// board and says it to screen readers; the O key steps through the
// features of a tile; the dock's "Fields" toggle hatches each field held by
// farmers in its holders' colours. Without aids, none of it. At 1024x768,
// 768x1024 and 390x844. The engine's answers are checked natively
// (tests/potential.rs, tests/aids.rs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ROOT, SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { cellPixels, changed, freeArea, loadFile, longPress, onScreen, view } from './page.mjs';

const FIXTURE = readFileSync(`${ROOT}tests/e2e/fixtures/unfillable-spot.json`);
const NAMES = ['Ann', 'Bob'];

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

/**
 * First-edition farm scoring (tests/aids.rs): one finished city of three
 * tiles between three fields; Bob's farmer on the start tile's field (by
 * U at (1,0)), Ann's on the other two. The city pays Ann, not Bob.
 */
const FIRST = JSON.stringify({
  format: 'carcassonne-record/1', players: NAMES, rules: { farm_scoring: 'first' },
  deck: ['N', 'U', 'E', 'V', 'V'],
  moves: [{ at: [0, -1], rotation: 2, follower: 'NE' }, { at: [1, 0], rotation: 1, follower: 'NE' },
    { at: [-1, -1], rotation: 1, follower: 'NW' }],
});

/**
 * Opens the page and loads a game: the fixture (Ann and Bob, 26 tiles, 14
 * pieces), or `record` with `tiles` tiles. The page's clock is run by the
 * test: each wait for the board to be drawn anew runs the page's frames at
 * once, and a wait for nothing to happen runs past the long press's timer.
 */
async function load(width, height, record = FIXTURE, tiles = 26) {
  const { context, page, errors } = await tab(browser, server.url, { width, height, touch: true, clock: true });
  await loadFile(page, '#setup-import', Buffer.from(record));
  await page.waitForFunction((n) => window.__carcassonne.state().game.tiles.length === n, tiles);
  await page.tap('#fit');
  await page.clock.runFor(150);
  return { context, page, errors };
}

for (const [width, height] of [[1024, 768], [768, 1024], [390, 844]]) {
  test(`a long press on a follower says who holds its feature, outlines it, and tells a screen reader (${width}x${height})`, async () => {
    const { context, page, errors } = await load(width, height);
    const free = await freeArea(page);
    const spots = await page.evaluate(() => window.__carcassonne.pieceSpots());
    // A knight, thief or monk (its feature is outlined in white) well inside the free area.
    const piece = spots.find((p) => p.location.length === 1 && p.x > 40 && p.x < width - 40 && p.y > free.top + 40 && p.y < free.bottom - 40);
    assert.ok(piece, `a follower on screen: ${JSON.stringify(spots)}`);
    const before = await cellPixels(page, piece.at);
    await longPress(page, piece);
    await page.waitForFunction(() => !document.getElementById('spot').hidden);
    const s = await view(page);
    assert.deepEqual(s.layers, ['spot']);
    const ex = s.examined;
    assert.deepEqual(ex.at, piece.at, 'the feature of the tile pressed');
    assert.equal(ex.location, piece.location, "the follower's own feature");
    assert.equal(await page.textContent('#spot-title'), 'Who holds it');
    const text = await page.textContent('#spot-text');
    // Its follower's player holds it (or shares it), by name, with the engine's numbers.
    const holder = NAMES[piece.player];
    assert.ok(ex.owners.includes(piece.player) || text.includes(`${holder} has`), `${holder} is named: ${text}`);
    const owners = ex.owners.map((p) => NAMES[p]);
    assert.match(text, owners.length === 1 ? new RegExp(`${owners[0]} holds it with \\d+ `) : new RegExp(`${owners.join(' and ')} share it`));
    if (ex.finished === ex.now && /finished\.$/.test(text)) {
      assert.match(text, new RegExp(`Worth ${ex.now}: finished\\.`));
    } else {
      assert.match(text, new RegExp(`Worth ${ex.finished} now if finished; ${ex.now} at the end of the game as it stands\\.`));
      assert.match(text, piece.location === 'C' ? new RegExp(`${ex.open} cells? around it still empty\\.`) : new RegExp(`Open on ${ex.open} sides?\\.`));
    }
    // Said to screen readers through the live region.
    assert.equal(await page.textContent('#announcer'), text);
    assert.ok(await onScreen(page, '#spot-text'), 'the words are on screen, uncovered');
    assert.ok(await onScreen(page, '#spot-close'), 'Close is on screen, uncovered');
    // The feature is outlined on the board: its tile's picture changed.
    await page.clock.runFor(100);
    const outlined = await cellPixels(page, piece.at);
    assert.ok(changed(before, outlined) > 0.03, `the outline shows on the tile (${changed(before, outlined)})`);
    await page.screenshot({ path: `${SHOTS}owners-card-${width}x${height}.png` });
    await page.tap('#spot-close');
    await page.waitForFunction(() => document.getElementById('spot').hidden);
    await page.clock.runFor(150);
    const gone = await cellPixels(page, piece.at);
    assert.ok(changed(before, gone) < 0.01, `the outline goes with the card (${changed(before, gone)}, ${changed(outlined, gone)})`);
    await page.screenshot({ path: `${SHOTS}owners-closed-${width}x${height}.png` });

    // A knight or thief: its city or road, with the sides still open.
    const side = spots.find((p) => /^[NESW]$/.test(p.location) && p.x > 40 && p.x < width - 40 && p.y > free.top + 40 && p.y < free.bottom - 40);
    assert.ok(side, 'a knight or thief on screen');
    await longPress(page, side);
    await page.waitForFunction(() => !document.getElementById('spot').hidden);
    const ex2 = (await view(page)).examined;
    assert.deepEqual([ex2.at, ex2.location], [side.at, side.location]);
    const text2 = await page.textContent('#spot-text');
    assert.match(text2, new RegExp(`^(City|Road) of ${ex2.tiles} tiles?[ ,.]`));
    assert.match(text2, new RegExp(`Worth ${ex2.finished} now if finished; ${ex2.now} at the end of the game as it stands\\. Open on ${ex2.open} sides?\\.$`));
    assert.equal(await page.textContent('#announcer'), text2);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.getElementById('spot').hidden);

    // A quick tap on a tile still does what it did (nothing opens).
    await page.mouse.click(piece.x, piece.y);
    await page.clock.runFor(1000); // past any long press's timer
    assert.deepEqual((await view(page)).layers, []);

    // The keyboard: O steps through the features of the tile in the middle of the view.
    await page.focus('#board');
    await page.keyboard.press('o');
    await page.waitForFunction(() => !document.getElementById('spot').hidden);
    const first = (await view(page)).examined;
    const said = await page.textContent('#announcer');
    assert.match(said, /^(Road|City|Field|Monastery|Garden)/);
    await page.keyboard.press('Escape');
    await page.keyboard.press('o');
    await page.waitForFunction(() => !document.getElementById('spot').hidden);
    const second = (await view(page)).examined;
    assert.deepEqual(second.at, first.at, 'the same tile');
    assert.notEqual(second.location, first.location, 'its next feature');
    // The feature's card lets the board show: the arrows pan it, the card stays.
    const origin = () => page.evaluate(() => window.__carcassonne.screenOf(0, 0));
    const o1 = await origin();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.clock.runFor(100);
    const o2 = await origin();
    assert.ok(o2.x < o1.x - 40 && o2.y < o1.y - 40, `the board panned: ${JSON.stringify([o1, o2])}`);
    const still = await view(page);
    assert.deepEqual([still.layers, still.examined.at, still.examined.location], [['spot'], second.at, second.location]);
    await page.keyboard.press('Escape');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`the Fields toggle hatches each held field in its holders' colours (${width}x${height})`, async () => {
    const { context, page, errors } = await load(width, height);
    const free = await freeArea(page);
    const button = await onScreen(page, '#fields');
    assert.ok(button, 'Fields is in the dock, on screen, uncovered');
    const box = await page.$eval('#fields', (e) => e.getBoundingClientRect().toJSON());
    assert.ok(box.width >= 44 && box.height >= 44, `a finger's target: ${box.width}x${box.height}`);
    assert.equal(await page.getAttribute('#fields', 'aria-pressed'), 'false');
    const spots = await page.evaluate(() => window.__carcassonne.pieceSpots());
    // Farmers' tiles on screen: their fields change when hatched.
    const farms = spots.filter((p) => p.location.length === 2 && p.y > free.top + 30 && p.y < free.bottom - 30 && p.x > 30 && p.x < width - 30);
    assert.ok(farms.length > 0, 'a farmer on screen');
    const before = await Promise.all(farms.map((p) => cellPixels(page, p.at)));
    await page.tap('#fields');
    await page.waitForFunction(() => window.__carcassonne.state().fieldsShown);
    assert.equal(await page.getAttribute('#fields', 'aria-pressed'), 'true');
    // Its legend says what the hatching and the discs mean, whole and on screen.
    assert.ok(await onScreen(page, '#fields-legend'), 'the legend is on screen, uncovered');
    assert.match(await page.textContent('#fields-legend'), /hatched in the colour of whoever has most farmers there.*numbered disc/);
    const legend = await page.$eval('#fields-legend', (e) => ({ cut: e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1, size: parseFloat(getComputedStyle(e).fontSize) }));
    assert.ok(!legend.cut && legend.size >= 12, `the legend is whole and readable: ${JSON.stringify(legend)}`);
    await page.clock.runFor(150);
    const after = await Promise.all(farms.map((p) => cellPixels(page, p.at)));
    // Every farmer's tile changes (some hold only a sliver of field), most a lot.
    const change = farms.map((_, i) => changed(before[i], after[i]));
    assert.ok(change.every((c) => c > 0.02) && Math.max(...change) > 0.2, `the farmers' fields are hatched (${change})`);
    await page.screenshot({ path: `${SHOTS}owners-fields-${width}x${height}.png` });
    // Off again: the board as it was.
    await page.tap('#fields');
    await page.waitForFunction(() => !window.__carcassonne.state().fieldsShown);
    assert.ok(await page.isHidden('#fields-legend'), 'the legend goes with the overlay');
    await page.clock.runFor(150);
    const back = await cellPixels(page, farms[0].at);
    assert.ok(changed(before[0], back) < 0.01, 'the hatching goes');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("first-edition farms: a field's card says who the city beside it pays, not who holds the field", async () => {
  for (const [width, height] of [[1024, 768], [768, 1024], [390, 844]]) {
    const { context, page, errors } = await load(width, height, FIRST, 4);
    const spots = await page.evaluate(() => window.__carcassonne.pieceSpots());
    const bobs = spots.find((p) => p.player === 1 && p.location.length === 2);
    assert.ok(bobs, `Bob's farmer: ${JSON.stringify(spots)}`);
    await longPress(page, bobs);
    await page.waitForFunction(() => !document.getElementById('spot').hidden);
    const ex = (await view(page)).examined;
    assert.deepEqual([ex.at, ex.location, ex.owners], [[1, 0], bobs.location, [1]], 'Bob holds the field');
    const text = await page.textContent('#spot-text');
    assert.equal(text, 'Field of 2 tiles beside 1 finished city. Farmers here: Bob 1. At the end as it stands, ' +
      'each city pays the most farmers in all the fields beside it: the city to the west pays Ann 4.');
    assert.equal(await page.textContent('#announcer'), text);
    assert.ok(await onScreen(page, '#spot-text'), 'the words are on screen, uncovered');
    await page.screenshot({ path: `${SHOTS}owners-first-${width}x${height}.png` });
    await page.tap('#spot-close');
    await page.waitForFunction(() => document.getElementById('spot').hidden);
    // The overlay: Bob's field hatched in his colour, the city marked in Ann's.
    await page.tap('#fields');
    await page.waitForFunction(() => window.__carcassonne.state().fieldsShown);
    await page.clock.runFor(150);
    await page.screenshot({ path: `${SHOTS}owners-first-fields-${width}x${height}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('without aids: no Fields toggle and no card of who holds what', async () => {
  // The page's clock, run by the test: a long press's timer is seen to have fired.
  const { context, page, errors } = await tab(browser, server.url, { width: 390, height: 844, touch: true, clock: true });
  await page.tap('#o-no-aids');
  await page.tap('#start');
  await page.tap('#guide-skip');
  assert.equal((await view(page)).aids, false);
  assert.equal(await page.isVisible('#fields'), false, 'no Fields button');
  assert.ok(await onScreen(page, '#fit'), 'the dock is there');
  // A long press on the start tile, the right button, and O: nothing opens.
  const c = await page.evaluate(() => window.__carcassonne.screenOf(0, 0));
  await longPress(page, c);
  await page.mouse.click(c.x, c.y, { button: 'right' });
  await page.focus('#board');
  await page.keyboard.press('o');
  await page.clock.runFor(1000); // past any long press's timer
  const s = await view(page);
  assert.deepEqual(s.layers, []);
  assert.equal(s.examined, null);
  assert.equal(s.fieldsShown, false);
  await page.screenshot({ path: `${SHOTS}owners-no-aids-390x844.png` });
  assert.deepEqual(errors, []);
  await context.close();
});
