// End-to-end: play by link between devices, each a browser context of its
// own. The host sets a seat "On another device"; each device carries the
// address the page offers (the link card's text) into the other as a
// person pastes it (page.goto); the game plays to its end and every device
// shows the same scores, equal to the engine's replay of the kept record.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { createRequire } from 'node:module';
import { onScreen, view } from './page.mjs';
import { inNewTab, myTurn, offered, paste, playByLink, playTurn } from './link-steps.mjs';

const jsQR = createRequire(new URL('../../scripts/package.json', import.meta.url))('jsqr');

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

const KEY = 'carcassonne:/:v1:';
const OPTS = { reducedMotion: 'reduce', handover: false };

const scores = async (page) => (await view(page)).game.players.map((p) => p.score);

/** The scores of the engine's replay of the longest record this device keeps. */
const keptReplay = (page) =>
  page.evaluate((key) => {
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
    return { scores: s.players.map((p) => p.score), rules: best.rules };
  }, KEY).then((r) => r.scores);

/** The host: its start screen with `seats` (values of the seat lists), `first` begins, `rules` ticked. */
async function host(seats, first, rules = [], opts = OPTS) {
  const h = await tab(browser, server.url, opts);
  for (const r of rules) await h.page.check(r);
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
    // Its QR code, for a phone in the same room: whole on screen at both
    // sizes, and jsQR (a reader written apart from ours) reads the address.
    for (const [w, h] of [[390, 844], [1024, 768]]) {
      await a.page.setViewportSize({ width: w, height: h });
      await a.page.click('[data-qr="0"]');
      await a.page.waitForFunction(() => !document.getElementById('link-qr').hidden);
      assert.ok(await onScreen(a.page, '#link-qr'), `the QR code whole on screen at ${w}x${h}`);
      const [px, cw, ch] = await a.page.evaluate(() => {
        const c = document.getElementById('link-qr');
        return [Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data), c.width, c.height];
      });
      const read = jsQR(Uint8ClampedArray.from(px), cw, ch)?.data;
      assert.equal(read, invite, `the QR code reads back as the invite at ${w}x${h}`);
      await a.page.screenshot({ path: `${SHOTS}link-qr-${w}x${h}.png` });
    }
    // The guest opens it: a reply to send back.
    b = await tab(browser, invite, OPTS);
    const reply = await offered(b.page);
    assert.match(await b.page.textContent('#link-list p'), /Send this back to Yellow/);
    await paste(a.page, reply);
    await a.page.waitForFunction(() => window.__carcassonne.state().screen === 'table');

    // Turns: whoever's turn it is plays and the other device opens its link.
    const moves = await playByLink(a.page, b.page, {
      limit: 2000,
      afterMove: async (p, n) => {
        if (n > 1) return;
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
      },
    });
    // Both devices at the end, with the same scores…
    const sa = await scores(a.page);
    assert.deepEqual(await scores(b.page), sa, 'every device shows the same scores');
    // …equal to the replay of the record the host kept.
    assert.deepEqual(await keptReplay(a.page), sa, 'the record replays to the scores shown');
    assert.ok(moves > 60, `${moves} moves`);
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    await a.context.close();
    await b?.context.close();
  }
});

/** A game set up by link between two new devices, `a` hosting: both on the table. */
async function pair(seats = ['human', 'remote'], opts = OPTS) {
  const a = await host(seats, 0, [], opts);
  const b = await tab(browser, await offered(a.page), opts);
  await paste(a.page, await offered(b.page));
  await a.page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
  return { a, b };
}

/** What a player sees of the game (the board, pieces, scores, whose turn), and the moves. */
const seen = (page) =>
  page.evaluate(() => {
    const s = window.__carcassonne.state();
    return JSON.stringify({ tiles: s.game.tiles, players: s.game.players, current: s.game.current_player, step: s.game.step });
  });

/** `url` with the last byte of its first reveal changed, its check made again: it reads, but the reveal is false. */
function badReveal(url) {
  const [base, text] = url.split('#');
  const b = Buffer.from(text, 'base64url');
  let p = 1;
  while (b[p] & 0x80) p++;
  p++; // version, length
  p += 8 + 1; // game, seat
  assert.equal(b[p], 0, 'a turn link, no setup');
  p++;
  for (let i = 0; i < 2; i++) {
    while (b[p] & 0x80) p++;
    p++;
  } // first, count
  assert.ok(b[p] > 0, 'reveals');
  p += 2; // count of reveals, seat
  while (b[p] & 0x80) p++;
  p++; // k
  b[p + 15] ^= 1;
  createHash('sha256').update(b.subarray(0, b.length - 4)).digest().copy(b, b.length - 4, 0, 4);
  return `${base}#${b.toString('base64url')}`;
}

