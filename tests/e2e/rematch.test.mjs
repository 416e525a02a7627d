// End-to-end: a table of computers plays game after game in one page. Each
// game ends with the results and a Rematch button, and the page does not
// grow from game to game (heap, DOM nodes, event listeners, as Chromium's
// DevTools protocol counts them). The page's clock is driven by the test, so
// five whole games take seconds of timers, not minutes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeSite, openSite, tab } from './browser.mjs';
import { onScreen, ready, runUntil, view } from './page.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite()));
after(() => closeSite(browser, server));

/**
 * Heap in use, DOM nodes and listeners after a full garbage collection: the
 * least of three such readings, as one collection can leave some
 * detached nodes for the next (single readings varied by about 45 nodes).
 */
async function counters(cdp) {
  let least = null;
  for (let i = 0; i < 3; i++) {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
    const r = { heap: m.JSHeapUsedSize, nodes: m.Nodes, listeners: m.JSEventListeners };
    least = least ? { heap: Math.min(least.heap, r.heap), nodes: Math.min(least.nodes, r.nodes), listeners: Math.min(least.listeners, r.listeners) } : r;
  }
  return least;
}

test('five games in a row in one page each offer Rematch, and the page does not grow per game', async () => {
  const { context, page, errors } = await tab(browser, server.url + '?seats=easy,easy', { reducedMotion: 'reduce', clock: true });
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.enable');
    const seen = [];
    const deals = new Set();
    for (let game = 1; game <= 5; game++) {
      await runUntil(page, () => window.__carcassonne.state().game.finished, `game ${game} ends`);
      await runUntil(page, () => !document.getElementById('panel').hidden, `the results of game ${game}`);
      const rematch = await onScreen(page, '#rematch');
      assert.ok(rematch, `game ${game} offers Rematch, on screen and uncovered`);
      const s = await view(page);
      assert.equal(s.game.tiles_left, 0);
      deals.add(JSON.stringify(s.game.tiles.slice(0, 12)));
      seen.push(await counters(cdp));
      await page.mouse.click(rematch.x, rematch.y);
      await runUntil(page, () => {
        const s = window.__carcassonne.state();
        return s && !s.game.finished && document.getElementById('panel').hidden;
      }, `game ${game + 1} begins`);
    }
    assert.equal(deals.size, 5, 'each rematch deals a new game');
    console.log('per game (heap bytes, DOM nodes, listeners):', JSON.stringify(seen));
    // Game 1 loads what the page keeps (the worker, pictures of tiles): from
    // game 2 on, the least-squares growth per game must stay within noise.
    const after1 = seen.slice(1);
    const slope = (key) => {
      const n = after1.length;
      const mx = (n - 1) / 2;
      const my = after1.reduce((a, m) => a + m[key], 0) / n;
      const cov = after1.reduce((a, m, i) => a + (i - mx) * (m[key] - my), 0);
      const v = after1.reduce((a, _, i) => a + (i - mx) ** 2, 0);
      return cov / v;
    };
    const growth = { heap: slope('heap'), nodes: slope('nodes'), listeners: slope('listeners') };
    console.log('growth per game from game 2 on:', JSON.stringify(growth));
    assert.ok(after1.at(-1).listeners <= after1[0].listeners, `listeners do not pile up: ${JSON.stringify(after1.map((m) => m.listeners))}`);
    assert.ok(growth.nodes < 10, `DOM nodes do not pile up: ${JSON.stringify(after1.map((m) => m.nodes))}`);
    assert.ok(growth.heap < 100 * 1024, `the heap does not grow per game: ${JSON.stringify(after1.map((m) => m.heap))}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a reload during the final scoring\'s walk-through opens the results with Rematch, at 768x1024', async () => {
  const { context, page, errors } = await tab(browser, server.url + '?seed=11&seats=easy,easy', { width: 768, height: 1024, clock: true });
  try {
    await runUntil(page, () => window.__carcassonne.state().walk === 'running', 'the walk-through starts');
    await page.clock.runFor(1200);
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    await page.clock.runFor(500);
    await page.waitForSelector('#panel:not([hidden])');
    const s = await view(page);
    assert.ok(s.game.finished && s.layers.includes('scores'), `the results are open: ${JSON.stringify(s.layers)}`);
    assert.ok(await onScreen(page, '#rematch'), 'Rematch is on screen, uncovered');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
