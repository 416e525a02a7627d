// End-to-end: what the table sees around the board. The final score table
// opens by itself and fits every screen, Total first; questions are the
// page's own cards, never the browser's; the next step is said in large
// plain words, with a first-game guide shown once; the start screen fits
// without scrolling; save problems take their own room and can be closed;
// unreadable saves are all kept aside, not overwritten.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, closeSite, openSite, pageIn, tab } from './browser.mjs';
import { loadFile, onScreen, playTurn, ready, runUntil, tap, tapMenu, view, visibleFit } from './page.mjs';
import { lastTurnLeft } from './records.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

const SIZES = [[360, 640], [390, 844], [768, 1024], [1024, 768], [1366, 1024]];

/**
 * A touch tab on `query` (tab()'s options); `problems` is what went wrong
 * there, a browser dialog among them: no question may go through the
 * browser's own dialogs.
 */
async function open(query, options = {}) {
  const { context, page, errors } = await tab(browser, server.url + query, { touch: true, acceptDownloads: true, ...options });
  return { context, page, problems: errors };
}

/** One turn by finger: the tile on a legal cell, Confirm, then no follower. */
const touchTurn = (page) => playTurn(page, { touch: true });

/** Long names too: they wrap rather than push Total off the card. */
const NAMES = ['Maximiliana-Theodora', 'Bob', 'Cy', 'Dagmar Oosterhuis', 'Eve', 'Fitzgerald'];

