// How fast the page opens on a slow phone (issue 35): a benchmark, not a
// test. Headless Chromium on Lighthouse's mobile profile (a 412x823 screen;
// Slow 4G: 150 ms latency, 1.6 Mbps down and 750 kbps up with Lighthouse's
// 0.9 DevTools factor, i.e. 184 320 and 84 375 B/s; the CPU slowed 4x), the
// site served gzipped as a static host serves it. Each run, in a new browser
// profile:
//  first  a first visit, nothing cached: from navigation to the start
//         screen usable (the Start button rendered and the wasm answering a
//         tap: a tap on player 1's colour changes it), with the bytes sent;
//  start  a tap on Start game to a table with a tile to play (the first
//         frame where the start screen is gone and the tile has places to go);
//  return the browser closed and opened again, the page opened anew: all
//         files from the service worker's cache; then the same offline.
// Times are the page's own clock (performance.now(), from navigation
// start) once the animation frame where the condition first holds has been
// drawn. Prints each run and the medians. Several dist directories are
// measured run by run in turn, so a before/after pair meets the same load on
// a shared machine. The page's own performance.mark()s, if a build makes
// any, are printed with each run.
// Usage: node scripts/page-bench.mjs [--runs 5] [--returns 1] [--floor] [--cpu 4] [--latency 150] [--locale en-US]
//        [--trace DIR] [--detail] [dist ...]   (after `trunk build --release --features hook,link`: it reads the test hook)
// --detail prints when each file came, for the first and the return visit.
// --returns N opens the page anew N times after the first visit: the
// first of them is the figure `return`, and each later one is printed too
// (return 2, 3…), with their medians: more samples of a return visit per
// run, whose spread on a loaded machine is wide, and the visits of a
// family that comes back often (the glue JS's compiled code is kept from
// the second return on; it saves little: the glue compiles in a few ms).
// --floor adds, run by run in turn, the floor: a copy of the first dist whose
// index.html is a 2 KB page of text with a Start button and a colour button
// answered by a line of inline script (no stylesheet, no wasm), registering
// the same service worker. Its return visit is what any page costs here: the
// navigation, the worker and the first frame. The site's return visit can
// only be judged against it (this machine's speed drifts by the hour).
// --trace DIR traces (CDP) every first visit, Start and return visit into
// DIR, for the DevTools performance panel; each run then also gives the
// main thread's CPU time up to the start screen, and the first run lists its
// busiest work (tracing slows the clock's figures). BENCH_FLAGS adds
// Chromium flags, e.g. --js-flags=--no-wasm-lazy-compilation.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../tests/e2e/server.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const [, value] = args.splice(i, 2);
  return value;
};
const runs = Number(opt('runs', 5));
const returns = Math.max(1, Number(opt('returns', 1)));
const cpu = Number(opt('cpu', 4));
const latency = Number(opt('latency', 150));
const traceDir = opt('trace', null);
// The browser's language (the page opens in it): e.g. --locale de-DE.
const locale = opt('locale', 'en-US');
if (traceDir) mkdirSync(traceDir, { recursive: true });
const detail = args.includes('--detail') && args.splice(args.indexOf('--detail'), 1);
const floor = args.includes('--floor') && args.splice(args.indexOf('--floor'), 1);
const dists = (args.length ? args : [fileURLToPath(new URL('../dist/', import.meta.url))]).map((d) => resolve(d));
if (floor) dists.push(floorOf(dists[0]));
const NET = { offline: false, latency, downloadThroughput: (1.6 * 1024 * 1000 * 0.9) / 8, uploadThroughput: (750 * 1000 * 0.9) / 8 };

