// End-to-end: the games list. The page keeps the last games, finished and
// in progress, each under its own key; the list shows them legibly on a
// phone and a tablet, resumes one after a reload, reports a damaged one
// without losing the others, loses nothing when storage is full, and two
// tabs on one game never write over each other: not after one slept
// through the other's take-over, not a duplicated tab, not a turn in
// progress; a tab that lost its game can take it back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeSite, handoverOff, openSite, pageIn, SHOTS, watch } from './browser.mjs';
import { drawn, onScreen, playTurn, ready, tap, tapMenu, view } from './page.mjs';

const KEY = 'carcassonne:/:v1:';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

async function newContext(width, height) {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
  await handoverOff(context);
  return context;
}

/** Another tab of `context` on the site (pageIn()'s options). */
const open = (context, query = '', options) => pageIn(context, server.url + query, options);

/** A new game from the start screen, by touch, past the first-game guide. */
async function startByTouch(page) {
  await tap(page, '#start');
  if (await page.isVisible('#guide')) await tap(page, '#guide-skip');
  await page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
}

/** One turn by finger: the tile on a legal cell, Confirm, then no follower. */
const touchTurn = (page) => playTurn(page, { touch: true });

/** "New game" from the menu, agreed to, then a game started on the start screen. */
async function anotherGame(page) {
  await tap(page, '#settings summary');
  await tapMenu(page, '#new-game');
  if (await page.isVisible('#ask')) await tap(page, '#ask-yes');
  await startByTouch(page);
}

/** Opens "Your games" from the menu (on the table), the start screen, or the card of a game another tab took. */
async function openList(page) {
  if (await page.isVisible('#setup')) await tap(page, '#setup-games');
  else if (await page.isVisible('#elsewhere')) await tap(page, '#elsewhere-games');
  else {
    await tap(page, '#settings summary');
    await tapMenu(page, '#games-open');
  }
  await page.waitForFunction(() => window.__carcassonne.state().layers.includes('games'));
}

/** The list's entries as a player reads them. */
const entries = (page) =>
  page.$$eval('#games-list .entry', (items) =>
    items.map((li) => ({
      id: li.querySelector('button')?.dataset.id,
      who: li.querySelector('.who').textContent,
      meta: li.querySelector('.meta').textContent,
      buttons: [...li.querySelectorAll('button')].map((b) => b.textContent),
    })),
  );

/** A finished game of Ann and Bo, played to its end in the page's engine, as today's single save. */
async function finishedGameAsOldSave(page) {
  await page.evaluate((key) => {
    const { Game } = window.wasmBindings;
    const g = new Game({ players: ['Ann', 'Bo'], seed: 11 });
    for (let i = 0; i < 200 && !g.result().finished; i++) {
      const p = g.legalPlacements()[0];
      g.apply({ type: 'place_tile', at: p.at, rotation: p.rotation });
      g.apply({ type: 'skip' });
    }
    localStorage.setItem(key + 'game', g.recordJson());
  }, KEY);
}

