// End-to-end: the start screen. Players, names, rules and the first player
// chosen there make the game; the setup is remembered; a new tab with a saved
// game offers Continue first.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, closeSite, openSite, pageIn, tab } from './browser.mjs';
import { playTurn, ready } from './page.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

const game = (page) => page.evaluate(() => window.__carcassonne.state().game);

test('the start screen sets up players, rules and who starts, and remembers it', async () => {
  const { context, page } = await tab(browser, server.url, { width: 768, height: 1024 });
  try {
    assert.ok(await page.isVisible('#setup'));
    assert.ok(!(await page.isVisible('#continue')), 'no Continue without a saved game');
    await page.selectOption('#player-count', '4');
    assert.ok(await page.isVisible('#name-3'));
    assert.ok(!(await page.isVisible('#name-4')));
    for (const [i, n] of ['Ann', 'Bob', 'Cy', 'Di'].entries()) await page.fill(`#name-${i}`, n);
    await page.check('#o-river');
    await page.check('#o-abbot');
    await page.uncheck('#o-farmers');
    // Who starts offers only the four seats at the table, by their names.
    const offered = () => page.$$eval('#first option', (os) => os.filter((o) => !o.hidden && !o.disabled).map((o) => o.textContent));
    assert.deepEqual(await offered(), ['Chosen at random', 'Ann', 'Bob', 'Cy', 'Di']);
    await page.selectOption('#player-count', '3');
    assert.deepEqual(await offered(), ['Chosen at random', 'Ann', 'Bob', 'Cy'], 'no seat 4 to 6 in a 3-player game');
    await page.selectOption('#player-count', '4');
    await page.selectOption('#first', '2');
    // Ann's colour: a tap moves it to the next colour nobody else has.
    await page.click('#colour-0');
    assert.equal(await page.getAttribute('#colour-0', 'data-colour'), '4');
    assert.match(await page.getAttribute('#colour-0', 'aria-label'), /black/);
    assert.equal(await page.inputValue('#name-0'), 'Ann', 'a chosen name stays');
    await page.click('#start');
    await page.click('#guide-skip'); // a first game opens the guide
    await page.waitForFunction(() => document.getElementById('setup').hidden);
    const g = await game(page);
    assert.deepEqual(g.players.map((p) => p.name), ['Cy', 'Di', 'Ann', 'Bob'], 'Cy starts, order kept');
    const colours = await page.evaluate(() => window.__carcassonne.state().colours);
    assert.deepEqual(colours, ['green', 'blue', 'black', 'red'], 'each player keeps the colour chosen, whoever starts');
    assert.equal(g.rules.river, true);
    assert.equal(g.rules.abbot, true);
    assert.equal(g.rules.farmers, false);
    assert.equal(g.players[0].abbot_home, true);
    assert.match(await page.textContent('#turn-name'), /Cy/);

    // A new tab: Continue comes first, and the form remembers the last setup.
    const { page: other } = await pageIn(context, server.url);
    assert.ok(await other.isVisible('#continue'));
    // Continue takes the focus in the start screen's first frame.
    await other.waitForFunction(() => document.activeElement.id === 'continue', null, { timeout: 2000 });
    assert.equal(await other.inputValue('#player-count'), '4');
    assert.equal(await other.inputValue('#name-0'), 'Ann');
    assert.ok(await other.isChecked('#o-river'));
    assert.ok(!(await other.isChecked('#o-farmers')));
    assert.equal(await other.inputValue('#first'), '2', 'who starts is remembered');
    assert.equal(await other.getAttribute('#colour-0', 'data-colour'), '4', 'and the colours');
    // The game is still open in the first tab: continuing it here takes it over, if the player says so.
    await other.click('#continue');
    await other.waitForSelector('#ask[open]');
    assert.match(await other.textContent('#ask-text'), /open in another tab/);
    await other.click('#ask-yes');
    await other.waitForFunction(() => document.getElementById('setup').hidden);
    assert.deepEqual((await game(other)).players.map((p) => p.name), ['Cy', 'Di', 'Ann', 'Bob']);
  } finally {
    await context.close();
  }
});

test('the start screen starts no AI worker, even over a saved game against the computer; Continue starts it (issue 35)', async () => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    // A game against the hard computer, saved as it starts, its workers running.
    const first = await context.newPage();
    await first.goto(`${server.url}?seed=5&seats=human,hard`, { waitUntil: 'load' });
    await ready(first);
    await first.waitForFunction(() => window.__carcassonne.state().screen === 'table');
    // Playwright hears of a worker a moment after the page starts it.
    if (first.workers().length === 0) await first.waitForEvent('worker', { timeout: 5000 }).catch(() => {});
    assert.ok(first.workers().length > 0, 'a table with a computer starts its worker');
    await first.close();
    // The same visitor comes back: the start screen, with Continue, and no worker behind it.
    const tab = await context.newPage();
    await tab.goto(server.url, { waitUntil: 'load' });
    await ready(tab);
    assert.ok(await tab.isVisible('#continue'));
    await tab.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 300))));
    assert.equal(tab.workers().length, 0, 'no AI worker while the start screen shows');
    await tab.click('#continue');
    await tab.waitForFunction(() => document.getElementById('setup').hidden);
    await tab.waitForFunction(() => window.__carcassonne.state().screen === 'table');
    if (tab.workers().length === 0) await tab.waitForEvent('worker', { timeout: 5000 }).catch(() => {});
    assert.ok(tab.workers().length > 0, 'Continue starts the computer\'s worker');
  } finally {
    await context.close();
  }
});