// In every page: marks the frames where the start screen is usable and,
// once asked, where the table has a tile to play; times the wasm's compile.
const PROBE = () => {
  const B = (window.__bench = { t: {} });
  const mark = (k) => {
    if (!(k in B.t)) B.t[k] = performance.now();
  };
  addEventListener('TrunkApplicationStarted', () => mark('started'));
  for (const name of ['instantiateStreaming', 'compileStreaming', 'instantiate', 'compile']) {
    const f = WebAssembly[name];
    WebAssembly[name] = function (...a) {
      mark(`${name}>`);
      const p = f.apply(this, a);
      p.then(() => mark(`${name}<`), () => mark(`${name}!`));
      return p;
    };
  }
  // After the frame being drawn is painted: a message posted in its
  // animation frame callback comes once the frame's rendering is done.
  const painted = (k) => {
    const c = new MessageChannel();
    c.port1.onmessage = () => mark(k);
    c.port2.postMessage(0);
  };
  const rendered = (el) => el && !el.closest('[hidden]') && el.getBoundingClientRect().height > 0;
  const usable = () => {
    if (!rendered(document.getElementById('start'))) return false;
    mark('shown');
    const c = document.getElementById('colour-0');
    const was = c.getAttribute('data-colour');
    c.click();
    return c.getAttribute('data-colour') !== was;
  };
  const first = () => (usable() ? painted('usable') : requestAnimationFrame(first));
  requestAnimationFrame(first);
  // Start game: from the tap (seen first, in the capture phase) to the table.
  addEventListener('click', (e) => {
    if (e.target.id !== 'start' || 'tap' in B.t) return;
    mark('tap');
    const table = () => {
      const s = document.getElementById('setup').hidden && window.__carcassonne?.state();
      if (s && s.fits.length > 0 && s.game.step === 'place_tile') painted('table');
      else requestAnimationFrame(table);
    };
    requestAnimationFrame(table);
  }, true);
};

