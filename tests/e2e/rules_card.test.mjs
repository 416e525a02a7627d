// End-to-end: the rules card teaches the game on the table, as its rule
// options (chosen on the start screen) play it: first- or third-edition
// farms, no farmers, the tiny city, the River and the Abbot.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { onScreen, view } from './page.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

/** A tab of `width`x`height` on the start screen. */
const startScreen = (width, height) => tab(browser, server.url + '?setup', { width, height });

/**
 * Starts a game from the start screen with its rule boxes `flip` clicked
 * (and whatever `form` sets on it), opens the rules card; its text.
 */
async function rulesCard(page, flip, form = async () => {}) {
  await form();
  for (const box of flip) await page.click(box);
  await page.click('#start');
  if (await page.isVisible('#guide-skip')) await page.click('#guide-skip');
  await page.waitForFunction(() => document.getElementById('setup').hidden);
  await page.click('#settings summary');
  await page.click('#rules-open');
  await page.waitForSelector('#rules:not([hidden])');
  return page.evaluate(() => document.querySelector('#rules .card').innerText);
}

/**
 * The words of `sel`, scrolled into the card's view, are on screen and
 * uncovered: every line box of them (a sentence inside a paragraph wraps).
 */
async function readable(page, sel) {
  const bad = await page.evaluate((sel) => {
    const e = document.querySelector(sel);
    if (!e || e.closest('[hidden]')) return ['hidden'];
    e.scrollIntoView({ block: 'center' });
    const lines = [...e.getClientRects()].filter((r) => r.width > 0);
    if (lines.length === 0) return ['no line'];
    return lines.flatMap((r) => {
      if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) return [`outside ${r.top}`];
      const hit = document.elementFromPoint(r.left + Math.min(8, r.width / 2), (r.top + r.bottom) / 2);
      return hit && (hit === e || e.contains(hit)) ? [] : [`covered by ${hit && (hit.id || hit.tagName)}`];
    });
  }, sel);
  assert.deepEqual(bad, [], `${sel} is on screen and uncovered`);
}

for (const [width, height] of [[1024, 768], [768, 1024], [390, 844]]) {
  test(`${width}x${height}: first-edition farms and the tiny city are taught as this game plays them`, async () => {
    const { context, page } = await startScreen(width, height);
    try {
      assert.match(await page.textContent('label:has(#o-tiny)'), /two tiles scores only 2, and 1 more per pennant\./);
      const text = await rulesCard(page, ['#o-first-farms', '#o-tiny']);
      const rules = (await view(page)).game.rules;
      assert.equal(rules.farm_scoring, 'first');
      assert.equal(rules.tiny_city, true);
      assert.match(text, /Each finished city pays 4 to the most farmers in all the fields beside it\./);
      assert.doesNotMatch(text, /3 for every finished city/, 'not the third-edition farm rule');
      assert.match(text, /a finished city 2 per tile and 2 per pennant, but a city of only two tiles 1 per tile and 1 per pennant \(2 points, and 1 more for each pennant\)/);
      assert.doesNotMatch(text, /shield/i, 'one word for the coat of arms: pennant');
      // No River in this game; the Abbot is not in it either, so gardens score nothing.
      assert.doesNotMatch(text, /The River/);
      assert.match(text, /The Abbot is not in this game, so the gardens on some tiles score nothing\./);
      for (const sel of ['#rules-fields', '#rules-tiny', '#rules-abbot']) await readable(page, sel);
      await page.locator('#rules-close').scrollIntoViewIfNeeded();
      assert.ok(await onScreen(page, '#rules-close'), 'Close is on screen');
      await page.locator('#rules-title').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}rules-card-first-${width}x${height}.png` });
      await page.locator('#rules-fields').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}rules-card-first-fields-${width}x${height}.png` });
    } finally {
      await context.close();
    }
  });
}

test('a game without farmers: the rules card teaches no farmer and no field scoring', async () => {
  const { context, page } = await startScreen(1024, 768);
  try {
    const text = await rulesCard(page, ['#o-farmers']);
    assert.equal((await view(page)).game.rules.farmers, false);
    assert.doesNotMatch(text, /farmer/i);
    assert.match(text, /a thief on a road, a knight in a city or a monk on a monastery\. Only if nobody already stands anywhere on that road or city\./);
    assert.ok(await page.isHidden('#rules-fields'), 'no field scoring at the end');
  } finally {
    await context.close();
  }
});

test('with the River and the Abbot: the river\'s bends alternate, straight tiles or not; the abbot goes on gardens', async () => {
  const { context, page } = await startScreen(390, 844);
  try {
    const text = await rulesCard(page, ['#o-river', '#o-abbot']);
    const rules = (await view(page)).game.rules;
    assert.ok(rules.river && rules.abbot);
    assert.match(text, /The River starts the game with a river laid tile by tile\. It may not bend the same way twice: each bend turns the other way from the bend before it, however many straight tiles lie between them\./);
    assert.match(text, /The Abbot may go on a monastery or a garden instead of a follower/);
    assert.match(text, /Each field pays the most farmers in it 3 for every finished city it touches\./);
    assert.ok(await page.isHidden('#rules-tiny'), 'no tiny city');
    for (const sel of ['#rules-river', '#rules-abbot']) await readable(page, sel);
    await page.screenshot({ path: `${SHOTS}rules-card-river-abbot-390x844.png` });
  } finally {
    await context.close();
  }
});

test('with house rules: the card teaches the hand, tiles back under the stack, the closing edge and no end scoring', async () => {
  const { context, page } = await startScreen(768, 1024);
  try {
    const text = await rulesCard(page, ['#o-unplayable-back', '#o-finished-only', '#o-table-closes'], async () => {
      await page.click('#house summary');
      await page.selectOption('#o-hand', '3');
      await page.selectOption('#o-table', '11x11');
    });
    const rules = (await view(page)).game.rules;
    assert.equal(rules.hand, 3);
    assert.equal(rules.score_incomplete, false);
    assert.match(text, /Lay one of the tiles in your hand next to the tiles already down/);
    assert.doesNotMatch(text, /the tile you drew/, 'not the rule the hand replaces');
    assert.match(text, /After your turn you draw until you hold 3 tiles; every hand is open to all\./);
    assert.match(text, /the oldest goes back under the stack/);
    assert.match(text, /a monastery with all eight neighbours 9 \(squares off the table count as neighbours/);
    assert.match(text, /When the stack and every hand are empty, unfinished roads, cities and monasteries score nothing\./);
    assert.doesNotMatch(text, /score 1 per tile \(cities also/, 'not the end scoring the house rule turns off');
    for (const sel of ['#rules-lay', '#rules-unfit', '#rules-edge', '#rules-end']) await readable(page, sel);
    await page.screenshot({ path: `${SHOTS}rules-card-house-768x1024.png` });
  } finally {
    await context.close();
  }
});
