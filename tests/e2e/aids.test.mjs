// End-to-end: board-reading aids. A game whose board has a spot no tile
// still to come can fill (the engine's answer is checked against brute
// force natively, in tests/aids.rs) shows it crossed out on the board, and
// the score card counts it, at tablet and phone sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ROOT, SHOTS, closeSite, openSite, ready, view, onScreen } from './browser.mjs';

const FIXTURE = readFileSync(`${ROOT}tests/e2e/fixtures/unfillable-spot.json`);

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

/** The canvas pixel (RGBA) at CSS point (x, y) of the board. */
const pixel = (page, x, y) =>
  page.evaluate(([x, y]) => {
    const c = document.getElementById('board');
    const r = c.getBoundingClientRect();
    const k = c.width / r.width;
    return Array.from(c.getContext('2d').getImageData(Math.round((x - r.left) * k), Math.round((y - r.top) * k), 1, 1).data);
  }, [x, y]);

for (const [width, height] of [[1024, 768], [390, 844]]) {
  test(`a spot no tile can fill is crossed out on the board and counted on the score card (${width}x${height})`, async () => {
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(server.url, { waitUntil: 'load' });
    await ready(page);
    // From the start screen: load the game file.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.tap('#setup-import')]);
    await chooser.setFiles({ name: 'game.json', mimeType: 'application/json', buffer: FIXTURE });
    await page.waitForFunction(() => window.__carcassonne.state().game.tiles.length === 26);
    const s = await view(page);
    assert.equal(s.screen, 'table');
    assert.deepEqual(s.holes, [[-1, -1]], 'the one spot no tile still to come fits');

    // Crossed out where it lies: the cross's dark stroke at the cell's centre,
    // which the bare table around the board never shows.
    await page.tap('#fit');
    await page.waitForTimeout(100);
    const c = await page.evaluate(() => window.__carcassonne.screenOf(-1, -1));
    const free = await page.evaluate(() => {
      const top = document.getElementById('topbar').getBoundingClientRect().bottom;
      const bottom = document.getElementById('dock').getBoundingClientRect().top;
      return { top, bottom };
    });
    assert.ok(c.x > 0 && c.x < width && c.y > free.top && c.y < free.bottom, `on screen between the bars: ${JSON.stringify(c)}`);
    const [r, g, b] = await pixel(page, c.x, c.y);
    assert.ok(r < 170 && r > g + 15 && r > b + 15, `the cross's dark red-brown at the centre, got ${[r, g, b]}`);
    // A legal cell is not crossed out.
    const fit = s.fits[0];
    const [fr, fg, fb] = await pixel(page, fit.x, fit.y);
    assert.ok(fr > 200 && fg > 190, `a cell where a tile fits stays light, got ${[fr, fg, fb]}`);

    // The score card says how many.
    await page.tap('#scores');
    await page.waitForFunction(() => !document.getElementById('panel').hidden);
    const words = await page.textContent('#panel-winners');
    assert.match(words, /1 spot no tile can fill/);
    assert.ok(await onScreen(page, '#panel-winners'), 'the count is on screen, uncovered');
    await page.screenshot({ path: `${SHOTS}aids-unfillable-${width}x${height}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });
}