/** Opens `url` on `page` and expects it refused with `says`, the game as it was: in the banner, or on the start screen its note. */
async function refused(page, url, says) {
  const before = await seen(page);
  await paste(page, url);
  const where = (await page.isVisible('#setup')) ? '#setup-note' : '#banner';
  await page.waitForFunction(([re, sel]) => !document.querySelector(sel).hidden && new RegExp(re).test(document.querySelector(sel).textContent), [says.source, where]);
  assert.ok(await onScreen(page, where), `${says}: the sentence shows`);
  assert.equal(await seen(page), before, `${says}: the game is unchanged`);
  if (where === '#banner') await page.click('#banner-close');
}

test('each bad link is refused with its sentence and the game is unchanged', async () => {
  const { a, b } = await pair();
  const others = [];
  try {
    // The host plays, takes the move back before sending, and plays another:
    // two different first moves.
    await playTurn(a.page);
    const firstAt = (await view(a.page)).game.tiles.at(-1).at;
    const first = await offered(a.page);
    // Not sent yet: the card closes, and Undo takes the move back.
    await a.page.click('#link-close');
    await a.page.click('#undo');
    await a.page.waitForFunction(() => window.__carcassonne.state().game.moves === 0 || window.__carcassonne.state().game.step === 'place_tile');
    assert.ok(await myTurn(a.page), 'the move is taken back');
    await playTurn(a.page, { not: firstAt });
    const second = await offered(a.page);
    assert.notEqual(first, second);
    await paste(b.page, second);
    await b.page.waitForFunction(() => {
      const s = window.__carcassonne.state();
      return s.screen === 'table' && s.seats[s.game.current_player] === 'human' && s.game.step === 'place_tile';
    });
    await refused(b.page, first, /differs from the move already played here/);
    await refused(b.page, second, /is old/);
    const [base, text] = second.split('#');
    const i = text.length >> 1;
    await refused(b.page, `${base}#${text.slice(0, i)}${text[i] === 'A' ? 'B' : 'A'}${text.slice(i + 1)}`, /damaged/);
    await refused(b.page, `${base}#${text.slice(0, -9)}`, /cut short/);
    // The guest plays; the host gets its link with a reveal changed.
    await playTurn(b.page);
    const back = await offered(b.page);
    await refused(a.page, badReveal(back), /does not match what they committed to/);
    await paste(a.page, back);
    await a.page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_tile' && window.__carcassonne.state().seats[window.__carcassonne.state().game.current_player] === 'human');
    // Another game's link, and a device that never joined.
    const c = await host(['human', 'remote'], 0);
    others.push(c);
    const d = await tab(browser, await offered(c.page), OPTS);
    others.push(d);
    await paste(c.page, await offered(d.page));
    await c.page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
    await playTurn(c.page);
    const theirs = await offered(c.page);
    await refused(b.page, theirs, /belongs to another game/);
    const e = await tab(browser, server.url, OPTS);
    others.push(e);
    await refused(e.page, theirs, /has not joined/);
    for (const [w, h] of [[1024, 768], [390, 844]]) {
      await e.page.setViewportSize({ width: w, height: h });
      await paste(e.page, theirs);
      await e.page.waitForFunction(() => !document.getElementById('setup-note').hidden);
      assert.ok(await onScreen(e.page, '#setup-note'), `the refusal whole at ${w}x${h}`);
      await e.page.screenshot({ path: `${SHOTS}link-refused-${w}x${h}.png` });
    }
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    await a.context.close();
    await b.context.close();
    for (const o of others) await o.context.close();
  }
});

