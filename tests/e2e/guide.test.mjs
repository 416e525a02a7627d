// End-to-end: the first-game guide teaches the aids a family finds on the
// table (issue 34): choosing from a hand, the long press, the crossed-out
// squares and Fields, each on a card of its own with a picture the board's
// own drawing paints; a game shows only the cards it has a use for (no
// hands, no aids, no farmers). By touch at 1024x768, 768x1024 and 390x844.
// Which cards a game shows, and their order, is decided and tested natively
// (src/shell/guide.rs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { onScreen, tap, view } from './page.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

const SIZES = [[1024, 768], [768, 1024], [390, 844]];

/** The follower colours (src/web/board/meeple_art.rs), by the hook's words. */
const RGB = { yellow: [242, 200, 30], red: [216, 50, 43], green: [60, 154, 60], blue: [47, 111, 208], black: [43, 43, 43], pink: [240, 122, 180] };

/**
 * The start screen set by touch (`boxes` ticked, a hand of `hand` tiles if
 * any) and started: the guide opens on a first game.
 */
async function start(width, height, { hand = 0, boxes = [] } = {}) {
  const { context, page, errors } = await tab(browser, server.url, { width, height, touch: true });
  await page.waitForSelector('#setup:not([hidden])');
  if (hand) {
    await page.locator('#house summary').scrollIntoViewIfNeeded();
    await page.tap('#house summary');
    await page.selectOption('#o-hand', String(hand));
  }
  for (const box of boxes) {
    await page.locator(box).scrollIntoViewIfNeeded();
    await page.tap(box);
  }
  await page.locator('#start').scrollIntoViewIfNeeded();
  await page.tap('#start');
  await page.waitForSelector('#guide[open]');
  return { context, page, errors };
}

/** The guide card on show (its number in the page), and what its step line says. */
const card = (page) =>
  page.evaluate(() => ({
    shown: [...document.querySelectorAll('#guide > div[id^="guide-"]')].filter((d) => !d.hidden).map((d) => Number(d.id.slice(6))),
    step: document.getElementById('guide-step').textContent,
  }));

/**
 * What the card's picture shows: how many of its pixels differ from the
 * table's colour, whether any is within 40 of `rgb` on each channel, and
 * a fingerprint of the whole picture.
 */
const picture = (page, rgb) =>
  page.evaluate((rgb) => {
    const c = document.getElementById('guide-pic');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let off = 0;
    let has = false;
    let print = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (Math.abs(d[i] - 0xe4) + Math.abs(d[i + 1] - 0xdc) + Math.abs(d[i + 2] - 0xc6) > 30) off++;
      if (rgb && Math.abs(d[i] - rgb[0]) < 40 && Math.abs(d[i + 1] - rgb[1]) < 40 && Math.abs(d[i + 2] - rgb[2]) < 40) has = true;
      print = (print * 31 + d[i] + d[i + 1] * 7 + d[i + 2] * 13) % 1000000007;
    }
    return { share: off / (d.length / 4), has, print };
  }, rgb);

/** Next and Skip show whole, uncovered, in the viewport, finger-sized. */
async function buttonsOnScreen(page, where) {
  for (const id of ['#guide-next', '#guide-skip']) {
    const b = await onScreen(page, id);
    assert.ok(b && b.height >= 44, `${id} on screen and 44 px tall at ${where}: ${JSON.stringify(b)}`);
  }
}

for (const [width, height] of SIZES) {
  test(`${width}x${height}: with a hidden hand, aids and farmers the guide has seven cards, the hand's, the long press's, the crossed-out squares' and Fields' each with a picture the board draws`, async () => {
    const { context, page, errors } = await start(width, height, { hand: 3, boxes: ['#o-hand-hidden'] });
    try {
      const first = RGB[(await view(page)).colours[0]];
      const prints = new Set();
      const want = [0, 1, 2, 3, 4, 5, 6];
      for (const [i, id] of want.entries()) {
        const c = await card(page);
        assert.deepEqual(c.shown, [id], `card ${i + 1} is guide-${id}`);
        assert.equal(c.step, `${i + 1} of 7`);
        const where = `guide-${id}, ${width}x${height}`;
        assert.ok(await onScreen(page, `#guide-${id} p`), `its words show whole at ${where}`);
        await buttonsOnScreen(page, where);
        const pictured = [1, 4, 5, 6].includes(id);
        if (pictured) {
          assert.ok(await onScreen(page, '#guide-pic'), `the picture shows whole, uncovered, at ${where}`);
          // Fields: the field hatched in the first player's colour, whose farmer it is.
          const p = await picture(page, id === 6 ? first : null);
          assert.ok(p.share > 0.2, `the picture is drawn at ${where}: ${p.share}`);
          if (id === 6) assert.ok(p.has, `the field is hatched in the first player's colour at ${where}`);
          assert.ok(!prints.has(p.print), `each card's picture is its own at ${where}`);
          prints.add(p.print);
          await page.screenshot({ path: join(SHOTS, `guide-${id}-${width}x${height}.png`) });
        } else {
          assert.ok(await page.isHidden('#guide-pic'), `no picture at ${where}`);
        }
        assert.equal(await page.textContent('#guide-next'), i === want.length - 1 ? 'Play' : 'Next');
        await tap(page, '#guide-next');
      }
      assert.ok(await page.isHidden('#guide'), 'Play on the last card closes it');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('390x844: a game without aids shows only how a turn goes; without farmers there is no Fields card; Skip closes at any card', async () => {
  for (const [boxes, want] of [[['#o-no-aids'], [0, 2, 3]], [['#o-farmers'], [0, 2, 3, 4, 5]]]) {
    const { context, page, errors } = await start(390, 844, { boxes });
    try {
      const seen = [];
      while (await page.isVisible('#guide')) {
        const c = await card(page);
        seen.push(c.shown[0]);
        assert.equal(c.step, `${seen.length} of ${want.length}`);
        await buttonsOnScreen(page, `${boxes} card ${seen.length}`);
        await tap(page, '#guide-next');
      }
      assert.deepEqual(seen, want, `the cards of a game with ${boxes} changed`);
      // Opened again from the menu: Skip on a later card closes it.
      await tap(page, '#settings summary');
      await tap(page, '#guide-open');
      await tap(page, '#guide-next');
      await tap(page, '#guide-skip');
      assert.ok(await page.isHidden('#guide'));
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});