for (const [width, height] of [[1024, 768], [768, 1024], [390, 844]]) {
  test(`a finished game and one in progress are listed legibly at ${width}x${height}, by touch`, async () => {
    const context = await newContext(width, height);
    try {
      const { page, errors } = await open(context);
      // Today's one saved game (finished) becomes the list's first entry on the next load.
      await finishedGameAsOldSave(page);
      await page.reload({ waitUntil: 'load' });
      await ready(page);
      assert.equal(await page.evaluate((k) => localStorage.getItem(k + 'game'), KEY), null, 'the old save moved into the list');
      await startByTouch(page);
      await touchTurn(page);
      await openList(page);
      const list = await entries(page);
      assert.equal(list.length, 2);
      assert.match(list[0].who, /^(?=.*Yellow \d+)(?=.*Red \d+)/);
      assert.match(list[0].meta, /^today \d\d:\d\d · Farmers · 1 move · In progress · Playing here/);
      assert.deepEqual(list[0].buttons, ['Review', 'Export'], 'the game on the table is neither resumed again nor deleted under it');
      assert.match(list[1].who, /Ann \d+.*Bo \d+/);
      assert.match(list[1].meta, /Finished/);
      assert.deepEqual(list[1].buttons, ['Review', 'Export', 'Delete']);
      // Legible: each entry's words and buttons on screen, buttons big enough for a finger.
      for (const sel of ['#games-list .entry:nth-child(1) .who', '#games-list .entry:nth-child(1) .meta', '#games-list .entry:nth-child(2) .who', '#games-close']) {
        await page.locator(sel).scrollIntoViewIfNeeded();
        assert.ok(await onScreen(page, sel), `${sel} on screen, uncovered`);
      }
      const sizes = await page.$$eval('#games-list button, #games-close', (bs) => bs.map((b) => [b.getBoundingClientRect().width, b.getBoundingClientRect().height, parseFloat(getComputedStyle(b).fontSize)]));
      for (const [w, h, font] of sizes) assert.ok(w >= 44 && h >= 44 && font >= 14, `a button ${w}x${h}, ${font}px`);
      const fonts = await page.$$eval('#games-list .meta, #games-list .who', (ps) => ps.map((p) => parseFloat(getComputedStyle(p).fontSize)));
      assert.ok(fonts.every((f) => f >= 14), `text at ${fonts}`);
      // The finished game's picture shows its board: field green and city brown among its pixels.
      const colours = await page.$eval('#games-list .entry:nth-child(2) canvas', (c) => {
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const seen = new Set();
        for (let i = 0; i < d.length; i += 4) if (d[i + 3]) seen.add(`${d[i]},${d[i + 1]},${d[i + 2]}`);
        return [...seen];
      });
      assert.ok(colours.includes('127,180,85') && colours.includes('185,130,74'), 'fields and cities drawn');
      await page.locator('#games-list .entry:nth-child(1)').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/games-${width}x${height}.png` });
      // Export the finished game: the file is its record as kept.
      const finishedId = list[1].id;
      const [download] = await Promise.all([page.waitForEvent('download'), tap(page, `#games-list button[data-act="export"][data-id="${finishedId}"]`)]);
      const file = JSON.parse(await new Promise((done) => download.createReadStream().then((s) => {
        let t = '';
        s.on('data', (c) => (t += c));
        s.on('end', () => done(t));
      })));
      const kept = await page.evaluate(([k, id]) => JSON.parse(localStorage.getItem(k + 'games.' + id)), [KEY, finishedId]);
      assert.deepEqual([file.players, file.moves], [kept.players, kept.moves]);
      assert.deepEqual(file.players, ['Ann', 'Bo']);
      // Review the finished game, then back: the game in progress is as it was.
      const turn = (await view(page)).game.turn;
      await tap(page, `#games-list .entry:nth-child(2) button[data-act="review"]`);
      await page.waitForFunction(() => window.__carcassonne.state().screen === 'review');
      await tap(page, '#review-back');
      await page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
      assert.equal((await view(page)).game.turn, turn);
      // Delete asks first; then the game is gone from the list and from storage.
      await openList(page);
      // Delete looks destructive, and its question names the game.
      const red = (sel) => page.$eval(sel, (b) => getComputedStyle(b).backgroundColor);
      assert.equal(await red(`#games-list button[data-act="delete"][data-id="${finishedId}"]`), 'rgb(163, 39, 31)');
      await tap(page, `#games-list button[data-act="delete"][data-id="${finishedId}"]`);
      await page.waitForSelector('#ask[open]');
      assert.match(await page.textContent('#ask-text'), /^Delete the game of Ann and Bo \((today|yesterday) \d\d:\d\d\) from the list\?/);
      assert.equal(await red('#ask-yes'), 'rgb(163, 39, 31)', 'its Delete is red, not the green of a main action');
      await page.screenshot({ path: `${SHOTS}games-delete-${width}x${height}.png` });
      await tap(page, '#ask-yes');
      await page.waitForFunction(() => document.querySelectorAll('#games-list .entry').length === 1);
      assert.equal(await page.evaluate(([k, id]) => localStorage.getItem(k + 'games.' + id), [KEY, finishedId]), null);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('a game resumed from the list goes on after a reload, and the other stays as it was', async () => {
  const context = await newContext(1024, 768);
  try {
    const { page, errors } = await open(context);
    await startByTouch(page);
    await touchTurn(page);
    await touchTurn(page);
    const first = await view(page);
    await anotherGame(page);
    await touchTurn(page);
    const second = (await view(page)).current;
    assert.notEqual(second, first.current, 'a new game is a new entry');
    await openList(page);
    await tap(page, `#games-list button[data-act="resume"][data-id="${first.current}"]`);
    await page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
    let s = await view(page);
    assert.equal(s.current, first.current);
    assert.deepEqual([s.game.turn, s.game.tiles], [first.game.turn, first.game.tiles]);
    await touchTurn(page);
    const played = (await view(page)).game;
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    s = await view(page);
    assert.equal(s.current, first.current, 'the reload resumes the game resumed');
    assert.deepEqual(s.game.tiles, played.tiles);
    const moves = await page.evaluate(([k, id]) => JSON.parse(localStorage.getItem(k + 'games.' + id)).moves.length, [KEY, second]);
    assert.equal(moves, 1, 'the other game is as it was left');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a damaged entry is reported and set aside, and the other games still open', async () => {
  const context = await newContext(390, 844);
  try {
    const { page, errors } = await open(context);
    await startByTouch(page);
    await touchTurn(page);
    const broken = (await view(page)).current;
    await anotherGame(page);
    await touchTurn(page);
    const kept = (await view(page)).current;
    await anotherGame(page);
    await touchTurn(page);
    const garbage = '{"format":"carcassonne-record/1","players":["Ye';
    await page.evaluate(([k, id, g]) => localStorage.setItem(k + 'games.' + id, g), [KEY, broken, garbage]);
    await openList(page);
    const list = await entries(page);
    assert.equal(list.length, 3, 'all three listed');
    const bad = list.find((e) => e.id === broken);
    assert.match(bad.meta, /^(today|yesterday) \d\d:\d\d · Could not be read: kept aside in this browser, not deleted/);
    assert.match(bad.who, /^(?=.*Yellow)(?=.*Red)/, 'still says whose game it was');
    assert.deepEqual(bad.buttons, ['Delete']);
    assert.match(await page.textContent('#banner'), /could not be read/);
    assert.equal(await page.evaluate(([k, id]) => localStorage.getItem(k + 'games.' + id + '.unreadable'), [KEY, broken]), garbage, 'kept aside, not deleted');
    await tap(page, `#games-list button[data-act="resume"][data-id="${kept}"]`);
    await page.waitForFunction((id) => window.__carcassonne.state().current === id && window.__carcassonne.state().screen === 'table', kept);
    assert.equal((await view(page)).game.turn, 2);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('full storage: the game goes on, the player is told, and no game of the list is lost', async () => {
  const context = await newContext(1024, 768);
  try {
    const { page, errors } = await open(context);
    await startByTouch(page);
    await touchTurn(page);
    await anotherGame(page);
    await touchTurn(page);
    const before = await page.evaluate((k) => Object.fromEntries(Object.keys(localStorage).filter((x) => x.startsWith(k + 'games')).map((x) => [x, localStorage.getItem(x)])), KEY);
    assert.equal(Object.keys(before).length, 3, 'two games and the index');
    await page.evaluate(() => {
      const chunk = 'x'.repeat(256 * 1024);
      try {
        for (let i = 0; i < 400; i++) localStorage.setItem('filler-' + i, chunk);
      } catch {}
      try {
        for (let i = 0; i < 100000; i++) localStorage.setItem('f-' + i, 'x'.repeat(64));
      } catch {}
    });
    // Each turn grows the record a little: within a few it no longer fits.
    for (let i = 0; i < 4 && !(await page.isVisible('#banner')); i++) await touchTurn(page);
    assert.match(await page.textContent('#banner-text'), /storage is full/i, 'the player is told');
    await touchTurn(page);
    assert.ok((await view(page)).game.turn >= 3, 'play goes on');
    const after = await page.evaluate((k) => Object.fromEntries(Object.keys(localStorage).filter((x) => x.startsWith(k + 'games')).map((x) => [x, localStorage.getItem(x)])), KEY);
    assert.deepEqual(Object.keys(after).sort(), Object.keys(before).sort(), 'no key lost');
    for (const [k, v] of Object.entries(before)) {
      if (k.endsWith(':games')) continue;
      const [was, now] = [JSON.parse(v), JSON.parse(after[k])];
      assert.ok(now.moves.length >= was.moves.length, 'each game as it was saved last, or later');
    }
    await openList(page);
    const list = await entries(page);
    assert.equal(list.length, 2);
    assert.ok(list.every((e) => /In progress/.test(e.meta)), 'both still read');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('two tabs on one game: the second sees it open elsewhere, taking it over is a choice, and the first stops writing', async () => {
  const context = await newContext(1024, 768);
  try {
    const a = await open(context);
    await startByTouch(a.page);
    await touchTurn(a.page);
    const id = (await view(a.page)).current;
    const b = await open(context);
    assert.ok(await b.page.isVisible('#setup'), 'a new tab opens on the start screen');
    // Continue is offered, but continuing a game open in another tab asks first.
    await tap(b.page, '#continue');
    await b.page.waitForSelector('#ask[open]');
    assert.match(await b.page.textContent('#ask-text'), /open in another tab\. Take it over\?/);
    await tap(b.page, '#ask-no');
    assert.equal((await view(b.page)).screen, 'setup');
    await openList(b.page);
    const [entry] = await entries(b.page);
    assert.equal(entry.id, id);
    assert.match(entry.meta, /Open in another tab/);
    assert.deepEqual(entry.buttons, ['Resume', 'Review', 'Export'], 'no Delete: the other tab would only save it back');
    // Asked, and left: nothing changes.
    await tap(b.page, `#games-list button[data-act="resume"]`);
    await b.page.waitForSelector('#ask[open]');
    assert.match(await b.page.textContent('#ask-text'), /open in another tab\. Take it over\?/);
    await tap(b.page, '#ask-no');
    assert.equal((await view(b.page)).screen, 'setup');
    // Asked again, and taken.
    await tap(b.page, `#games-list button[data-act="resume"]`);
    await b.page.waitForSelector('#ask[open]');
    await tap(b.page, '#ask-yes');
    await b.page.waitForFunction((id) => window.__carcassonne.state().current === id && window.__carcassonne.state().screen === 'table', id);
    assert.equal((await view(b.page)).game.turn, 2);
    await touchTurn(b.page);
    const saved = () => b.page.evaluate(([k, id]) => JSON.parse(localStorage.getItem(k + 'games.' + id)).moves.length, [KEY, id]);
    assert.equal(await saved(), 2);
    // The first tab's next tile is not written: it is told, shows the card, and takes no more moves.
    await a.page.bringToFront();
    await layAndConfirm(a.page);
    await refusesMoves(a.page);
    await a.page.screenshot({ path: `${SHOTS}/games-elsewhere-1024x768.png` });
    assert.equal(await saved(), 2, 'the first tab did not write over the second');
    assert.equal((await view(b.page)).game.turn, 3);
    await b.page.bringToFront();
    await touchTurn(b.page);
    assert.equal(await saved(), 3, 'the second tab goes on saving');
    // A tab closed lets go of its game at once: a new tab continues it without a question.
    await b.page.close();
    const c = await open(context);
    await tap(c.page, '#continue');
    await c.page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
    assert.ok(await c.page.isHidden('#ask'));
    assert.equal((await view(c.page)).current, id);
    // Continued, not yet saved: closing still lets go of the game it claimed.
    await c.page.close();
    const d = await open(context);
    await tap(d.page, '#continue');
    await d.page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
    assert.ok(await d.page.isHidden('#ask'), 'no question: the tab that continued it let go');
    assert.deepEqual([...a.errors, ...b.errors, ...c.errors, ...d.errors], []);
  } finally {
    await context.close();
  }
});

test('play on from a move of a listed game is a new entry, and the game reviewed stays as it was', async () => {
  const context = await newContext(390, 844);
  try {
    const { page, errors } = await open(context);
    await startByTouch(page);
    await touchTurn(page);
    await touchTurn(page);
    const original = (await view(page)).current;
    await openList(page);
    await tap(page, `#games-list button[data-act="review"][data-id="${original}"]`);
    await page.waitForFunction(() => window.__carcassonne.state().screen === 'review');
    await tap(page, '#rv-back');
    await tap(page, '#review-playon');
    await page.waitForSelector('#playon:not([hidden])');
    assert.match(await page.textContent('#playon-note'), /The game in progress stays in Your games/, 'the card says the game in progress is kept');
    assert.ok(await onScreen(page, '#playon-note'), 'and says it on screen');
    await tap(page, '#playon-go');
    await page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
    const s = await view(page);
    assert.notEqual(s.current, original);
    assert.equal(s.game.turn, 2, 'played on from after the first move');
    const moves = (id) => page.evaluate(([k, id]) => JSON.parse(localStorage.getItem(k + 'games.' + id)).moves.length, [KEY, id]);
    assert.equal(await moves(original), 2, 'the game reviewed is as it was');
    assert.equal(await moves(s.current), 1);
    await openList(page);
    assert.deepEqual((await entries(page)).map((e) => e.id), [s.current, original]);
    // The new entry says where it came from, whole on the phone's screen; the game reviewed does not.
    const from = (id) => `#games-list li.entry:has(button[data-id="${id}"]) .meta.from`;
    assert.match(await page.textContent(from(s.current)), /^Played on from move 1 of the game of (Yellow and Red|Red and Yellow) \(today \d\d:\d\d\)$/);
    assert.ok(await onScreen(page, from(s.current)), 'the line shows whole');
    assert.equal(await page.locator(from(original)).count(), 0);
    await page.screenshot({ path: `${SHOTS}games-played-on-390x844.png` });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/** The number of moves stored for game `id`, read in `page`. */
const storedMoves = (page, id) => page.evaluate(([k, id]) => JSON.parse(localStorage.getItem(k + 'games.' + id)).moves.length, [KEY, id]);

/** Resolves once the card says the game is open in another tab. */
const toldTakenOver = (page) => page.waitForFunction(() => !document.getElementById('elsewhere').hidden && window.__carcassonne.state().screen === 'elsewhere');

/** The tab that lost its game shows its card, in full, and takes no move: a tap on the board lays nothing. */
async function refusesMoves(page) {
  await toldTakenOver(page);
  for (const sel of ['#elsewhere-title', '#elsewhere-back', '#elsewhere-games']) assert.ok(await onScreen(page, sel), `${sel} on screen, uncovered`);
  const before = await view(page);
  assert.ok(await page.evaluate(() => document.getElementById('board').inert), 'the board behind the card is inert');
  // A legal square of the board, well clear of the card: a finger's tap
  // near a button is taken for a tap on it (the browser's touch adjustment).
  const f = await page.evaluate((fits) => {
    const r = document.querySelector('#elsewhere .card').getBoundingClientRect();
    const clear = 40;
    return fits.find((c) => c.x < r.left - clear || c.x > r.right + clear || c.y < r.top - clear || c.y > r.bottom + clear);
  }, before.fits);
  if (f) await page.touchscreen.tap(f.x, f.y);
  await page.keyboard.press('u');
  const after = await view(page);
  assert.equal(after.screen, 'elsewhere', 'the card stays');
  assert.deepEqual(after.candidate, before.candidate, 'no tile laid');
  assert.deepEqual(after.game.tiles, before.game.tiles, 'the game is unchanged');
  assert.deepEqual(after.hand, [], 'no tile in the dock');
}

/** A tile laid by finger, and confirmed unless the tab finds out first that it lost its game. */
async function layAndConfirm(page) {
  await drawn(page);
  const f = (await view(page)).fits[0];
  await page.touchscreen.tap(f.x, f.y);
  await page.waitForFunction(() => window.__carcassonne.state().candidate || window.__carcassonne.state().screen === 'elsewhere');
  if (await page.isVisible('#confirm')) await tap(page, '#confirm');
}

/** Another tab takes game `id` over from `page`'s start screen: Continue, then yes. */
async function takeOver(page, id) {
  await tap(page, '#continue');
  await page.waitForSelector('#ask[open]');
  await tap(page, '#ask-yes');
  await page.waitForFunction((id) => window.__carcassonne.state().current === id && window.__carcassonne.state().screen === 'table', id);
}

/**
 * Puts `page` to sleep, as a background tab is frozen: none of its scripts
 * run, timers included. It stops at the next script it runs (its
 * heartbeat's timer, at the latest). Resolves to a function that wakes it.
 */
async function asleep(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Debugger.enable');
  const paused = new Promise((resolve) => cdp.once('Debugger.paused', resolve));
  await cdp.send('Debugger.pause');
  await paused;
  return async () => {
    await cdp.send('Debugger.resume');
    await cdp.send('Debugger.disable');
  };
}

test('a tab asleep while another took its game over and let go writes nothing over the newer game, and can take it back', async () => {
  const context = await newContext(1024, 768);
  try {
    const a = await open(context);
    await startByTouch(a.page);
    await touchTurn(a.page);
    const id = (await view(a.page)).current;
    // The first tab goes to sleep (as a background tab is frozen): none of its timers run.
    const wake = await asleep(a.page);
    const b = await open(context);
    await takeOver(b.page, id);
    await touchTurn(b.page);
    await touchTurn(b.page);
    assert.equal(await storedMoves(b.page, id), 3);
    // The second tab closes: it lets go of the game.
    await b.page.close();
    // The first wakes up: its claim is not its own any more, though nobody holds the game now.
    await wake();
    await a.page.bringToFront();
    await refusesMoves(a.page);
    const c = await open(context);
    assert.equal(await storedMoves(c.page, id), 3, 'the newer game is as the second tab left it');
    await c.page.close();
    // Your games offers it back; nobody has it open, so no question.
    await openList(a.page);
    const entry = (await entries(a.page)).find((e) => e.id === id);
    assert.match(entry.meta, /Taken over in another tab/);
    assert.deepEqual(entry.buttons, ['Take it back', 'Review', 'Export']);
    await tap(a.page, `#games-list button[data-act="resume"][data-id="${id}"]`);
    await a.page.waitForFunction(() => !window.__carcassonne.state().layers.includes('games'));
    assert.ok(await a.page.isHidden('#ask'));
    assert.equal((await view(a.page)).game.turn, 4, 'the game as the other tab left it');
    assert.ok(await a.page.isHidden('#elsewhere'), 'the card is gone: the game is this tab\'s again');
    await touchTurn(a.page);
    assert.equal(await storedMoves(a.page, id), 4, 'saved again');
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    await context.close();
  }
});

for (const [width, height] of [[1024, 768], [768, 1024], [390, 844]]) test(`a tab that lost its game takes it back from Your games, asked first, and the other tab stops writing, at ${width}x${height}`, async () => {
  const context = await newContext(width, height);
  try {
    const a = await open(context);
    await startByTouch(a.page);
    await touchTurn(a.page);
    const id = (await view(a.page)).current;
    const b = await open(context);
    await takeOver(b.page, id);
    await touchTurn(b.page);
    await a.page.bringToFront();
    await layAndConfirm(a.page);
    await refusesMoves(a.page);
    await a.page.screenshot({ path: `${SHOTS}/games-elsewhere-${width}x${height}.png` });
    await openList(a.page);
    const entry = (await entries(a.page)).find((e) => e.id === id);
    assert.match(entry.meta, /Taken over in another tab/);
    assert.deepEqual(entry.buttons, ['Take it back', 'Review', 'Export']);
    const sel = `#games-list button[data-act="resume"][data-id="${id}"]`;
    await a.page.locator(sel).scrollIntoViewIfNeeded();
    for (const s of [sel, `#games-list .entry:has(button[data-id="${id}"]) .meta`]) assert.ok(await onScreen(a.page, s), `${s} on screen, uncovered`);
    const clipped = await a.page.$$eval('#games-list button', (bs) => bs.filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.textContent));
    assert.deepEqual(clipped, [], 'every label whole');
    await a.page.screenshot({ path: `${SHOTS}/games-take-back-${width}x${height}.png` });
    await tap(a.page, sel);
    await a.page.waitForSelector('#ask[open]');
    assert.match(await a.page.textContent('#ask-text'), /open in another tab\. Take it over\?/);
    for (const b of ['#ask-yes', '#ask-no']) assert.ok(await onScreen(a.page, b), `${b} on screen`);
    await tap(a.page, '#ask-yes');
    await a.page.waitForFunction(() => !window.__carcassonne.state().layers.includes('games') && window.__carcassonne.state().game.turn === 3);
    await touchTurn(a.page);
    assert.equal(await storedMoves(a.page, id), 3);
    await b.page.bringToFront();
    await layAndConfirm(b.page);
    await refusesMoves(b.page);
    assert.equal(await storedMoves(a.page, id), 3, 'the second tab did not write over it');
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    await context.close();
  }
});

test('a duplicated tab is a tab of its own: it opens on the start screen and never writes the first tab\'s game', async () => {
  const context = await newContext(390, 844);
  try {
    const a = await open(context);
    await startByTouch(a.page);
    await touchTurn(a.page);
    const id = (await view(a.page)).current;
    // "Duplicate tab" copies sessionStorage (this tab's id, its game) into the new tab.
    const copied = await a.page.evaluate(() => ({ ...sessionStorage }));
    const dupPage = await context.newPage();
    await dupPage.addInitScript((ss) => {
      if (!sessionStorage.length) for (const [k, v] of Object.entries(ss)) sessionStorage.setItem(k, v);
    }, copied);
    const errors = watch(dupPage);
    await dupPage.goto(server.url, { waitUntil: 'load' });
    await ready(dupPage);
    assert.ok(await dupPage.isVisible('#setup'), 'the start screen, not the first tab\'s game');
    const tabId = () => dupPage.evaluate(() => sessionStorage.getItem('carcassonne-tab'));
    const own = await tabId();
    assert.notEqual(own, copied['carcassonne-tab']);
    await tap(dupPage, '#continue');
    await dupPage.waitForSelector('#ask[open]');
    assert.match(await dupPage.textContent('#ask-text'), /open in another tab/);
    await tap(dupPage, '#ask-no');
    // A reload of the copy is still the copy: same id, no question of being a copy again.
    await dupPage.reload({ waitUntil: 'load' });
    await ready(dupPage);
    assert.equal(await tabId(), own);
    // The first tab plays on, and saves.
    await a.page.bringToFront();
    await touchTurn(a.page);
    assert.equal(await storedMoves(a.page, id), 2);
    assert.ok(await a.page.isHidden('#banner'), 'the first tab was not told its game was taken');
    assert.deepEqual([...a.errors, ...errors], []);
  } finally {
    await context.close();
  }
});

/**
 * Runs the page's clock (installed: open(…, { clock: true })) through this
 * tab's next heartbeat, which renews its claim on game `id` every 5 s: the
 * next is then about 5 s away.
 */
async function afterBeat(page, id) {
  const key = KEY + 'claim.' + id;
  const was = await page.evaluate((k) => localStorage.getItem(k), key);
  // A quarter second at a time (the clock also runs on in real time, so
  // one jump of exactly 5 s can land just short of the beat).
  let now = was;
  for (let ms = 0; ms < 6000 && now === was; ms += 250) {
    await page.clock.runFor(250);
    now = await page.evaluate((k) => localStorage.getItem(k), key);
  }
  assert.notEqual(now, was, 'the heartbeat renewed the claim');
}

/** Another tab's live claim on game `id`, written as that tab would. */
const claimedElsewhere = (page, id) =>
  page.evaluate(([k, id]) => localStorage.setItem(k + 'claim.' + id, 'other-tab,' + Math.floor(Date.now() / 1000)), [KEY, id]);

test('a tab writes no turn in progress over a game another tab has claimed', async () => {
  const context = await newContext(1024, 768);
  try {
    // A fixed deal: its third tile fits in more than one place. The page's clock is run by the test (afterBeat).
    const { page, errors } = await open(context, '?setup&seed=5', { clock: true });
    await startByTouch(page);
    await touchTurn(page);
    const id = (await view(page)).current;
    const stored = (name) => page.evaluate(([k, n, id]) => localStorage.getItem(k + n + '.' + id), [KEY, name, id]);
    // The tile lying unconfirmed is kept while the game is this tab's.
    await drawn(page);
    const fit = (await view(page)).fits[0];
    await page.touchscreen.tap(fit.x, fit.y);
    await page.waitForFunction(() => window.__carcassonne.state().candidate);
    assert.ok(await stored('candidate'));
    // Another tab claims it between two heartbeats; then this one confirms the tile.
    await afterBeat(page, id);
    await claimedElsewhere(page, id);
    await tap(page, '#confirm');
    await toldTakenOver(page);
    assert.equal(await stored('pending'), null, 'the confirmed tile is not written');
    assert.equal(await storedMoves(page, id), 1);
    // Taken back: the tile lies where it lay (kept beside the record), and the
    // banner's warning is gone. After another claim, a tile laid elsewhere is not written.
    await refusesMoves(page);
    await openList(page);
    await tap(page, `#games-list button[data-act="resume"][data-id="${id}"]`);
    await page.waitForSelector('#ask[open]');
    // The tile confirmed here after the claim was never saved: taking the game back says so first.
    assert.match(await page.textContent('#ask-text'), /Take the game back as the other tab left it\? The turn played here since it was taken over was not saved, and will be gone\./);
    for (const b of ['#ask-yes', '#ask-no']) assert.ok(await onScreen(page, b), `${b} on screen`);
    await page.screenshot({ path: `${SHOTS}/games-take-back-loss-1024x768.png` });
    await tap(page, '#ask-yes');
    await page.waitForFunction(() => !window.__carcassonne.state().layers.includes('games') && window.__carcassonne.state().screen === 'table');
    assert.deepEqual((await view(page)).candidate, fit.at, 'the unconfirmed tile back where it lay');
    assert.ok(await page.isHidden('#elsewhere'), 'the card is gone');
    await afterBeat(page, id);
    await claimedElsewhere(page, id);
    const before = await stored('candidate');
    await drawn(page);
    const s = await view(page);
    const [top, bottom] = await page.evaluate(() => [
      document.getElementById('topbar').getBoundingClientRect().bottom,
      document.getElementById('dock').getBoundingClientRect().top,
    ]);
    const next = s.fits.find((f) => (f.at[0] !== s.candidate[0] || f.at[1] !== s.candidate[1]) && f.y > top + 10 && f.y < bottom - 10 && f.x > 10 && f.x < 1014);
    assert.ok(next, `another legal cell on screen among ${JSON.stringify(s.fits)}, candidate ${JSON.stringify(s.candidate)}`);
    await page.touchscreen.tap(next.x, next.y);
    await page.waitForFunction((at) => String(window.__carcassonne.state().candidate) === String(at), next.at);
    await toldTakenOver(page);
    assert.equal(await stored('candidate'), before, 'the tile laid is not written');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a game deleted in another tab is said to be gone, not damaged', async () => {
  const context = await newContext(1024, 768);
  try {
    const { page, errors } = await open(context);
    await startByTouch(page);
    await touchTurn(page);
    const gone = (await view(page)).current;
    await anotherGame(page);
    await touchTurn(page);
    await openList(page);
    // Another tab deletes it while this list is open.
    await page.evaluate(([k, id]) => localStorage.removeItem(k + 'games.' + id), [KEY, gone]);
    await tap(page, `#games-list button[data-act="resume"][data-id="${gone}"]`);
    await page.waitForFunction(() => /no longer in the list/.test(document.getElementById('banner').textContent));
    assert.doesNotMatch(await page.textContent('#banner'), /could not be read|kept aside/);
    const aside = await page.evaluate((id) => Object.keys(localStorage).filter((k) => k.includes(id) && k.includes('unreadable')), gone);
    assert.deepEqual(aside, [], 'nothing set aside');
    assert.equal((await entries(page)).length, 1, 'the list shows what is left');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a tab asleep while another deleted its game is told, and keeps it as a new game without bringing back the deleted one', async () => {
  const context = await newContext(1024, 768);
  try {
    const a = await open(context);
    await startByTouch(a.page);
    await touchTurn(a.page);
    const id = (await view(a.page)).current;
    const wake = await asleep(a.page);
    const b = await open(context);
    // The first tab has slept past the 15 s a claim lasts (its time set back, not waited for).
    await b.page.evaluate(([k, id]) => {
      const [tab, secs] = localStorage.getItem(k + 'claim.' + id).split(',');
      localStorage.setItem(k + 'claim.' + id, tab + ',' + (Number(secs) - 20));
    }, [KEY, id]);
    await openList(b.page);
    await tap(b.page, `#games-list button[data-act="delete"][data-id="${id}"]`);
    await b.page.waitForSelector('#ask[open]');
    await tap(b.page, '#ask-yes');
    await b.page.waitForFunction(() => document.querySelectorAll('#games-list .entry').length === 0);
    await b.page.close();
    await wake();
    await a.page.bringToFront();
    await a.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await a.page.waitForFunction(() => /deleted in another tab/.test(document.getElementById("banner").textContent), null, { timeout: 8000 });
    assert.ok(await onScreen(a.page, '#banner'), 'the banner is on screen');
    await touchTurn(a.page);
    const now = (await view(a.page)).current;
    assert.notEqual(now, id, 'kept under a new key');
    assert.equal(await a.page.evaluate(([k, id]) => localStorage.getItem(k + 'games.' + id), [KEY, id]), null, 'the deleted game stays deleted');
    assert.equal(await storedMoves(a.page, now), 2, 'every turn played is saved');
    assert.deepEqual([...a.errors], []);
  } finally {
    await context.close();
  }
});

test('a tab shown again finds out at once that another tab took its game', async () => {
  const context = await newContext(1024, 768);
  try {
    // The page's clock is run by the test (afterBeat).
    const { page, errors } = await open(context, '', { clock: true });
    await startByTouch(page);
    await touchTurn(page);
    const id = (await view(page)).current;
    await afterBeat(page, id);
    await claimedElsewhere(page, id);
    // Shown again (headless pages never hide, so the event is sent as the browser would).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    // Well before the next heartbeat, 5 s on.
    await page.waitForFunction(() => !document.getElementById('elsewhere').hidden, null, { timeout: 2500 });
    assert.ok(await onScreen(page, '#elsewhere-back'), 'its card is on screen');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