for (const players of [2, 6]) {
  test(`${players} players: the final score screen opens by itself after the final scoring, Total first, every cell on screen at five sizes`, async () => {
    const path = lastTurnLeft({ players, seed: players === 2 ? 5 : 13, names: NAMES });
    // The page's clock, run by the test: the final scoring's walk-through takes no real time.
    const { context, page, problems } = await open('?setup', { clock: true });
    try {
      // Load the game from the start screen, one tile before the end.
      await loadFile(page, '#setup-import', path);
      await page.waitForFunction(() => document.getElementById('setup').hidden && window.__carcassonne.state().game.tiles_left === 0 && !window.__carcassonne.state().game.finished);
      await touchTurn(page);
      const end = await view(page);
      assert.equal(end.game.finished, true);
      assert.ok(await page.isHidden('#panel'), 'the final scoring is shown on the board first');
      await runUntil(page, () => !document.getElementById('panel').hidden, 'the results');
      assert.equal((await view(page)).walk, 'done', 'the results open once the walk-through has ended');
      assert.equal(await page.textContent('#panel-title'), 'Final scores');
      const head = await page.$$eval('#score-table tr:first-child th', (ths) => ths.map((t) => t.textContent));
      // A game without the abbot: no Garden column.
      assert.deepEqual(head, ['Player', 'Total', 'Road', 'City', 'Monastery', 'Field']);
      const totals = await page.$$eval('#score-table tr td.total', (tds) => tds.map((t) => Number(t.textContent)));
      assert.deepEqual(totals, end.game.players.map((p) => p.score.total), 'Total, right after the name, is each final score');
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const cells = await page.evaluate(() => [...document.querySelectorAll('#score-table th, #score-table td')].map((c) => {
          const b = c.getBoundingClientRect();
          const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
          return {
            text: c.textContent,
            total: c.classList.contains('total') || c.textContent === 'Total',
            inside: b.width > 0 && b.left >= 0 && b.top >= 0 && b.right <= innerWidth && b.bottom <= innerHeight,
            hit: !!hit && (hit === c || c.contains(hit)),
          };
        }));
        assert.equal(cells.length, (players + 1) * 6);
        for (const c of cells) {
          assert.ok(c.inside, `${width}x${height}, ${players} players: "${c.text}" is inside the viewport`);
          assert.ok(c.hit, `${width}x${height}, ${players} players: "${c.text}" is visible, not covered`);
        }
        assert.equal(cells.filter((c) => c.total).length, players + 1, 'the Total column is all there');
        const wrap = await page.evaluate(() => {
          const w = document.querySelector('#panel .table-wrap');
          return w.scrollWidth - w.clientWidth;
        });
        assert.ok(wrap <= 1, `${width}x${height}: no sideways scrolling in the table (${wrap} px)`);
        for (const id of ['#rematch', '#panel-new', '#panel-close']) {
          const b = await page.locator(id).boundingBox();
          assert.ok(b.height >= 44 && b.x >= 0 && b.x + b.width <= width, `${width}x${height}: ${id} on screen and 44 px tall`);
        }
        await page.screenshot({ path: join(SHOTS, `end-${players}p-${width}x${height}.png`) });
      }
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('Undo and New game ask in the page, by touch and keyboard; saying no is told; no browser dialog opens', async () => {
  const { context, page, problems } = await open('?seed=7&players=2', { handover: false });
  try {
    await touchTurn(page);
    await touchTurn(page);
    let s = await view(page);
    assert.equal(s.game.tiles.length, 3);
    // Undo: the table is asked in a card of the page.
    await tap(page, '#undo');
    assert.ok(await page.isVisible('#ask'));
    assert.match(await page.textContent('#ask-text'), /Take back Red's last turn\? Everyone at the table should agree/);
    for (const id of ['#ask-yes', '#ask-no']) {
      const b = await onScreen(page, id);
      assert.ok(b && b.height >= 44, `${id} is on screen, uncovered and 44 px tall: ${JSON.stringify(b)}`);
    }
    assert.equal(await page.evaluate(() => document.activeElement.id), 'ask-no', 'the careful answer has the focus');
    // The board behind cannot be played while the question is open.
    const cell = s.fits[0];
    await page.touchscreen.tap(cell.x, cell.y);
    assert.equal((await view(page)).candidate, null, 'a tap beside the card lays nothing');
    assert.ok(await page.isVisible('#ask'), 'and the question stays');
    await tap(page, '#ask-no');
    assert.ok(await page.isHidden('#ask'));
    // Taps go through the note (pointer-events: none), so nothing can hit it: inside the viewport is what counts.
    const note = await page.$eval('#toast', (e) => e.getBoundingClientRect().toJSON());
    assert.ok(note.width > 0 && note.left >= 0 && note.top >= 0 && note.right <= 1024 && note.bottom <= 768, 'saying no is told on screen');
    assert.match(await page.textContent('#toast'), /Nothing was undone: the turn stands/);
    assert.equal((await view(page)).game.tiles.length, 3, 'and nothing was undone');

    // By keyboard: U asks, Escape says no (and does not reach the board).
    await page.focus('#board');
    await page.keyboard.press('u');
    assert.ok(await page.isVisible('#ask'));
    await page.keyboard.press('Escape');
    assert.ok(await page.isHidden('#ask'));
    assert.match(await page.textContent('#toast'), /Nothing was undone/);
    s = await view(page);
    assert.equal(s.game.tiles.length, 3);
    // Asked again in the same task the card was closed in, before its own
    // `close` event comes: that late event must not close the new question.
    // Resolves once that late `close` event has come (after the page's own listener).
    await page.evaluate(() => new Promise((done) => {
      const board = document.getElementById('board');
      const ask = document.getElementById('ask');
      board.focus();
      board.dispatchEvent(new KeyboardEvent('keydown', { key: 'u', bubbles: true }));
      ask.addEventListener('close', () => done(), { once: true });
      ask.close();
      board.dispatchEvent(new KeyboardEvent('keydown', { key: 'u', bubbles: true }));
    }));
    assert.ok(await page.isVisible('#ask'), 'the new question stays open');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'ask-no', 'and keeps the focus');
    assert.match(await page.textContent('#toast'), /Nothing was undone/, 'the first one is told as a no');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.getElementById('ask').open);
    assert.equal((await view(page)).game.tiles.length, 3);
    await page.focus('#board');
    // Enter on the focused answer, after Tab to "Take it back".
    await page.keyboard.press('u');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'ask-yes');
    await page.keyboard.press('Enter');
    s = await view(page);
    assert.equal(s.game.tiles.length, 2, 'agreed: Red\'s turn is taken back');
    assert.equal(s.game.current_player, 1);

    // New game: asked the same way; no keeps the game, yes opens the start screen.
    await tap(page, '#settings summary');
    await tapMenu(page, '#new-game');
    assert.match(await page.textContent('#ask-text'), /Start a new game\? The game in progress stays in Your games/);
    await tap(page, '#ask-no');
    assert.match(await page.textContent('#toast'), /The game goes on/);
    assert.ok(await page.isHidden('#setup'));
    await tap(page, '#settings summary');
    await tapMenu(page, '#new-game');
    await tap(page, '#ask-yes');
    await page.waitForSelector('#setup:not([hidden])');
    await page.screenshot({ path: join(SHOTS, 'dialog-done-1024x768.png') });
    assert.deepEqual(problems, [], 'no browser dialog, no error');
  } finally {
    await context.close();
  }
});

for (const [width, height] of [[360, 640], [1024, 768]]) {
  test(`${width}x${height}: the next step is said in large plain words; the first-game guide is skippable and shown once`, async () => {
    const { context, page, problems } = await open('', { width, height });
    try {
      await page.selectOption('#first', '0');
      await page.fill('#name-0', 'Ann');
      await tap(page, '#start');
      // The guide: a few cards, by touch.
      assert.ok(await page.isVisible('#guide'));
      assert.ok(await page.isVisible('#guide-0'));
      // The default game: no hands, so no card on choosing from one (6 cards).
      assert.equal(await page.textContent('#guide-step'), '1 of 6');
      await page.screenshot({ path: join(SHOTS, `guide-${width}x${height}.png`) });
      await tap(page, '#guide-next');
      assert.ok(await page.isVisible('#guide-2') && (await page.isHidden('#guide-0')));
      assert.equal(await page.textContent('#guide-step'), '2 of 6');
      assert.match(await page.textContent('#guide-2'), /follower/);
      const skip = await onScreen(page, '#guide-skip');
      assert.ok(skip && skip.height >= 44, `Skip is on screen, uncovered and 44 px tall: ${JSON.stringify(skip)}`);
      await tap(page, '#guide-skip');
      assert.ok(await page.isHidden('#guide'));

      const prompt = async (re) => {
        await page.waitForFunction((src) => new RegExp(src).test(document.getElementById('prompt').textContent), re.source, { timeout: 5000 })
          .catch(async (e) => assert.fail(`${e.message}: the prompt says "${await page.textContent('#prompt')}", not ${re}`));
        assert.ok(await onScreen(page, '#prompt'), `the prompt is on screen: ${await page.textContent('#prompt')}`);
        const size = await page.evaluate(() => parseFloat(getComputedStyle(document.getElementById('prompt')).fontSize));
        assert.ok(size >= 16, `the prompt is large enough to read (${size} px)`);
      };
      await prompt(/^Ann: drag the tile onto a highlighted square$/);
      await page.screenshot({ path: join(SHOTS, `prompt-tile-${width}x${height}.png`) });
      const f = await visibleFit(page);
      await page.touchscreen.tap(f.x, f.y);
      await prompt(/^Ann: turn or move the tile, then press ✓ Confirm$/);
      await tap(page, '#confirm');
      const options = (await view(page)).options.length;
      await prompt(options ? /^Ann: tap a number to place a follower, or No follower$/ : /^Ann: no follower can go here; press No follower$/);
      // No empty box where the tile was: the hand is not shown.
      assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('hand')).visibility), 'hidden');
      await page.screenshot({ path: join(SHOTS, `prompt-follower-${width}x${height}.png`) });
      await tap(page, '#skip');
      await tap(page, '#handover-go');
      await prompt(/^Red: drag the tile onto a highlighted square$/);
      assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('hand')).visibility), 'visible');

      // Reloaded, and a new game set up again: the guide does not come back.
      await page.reload({ waitUntil: 'load' });
      await ready(page);
      await tap(page, '#settings summary');
      await tapMenu(page, '#new-game');
      await tap(page, '#ask-yes');
      await tap(page, '#start');
      await page.waitForFunction(() => document.getElementById('setup').hidden);
      assert.ok(await page.isHidden('#guide'), 'the guide is shown once');
      // It can be opened again from the settings.
      await tap(page, '#settings summary');
      await tapMenu(page, '#guide-open');
      assert.ok(await page.isVisible('#guide'));
      assert.ok(await page.isVisible('#guide-0'), 'from its first card');
      for (let i = 0; i < 6; i++) await tap(page, '#guide-next');
      assert.ok(await page.isHidden('#guide'), 'Play closes it after the last card');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

