// End-to-end: an accessibility audit with axe-core (WCAG 2.1 A and AA rules)
// of every screen a player meets: the start screen, the table while a tile is
// placed, the follower step, the hand-over card, the score card, the card of
// what can go on a spot and the rules card. Violations of
// impact "serious" or "critical" fail the test; the others are printed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { layFitting, view } from './page.mjs';

const require = createRequire(new URL('../../scripts/package.json', import.meta.url));
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let browser;
let server;
before(async () => ({ browser, server } = await openSite()));
after(() => closeSite(browser, server));

/**
 * Audits the page as it is now. Returns the serious and critical violations,
 * one line per rule and element; prints the rest.
 */
async function audit(page, screen) {
  // Evaluated over the DevTools protocol: the page's CSP, which forbids inline
  // scripts (so page.addScriptTag({ content }) would be refused), does not apply.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE);
  const violations = await page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`),
    }));
  }, TAGS);
  const lines = (vs) => vs.flatMap((v) => v.nodes.map((n) => `${screen}: [${v.impact}] ${v.id} (${v.help}) ${n}`));
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const line of lines(violations.filter((v) => !bad.includes(v)))) console.log(line);
  return lines(bad);
}

test('no serious or critical WCAG 2.1 A/AA violation on the start screen, table, follower step, hand-over, score card, spot card, who holds it card, rules card, review screen, play on card and games list', async () => {
  const { context, page, errors } = await tab(browser, server.url);
  try {
    const found = [];

    assert.ok(await page.isVisible('#setup'), 'a new tab opens on the start screen');
    found.push(...(await audit(page, 'start screen')));

    await page.click('#start');
    await page.click('#guide-skip'); // a first game opens the guide
    await page.waitForFunction(() => document.getElementById('setup').hidden);
    const g = (await view(page)).game;
    assert.equal(g.step, 'place_tile');
    found.push(...(await audit(page, 'table, placing a tile')));
    // The top bar's score button is named by the scores it shows.
    const scores = await page.locator('#scores').ariaSnapshot();
    for (const p of g.players) assert.ok(scores.includes(`${p.name}: ${p.score.total} point`), scores);

    await layFitting(page); // the deal is random
    found.push(...(await audit(page, 'table, a tile on the board to confirm')));
    await page.click('#confirm');
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
    assert.ok(await page.isVisible('#skip'));
    found.push(...(await audit(page, 'follower step')));
    await page.click('#skip');
    // Two people at the table: the tablet is handed over.
    await page.waitForSelector('#handover:not([hidden])');
    found.push(...(await audit(page, 'hand-over card')));
    await page.click('#handover-go');
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_tile');

    await page.click('#scores');
    await page.waitForSelector('#panel:not([hidden])');
    found.push(...(await audit(page, 'score card')));
    await page.click('#panel-close');
    await page.waitForSelector('#panel', { state: 'hidden' });

    // The card of what can go on a spot (the I key asks about the tile's
    // cell, or the middle of the view).
    await layFitting(page);
    await page.keyboard.press('i');
    await page.waitForSelector('#spot:not([hidden])');
    found.push(...(await audit(page, 'what can go here card')));
    await page.click('#spot-close');
    await page.waitForSelector('#spot', { state: 'hidden' });
    // Who holds what: the O key's card, and the Fields overlay switched on.
    await page.click('#fields');
    await page.focus('#board');
    await page.keyboard.press('o');
    await page.waitForSelector('#spot.feature:not([hidden])');
    found.push(...(await audit(page, 'who holds it card, Fields on')));
    await page.click('#spot-close');
    await page.waitForSelector('#spot', { state: 'hidden' });

    await page.click('#settings summary');
    await page.click('#rules-open');
    await page.waitForSelector('#rules:not([hidden])');
    found.push(...(await audit(page, 'rules card')));
    await page.click('#rules-close');

    await page.click('#settings summary');
    await page.click('#review-open');
    await page.waitForSelector('#review:not([hidden])');
    await page.click('#rv-first');
    await page.click('#rv-fwd');
    found.push(...(await audit(page, 'review screen')));
    await page.click('#review-playon');
    await page.waitForSelector('#playon:not([hidden])');
    found.push(...(await audit(page, 'play on card')));
    await page.click('#playon-cancel');
    await page.click('#review-back');
    await page.waitForSelector('#review', { state: 'hidden' });

    await page.click('#settings summary');
    await page.click('#games-open');
    await page.waitForSelector('#games-list .entry');
    found.push(...(await audit(page, 'games list')));
    await page.click('#games-close');

    assert.deepEqual(found, [], `serious or critical violations:\n${found.join('\n')}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a keyboard player sees where the focus is when it is on the board: a ring round the board between the bars (1280x800, 390x844)', async () => {
  for (const [width, height] of [[1280, 800], [390, 844]]) {
    const { context, page } = await tab(browser, `${server.url}?seed=5&players=2`, { width, height });
    if (await page.isVisible('#guide-skip')) await page.click('#guide-skip');
    const ring = () => page.evaluate(() => {
      const el = document.getElementById('board-focus');
      const r = el.getBoundingClientRect();
      const top = document.getElementById('topbar').getBoundingClientRect().bottom;
      const dock = document.getElementById('dock').getBoundingClientRect().top;
      return { shown: getComputedStyle(el).display !== 'none', top: r.top, bottom: r.bottom, left: r.left, right: r.right, bar: top, dock };
    });
    assert.equal((await ring()).shown, false, `${width}x${height}: no ring before the keyboard reaches the board`);
    let on = false;
    for (let i = 0; i < 12 && !on; i++) {
      await page.keyboard.press('Tab');
      on = await page.evaluate(() => document.activeElement?.id === 'board');
    }
    assert.ok(on, 'Tab reaches the board');
    const r = await ring();
    assert.ok(r.shown, `${width}x${height}: the ring shows`);
    assert.ok(Math.abs(r.top - r.bar) <= 1 && Math.abs(r.bottom - r.dock) <= 1, `${width}x${height}: between the bars (${JSON.stringify(r)})`);
    assert.ok(r.left >= 0 && r.right <= width, 'inside the viewport');
    await page.screenshot({ path: `${SHOTS}board-focus-${width}x${height}.png` });
    // A click elsewhere takes the focus, and the ring, away.
    await page.click('#rotate');
    assert.equal((await ring()).shown, false, 'gone with the focus');
    await context.close();
  }
});
