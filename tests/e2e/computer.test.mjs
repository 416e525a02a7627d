// End-to-end: computer players. A computer seat thinks in a Web Worker while
// the page stays responsive, plays its move out on the board, survives a
// reload mid-think, gives a person hints, is undone with the person's turn,
// and a table of computers plays a whole game on its own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { LONG_TASKS, playTurn, ready, runUntil, view } from './page.mjs';
import { replay, scratch } from './records.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

/** A fresh tab (tab()'s options), its long tasks collected; console warnings count as errors. */
const open = (query = '', { init = [], ...options } = {}) =>
  tab(browser, server.url + query, { init: [init, LONG_TASKS].flat(), warnings: true, ...options });

const turnOf = (page, player, moves) =>
  page.waitForFunction(
    ([p, n]) => {
      const s = window.__carcassonne.state();
      return s.game.current_player === p && s.game.turn === n && !s.busy;
    },
    [player, moves + 1],
    { timeout: 30000 },
  );

test('a computer thinks in a worker, with no long task on the page, and plays its move out on the board', async () => {
  const { context, page, errors } = await open('?seed=5&seats=human,hard');
  try {
    const start = await view(page);
    assert.deepEqual(start.seats, ['human', 'hard']);
    await playTurn(page);
    const t0 = await page.evaluate(() => performance.now());
    // Read in the same frame as `thinking`: a fast answer would otherwise
    // have the prompt on "is playing" by the time it is read.
    const shown = await page.waitForFunction(() => window.__carcassonne.state().thinking && {
      detail: document.getElementById('turn-detail').textContent,
      prompt: document.getElementById('prompt').textContent,
    });
    const { detail, prompt } = await shown.jsonValue();
    assert.match(detail, /computer, hard/);
    assert.match(prompt, /is thinking/);
    assert.ok(await page.isHidden('#confirm'), 'no controls for a person during the computer turn');
    // While it thinks the page still answers at once: a zoom key redraws the board.
    const before = (await view(page)).scale;
    await page.keyboard.press('+');
    assert.ok((await view(page)).scale > before, 'the page responds while the computer thinks');
    // The move is played out: the tile rests on its cell before it is laid.
    await page.waitForFunction(() => {
      const s = window.__carcassonne.state();
      return s.candidate && s.game.current_player === 1 && s.game.step === 'place_tile';
    }, null, { timeout: 30000 });
    const t1 = await page.evaluate(() => performance.now());
    await turnOf(page, 0, 2);
    const end = await view(page);
    assert.equal(end.game.tiles.length, 3, 'the computer laid its tile');
    assert.ok(await page.isHidden('#handover'), 'no hand-over screen between a person and a computer');
    // Hard searches in two parts at once, a worker each, added up on the page.
    assert.equal(page.workers().length, 2, 'a worker for each part of hard\'s search');
    const long = await page.evaluate(([a, b]) => window.__long.filter((t) => t.start >= a && t.start <= b && t.duration >= 50), [t0, t1]);
    assert.deepEqual(long, [], `no main-thread task of 50 ms or more while the computer thinks: ${JSON.stringify(long)}`);
    console.log(`# computer think (hard, release wasm, worker): ${end.thinkMs.map((m) => m.toFixed(0)).join(', ')} ms`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a reload while the computer thinks: the new page asks again and the game goes on', async () => {
  const { context, page, errors } = await open();
  try {
    assert.ok(await page.isVisible('#setup'));
    await page.selectOption('#seat-1', 'hard');
    await page.selectOption('#first', '0');
    await page.click('#start');
    await page.click('#guide-skip'); // a first game opens the guide
    await page.waitForFunction(() => window.__carcassonne.state().seats.join() === 'human,hard');
    await playTurn(page);
    await page.waitForFunction(() => window.__carcassonne.state().thinking);
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    const again = await view(page);
    assert.deepEqual(again.seats, ['human', 'hard'], 'the seats come back with the save');
    assert.equal(again.game.turn, 2);
    await turnOf(page, 0, 2);
    assert.equal((await view(page)).game.tiles.length, 3);
    // The start screen remembers the computer seat.
    await page.click('#settings summary');
    await page.click('#new-game');
    assert.match(await page.textContent('#ask-text'), /Start a new game\?/);
    await page.click('#ask-yes');
    await page.waitForSelector('#setup:not([hidden])');
    assert.equal(await page.inputValue('#seat-1'), 'hard');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the start screen opened while a computer plays stays up: the computer stops, no hand-over comes behind it', async () => {
  // Every answer of the AI worker that reaches the page, counted.
  const init = () => {
    window.__answers = 0;
    const W = window.Worker;
    window.Worker = class extends W {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', () => window.__answers++);
      }
    };
  };
  const { context, page, errors } = await open('?seed=5&seats=easy,human,human', { clock: true, init });
  try {
    // The computer is to play first; the table opens the start screen meanwhile.
    await page.click('#settings summary');
    await page.click('#new-game');
    let s = await view(page);
    assert.equal(s.screen, 'setup');
    const tiles = s.game.tiles.length;
    // The computer's move is thought (in the worker, in real time) and answered...
    await page.waitForFunction(() => window.__answers > 0, null, { timeout: 30000 });
    // ...then four seconds of the page's timers and frames, enough to play it
    // out (at most 1.65 s of pauses) were it taken.
    await page.clock.runFor(4000);
    s = await view(page);
    assert.equal(s.screen, 'setup', 'the start screen is still the screen');
    assert.ok(await page.isVisible('#setup'), 'and it shows, with the form as it was');
    assert.ok(await page.isHidden('#handover'), 'no hand-over card came over it');
    assert.equal(s.game.tiles.length, tiles, "the computer's move was dropped, not played behind the start screen");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a hint lays the tile where the computer would, and marks its follower spot after Confirm', async () => {
  const { context, page, errors } = await open('?seed=11&seats=human,human');
  try {
    await page.click('#hint');
    await page.waitForFunction(() => window.__carcassonne.state().candidate);
    const first = await view(page);
    const [x, y] = first.candidate;
    assert.ok(first.fits.some((f) => f.at[0] === x && f.at[1] === y && (f.rotations >> first.rotation) & 1), 'the hint is a legal placement');
    assert.ok(await page.isEnabled('#confirm'));
    // Back to the hand and ask again: the same advice.
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !window.__carcassonne.state().candidate);
    await page.keyboard.press('h');
    await page.waitForFunction(() => window.__carcassonne.state().candidate);
    const second = await view(page);
    assert.deepEqual([second.candidate, second.rotation], [first.candidate, first.rotation], 'a hint is reproducible');
    await page.click('#confirm');
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
    const after = await view(page);
    if (after.focus !== null) assert.ok(after.focus < after.options.length, 'the hinted spot is one of the choices');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('undo against a computer takes back to the person\'s own turn with the same tile, and redo replays both', async () => {
  const { context, page, errors } = await open('?seed=8&seats=human,medium');
  try {
    const tile = (await view(page)).game.tile;
    await playTurn(page);
    await turnOf(page, 0, 2);
    const played = await view(page);
    assert.ok(await page.isEnabled('#undo'));
    await page.click('#undo'); // one person at the table: nobody else need agree
    await page.waitForFunction(() => window.__carcassonne.state().game.turn === 1);
    const back = await view(page);
    assert.equal(back.game.current_player, 0);
    assert.equal(back.game.tile, tile, 'the same tile is back in hand');
    assert.equal(back.game.tiles.length, 1);
    await page.click('#settings summary');
    await page.click('#redo');
    await page.waitForFunction(() => window.__carcassonne.state().game.turn === 3);
    const redone = await view(page);
    assert.deepEqual(redone.game.tiles, played.game.tiles, 'redo replays the person\'s turn and the computer\'s');
    assert.equal(redone.game.current_player, 0);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a table of computers plays a whole game by itself, scored as `carcassonne replay` says', async () => {
  // The page's clock, run by the test: the computers' moves are played out
  // with no real time waited; only their thinking, in the workers, takes any.
  const { context, page, errors } = await open('?seed=21&seats=easy,medium,easy', { reducedMotion: 'reduce', acceptDownloads: true, clock: true });
  try {
    assert.ok(await page.isDisabled('#undo'), 'no person has played: nothing to undo');
    await runUntil(page, () => window.__carcassonne.state().game.finished, 'the game ends');
    const shown = (await view(page)).game;
    assert.ok(shown.winners.length > 0);
    assert.equal(shown.tiles_left, 0);
    // Less motion still walks through the final scoring item by item, then shows the results.
    const walk = await view(page);
    assert.ok(walk.effects > 0 && (await page.isHidden('#panel')), 'the final scoring is shown in turn before the results');
    await runUntil(page, () => !document.getElementById('panel').hidden, 'the results');
    await page.screenshot({ path: join(SHOTS, 'computers-results-1024x768.png') });
    await page.click('#panel-close');
    await page.click('#settings summary');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    const path = scratch('computers.json');
    await download.saveAs(path);
    const result = replay(path);
    assert.equal(result.finished, true);
    assert.deepEqual(result.players.map((p) => p.total), shown.players.map((p) => p.score.total));
    assert.ok(result.players.some((p) => p.total > 40), 'computers that score as players do');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('benchmark: the hard computer\'s think time in the workers over a game (printed, not asserted)', async () => {
  const { context, page, errors } = await open('?seed=31&seats=human,human');
  try {
    const times = await page.evaluate(async () => {
      // The page's own worker script and module, as the computer seats use
      // them: hard's two parts at once, a worker each, as the page asks them.
      const { Game } = window.wasmBindings;
      const module = document.querySelector('link[rel=modulepreload]').href;
      const workers = [0, 1].map(() => {
        const w = new Worker('./ai-worker.js', { type: 'module' });
        w.postMessage({ module, wasm: module.replace(/\.js$/, '_bg.wasm') });
        return w;
      });
      const ask = (w, record, id, part) => new Promise((done) => {
        w.onmessage = ({ data }) => done(data);
        w.postMessage({ id, record, level: 'hard', seed: id, part });
      });
      const game = new Game({ players: ['A', 'B'], seed: 31 });
      const out = [];
      for (let turn = 0; !game.result().finished; turn++) {
        if (turn % 6 === 0) {
          const t = performance.now();
          const parts = await Promise.all(workers.map((w, k) => ask(w, game.record(), turn, k)));
          const wall = performance.now() - t;
          for (const a of parts) if (a.error) throw new Error(a.error);
          out.push({ turn, ms: Math.max(...parts.map((a) => a.ms)), wall });
        }
        const m = game.suggest('greedy', turn);
        game.apply({ type: 'place_tile', at: m.at, rotation: m.rotation });
        game.apply(m.action);
      }
      for (const w of workers) w.terminate();
      return out;
    });
    const stats = (key) => {
      const ms = times.map((t) => t[key]).sort((a, b) => a - b);
      const at = (q) => ms[Math.round((ms.length - 1) * q)].toFixed(0);
      return `median ${at(0.5)}, p90 ${at(0.9)}, max ${at(1)}`;
    };
    console.log(`# wasm_hard_move_ms (release build, two workers, ${times.length} moves over a game): slower part ${stats('ms')}; asked to answered ${stats('wall')}`);
    console.log(`# per turn: ${times.map((t) => `${t.turn}:${t.ms.toFixed(0)}/${t.wall.toFixed(0)}`).join(' ')}`);
    assert.ok(times.length >= 10, 'moves were timed across the game');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

for (const level of ['easy', 'hard']) {
  test(`if the workers cannot load, the computer (${level}) thinks on the page and the game goes on`, async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    await context.route('**/ai-worker.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(server.url + `?seed=5&seats=human,${level}`, { waitUntil: 'load' });
      await ready(page);
      await playTurn(page);
      await turnOf(page, 0, 2);
      const s = await view(page);
      assert.equal(s.game.tiles.length, 3, 'the computer played without its worker');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

/** Keeps every text the announcer says from now on in window.__said. */
const listen = (page) => page.evaluate(() => {
  window.__said = [];
  new MutationObserver(() => {
    const t = document.getElementById('announcer').textContent;
    if (t) window.__said.push(t);
  }).observe(document.getElementById('announcer'), { childList: true, characterData: true, subtree: true });
});

test('screen readers hear where a computer laid its tile, and a person hears it with the follower spots offered', async () => {
  const { context, page } = await tab(browser, server.url + '?seed=5&seats=human,easy');
  try {
    await listen(page);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    for (let i = 0; i < 4 && !(await page.isEnabled('#confirm')); i++) await page.keyboard.press('r');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
    const [me, it] = (await view(page)).game.players.map((p) => p.name);
    const mine = await page.evaluate(() => window.__said.at(-1));
    assert.ok(mine.startsWith(`${me} placed a tile at `), mine);
    assert.match(mine, /placed a tile at -?\d+, -?\d+\..*(Follower spots: 1 .*or S for no follower\.|No follower can go on it: press No follower\.)$/, mine);
    await page.evaluate(() => { window.__said = []; });
    await page.keyboard.press('s');
    await page.waitForFunction(() => { const s = window.__carcassonne.state(); return s.game.turn === 3 && s.game.current_player === 0 && !s.busy; }, null, { timeout: 20000 });
    const said = await page.evaluate(() => window.__said);
    assert.ok(said.some((t) => t.includes(`${it} placed a tile at`)), `where the computer laid its tile is said: ${said.join(' | ')}`);
    assert.ok(!said.some((t) => /for no follower|press No follower/.test(t)), `no follower keys offered during the computer's turn: ${said.join(' | ')}`);
  } finally {
    await context.close();
  }
});
