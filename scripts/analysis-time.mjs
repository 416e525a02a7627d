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
// Usage: node scripts/analysis-time.mjs RECORD.json [rate] [frames] (after
// `trunk build --release --features hook,link`, for the test hook), e.g. with `cargo run --release -- random --seed
// 5 > r.json`; `frames` stops after the frames, without the moves timed
// one by one (minutes at 4x).
import { readFileSync } from 'node:fs';
import { closeSite, openSite, tab } from '../tests/e2e/browser.mjs';
import { loadFile } from '../tests/e2e/page.mjs';

const file = readFileSync(process.argv[2]);
const rate = Number(process.argv[3] ?? 4);
const record = JSON.parse(file);
const q = (v, p) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(p * v.length))];
const { browser, server } = await openSite();

/** Prints the renderer main thread's tasks of a trace, by kind, with where their time went. */
function tasks(events) {
  const main = new Map();
  for (const e of events) if (e.name === 'thread_name' && e.args.name === 'CrRendererMain') main.set(`${e.pid}:${e.tid}`, 0);
  for (const e of events) if (main.has(`${e.pid}:${e.tid}`)) main.set(`${e.pid}:${e.tid}`, main.get(`${e.pid}:${e.tid}`) + 1);
  const thread = [...main].sort((a, b) => b[1] - a[1])[0][0];
  const on = events.filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const top = on.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const inner = ['FunctionCall', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'ParseHTML', 'HitTest'];
  const kinds = new Map();
  let k = 0;
  for (const t of top) {
    const end = t.ts + t.dur;
    while (k < on.length && on[k].ts < t.ts) k++;
    const kids = [];
    for (let j = k; j < on.length && on[j].ts < end; j++) if (on[j] !== t) kids.push(on[j]);
    const first = kids.find((e) => ['EventDispatch', 'FireAnimationFrame', 'TimerFire', 'FunctionCall', 'BeginMainThreadFrame', 'UpdateLayoutTree', 'Paint'].includes(e.name));
    const kind = !first ? 'other' : first.name === 'EventDispatch' ? `event ${first.args?.data?.type}` : first.name;
    const s = kinds.get(kind) ?? { n: 0, ms: [], by: {} };
    s.n++;
    s.ms.push(t.dur / 1000);
    for (const e of kids) if (inner.includes(e.name)) s.by[e.name] = (s.by[e.name] ?? 0) + e.dur / 1000;
    kinds.set(kind, s);
  }
  for (const [kind, s] of [...kinds].sort((a, b) => b[1].ms.reduce((x, y) => x + y) - a[1].ms.reduce((x, y) => x + y, 0)).slice(0, 8)) {
    const by = Object.entries(s.by).sort((a, b) => b[1] - a[1]).map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(', ');
    console.log(`  ${kind}: ${s.n} tasks, ${s.ms.reduce((a, b) => a + b, 0).toFixed(0)} ms in all, p95 ${q(s.ms, 0.95).toFixed(1)} ms, worst ${Math.max(...s.ms).toFixed(1)} ms (${by})`);
  }
}
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
      // One loop at a time: the last span's loop ends at its next frame.
      const run = (window.__run = (window.__run ?? 0) + 1);
      const tick = (t) => {
        if (window.__run !== run) return;
        window.__frames.push(t);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  const frames = async (what) => {
    const [f, long] = await page.evaluate(() => {
      window.__run++;
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
  // `trace`: Chromium's trace of the page's thread while it runs: its
  // tasks by what started them (a worker's answer, a frame, a timer…), and
  // what each kind spent its time on (script, style, layout, paint…).
  const trace = process.argv[4] === 'trace';
  if (trace) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
  const t0 = Date.now();
  await page.click('#rv-analyse');
  await page.waitForFunction(() => document.getElementById('rv-an').dataset.run === '2', null, { timeout: 1_800_000, polling: 250 });
  const wall = (Date.now() - t0) / 1000;
  console.log(`${record.moves.length} moves analysed on the page in ${wall.toFixed(1)} s (CPU throttled ${rate}x on the page's thread; the workers are the browser's own)`);
  if (trace) tasks(JSON.parse(await browser.stopTracing()).traceEvents);
  await frames(`while it ran (renderer busy ${((await busy()) - b0).toFixed(2)} s)`);
  await page.click('#rv-first');
  await collect();
  await page.click('#rv-play');
  await page.waitForTimeout(Math.min(wall, 20) * 1000);
  await frames('of autoplay alone, for comparison');
  await page.click('#rv-play');
  if (process.argv[4] !== 'frames') {
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
  }
} finally {
  await closeSite(browser, server);
}
