// The hard computer's thinking time on the page (issue 20): the release
// build in dist/, Chromium's CPU throttled 4x, the wasm on the page's main
// thread. One 4-player game: seat 0 plays hard (each of its moves timed),
// the others greedy. Hard searches in parts that the page runs at once, a
// worker each, so a move takes as long as its slowest part: each part is
// timed here in turn, on the throttled main thread, and the move counts the
// slowest (plus adding them up, a few ms). The engine is warmed first as
// the workers warm it when they start. Prints each move's ms, then the
// median and the worst, and those of part 0 alone (one search, one worker).
// With `runs` above 1 it plays the game that many times and also gives each
// move's fastest run: the moves are the same every run, so what differs is
// the machine's load.
// Usage: node scripts/ai-time.mjs [seed] [rate] [rules JSON, e.g. '{"hand":3}'] [runs]
// (after `bash scripts/test.sh` or `trunk build --release --features hook,link`: it reads the test hook)
import { closeSite, openSite, ready } from '../tests/e2e/browser.mjs';

const seed = Number(process.argv[2] ?? 3);
const rate = Number(process.argv[3] ?? 4);
const rules = JSON.parse(process.argv[4] ?? '{}');
const runs = Number(process.argv[5] ?? 1);
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
const worst = (v) => Math.max(...v);
const { browser, server } = await openSite();
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}?seed=1&players=2`);
  await ready(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const fastest = [];
  for (let run = 0; run < runs; run++) {
    const [times, first] = await page.evaluate(([seed, rules, run]) => {
      const { Game } = window.wasmBindings;
      // As each worker does when it starts (www/ai-worker.js): one medium
      // search, so the engine's hot code is compiled at full speed before
      // the first move is timed, as it is on the page.
      if (run === 0) {
        const warm = new Game({ players: ['a', 'b'], seed: 1 });
        warm.suggest('medium', 1);
        warm.free();
      }
      const game = new Game({ players: ['A', 'B', 'C', 'D'], seed, rules });
      const times = [];
      const first = [];
      for (let turn = 0; !game.result().finished; turn++) {
        const hard = game.state().current_player === 0;
        if (hard) {
          let slowest = 0;
          for (let part = 0; ; part++) {
            const t = performance.now();
            const visits = game.suggestPart('hard', turn, part);
            if (!visits) break;
            const ms = performance.now() - t;
            if (part === 0) first.push(ms);
            slowest = Math.max(slowest, ms);
          }
          times.push(slowest);
        }
        const m = game.suggest(hard ? 'hard' : 'greedy', turn);
        game.apply({ type: 'place_tile', at: m.at, rotation: m.rotation, tile: m.tile });
        game.apply(m.action);
      }
      game.free();
      return [times, first];
    }, [seed, rules, run]);
    console.log(times.map((t) => t.toFixed(0)).join(' '));
    console.log(`hard moves: ${times.length} (each its slowest part), median ${median(times).toFixed(0)} ms, worst ${worst(times).toFixed(0)} ms (CPU throttled ${rate}x, rules ${JSON.stringify(rules)}); part 0 alone: median ${median(first).toFixed(0)} ms, worst ${worst(first).toFixed(0)} ms`);
    times.forEach((t, i) => { fastest[i] = Math.min(fastest[i] ?? Infinity, t); });
  }
  if (runs > 1) {
    // The same game plays the same moves every run: each move's fastest
    // run is its time without the bursts of the machine's neighbours.
    console.log(`each move's fastest of ${runs} runs: median ${median(fastest).toFixed(0)} ms, worst ${worst(fastest).toFixed(0)} ms`);
  }
} finally {
  await closeSite(browser, server);
}
