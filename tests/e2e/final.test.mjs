// End-to-end: the end of a game as the top bar and the score table tell it.
// While the board walks through the final scoring, the top bar says "Final
// scoring…" and its scores climb item by item; then it names the winner
// beside the winner's swatch. The score table has a Garden column only in a
// game with the abbot, the only piece that scores gardens.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { drawn, loadFile, onScreen, playTurn, runUntil, tap, view } from './page.mjs';
import { lastTurnLeft } from './records.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

/** The top bar's scores, seat by seat. */
const barScores = (page) => page.$$eval('#scores > span', (l) => l.map((s) => Number(s.lastElementChild.textContent)));

for (const [width, height, seed, rules] of [[1024, 768, 4, {}], [768, 1024, 5, { abbot: true }], [390, 844, 4, { abbot: true }]]) {
  const abbot = !!rules.abbot;
  test(`${width}x${height}, ${abbot ? 'with' : 'without'} the abbot: the top bar counts the final scoring as it is walked through, then names the winner with their swatch`, async () => {
    const path = lastTurnLeft({ seed, rules });
    // The page's clock, run by the test: the walk-through's pauses take no real time.
    const { context, page, errors: problems } = await tab(browser, server.url + '?setup', { width, height, touch: true, isMobile: width < 500, clock: true });
    try {
      await loadFile(page, '#setup-import', path);
      await page.waitForFunction(() => document.getElementById('setup').hidden && window.__carcassonne.state().game.tiles_left === 0 && !window.__carcassonne.state().game.finished);
      // The last tile, by finger: on a legal cell on screen, Confirm, no follower.
      await playTurn(page, { touch: true });
      await page.waitForFunction(() => window.__carcassonne.state().game.finished);
      const end = (await view(page)).game;
      const finals = end.players.map((p) => p.score.total);

      // The walk-through: "Final scoring…", and scores short of the end.
      await runUntil(page, () => window.__carcassonne.state().walk === 'running', 'the walk-through begins');
      assert.equal(await page.textContent('#turn-name'), 'Final scoring…');
      assert.equal(await page.textContent('#prompt'), 'Final scoring: the points still due are shown in turn');
      assert.ok(await onScreen(page, '#turn-name'), 'the line is on screen');
      const first = await barScores(page);
      assert.ok(first.every((v, i) => v <= finals[i]), `${first} against ${finals}`);
      assert.ok(first.reduce((a, b) => a + b) < finals.reduce((a, b) => a + b), `the bar counts the items to come later: ${first} against ${finals}`);
      await drawn(page);
      await page.screenshot({ path: `${SHOTS}end-walk-${width}x${height}.png` });
      // The scores only ever climb, to the final totals: seen every half item (1.1 s each).
      let last = first;
      while ((await view(page)).walk === 'running') {
        const now = await barScores(page);
        assert.ok(now.every((v, i) => v >= last[i] && v <= finals[i]), `${now} after ${last}`);
        last = now;
        await page.clock.fastForward(550);
      }
      await runUntil(page, () => !document.getElementById('panel').hidden, 'the results');
      assert.deepEqual(await barScores(page), finals);

      // Game over: the winner named, beside the winner's swatch.
      const winner = end.winners[0];
      assert.notEqual(winner, end.current_player, 'this game tells the winner from the next player apart');
      assert.match(await page.textContent('#turn-name'), new RegExp(`^Game over: ${end.players[winner].name}`));
      assert.equal(await page.textContent('#turn-swatch'), String(winner + 1), 'the swatch is the winner\'s');
      // The score table: a Garden column only with the abbot.
      const head = await page.$$eval('#score-table tr:first-child th', (ths) => ths.map((t) => t.textContent));
      assert.deepEqual(head, ['Player', 'Total', 'Road', 'City', 'Monastery', ...(abbot ? ['Garden'] : []), 'Field']);
      for (let i = 1; i <= head.length; i++) assert.ok(await onScreen(page, `#score-table tr:first-child th:nth-child(${i})`), `${head[i - 1]} is on screen`);
      await drawn(page);
      await page.screenshot({ path: `${SHOTS}end-results-${width}x${height}.png` });
      await tap(page, '#panel-close');
      await drawn(page);
      await page.screenshot({ path: `${SHOTS}end-over-${width}x${height}.png` });
      assert.ok(await onScreen(page, '#turn-swatch'), 'the swatch is on screen');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
