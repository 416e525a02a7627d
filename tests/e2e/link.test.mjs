// End-to-end: play by link between devices, each a browser context of its
// own. The host sets a seat "On another device"; each device carries the
// address the page offers (the link card's text) into the other as a
// person pastes it (page.goto); the game plays to its end and every device
// shows the same scores, equal to the engine's replay of the kept record.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { layFitting, onScreen, view } from './page.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

const KEY = 'carcassonne:/:v1:';
const OPTS = { reducedMotion: 'reduce', handover: false };

/** The address in the link card's row `i`, once the card shows it. */
async function offered(page, i = 0) {
  await page.waitForSelector(`#link-url-${i}`, { state: 'visible' });
  return page.inputValue(`#link-url-${i}`);
}

/** Opens `url` on `page` as a person pastes it into the address bar. */
async function paste(page, url) {
  await page.goto(url);
  // The page takes the link and clears it from the address.
  await page.waitForFunction(() => !location.hash);
}

/** Whether it is a person's turn on this device to lay a tile. */
const myTurn = (page) =>
  page.evaluate(() => {
    const s = window.__carcassonne.state();
    return s.screen === 'table' && s.game.step === 'place_tile' && s.seats[s.game.current_player] === 'human' && !s.thinking;
  });

/** Lays a tile where it fits, no follower. */
async function playTurn(page) {
  await layFitting(page);
  await page.click('#confirm');
  await page.waitForFunction(() => window.__carcassonne.state().game.step !== 'place_tile');
  if ((await view(page)).game.step === 'place_follower') {
    await page.click('#skip');
    await page.waitForFunction(() => window.__carcassonne.state().game.step !== 'place_follower');
  }
}

const scores = async (page) => (await view(page)).game.players.map((p) => p.score);

/** The host: its start screen with `seats` (values of the seat lists), `first` begins. */
async function host(seats, first) {
  const h = await tab(browser, server.url, OPTS);
  await h.page.selectOption('#player-count', String(seats.length));
  for (const [i, s] of seats.entries()) await h.page.selectOption(`#seat-${i}`, s);
  await h.page.selectOption('#first', String(first));
  await h.page.click('#start');
  return h;
}

test('two devices set a game up by link and play it to the end', async () => {
  const a = await host(['human', 'remote'], 0);
  let b;
  try {
    // The invite: the card shows it, inside the viewport.
    const invite = await offered(a.page);
    assert.match(invite, new RegExp(`^${server.url}.*#[A-Za-z0-9_-]+$`));
    assert.ok(await onScreen(a.page, '#link .card'), 'the card is on screen');
    assert.match(await a.page.textContent('#link-status'), /Waiting for Red to join/);
    for (const [w, h] of [[1024, 768], [390, 844]]) {
      await a.page.setViewportSize({ width: w, height: h });
      assert.ok(await onScreen(a.page, '#link .card'), `the card whole at ${w}x${h}`);
      await a.page.screenshot({ path: `${SHOTS}link-invite-${w}x${h}.png` });
    }
    await a.page.setViewportSize({ width: 1024, height: 768 });
    // The guest opens it: a reply to send back.
    b = await tab(browser, invite, OPTS);
    const reply = await offered(b.page);
    assert.match(await b.page.textContent('#link-list p'), /Send this back to Yellow/);
    await paste(a.page, reply);
    await a.page.waitForFunction(() => window.__carcassonne.state().screen === 'table');

    // Turns: whoever's turn it is plays and the other device opens its link.
    let moves = 0;
    for (let i = 0; i < 400; i++) {
      const over = await Promise.all([a.page, b.page].map((p) => p.evaluate(() => window.__carcassonne.state().game.step === 'game_over')));
      if (over.every(Boolean)) break;
      const [p, q] = (await myTurn(a.page)) ? [a.page, b.page] : (await myTurn(b.page)) ? [b.page, a.page] : [null, null];
      if (!p) {
        await a.page.waitForTimeout(100);
        continue;
      }
      await playTurn(p);
      moves++;
      if (moves === 1) {
        // The host waits: the card says so, and no tile of the guest's shows.
        await p.waitForSelector('#link', { state: 'visible' });
        assert.match(await p.textContent('#link-status'), /Waiting for Red/);
        assert.equal(await p.isVisible('#hand'), false, 'no tile of a seat elsewhere');
        for (const [w, h] of [[1024, 768], [390, 844]]) {
          await p.setViewportSize({ width: w, height: h });
          assert.ok(await onScreen(p, '#link .card'), `the send card whole at ${w}x${h}`);
          await p.screenshot({ path: `${SHOTS}link-send-${w}x${h}.png` });
        }
        await p.setViewportSize({ width: 1024, height: 768 });
      }
      const url = await offered(p);
      await paste(q, url);
    }
    // Both devices at the end, with the same scores…
    for (const pg of [a.page, b.page]) await pg.waitForFunction(() => window.__carcassonne.state().game.step === 'game_over');
    const sa = await scores(a.page);
    assert.deepEqual(await scores(b.page), sa, 'every device shows the same scores');
    // …equal to the replay of the record the host kept.
    const replayed = await a.page.evaluate((key) => {
      let best = null;
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (!k.startsWith(key + 'games.')) continue;
        const r = JSON.parse(localStorage.getItem(k));
        if (r && r.moves && (!best || r.moves.length > best.moves.length)) best = r;
      }
      const g = window.wasmBindings.Game.fromRecord(best);
      const s = g.state();
      g.free();
      return s.players.map((p) => p.score);
    }, KEY);
    assert.deepEqual(replayed, sa, 'the record replays to the scores shown');
    assert.ok(moves > 60, `${moves} moves`);
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    await a.context.close();
    await b?.context.close();
  }
});
