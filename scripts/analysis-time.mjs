// The analysis on the page (issue 36): how long "Analyse this game" takes
// for a whole game, and whether the page stays smooth meanwhile. The
// release build in dist/, Chromium's CPU throttled `rate` times (CDP
// Emulation.setCPUThrottlingRate, on the page's own thread). The record is
// loaded as a player loads a file, the review opened, and Analyse pressed:
// it prints the wall time until every move is judged (in the AI workers),
// and the frames drawn meanwhile (requestAnimationFrame deltas: median,
// p95, worst); then, for comparison, the frames of the review's autoplay
// alone for as long, the analysis done, and of the page idle before it
// (the machine is shared: its load shows there); with each, the page
// thread's long tasks (over 50 ms) and how long the renderer was busy, its
// workers included (CDP Performance.getMetrics TaskDuration).
// Then, as scripts/ai-time.mjs does for hard's moves, every move judged in
// turn on the throttled page thread itself (`Game.analyseMove`): the sum,
// and what two workers at once would take (half of it), the worst move.
// Usage: node scripts/analysis-time.mjs RECORD.json [rate] (after `trunk build --release`),
// e.g. with `cargo run --release -- random --seed 5 > r.json`.
import { readFileSync } from 'node:fs';
import { closeSite, openSite, tab } from '../tests/e2e/browser.mjs';
import { loadFile } from '../tests/e2e/page.mjs';

const file = readFileSync(process.argv[2]);
const rate = Number(process.argv[3] ?? 4);
const record = JSON.parse(file);
const q = (v, p) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(p * v.length))];
const { browser, server } = await openSite();
try {
  const { page } = await tab(browser, server.url, { width: 1024, height: 768 });
  await loadFile(page, '#setup-import', file, { touch: false });
  await page.waitForFunction(() => window.__carcassonne.state().game.finished);
  await page.click('#settings summary');
  await page.click('#review-open');
  await page.waitForFunction(() => window.__carcassonne.state().screen === 'review');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const collect = () =>
    page.evaluate(() => {
      window.__frames = [];
      window.__long = [];
      window.__obs?.disconnect();
      // The page thread's own long tasks (over 50 ms), whatever the frames.
      window.__obs = new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => e.duration)));
      window.__obs.observe({ type: 'longtask' });
      window.__stop = false;
      const tick = (t) => {
        window.__frames.push(t);
        if (!window.__stop) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  const frames = async (what) => {
    const [f, long] = await page.evaluate(() => {
      window.__stop = true;
      return [window.__frames, window.__long];
    });
    const d = f.slice(1).map((t, i) => t - f[i]);
    const lt = long.length ? `, ${long.length} long tasks, worst ${Math.max(...long).toFixed(0)} ms, ${long.reduce((a, b) => a + b, 0).toFixed(0)} ms in all` : ', no long task';
    console.log(`frames ${what}: ${d.length}, median ${q(d, 0.5).toFixed(1)} ms, p95 ${q(d, 0.95).toFixed(1)} ms, worst ${Math.max(...d).toFixed(1)} ms${lt}`);
  };
  // The renderer busy (CDP's TaskDuration, seconds, the workers' threads
  // too) over a span.
  await cdp.send('Performance.enable');
  const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
  // The machine is shared: first the frames of the page idle, as a floor.
  await collect();
  let b0 = await busy();
  await page.waitForTimeout(8000);
  await frames(`idle, 8 s (renderer busy ${((await busy()) - b0).toFixed(2)} s)`);
  await collect();
  b0 = await busy();
  const t0 = Date.now();
  await page.click('#rv-analyse');
  await page.waitForFunction(() => document.getElementById('rv-an').dataset.run === '2', null, { timeout: 1_800_000, polling: 250 });
  const wall = (Date.now() - t0) / 1000;
  console.log(`${record.moves.length} moves analysed on the page in ${wall.toFixed(1)} s (CPU throttled ${rate}x on the page's thread; the workers are the browser's own)`);
  await frames(`while it ran (renderer busy ${((await busy()) - b0).toFixed(2)} s)`);
  await page.click('#rv-first');
  await collect();
  await page.click('#rv-play');
  await page.waitForTimeout(Math.min(wall, 20) * 1000);
  await frames('of autoplay alone, for comparison');
  await page.click('#rv-play');
  const times = await page.evaluate((record) => {
    const g = window.wasmBindings.Game.fromRecord(record);
    const out = [];
    for (let i = 0; i < record.moves.length; i++) {
      const t = performance.now();
      g.analyseMove(i);
      out.push(performance.now() - t);
    }
    g.free();
    return out;
  }, record);
  const sum = times.reduce((a, b) => a + b, 0) / 1000;
  console.log(`each move on the throttled page thread: sum ${sum.toFixed(1)} s, two at once ${(sum / 2).toFixed(1)} s, median ${q(times, 0.5).toFixed(0)} ms, worst ${Math.max(...times).toFixed(0)} ms`);
} finally {
  await closeSite(browser, server);
}