for (const [width, height] of [[1024, 768], [768, 1024]]) {
  test(`${width}x${height}: the whole start screen fits without scrolling for 4 players, with or without a saved game`, async () => {
    const { context, page, problems } = await open('', { width, height });
    try {
      for (const saved of [false, true]) {
        if (saved) {
          // A game in progress: the start screen of a new tab offers Continue too.
          await page.selectOption('#player-count', '2');
          await tap(page, '#start');
          await tap(page, '#guide-skip');
          await touchTurn(page);
          const { page: other } = await pageIn(context, server.url);
          assert.ok(await other.isVisible('#continue'));
          await check(other, saved);
        } else {
          await check(page, saved);
        }
      }
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }

    async function check(p, saved) {
      await p.selectOption('#player-count', '4');
      const m = await p.evaluate(() => {
        const s = document.getElementById('setup');
        return { scroll: s.scrollHeight - s.clientHeight };
      });
      assert.ok(m.scroll <= 0, `${width}x${height}${saved ? ' with Continue' : ''}: no scrolling needed (${m.scroll} px more)`);
      for (const id of ['#start', '#setup-import', '#name-3', '#o-first-farms'].concat(saved ? ['#continue'] : [])) {
        assert.ok(await onScreen(p, id), `${width}x${height}: ${id} is in view, uncovered`);
      }
      await p.screenshot({ path: join(SHOTS, `start-${saved ? 'saved-' : ''}${width}x${height}.png`) });
    }
  });
}

