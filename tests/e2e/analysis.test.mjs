// End-to-end: "Analyse this game" on the review screen of the release
// build, by touch, at a landscape tablet and a phone (issue 36). A finished
// 2-player game of 24 tiles is loaded from a file (tests/e2e/fixtures/
// analysis-2p.json: Ann plays random moves, Bob greedy ones). The analysis
// runs in the AI workers with its progress bar; Cancel stops it, and it
// goes on from what was kept (after a reload at 1024x768); the chart draws
// the evaluation of the moves judged so far; each mistake and blunder gets
// a mark over the chart, no mark covering another, a tap on one goes to its
// move, and there the computer's better move is drawn as a ghost tile
// framed in blue with the sentence that says why (beside the tile played
// when it goes on the same cell: tests/e2e/fixtures/analysis-shared.json,
// a base game's first three moves). Every control checked is inside the
// viewport, visible and uncovered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { closeSite, openSite, SHOTS, tab } from './browser.mjs';
import { cellPixels, changed, drawn, loadFile, onScreen, ready, tap } from './page.mjs';

const FILE = readFileSync(new URL('./fixtures/analysis-2p.json', import.meta.url));
const SHARED = readFileSync(new URL('./fixtures/analysis-shared.json', import.meta.url));
const RECORD = JSON.parse(FILE);
const MOVES = RECORD.moves.length;

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

const review = (page) => page.evaluate(() => window.__carcassonne.state().review);

/** Opens the review from the settings menu, by touch. */
async function openReview(page) {
  await tap(page, '#settings summary');
  await tap(page, '#review-open');
  await page.waitForFunction(() => window.__carcassonne.state().screen === 'review');
  await drawn(page);
}

/** How far the analysis has gone: the progress bar's value, and whether it runs. */
const progress = (page) =>
  page.evaluate(() => ({
    done: Number(document.getElementById('rv-progress').getAttribute('value')),
    run: document.getElementById('rv-an').dataset.run,
  }));

/** `selector` whole inside the viewport, visible and uncovered. */
async function shown(page, selector, where) {
  await page.locator(selector).scrollIntoViewIfNeeded();
  const p = await onScreen(page, selector);
  assert.ok(p, `${selector} is on screen, whole and uncovered (${where})`);
  assert.ok(await page.isVisible(selector), `${selector} is visible (${where})`);
  return p;
}

/** How many pixels of the board over cell `at` are the better move's blue frame. */
async function blue(page, at) {
  const px = await cellPixels(page, at);
  let n = 0;
  for (let i = 0; i < px.length; i += 4) {
    if (Math.abs(px[i] - 47) + Math.abs(px[i + 1] - 111) + Math.abs(px[i + 2] - 208) < 40) n++;
  }
  return n / (px.length / 4);
}

/**
 * Counts the page's questions to its AI workers for the analysis, and the
 * judgements they send back (`window.__asked`, `window.__judged`), so a
 * test can wait until every question asked has its answer.
 */
function countAnswers() {
  const W = window.Worker;
  window.__asked = window.__judged = 0;
  window.Worker = class extends W {
    constructor(...a) {
      super(...a);
      this.addEventListener('message', (e) => (window.__judged += e.data?.judged ? 1 : 0));
    }
    postMessage(m, ...t) {
      window.__asked += m?.analyse === undefined ? 0 : 1;
      super.postMessage(m, ...t);
    }
  };
}

/** The score chart's pixels (RGBA), with its width in canvas pixels. */
const chartPixels = (page) =>
  page.evaluate(() => {
    const c = document.getElementById('review-chart');
    return { width: c.width, k: c.width / c.getBoundingClientRect().width, px: Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data) };
  });

/**
 * The canvas columns of the score chart where `b` differs clearly from
 * `a`, CSS px from its left.
 */
function changedColumns(a, b) {
  const cols = new Set();
  for (let i = 0; i < a.px.length; i += 4) {
    if (Math.abs(a.px[i] - b.px[i]) + Math.abs(a.px[i + 1] - b.px[i + 1]) + Math.abs(a.px[i + 2] - b.px[i + 2]) > 30) cols.add(((i / 4) % a.width) / a.k);
  }
  return [...cols];
}

/** Taps "Analyse this game" and waits for the bar to show `least` moves judged. */
async function analyseUntil(page, least, where) {
  await shown(page, '#rv-analyse', where);
  await tap(page, '#rv-analyse');
  await page.waitForFunction(() => document.getElementById('rv-an').dataset.run === '1');
  await shown(page, '#rv-progress', where);
  await shown(page, '#rv-stop', where);
  assert.ok(!(await page.isVisible('#rv-analyse')), 'the button gives way to the bar');
  await page.waitForFunction(
    (n) => Number(document.getElementById('rv-progress').getAttribute('value')) >= n,
    least,
    { timeout: 120_000 },
  );
}