test('after its link has gone, undo is a request the other device allows by link', async () => {
  const { a, b } = await pair();
  try {
    await a.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const tile = (await view(a.page)).hand;
    assert.equal(tile.length, 1, 'the host has its tile');
    await playTurn(a.page);
    const turn = await offered(a.page);
    // Copied: the link has gone, and can no longer be taken back here alone.
    await a.page.click('[data-copy="0"]');
    assert.equal(await a.page.evaluate(() => navigator.clipboard.readText()), turn);
    await paste(b.page, turn);
    await b.page.waitForFunction(() => window.__carcassonne.state().game.turn === 2);
    await b.page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_tile' && !window.__carcassonne.state().thinking);
    assert.ok(await myTurn(b.page), "the guest's turn");

    // The host's Undo asks whether to ask; Ask puts the request on the card.
    await a.page.click('#link-close');
    await a.page.click('#undo');
    await a.page.waitForSelector('#ask', { state: 'visible' });
    assert.match(await a.page.textContent('#ask-text'), /Your link has gone to Red\. Ask them by link to let you take back your last turn\?/);
    assert.ok(await onScreen(a.page, '#ask-yes'), 'Ask shows');
    await a.page.click('#ask-yes');
    const request = await offered(a.page);
    assert.notEqual(request, turn);
    assert.match(await a.page.textContent('#link-list p'), /Send this to Red/);
    assert.ok(await onScreen(a.page, '#link .card'), 'the request on the card');
    assert.equal((await view(a.page)).game.turn, 2, 'nothing taken back yet');

    // The guest opens it and is asked; its move count stays until it allows.
    await paste(b.page, request);
    await b.page.waitForSelector('#ask', { state: 'visible' });
    assert.match(await b.page.textContent('#ask-text'), /Yellow asks to take back their last turn\./);
    assert.equal(await b.page.textContent('#ask-yes'), 'Allow');
    assert.equal(await b.page.textContent('#ask-no'), 'Refuse');
    for (const [w, h] of [[1024, 768], [390, 844]]) {
      await b.page.setViewportSize({ width: w, height: h });
      assert.ok(await onScreen(b.page, '#ask-yes'), `Allow whole on screen at ${w}x${h}`);
      assert.ok(await onScreen(b.page, '#ask-no'), `Refuse whole on screen at ${w}x${h}`);
      await b.page.screenshot({ path: `${SHOTS}link-undo-ask-${w}x${h}.png` });
    }
    await b.page.setViewportSize({ width: 1024, height: 768 });
    await b.page.click('#ask-yes');
    const allowed = await offered(b.page);
    assert.match(await b.page.textContent('#link-list p'), /Send this to Yellow/);
    await b.page.waitForFunction(() => window.__carcassonne.state().game.turn === 1);
    assert.equal(await myTurn(b.page), false, "the host's turn again");

    // The host opens the answer: its turn again, with the same tile on screen.
    await paste(a.page, allowed);
    await a.page.waitForFunction(() => window.__carcassonne.state().game.turn === 1);
    await a.page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_tile');
    assert.ok(await myTurn(a.page), "the host's turn again");
    assert.deepEqual((await view(a.page)).hand, tile, 'the same tile');
    assert.ok(await onScreen(a.page, '#hand'), 'the tile shows, inside the viewport');
    assert.equal(await a.page.isVisible('#banner'), false, 'no refusal');
    assert.equal((await view(a.page)).game.turn, (await view(b.page)).game.turn, 'both at the same move');
    for (const [w, h] of [[1024, 768], [390, 844]]) {
      await a.page.setViewportSize({ width: w, height: h });
      assert.ok(await onScreen(a.page, '#hand'), `the tile whole on screen at ${w}x${h}`);
      await a.page.screenshot({ path: `${SHOTS}link-undo-allowed-${w}x${h}.png` });
    }
    await a.page.setViewportSize({ width: 1024, height: 768 });
    // The host plays again and the guest takes the new move.
    await playTurn(a.page);
    await paste(b.page, await offered(a.page));
    await b.page.waitForFunction(() => window.__carcassonne.state().game.turn === 2);
    assert.equal(await b.page.isVisible('#banner'), false, 'no fork');
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('three devices and a computer on the host play a game by link', async () => {
  const a = await host(['human', 'easy', 'remote', 'remote'], 0);
  const devices = [a];
  try {
    const seatsOf = [0, 0];
    const invites = [await offered(a.page, 0), await offered(a.page, 1)];
    for (const invite of invites) {
      const d = await tab(browser, invite, OPTS);
      devices.push(d);
      seatsOf.push(devices.length - 1);
      await paste(a.page, await offered(d.page));
      // Its reply sent, the guest closes the card (else the loop below
      // would send the reply again, which the host refuses).
      await d.page.click('#link-close');
    }
    await a.page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
    let moves = 0;
    let idle = 0;
    const limit = Number(process.env.LINK_MOVES ?? 1000);
    for (let i = 0; i < 6000 && moves < limit; i++) {
      const states = await Promise.all(devices.map((d) => d.page.evaluate(() => window.__carcassonne.state().game.step)));
      if (states.every((s) => s === 'game_over')) break;
      let acted = false;
      for (const d of devices) {
        if (await myTurn(d.page)) {
          await playTurn(d.page);
          moves++;
          acted = true;
        }
        if (await d.page.isVisible('#link-url-0')) {
          const n = await d.page.$$eval('#link-list li', (l) => l.length);
          for (let k = 0; k < n; k++) {
            const url = await d.page.inputValue(`#link-url-${k}`);
            const line = await d.page.$$eval('#link-list p', (ps, k) => ps[k].textContent, k);
            const names = (await view(d.page)).game.players.map((p) => p.name);
            const to = devices[seatsOf[names.findIndex((nm) => line.includes(` ${nm}`))]];
            await paste(to.page, url);
          }
          await d.page.click('#link-close');
          acted = true;
        }
      }
      idle = acted ? 0 : idle + 1;
      if (idle > 100) {
        const dump = await Promise.all(devices.map((d) => d.page.evaluate(() => {
          const s = window.__carcassonne.state();
          return { screen: s.screen, step: s.game.step, current: s.game.current_player, seats: s.seats, layers: s.layers, thinking: s.thinking, tiles: s.game.tiles.length, banner: document.getElementById('banner').hidden ? '' : document.getElementById('banner-text').textContent, prompt: document.getElementById('prompt').textContent };
        })));
        assert.fail(`stalled after ${moves} moves: ${JSON.stringify(dump)}`);
      }
      if (!acted) await a.page.waitForTimeout(150);
    }
    if (limit >= 1000) {
      for (const d of devices) await d.page.waitForFunction(() => window.__carcassonne.state().game.step === 'game_over');
      const sa = await scores(a.page);
      for (const d of devices) assert.deepEqual(await scores(d.page), sa, 'every device shows the same scores');
    }
    for (const d of devices) assert.deepEqual(d.errors, []);
  } finally {
    for (const d of devices) await d.context.close();
  }
});

test('two devices play a game with farmers and the River by link to the end', async () => {
  const a = await host(['human', 'remote'], 1, ['#o-farmers', '#o-river']);
  let b;
  try {
    b = await tab(browser, await offered(a.page), OPTS);
    await paste(a.page, await offered(b.page));
    await a.page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
    const rules = (await view(a.page)).game.rules;
    assert.ok(rules.farmers && rules.river, `farmers and the River: ${JSON.stringify(rules)}`);
    // The guest begins: the host sends it the game first, whose first draw
    // waits for the guest's share.
    await paste(b.page, await offered(a.page));
    const moves = await playByLink(a.page, b.page);
    const sa = await scores(a.page);
    assert.deepEqual(await scores(b.page), sa, 'both devices show the same scores');
    assert.deepEqual(await keptReplay(b.page), sa, "the guest's kept record replays to them");
    assert.deepEqual(await keptReplay(a.page), sa, "the host's too");
    assert.ok(moves > 70, `${moves} moves: the River's tiles and the land's`);
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    await a.context.close();
    await b?.context.close();
  }
});

test('links tapped in a messenger open in new tabs: the setup round and the game go on from storage', async () => {
  const a = await host(['human', 'remote'], 0);
  let b;
  try {
    const invite = await offered(a.page);
    b = await tab(browser, invite, OPTS);
    const reply = await offered(b.page);
    // The host's reply comes in a new tab, the one that sent the invites closed.
    let ha = await inNewTab(a.context, a.page, reply);
    await ha.page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
    assert.ok(await myTurn(ha.page), "the host's turn, in the game the round set up");
    let hb = { page: b.page, errors: b.errors };
    for (let turn = 0; turn < 4; turn++) {
      const [p, context] = turn % 2 ? [hb.page, a.context] : [ha.page, b.context];
      await playTurn(p);
      const url = await offered(p);
      const laid = await p.evaluate(() => window.__carcassonne.state().game.tiles.length);
      // Each link opens in a new tab of the other device, its old tab closed.
      const next = await inNewTab(context, turn % 2 ? ha.page : hb.page, url);
      if (turn % 2) ha = next;
      else hb = next;
      await next.page.waitForFunction((n) => window.__carcassonne.state().game.tiles.length >= n, laid);
      await next.page.waitForFunction(() => {
        const s = window.__carcassonne.state();
        return s.screen === 'table' && s.game.step === 'place_tile' && !s.thinking;
      });
      assert.ok(await myTurn(next.page), `turn ${turn + 2}: the player's own turn in the new tab`);
      assert.ok(await onScreen(next.page, '#hand'), 'the tile to play shows, inside the viewport');
      assert.equal(await next.page.isVisible('#banner'), false, 'no refusal, no notice');
    }
    assert.deepEqual(await scores(ha.page), await scores(hb.page));
    assert.deepEqual([...a.errors, ...b.errors, ...ha.errors, ...hb.errors], []);
  } finally {
    await a.context.close();
    await b?.context.close();
  }
});

test('the games list sends the link again: the same link, and the guest gets its turn', async () => {
  const phone = { ...OPTS, width: 390, height: 844 };
  const { a, b } = await pair(['human', 'remote'], phone);
  try {
    await a.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await playTurn(a.page);
    const shown = await offered(a.page);
    await a.page.click('[data-copy="0"]');
    const copied = await a.page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, shown, 'Copy copies the address shown');
    // The link "never arrived". The host leaves the game for the start
    // screen, so it is off the table, and finds it in "Your games".
    await a.page.click('#link-close');
    await a.page.click('#settings summary');
    await a.page.click('#new-game');
    await a.page.waitForSelector('#ask[open]');
    await a.page.click('#ask-yes');
    await a.page.waitForFunction(() => window.__carcassonne.state().screen === 'setup');
    await a.page.click('#setup-games');
    const again = '#games-list button[data-act="resend"]';
    await a.page.waitForSelector(again, { state: 'visible' });
    assert.equal(await a.page.$$eval(again, (bs) => bs.length), 1, 'one game waits for a link made here');
    assert.match(await a.page.textContent('#games-list .entry .meta'), /Waiting for Red/);
    await a.page.locator(again).scrollIntoViewIfNeeded();
    assert.ok(await onScreen(a.page, again), 'the button whole on screen, uncovered, at 390x844');
    assert.equal(await a.page.textContent(again), 'Send the link again');
    await a.page.screenshot({ path: `${SHOTS}link-resend-list-390x844.png` });
    await a.page.setViewportSize({ width: 1024, height: 768 });
    await a.page.locator(again).scrollIntoViewIfNeeded();
    assert.ok(await onScreen(a.page, again), 'the button whole on screen, uncovered, at 1024x768');
    await a.page.screenshot({ path: `${SHOTS}link-resend-list-1024x768.png` });
    await a.page.setViewportSize({ width: 390, height: 844 });
    await a.page.click(again);
    // The game is on the table again, its card open on the same link.
    const resent = await offered(a.page);
    assert.equal(resent, copied, 'the link sent again is the one copied');
    assert.ok(await onScreen(a.page, '#link .card'), 'the card whole on screen');
    assert.match(await a.page.textContent('#link-status'), /Waiting for Red/);
    assert.equal((await view(a.page)).screen, 'table');
    await a.page.screenshot({ path: `${SHOTS}link-resend-card-390x844.png` });
    // The guest opens the link sent again and gets its turn.
    await paste(b.page, resent);
    await b.page.waitForFunction(() => {
      const s = window.__carcassonne.state();
      return s.screen === 'table' && s.game.step === 'place_tile' && s.seats[s.game.current_player] === 'human' && !s.thinking;
    });
    assert.equal((await view(b.page)).game.turn, 2);
    // Its list offers no link to send: the turn is here.
    await b.page.click('#settings summary');
    await b.page.click('#games-open');
    await b.page.waitForSelector('#games-list .entry', { state: 'visible' });
    assert.match(await b.page.textContent('#games-list .entry .meta'), /Your turn/);
    assert.equal(await b.page.$$eval(again, (bs) => bs.length), 0, "the guest's list offers no link");
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