test('the score table shows every category and the score if the game ended now', async () => {
  const { context, page } = await tab(browser, server.url + '?seed=9&players=3', { width: 390, height: 844 });
  try {
    await page.click('#scores');
    assert.ok(await page.isVisible('#panel'));
    const head = await page.$$eval('#score-table tr:first-child th', (ths) => ths.map((t) => t.textContent));
    // No Garden column: without the abbot, gardens score nothing.
    assert.deepEqual(head, ['Player', 'Total', 'If it ended now', 'Road', 'City', 'Monastery', 'Field']);
    assert.equal(await page.$$eval('#score-table tr', (trs) => trs.length), 4);
    assert.match(await page.textContent('#panel-winners'), /70 tiles still to come/);
    assert.ok((await page.$$eval('#remaining li', (li) => li.length)) > 10, 'tiles to come, by kind');
    const counts = await page.$$eval('#remaining li', (li) => li.map((l) => Number(l.textContent.replace('×', ''))));
    assert.equal(counts.reduce((a, b) => a + b, 0), 70, 'the counts add up to the tiles still to come');
    const drawn = await page.$$eval('#remaining canvas', (cs) => cs.every((c) => {
      const d = c.getContext('2d').getImageData(c.width / 2, c.height / 2, 1, 1).data;
      return d[3] === 255;
    }));
    assert.ok(drawn, 'each kind is shown as a picture of the tile');
    await page.screenshot({ path: join(SHOTS, 'scores-390x844.png') });
    const box = await page.evaluate(() => {
      const b = document.getElementById('panel-close').getBoundingClientRect();
      return { h: b.height, bottom: b.bottom };
    });
    assert.ok(box.h >= 44);
    await page.click('#panel-close');
    assert.ok(!(await page.isVisible('#panel')));
  } finally {
    await context.close();
  }
});

test('between turns a hand-over screen names the next player, and it can be switched off', async () => {
  const { context, page } = await tab(browser, server.url + '?seed=3');
  try {
    await playTurn(page);
    assert.ok(await page.isVisible('#handover'));
    assert.equal(await page.textContent('#handover-name'), 'Red');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'handover-go');
    await page.click('#handover-go');
    assert.ok(!(await page.isVisible('#handover')));
    await page.click('#settings summary');
    await page.uncheck('#opt-handover');
    await page.click('#settings summary');
    await playTurn(page);
    assert.ok(!(await page.isVisible('#handover')), 'switched off');
    assert.equal((await page.evaluate(() => window.__carcassonne.state())).game.turn, 3);
    // The rules are one tap away.
    await page.click('#settings summary');
    await page.click('#rules-open');
    assert.match(await page.textContent('#rules'), /finished city 2 per tile/);
    await page.click('#rules-close');
    assert.ok(!(await page.isVisible('#rules')));
  } finally {
    await context.close();
  }
});

/** Every control of an overlay card is on screen, 44 px tall at least, and nothing spills sideways. */
async function fitsThePhone(page, card, name) {
  const r = await page.evaluate((sel) => {
    const c = document.querySelector(sel);
    const box = c.getBoundingClientRect();
    const controls = [...c.querySelectorAll('button, input:not([type=checkbox]):not([type=file]), select')]
      .filter((e) => e.offsetParent)
      .map((e) => {
        const b = e.getBoundingClientRect();
        return { id: e.id || e.textContent.trim(), left: b.left, right: b.right, h: b.height, clipped: e.scrollWidth > e.clientWidth + 1 && e.tagName === 'BUTTON' };
      });
    return { left: box.left, right: box.right, spill: c.scrollWidth > c.clientWidth + 1, controls, width: innerWidth };
  }, card);
  assert.ok(r.left >= 0 && r.right <= r.width, `${name}: the card is within the screen`);
  assert.ok(!r.spill, `${name}: nothing spills out of the card sideways`);
  for (const c of r.controls) {
    assert.ok(c.left >= 0 && c.right <= r.width, `${name}: ${c.id} is on screen`);
    assert.ok(c.h >= 44, `${name}: ${c.id} is ${c.h} px tall`);
    assert.ok(!c.clipped, `${name}: ${c.id}'s label fits`);
  }
  await page.screenshot({ path: join(SHOTS, `${name}-360x640.png`) });
}