test('360x640: the start screen scrolls, and everything on it can be reached', async () => {
  const { context, page, problems } = await open('', { width: 360, height: 640 });
  try {
    await page.selectOption('#player-count', '4');
    await page.locator('#setup-import').scrollIntoViewIfNeeded();
    const b = await onScreen(page, '#setup-import');
    assert.ok(b && b.height >= 44, '"Load a game file" can be scrolled to and tapped');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('full storage: the message takes its own room in the top bar, covers nothing, can be closed, and saving is still tried', async () => {
  const { context, page, problems } = await open('?seed=4&players=2', { handover: false });
  try {
    // Fill the origin's storage for real.
    const fillers = await page.evaluate(() => {
      const chunk = 'x'.repeat(256 * 1024);
      let i = 0;
      try {
        for (; i < 400; i++) localStorage.setItem('filler-' + i, chunk);
      } catch {}
      let small = 0;
      try {
        for (; small < 100000; small++) localStorage.setItem('f-' + small, 'x'.repeat(64));
      } catch {}
      return { i, small };
    });
    assert.ok(fillers.i < 400, 'storage filled up');
    await touchTurn(page);
    assert.ok(await page.isVisible('#banner'));
    assert.match(await page.textContent('#banner'), /storage is full/i);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const layout = await page.evaluate(() => {
      const r = (id) => document.getElementById(id).getBoundingClientRect();
      const s = window.__carcassonne.state();
      return { banner: r('banner'), bar: r('topbar'), w: innerWidth, fits: s.fits.map((f) => f.y) };
    });
    assert.ok(layout.banner.top >= layout.bar.top && layout.banner.bottom <= layout.bar.bottom, 'the message is a row of the top bar');
    assert.ok(layout.banner.left >= 0 && layout.banner.right <= layout.w);
    const close = await onScreen(page, '#banner-close');
    assert.ok(close && close.height >= 44 && close.width >= 44, 'its close button is a finger-sized target');
    // The board starts below the bar: a legal cell under the message is tapped and used.
    const f = await visibleFit(page);
    assert.ok(f.y > layout.bar.bottom);
    await page.screenshot({ path: join(SHOTS, 'storage-full-1024x768.png') });
    await page.touchscreen.tap(f.x, f.y);
    await page.waitForFunction(() => window.__carcassonne.state().candidate);
    await tap(page, '#confirm');
    await tap(page, '#skip');
    // Closed: gone, and the bar gives its room back.
    const before = (await page.locator('#topbar').boundingBox()).height;
    await tap(page, '#banner-close');
    assert.ok(await page.isHidden('#banner'));
    const after = (await page.locator('#topbar').boundingBox()).height;
    assert.ok(after < before, `the top bar shrinks back (${before} -> ${after})`);
    // Still full: the closed message stays closed while turns go on.
    await touchTurn(page);
    assert.ok(await page.isHidden('#banner'), 'a closed message does not come back every turn');
    // Room again: the very next turn is saved, so saving was still being tried.
    await page.evaluate(() => {
      for (const k of Object.keys(localStorage)) if (k.startsWith('f')) localStorage.removeItem(k);
    });
    await touchTurn(page);
    const s = await view(page);
    const saved = await page.evaluate((id) => JSON.parse(localStorage.getItem('carcassonne:/:v1:games.' + id)).moves.length, s.current);
    assert.equal(saved, s.game.turn - 1, 'the game is saved up to the last turn');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('unreadable saves: each one is kept aside with its date (the newest three), and the player is told', async () => {
  const KEY = 'carcassonne:/:v1:game';
  const { context, page, problems } = await open('');
  try {
    for (let n = 1; n <= 4; n++) {
      await page.evaluate(([k, n]) => localStorage.setItem(k, `{"format":"carcassonne-record/1","players":["broken ${n}`), [KEY, n]);
      await page.reload({ waitUntil: 'load' });
      await ready(page);
      // Told on the start screen, where a new tab opens.
      assert.ok(await page.isVisible('#setup-note'));
      const text = await page.textContent('#setup-note');
      assert.match(text, /could not be read/);
      assert.match(text, /kept aside in this browser, not deleted/);
      const dates = text.match(/\d{4}-\d\d-\d\d \d\d:\d\d/g) ?? [];
      assert.equal(dates.length, Math.min(n, 3), `after ${n}: the kept saves are listed with their dates`);
    }
    const kept = await page.evaluate((k) => [0, 1, 2, 3].map((i) => localStorage.getItem(k + '.unreadable' + (i ? '.' + (i + 1) : ''))), KEY);
    assert.deepEqual(kept.map((t) => t && t.match(/broken \d/)[0]), ['broken 4', 'broken 3', 'broken 2', null], 'the newest three, newest first');
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), KEY), null);
    await page.screenshot({ path: join(SHOTS, 'unreadable-1024x768.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the score table and the rules lie over the board: its keys wait behind them, Escape closes the top one', async () => {
  const { context, page, problems } = await open('?seed=7&players=2');
  try {
    const layers = async () => (await view(page)).layers;
    assert.deepEqual(await layers(), []);
    await page.click('#scores');
    assert.deepEqual(await layers(), ['scores']);
    assert.ok(await onScreen(page, '#panel-close'), 'the score table is on screen, its Close uncovered');
    // R would turn the tile in hand; behind the card it must not.
    await page.keyboard.press('r');
    assert.equal((await view(page)).rotation, 0, 'a key pressed over the score table leaves the tile alone');
    await page.keyboard.press('Escape');
    assert.ok(await page.isHidden('#panel'), 'Escape closes the score table');
    assert.deepEqual(await layers(), []);
    await page.focus('#board');
    await page.keyboard.press('r');
    assert.equal((await view(page)).rotation, 1, 'with nothing over it, R turns the tile');

    // The rules, the same way.
    await page.click('#settings summary');
    await page.click('#rules-open');
    assert.deepEqual(await layers(), ['rules']);
    assert.ok(await onScreen(page, '#rules-close'), 'the rules are on screen, their Close uncovered');
    await page.keyboard.press('r');
    assert.equal((await view(page)).rotation, 1, 'a key pressed over the rules leaves the tile alone');
    await page.keyboard.press('Escape');
    assert.ok(await page.isHidden('#rules'), 'Escape closes the rules');
    assert.deepEqual(await layers(), []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const [width, height] of [[360, 640], [390, 844]]) {
  test(`${width}x${height}: every control of the dock names itself in a word a person can read, not a bare symbol`, async () => {
    const { context, page, problems } = await open('?seed=5&seats=human,human', { width, height });
    try {
      if (await page.evaluate(() => document.getElementById('guide').open)) await page.tap('#guide-skip');
      await page.screenshot({ path: `${SHOTS}dock-words-${width}x${height}.png` });
      const words = { '#rotate': 'Rotate', '#confirm': 'Confirm', '#hint': 'Hint', '#fit': 'Fit', '#fields': 'Fields', '#settings summary': 'Menu' };
      for (const [sel, word] of Object.entries(words)) {
        const b = await page.evaluate((sel) => {
          const el = document.querySelector(sel);
          const r = el.getBoundingClientRect();
          // The smallest text that shows in the control.
          const texts = [...el.querySelectorAll('*'), el].filter((e) => e.childNodes.length && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) && getComputedStyle(e).display !== 'none');
          const sizes = texts.map((e) => parseFloat(getComputedStyle(e).fontSize));
          return {
            text: el.innerText.replace(/\s+/g, ' ').trim(),
            smallest: Math.min(...sizes),
            whole: el.scrollWidth <= el.clientWidth + 1,
            inside: r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
            h: r.height,
          };
        }, sel);
        assert.ok(b.text.includes(word), `${sel} shows the word "${word}": "${b.text}"`);
        assert.ok(b.smallest >= 11, `${sel}: its text is at least 11 px (${b.smallest})`);
        assert.ok(b.whole && b.inside && b.h >= 44, `${sel}: whole, on screen and a finger tall: ${JSON.stringify(b)}`);
        assert.ok(await onScreen(page, sel), `${sel} is not covered`);
      }
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