/** The floor (see --floor): a copy of `dist` with a page of no cost but its text. */
function floorOf(dist) {
  const dir = join(mkdtempSync(join(tmpdir(), 'page-bench-floor-')), 'floor');
  cpSync(dist, dir, { recursive: true });
  const page = readFileSync(join(dir, 'index.html'), 'utf8');
  // The page's own service worker registration, unpinned (no integrity: it is not the page's).
  const offline = page.match(/<script src="[^"]*offline[^"]*"[^>]*><\/script>/)?.[0].replace(/ integrity="[^"]*"/, '');
  if (!offline) throw new Error(`no service worker registration in ${dist}/index.html`);
  const text = 'A game of tiles laid one by one, roads, cities and fields. '.repeat(24);
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Floor</title>${offline}</head>
<body><h1>Carcassonne</h1><p>${text}</p><button id="colour-0" data-colour="0">Colour</button><button id="start">Start game</button>
<script>document.getElementById('colour-0').onclick = (e) => { e.target.dataset.colour = 1 + Number(e.target.dataset.colour); };</script>
</body></html>`);
  return dir;
}

const median = (v) => {
  const s = v.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (t) => (Number.isFinite(t) ? `${Math.round(t)}`.padStart(5) : '    -');

/** A browser on `profile` (kept between visits), the page throttled; online or not. */
async function open(profile, { offline = false } = {}) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', ...(process.env.BENCH_FLAGS ? process.env.BENCH_FLAGS.split(' ') : [])],
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale,
    offline,
  });
  await context.addInitScript(PROBE);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { ...NET, offline });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return { context, page, cdp, errors };
}

/**
 * The value of `expression` in the page, through the DevTools protocol:
 * Playwright's own waiting and selectors would first load its injected
 * script into the page, half a second of the slowed main thread.
 */
async function value(cdp, expression) {
  const r = await cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
  if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
  return r.result.value;
}

/** Resolves once `expression` is true in the page (checked every 100 ms). */
async function until(cdp, expression, ms = 60000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((ok) => setTimeout(ok, 100))) {
    if (await value(cdp, expression).catch(() => false)) return;
  }
  throw new Error(`timed out waiting for ${expression}`);
}

/** Navigates to `url` and waits for the start screen: the probe's times. */
async function visit({ page, cdp }, url) {
  await page.goto(url, { waitUntil: 'commit' });
  await until(cdp, "'usable' in window.__bench.t");
  return value(cdp, `(() => {
    const t = { ...window.__bench.t };
    // When the wasm's last byte arrived (from the network or the service worker).
    const wasm = performance.getEntriesByType('resource').find((r) => r.name.endsWith('.wasm'));
    if (wasm) t.wasmLoaded = wasm.responseEnd;
    // Each file's request, first byte and last byte (ms from navigation start).
    const n = performance.getEntriesByType('navigation')[0];
    t.files = [n, ...performance.getEntriesByType('resource')].map((r) =>
      (r.name.split('/').pop() || '/') + ' ' + [r.workerStart, r.requestStart || r.startTime, r.responseStart, r.responseEnd].map(Math.round).join('/')).join(', ');
    t.files += '; DOMContentLoaded ' + Math.round(n.domContentLoadedEventStart);
    // Any performance.mark()s the page made (none in a normal build).
    t.marks = performance.getEntriesByType('mark').map((m) => m.name + '@' + Math.round(m.startTime)).join(' ');
    return t;
  })()`);
}

/** A finger's tap on the middle of element `id`, scrolled into view first. */
async function tap(cdp, id) {
  const { x, y } = await value(cdp, `(() => {
    const el = document.getElementById('${id}');
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  })()`);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** A CDP trace of what `during` does; resolves to the trace's events. */
async function traced(cdp, during) {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: ['devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] },
  });
  const result = await during();
  const done = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.end');
  const { stream } = await done;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  return { result, events: JSON.parse(text).traceEvents ?? JSON.parse(text) };
}

/** The page's main thread in a trace, up to the start screen: { cpu, text }, its CPU ms and its busiest work by name. */
function busiest(events, t) {
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationBodyLoader::StartLoadingBody');
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'ParseHTML'));
  if (!nav || !main) return { cpu: NaN, text: 'no main thread found in the trace' };
  const origin = nav.ts;
  const until = origin + t.usable * 1000;
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= origin && e.ts <= until);
  const sums = new Map();
  for (const e of own) {
    // Children of RunTask, and named work (v8 compile, layout, paint) under them.
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') continue;
    sums.set(e.name, (sums.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  }
  const tasks = own.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const busy = tasks.reduce((a, e) => a + (e.dur ?? 0) / 1000, 0);
  const cpu = tasks.reduce((a, e) => a + (e.tdur ?? 0) / 1000, 0);
  const top = [...sums].sort((a, b) => b[1] - a[1]).slice(0, 18);
  const text = [`main thread busy ${Math.round(busy)} ms (${Math.round(cpu)} ms of CPU) of ${Math.round(t.usable)} ms; by name (nested events overlap):`,
    ...top.map(([n, d]) => `  ${String(Math.round(d)).padStart(6)} ms  ${n}`)].join('\n');
  return { cpu, text };
}

/** One run of one dist: the four figures and the bytes of the first visit. */
async function run(dist, trace, tag) {
  const bytes = { page: 0, all: 0 };
  const server = await serve(dist, '/', {
    gzip: true,
    sent: (path, n, req) => {
      bytes.all += n;
      // Not the service worker's: its script, and its copies of the files
      // not named by hash for its cache (fetched with `cache: 'reload'`, so
      // marked no-cache; the hashed ones come from the HTTP cache).
      if (!req.headers['service-worker'] && req.headers['cache-control'] !== 'no-cache') bytes.page += n;
    },
  });
  const profile = mkdtempSync(join(tmpdir(), 'page-bench-'));
  const out = { dist };
  try {
    // First visit, then Start game.
    const look = (b, name) =>
      traceDir
        ? traced(b.cdp, () => visit(b, server.url)).then(({ result, events }) => {
          const file = join(traceDir, `${tag}-${name}.json`);
          writeFileSync(file, JSON.stringify(events));
          const { cpu, text } = busiest(events, result);
          if (trace) console.log(`${file}: ${text}`);
          return { ...result, cpu };
        })
        : visit(b, server.url);
    let b = await open(profile);
    const first = await look(b, 'first');
    out.first = first.usable;
    out.detail = first;
    out.bytesPage = bytes.page;
    // The service worker in charge, its cache filled: a second visit needs no network.
    await until(b.cdp, 'Boolean(navigator.serviceWorker.controller)');
    out.bytesAll = bytes.all;
    const play = async () => {
      await tap(b.cdp, 'start');
      await until(b.cdp, "'table' in window.__bench.t");
    };
    if (dist.endsWith('/floor')) {
      // The floor has no table to start.
    } else if (traceDir) {
      const { events } = await traced(b.cdp, play);
      writeFileSync(join(traceDir, `${tag}-start.json`), JSON.stringify(events));
    } else {
      await play();
    }
    out.start = dist.endsWith('/floor') ? NaN : await value(b.cdp, 'window.__bench.t.table - window.__bench.t.tap');
    // A moment to play (and for the browser to keep what it caches), then the browser closes.
    await b.page.waitForTimeout(3000);
    if (b.errors.length) out.errors = b.errors;
    await b.context.close();
    const sent = bytes.all;
    b = await open(profile);
    const back = await look(b, 'return');
    out.return = back.usable;
    out.backDetail = back;
    out.cpuFirst = first.cpu;
    out.cpuReturn = back.cpu;
    await b.context.close();
    // Later visits, each in a browser opened anew.
    out.later = [];
    for (let j = 2; j <= returns; j++) {
      b = await open(profile);
      out.later.push((await look(b, `return${j}`)).usable);
      await b.context.close();
    }
    out.returnBytes = bytes.all - sent;
    b = await open(profile, { offline: true });
    out.offline = (await visit(b, server.url)).usable;
    if (b.errors.length) out.errors = [...(out.errors ?? []), ...b.errors];
    await b.context.close();
  } finally {
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return out;
}

const load = () => (process.platform === 'linux' ? require('node:os').loadavg().map((l) => l.toFixed(2)).join(' ') : '');
console.log(`${runs} runs; CPU ${cpu}x slower; ${latency} ms latency, ${NET.downloadThroughput} B/s down, ${NET.uploadThroughput} B/s up; gzip`);
console.log('first: first visit to a usable start screen; start: Start game to a playable table;');
console.log('return / offline: a new browser on the same profile, files from the service worker (ms)');
const all = dists.map(() => []);
for (let i = 0; i < runs; i++) {
  for (const [k, dist] of dists.entries()) {
    const r = await run(dist, i === 0 && k === 0, `run${i + 1}-${k}`);
    all[k].push(r);
    const d = r.detail;
    console.log(
      `run ${i + 1} ${dists.length > 1 ? `[${k}] ` : ''}first ${ms(r.first)}  start ${ms(r.start)}  return ${ms(r.return)}  offline ${ms(r.offline)}` +
        `   bytes ${r.bytesPage} page, ${r.bytesAll} with the worker's cache, ${r.returnBytes} on return` +
        `   (wasm loaded ${ms(d.wasmLoaded)}, compiled ${ms(d['instantiateStreaming<'] ?? d['instantiate<'])}, started ${ms(d.started)}, shown ${ms(d.shown)}; load ${load()})`,
    );
    if (r.later.length) console.log(`  later visits: ${r.later.map((t, j) => `return ${j + 2} ${ms(t)}`).join('  ')}`);
    if (traceDir) console.log(`  main thread CPU to the start screen: first ${ms(r.cpuFirst)}  return ${ms(r.cpuReturn)}`);
    if (d.marks) console.log(`  marks: ${d.marks}`);
    if (detail) {
      console.log(`  first visit files (worker start/request/first byte/last byte): ${d.files}`);
      console.log(`  return visit files: ${r.backDetail.files}; wasm compiled ${ms(r.backDetail['instantiateStreaming<'])}, started ${ms(r.backDetail.started)}`);
      if (r.backDetail.marks) console.log(`  return marks: ${r.backDetail.marks}`);
    }
    if (r.errors) console.log(`  page errors: ${r.errors.join(' | ')}`);
  }
}
for (const [k, dist] of dists.entries()) {
  const m = (key) => ms(median(all[k].map((r) => r[key])));
  console.log(`median of ${runs}  ${dist}`);
  console.log(`  first ${m('first')}  start ${m('start')}  return ${m('return')}  offline ${m('offline')}   first visit ${median(all[k].map((r) => r.bytesPage))} B (${median(all[k].map((r) => r.bytesAll))} B with the service worker's copy)`);
  for (let j = 2; j <= returns; j++) console.log(`  return ${j} ${ms(median(all[k].map((r) => r.later[j - 2])))}`);
  if (traceDir) console.log(`  main thread CPU to the start screen: first ${m('cpuFirst')}  return ${m('cpuReturn')}`);
}
console.log(`load average ${load()}`);
if (floor) rmSync(dirname(dists.at(-1)), { recursive: true, force: true });