test('at phone size the start screen, hand-over, rules and scores fit, with big enough controls', async () => {
  const { context, page } = await tab(browser, server.url, { width: 360, height: 640, touch: true });
  try {
    await page.selectOption('#player-count', '6');
    await page.selectOption('#seat-5', 'medium');
    await fitsThePhone(page, '#setup .card', 'setup');
    await page.selectOption('#player-count', '3');
    await page.selectOption('#first', '0');
    await page.click('#start');
    await page.click('#guide-skip');
    await page.waitForFunction(() => document.getElementById('setup').hidden);
    await playTurn(page);
    await page.waitForSelector('#handover:not([hidden])');
    await fitsThePhone(page, '#handover .card', 'handover');
    await page.click('#handover-go');
    await page.click('#settings summary');
    await page.click('#rules-open');
    await fitsThePhone(page, '#rules .card', 'rules');
    await page.click('#rules-close');
    await page.click('#scores');
    await fitsThePhone(page, '#panel .card', 'scores');
  } finally {
    await context.close();
  }
});

test('each seat\'s choice reads whole, and the house rules heading counts every line chosen (1024x768, 768x1024, 390x844)', async () => {
  for (const [width, height] of [[1024, 768], [768, 1024], [390, 844]]) {
    const { context, page } = await tab(browser, `${server.url}?setup&seed=3`, { width, height, touch: true });
    await page.selectOption('#player-count', '6');
    await page.fill('#name-1', 'Alexander the Great');
    for (const [i, level] of [[2, 'easy'], [3, 'medium'], [4, 'hard']]) await page.selectOption(`#seat-${i}`, level);
    // The chosen words against the room the menu gives them (its padding and arrow aside).
    const cut = await page.evaluate(() => {
      const ctx = document.createElement('canvas').getContext('2d');
      return [...document.querySelectorAll('#names li:not([hidden]) select, #names li:not([hidden]) input')].flatMap((el) => {
        const cs = getComputedStyle(el);
        ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const text = el.tagName === 'SELECT' ? el.selectedOptions[0].text : el.value;
        const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - (el.tagName === 'SELECT' ? 20 : 0);
        const r = el.getBoundingClientRect();
        const inside = r.left >= 0 && r.right <= innerWidth;
        return ctx.measureText(text).width <= room && inside ? [] : [`${el.id}: "${text}" needs ${Math.ceil(ctx.measureText(text).width)} px, has ${room}`];
      });
    });
    assert.deepEqual(cut, [], `${width}x${height}: every name and seat reads whole`);
    await page.tap('#house summary');
    await page.selectOption('#o-hand', '3');
    await page.locator('#o-hand-hidden').scrollIntoViewIfNeeded();
    await page.tap('#o-hand-hidden');
    await page.selectOption('#o-table', '15x11');
    assert.equal((await page.textContent('#house-on')).trim(), '· 3 on', 'a hand, hidden hands and a table: 3 on');
    await context.close();
  }
});

/** A swatch's number and whether it shows whole, uncovered, inside the viewport. */
const swatch = (page, selector) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const shows = r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight && !!hit && (hit === el || el.contains(hit));
    return { number: el.textContent, shows };
  }, selector);

test('each seat keeps the number it had on the start screen at the table, whoever starts, and after a reload (1024x768, 768x1024, 390x844)', async () => {
  for (const [width, height] of [[1024, 768], [768, 1024], [390, 844]]) {
    const { context, page, errors } = await tab(browser, `${server.url}?setup&seed=3`, { width, height, touch: true });
    try {
      await page.selectOption('#player-count', '3');
      const numbers = await page.$$eval('#names li:not([hidden]) .swatch', (s) => s.map((b) => b.textContent));
      assert.deepEqual(numbers, ['1', '2', '3'], 'the start screen numbers its seats');
      // The third seat begins: it plays first, and is still number 3.
      await page.selectOption('#first', '2');
      await page.locator('#start').scrollIntoViewIfNeeded();
      await page.tap('#start');
      await page.tap('#guide-skip');
      await page.waitForFunction(() => document.getElementById('setup').hidden);
      const check = async (when) => {
        const s = await page.evaluate(() => window.__carcassonne.state());
        assert.deepEqual(s.colours, ['green', 'yellow', 'red'], `${when}: the third seat plays first`);
        assert.deepEqual(s.numbers, [3, 1, 2], `${when}: each seat keeps its number`);
        for (const [i, n] of ['3', '1', '2'].entries()) {
          assert.deepEqual(await swatch(page, `#score-${i} .swatch`), { number: n, shows: true }, `${when} ${width}x${height}: score ${i}'s number shows`);
        }
        assert.deepEqual(await swatch(page, '#turn-swatch'), { number: '3', shows: true }, `${when}: the player to play, number 3`);
      };
      await check('dealt');
      await page.screenshot({ path: join(SHOTS, `seat-numbers-${width}x${height}.png`) });
      await playTurn(page, { touch: true });
      // Reloaded (without the start screen's address): the saved game comes back to the table.
      await page.goto(server.url, { waitUntil: 'load' });
      await ready(page);
      if (await page.isVisible('#handover')) await page.tap('#handover-go');
      assert.deepEqual((await page.evaluate(() => window.__carcassonne.state())).numbers, [3, 1, 2], 'kept with the saved game');
      await page.waitForFunction(() => document.getElementById('turn-swatch').textContent === '1');
      assert.deepEqual(await swatch(page, '#turn-swatch'), { number: '1', shows: true }, 'the second to play is number 1');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});