for (const [width, height, reload] of [[1024, 768, true], [390, 844, false]]) {
  test(`analyse a finished game by touch at ${width}x${height}: progress, cancel, resume, marks, the better move`, { timeout: 600_000 }, async () => {
    const where = `${width}x${height}`;
    const { context, page, errors } = await tab(browser, server.url, { width, height, touch: true, init: countAnswers });
    try {
      await loadFile(page, '#setup-import', FILE);
      await page.waitForFunction(() => window.__carcassonne.state().game.finished);
      await openReview(page);
      assert.equal((await review(page)).moves, MOVES);
      assert.equal(await page.locator('#rv-marks button').count(), 0, 'no marks before the analysis');
      assert.ok(!(await page.isVisible('#rv-better')) && !(await page.isVisible('#rv-sum')));
      const plain = await chartPixels(page);

      // Analyse: the progress bar fills; Cancel stops it where it is.
      await analyseUntil(page, 2, where);
      await page.screenshot({ path: `${SHOTS}analysis-progress-${where}.png` });
      await tap(page, '#rv-stop');
      await page.waitForFunction(() => document.getElementById('rv-an').dataset.run === '0');
      const stopped = (await progress(page)).done;
      assert.ok(stopped >= 2 && stopped < MOVES, `stopped part way (${stopped} of ${MOVES})`);
      await shown(page, '#rv-analyse', where);
      assert.ok(!(await page.isVisible('#rv-progress')), 'the bar goes once cancelled');
      // Nothing more comes in after Cancel: the workers' late answers are dropped.
      await page.waitForFunction(() => window.__judged === window.__asked, null, { timeout: 60_000 });
      assert.equal((await progress(page)).done, stopped, 'no answer counts after Cancel');
      // The evaluation so far: a column for each move judged, over the
      // chart's left part, and nothing past the last move judged.
      const half = changedColumns(plain, await chartPixels(page));
      const span = (plain.width / plain.k - 42) / MOVES;
      const edge = 34 + span * stopped;
      assert.ok(half.filter((x) => x < edge).length >= span * (stopped - 1), `the columns of the ${stopped} moves judged: ${half.length}`);
      assert.deepEqual(half.filter((x) => x > edge + 1), [], 'no column for a move not judged');

      if (reload) {
        // A reload: what was judged was kept with the game.
        await page.reload();
        await ready(page);
        // The finished game comes back with its scores, and their Review button.
        await tap(page, '#panel-review');
        await page.waitForFunction(() => window.__carcassonne.state().screen === 'review');
        await page.waitForFunction((n) => Number(document.getElementById('rv-progress').getAttribute('value')) === n, stopped);
      }
      // Resumed: it goes on from the moves already judged, to the end.
      await shown(page, '#rv-analyse', where);
      await tap(page, '#rv-analyse');
      assert.ok((await progress(page)).done >= stopped, 'resumed, not started over');
      await page.waitForFunction(() => document.getElementById('rv-an').dataset.run === '2', null, { timeout: 300_000 });
      assert.equal((await progress(page)).done, MOVES, 'every move judged');
      assert.ok(!(await page.isVisible('#rv-analyse')) && !(await page.isVisible('#rv-progress')), 'nothing left to analyse');

      await page.screenshot({ path: `${SHOTS}analysis-done-${where}.png` });
      // The whole evaluation, across the chart, the score lines still drawn over it.
      const whole = changedColumns(plain, await chartPixels(page));
      assert.ok(Math.max(...whole) > 34 + span * (MOVES - 1), `a column up to the last move: ${Math.max(...whole)}`);
      // Each player's summary line.
      await shown(page, '#rv-sum', where);
      const sum = await page.textContent('#rv-sum');
      assert.match(sum, /^Ann: \d+\.\d points lost a move; \d+ inaccurac(y|ies), \d+ mistakes?, \d+ blunders?\nBob: /, sum);

      // The marks: one for each mistake and blunder, each where the page's own
      // analysis (Game.analyseMove, as the workers ran it) says so.
      const marks = await page.$$eval('#rv-marks button', (bs) => bs.map((b) => ({ n: Number(b.dataset.n), label: b.getAttribute('aria-label') })));
      const judged = await page.evaluate(({ record, ns }) => {
        const g = window.wasmBindings.Game.fromRecord(record);
        const out = ns.map((n) => g.analyseMove(n - 1));
        g.free();
        return out;
      }, { record: RECORD, ns: marks.map((m) => m.n) });
      await page.locator('#review-chart').scrollIntoViewIfNeeded();
      const open = [];
      const boxes = [];
      for (const [k, m] of marks.entries()) {
        assert.ok(['mistake', 'blunder'].includes(judged[k].label), `move ${m.n}: ${judged[k].label}`);
        assert.equal(m.label, `Move ${m.n}: ${judged[k].label}`);
        // Each inside the viewport, visible, uncovered and big enough to tap.
        const sel = `#rv-marks button[data-n="${m.n}"]`;
        assert.ok(await page.isVisible(sel), `${sel} visible`);
        const box = await page.locator(sel).boundingBox();
        assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height, `${sel} inside the viewport (${where}): ${JSON.stringify(box)}`);
        assert.ok(box.width >= 24 && box.height >= 24, `${sel} is a finger's target: ${JSON.stringify(box)}`);
        assert.ok(await onScreen(page, sel), `${sel} uncovered (${where})`);
        for (const b of boxes) {
          const apart = box.x >= b.x + b.width || b.x >= box.x + box.width || box.y >= b.y + b.height || b.y >= box.y + box.height;
          assert.ok(apart, `${sel} overlaps no other mark (${where}): ${JSON.stringify([box, b])}`);
        }
        boxes.push(box);
        open.push(k);
      }
      assert.ok(marks.length >= 1, 'the random player made mistakes');
      // The chart's marks sit over their moves, in order along it.
      const xs = await page.$$eval('#rv-marks button', (bs) => bs.map((b) => b.getBoundingClientRect().x));
      assert.deepEqual([...xs].sort((a, b) => a - b), xs);
      const counted = [...sum.matchAll(/(\d+) mistakes?, (\d+) blunders?/g)].reduce((n, m) => n + Number(m[1]) + Number(m[2]), 0);
      // Every mistake and blunder has its mark, but one whose neighbours
      // take both rows of the chart: most have.
      assert.ok(marks.length >= Math.ceil(counted / 2) && marks.length <= counted, `${marks.length} marks for ${counted} mistakes and blunders (${where})`);

      // Tap the costliest mark: the review goes to that move, the sentence
      // says what was better, and the better move is drawn on its cell.
      const worst = open.reduce((w, k) => (judged[k].cost > judged[w].cost ? k : w), open[0]);
      const m = marks[worst];
      await tap(page, `#rv-marks button[data-n="${m.n}"]`);
      await page.waitForFunction((n) => window.__carcassonne.state().review.at === n, m.n);
      await drawn(page);
      await shown(page, '#rv-better', where);
      const line = await page.textContent('#rv-better');
      assert.match(line, /^An? (mistake|blunder), \d+\.\d points lost\. Better here: the computer's move [a-z ]+[a-z0-9 ]*\.$/, line);
      const best = judged[worst].best.at;
      const framed = await blue(page, best);
      assert.ok(framed > 0.03, `the better move's cell (${best}) is framed in blue: ${framed}`);
      await page.screenshot({ path: `${SHOTS}analysis-better-${where}.png` });
      // A move without a cost shows neither.
      await tap(page, '#rv-first');
      await page.waitForFunction(() => window.__carcassonne.state().review.at === 0);
      await drawn(page);
      assert.ok(!(await page.isVisible('#rv-better')), 'no better move at the start');
      assert.ok((await blue(page, best)) < framed / 3, 'no frame without a better move');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

for (const [width, height] of [[1024, 768], [390, 844]]) {
  test(`a better move on the cell of the move played is drawn beside the tile played at ${width}x${height}`, { timeout: 300_000 }, async () => {
    const where = `${width}x${height}`;
    const { context, page, errors } = await tab(browser, server.url, { width, height, touch: true });
    try {
      // A game in progress, three moves in: the second player's tile at
      // (0,-1) left out its follower (a mistake).
      await loadFile(page, '#setup-import', SHARED);
      await page.waitForFunction(() => window.__carcassonne.state().game?.tiles?.length === 4);
      await openReview(page);
      await tap(page, '#rv-first');
      await tap(page, '#rv-fwd');
      await tap(page, '#rv-fwd');
      await page.waitForFunction(() => window.__carcassonne.state().review.at === 2);
      await drawn(page);
      const played = await cellPixels(page, [0, -1]);
      await tap(page, '#rv-analyse');
      await page.waitForFunction(() => document.getElementById('rv-an').dataset.run === '2', null, { timeout: 120_000 });
      await shown(page, '#rv-better', where);
      assert.match(await page.textContent('#rv-better'), /^A mistake, [\d.]+ points lost\. Better here: the computer's move /);
      await drawn(page);
      // The better move, framed in blue, lies over a corner of the tile
      // played: most of that tile still shows as it was.
      const both = await cellPixels(page, [0, -1]);
      const covered = changed(played, both);
      assert.ok((await blue(page, [0, -1])) > 0.01, `the better move's blue frame on the cell (${where})`);
      assert.ok(covered > 0.05 && covered < 0.45, `the tile played shows beside the better move: ${covered} of its cell changed (${where})`);
      await page.screenshot({ path: `${SHOTS}analysis-shared-${where}.png` });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
