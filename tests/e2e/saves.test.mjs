// End-to-end: the game saves itself after every turn, resumes on reload,
// and survives full or broken storage without stopping play.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeSite, openSite, tab } from './browser.mjs';
import { layTile, onScreen, playTurn, ready, seen, startGame, view } from './page.mjs';

const KEY = 'carcassonne:/:v1:game';

let browser;
let server;
before(async () => ({ browser, server } = await openSite()));
after(() => closeSite(browser, server));

/**
 * A tab on a new game (`init`: a script run first, breaking storage), the
 * hand-over screen off: these tests play turn after turn.
 */
async function open(query = '', init = []) {
  const t = await tab(browser, server.url + query, { handover: false, init });
  await startGame(t.page);
  return t;
}

/** One turn, no follower, and the tablet handed on if the hand-over screen comes. */
async function turn(page) {
  await playTurn(page);
  // Where the setting could not be stored, the hand-over screen stays on; it
  // comes once a turn's scoring has been shown.
  await page.waitForFunction(() => window.__carcassonne.state().screen !== 'scoring');
  if (await page.isVisible('#handover')) await page.click('#handover-go');
}

test('a reload resumes the game exactly, with a tile laid but not confirmed where it lay', async () => {
  // A fixed deal: a random one may leave no cell where the tile fits two ways.
  const { context, page, errors } = await open('?setup&seed=5');
  try {
    for (let i = 0; i < 3; i++) await turn(page);
    const before = await seen(page);
    assert.equal((await view(page)).game.turn, 4);
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    assert.equal(await seen(page), before, 'the same game after a reload');
    assert.match(await page.textContent('#announcer'), /resumed/i);
    // Mid-turn: the tile lies on the board unconfirmed, turned; a reload shows it the same.
    const bits = (m) => [0, 1, 2, 3].filter((r) => (m >> r) & 1).length;
    const f = (await view(page)).fits.find((f) => bits(f.rotations) >= 2);
    assert.ok(f, 'this deal has a cell where the tile fits two ways');
    await page.mouse.click(f.x, f.y);
    await page.waitForFunction(() => window.__carcassonne.state().candidate);
    // Turned to its other fitting rotation.
    const first = (await view(page)).rotation;
    await page.focus('#board');
    do await page.keyboard.press('r');
    while ((await view(page)).rotation === first || !((f.rotations >> (await view(page)).rotation) & 1));
    const laid = await view(page);
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    assert.equal(await seen(page), before, 'nothing confirmed by the reload');
    const back = await view(page);
    assert.equal(back.game.step, 'place_tile');
    assert.deepEqual([back.candidate, back.rotation], [laid.candidate, laid.rotation], 'the tile lies where it lay, turned as it was');
    // Back in the hand: a reload shows it in the hand.
    await page.focus('#board');
    await page.keyboard.press('Escape');
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    assert.equal((await view(page)).candidate, null, 'a tile taken back into the hand stays there');
    // After Confirm, in the follower step: a reload keeps the tile where it lies.
    await layTile(page);
    const placed = JSON.stringify((await view(page)).game.placed);
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    assert.equal((await view(page)).game.step, 'place_follower');
    assert.equal(JSON.stringify((await view(page)).game.placed), placed);
    // Taking it back: the tile lies there unconfirmed again, after a reload too.
    await page.click('#undo');
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    assert.equal(await seen(page), before);
    assert.equal((await view(page)).game.step, 'place_tile');
    assert.ok((await view(page)).candidate, 'the taken-back tile lies unconfirmed where it was');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('full storage is reported and play goes on', async () => {
  const { context, page, errors } = await open('', () => {
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  try {
    await turn(page);
    assert.ok(await page.isVisible('#banner'), 'the banner tells the player');
    assert.match(await page.textContent('#banner'), /storage is full/i);
    await turn(page);
    assert.equal((await view(page)).game.turn, 3, 'two turns were played');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('disabled storage is reported and play goes on', async () => {
  const { context, page, errors } = await open('', () => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
  });
  try {
    await turn(page);
    assert.match(await page.textContent('#banner'), /does not allow saving/i);
    assert.equal((await view(page)).game.turn, 2);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('an unreadable save is kept aside and a new game begins', async () => {
  const broken = '{"format":"carcassonne-record/1","players":["Ann","Bo';
  // Stored before the page's first load only (an init script with the save's text written in).
  const { context, page, errors } = await tab(browser, server.url, {
    handover: false,
    init: {
      content: `if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(${JSON.stringify(KEY)}, ${JSON.stringify(broken)});
        sessionStorage.setItem('seeded', '1');
      }`,
    },
  });
  try {
    // The start screen covers the bar: it tells the player itself.
    assert.ok(await onScreen(page, '#setup-note'), 'told on the start screen');
    assert.match(await page.textContent('#setup-note'), /could not be read/i);
    await startGame(page);
    assert.equal((await view(page)).game.turn, 1);
    assert.equal(await page.evaluate((k) => localStorage.getItem(k + '.unreadable'), KEY), broken);
    await turn(page);
    assert.ok(!(await page.isVisible('#banner')), 'a good save clears the message');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
