// End-to-end: a release build made with Trunk's own flag for hosting under a
// path, `trunk build --release --public-url /games/carcassonne/`, goes through
// scripts/postbuild.mjs (which used to know only Trunk's default './' URLs)
// and loads cleanly from that path: the page, its hashed files, the service
// worker, the AI worker, the manifest and its icons all resolve there, and a
// game can be played. dist/ keeps the './' build every other test uses: this
// build goes to a directory of its own (one more build, mostly wasm-bindgen,
// wasm-opt and the post-build hook: the Rust compile is the one dist/ had).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from './server.mjs';
import { ROOT, launch } from './browser.mjs';
import { layFitting, ready } from './page.mjs';

const PREFIX = '/games/carcassonne/';

let browser;
let work;
let dist;
before(async () => {
  work = mkdtempSync(join(tmpdir(), 'carc-publicurl-'));
  dist = join(work, 'dist');
  execFileSync('trunk', ['build', '--release', '--features', 'hook,link', '--public-url', PREFIX, '--dist', dist], {
    cwd: ROOT,
    // npm's wasm-opt first, as scripts/test.sh has it.
    env: { ...process.env, PATH: `${join(ROOT, 'scripts/node_modules/.bin')}:${process.env.PATH}`, TRUNK_SKIP_VERSION_CHECK: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test(`a build with --public-url ${PREFIX} loads and plays from that path, offline files and workers included`, async () => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  assert.match(html, new RegExp(`from '${PREFIX}carcassonne-[0-9a-f]+\\.js'`), 'Trunk wrote the public URL into its loader');
  assert.match(html, /http-equiv="Content-Security-Policy"/, 'postbuild pinned the CSP');
  assert.doesNotMatch(html, /__BUILD__/, 'postbuild wrote the build id');

  const server = await serve(dist, PREFIX);
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    const page = await context.newPage();
    const problems = [];
    const requests = [];
    const workers = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('worker', (w) => workers.push(w.url()));
    context.on('request', (r) => requests.push(r.url()));
    context.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
    context.on('response', (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    await page.goto(server.url, { waitUntil: 'load' });
    await ready(page);

    // The service worker takes charge of the page and keeps the whole build.
    const offline = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
      }
      const cached = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) cached.push(req.url);
      }
      return { scope: reg.scope, script: reg.active.scriptURL, cached };
    });
    assert.equal(offline.scope, server.url);
    assert.equal(offline.script, `${server.url}sw.js`);
    assert.ok(offline.cached.some((u) => /\/games\/carcassonne\/carcassonne-[0-9a-f]+_bg\.wasm$/.test(u)), 'the wasm is kept offline');

    // The manifest and every icon it names.
    const manifest = await page.evaluate(async () => {
      const url = new URL(document.querySelector('link[rel=manifest]').href);
      const m = await (await fetch(url)).json();
      const icons = [];
      for (const i of m.icons) {
        const src = new URL(i.src, url).href;
        icons.push({ src, status: (await fetch(src)).status });
      }
      return { url: url.href, start: new URL(m.start_url, url).href, icons };
    });
    assert.equal(manifest.url, `${server.url}manifest.webmanifest`);
    assert.equal(manifest.start, server.url);
    assert.ok(manifest.icons.length >= 2);
    for (const i of manifest.icons) {
      assert.ok(i.src.startsWith(server.url), i.src);
      assert.equal(i.status, 200, i.src);
    }

    // A game against the computer: a person's turn, then the computer's, thought in the AI worker.
    await page.selectOption('#seat-1', 'easy');
    await page.selectOption('#first', '0');
    await page.click('#start');
    await page.click('#guide-skip'); // a first game opens the guide
    await page.waitForFunction(() => document.getElementById('setup').hidden && window.__carcassonne.state().game.current_player === 0);
    await layFitting(page); // the deal is random
    await page.click('#confirm');
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
    await page.click('#skip');
    await page.waitForFunction(() => window.__carcassonne.state().game.tiles.length >= 3 && window.__carcassonne.state().game.current_player === 0, null, { timeout: 30000 });
    assert.ok(workers.includes(`${server.url}ai-worker.js`), `the AI worker runs from the path: ${workers}`);

    assert.deepEqual(problems, [], 'no console error/warning, page error or failed request');
    for (const url of requests) assert.ok(new URL(url).pathname.startsWith(PREFIX), `request stays under ${PREFIX}: ${url}`);
  } finally {
    await context.close();
    await server.close();
  }
});
