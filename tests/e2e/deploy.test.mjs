// End-to-end: a new deploy reaches a page that is open and a visitor who comes
// back, the game in progress survives the switch, and no page ever runs files
// of two builds. Build A is dist/; build B is made from it the way a real
// deploy differs: the glue JS, wasm, style sheet and page script change and so
// get new hashed names, the AI worker script changes under its fixed name, the
// page shows a new build id, and sw.js lists B's files under B's id. The site
// is served under /carcassonne/ and each deploy replaces the whole directory.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from './server.mjs';
import { DIST, SHOTS, launch, watch } from './browser.mjs';
import { ready, view } from './page.mjs';

const sha = (data, alg = 'sha256', enc = 'hex') => createHash(alg).update(data).digest(enc);

let browser;
let work;
let A;
let B;
before(async () => {
  browser = await launch();
  work = mkdtempSync(join(tmpdir(), 'carc-deploy-'));
  A = { dir: join(work, 'a'), ...describe(DIST) };
  cpSync(DIST, A.dir, { recursive: true });
  B = { dir: join(work, 'b'), ...rebuild(A.dir, join(work, 'b')) };
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** What identifies a build in its files: the build id the page shows and the glue module's name. */
function describe(dir) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const id = html.match(/<p id="build"><span data-w="page\.Version">Version<\/span> <span translate="no">([0-9a-f]+)<\/span><\/p>/)?.[1];
  const glue = html.match(/from '\.\/(carcassonne-[0-9a-f]+\.js)'/)?.[1];
  const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
  assert.ok(id && glue, 'the page names its build id and glue module');
  assert.ok(sw.includes(`"${id}"`), 'sw.js carries the build id');
  return { id, glue, wasm: glue.replace(/\.js$/, '_bg.wasm'), files: readdirSync(dir).sort(), sw };
}

/** Build B from build A in `from`, written to `to`, as a real deploy would differ. */
function rebuild(from, to) {
  cpSync(from, to, { recursive: true });
  const path = (f) => join(to, f);
  let html = readFileSync(path('index.html'), 'utf8');
  const a = describe(to);
  const renamed = [];
  const move = (old, name, body) => {
    rmSync(path(old));
    writeFileSync(path(name), body);
    html = html.replaceAll(old, name);
    renamed.push([old, name]);
    // Trunk's subresource integrity, where the tag has one.
    html = html.replace(new RegExp(`(<[^>]*"\\./${name}"[^>]*integrity=")sha384-[^"]+`), `$1sha384-${sha(body, 'sha384', 'base64')}`);
  };
  // The glue JS gains an export the test can read from the page (window.wasmBindings),
  // and the wasm a custom section; both move to the glue's new hash, as Trunk names them.
  const js = `${readFileSync(path(a.glue), 'utf8')}\nexport const deploy = "B";\n`;
  const stem = `carcassonne-${sha(js).slice(0, 16)}`;
  const note = Buffer.from('\u0006deployB');
  const wasm = Buffer.concat([readFileSync(path(a.wasm)), Buffer.from([0, note.length]), note]);
  move(a.wasm, `${stem}_bg.wasm`, wasm);
  move(a.glue, `${stem}.js`, js);
  for (const [pattern, extra] of [[/style-[0-9a-f]+\.css/, '\n/* deploy B */\n'], [/offline-[0-9a-f]+\.js/, '\n// deploy B\n']]) {
    const old = html.match(pattern)[0];
    const body = readFileSync(path(old), 'utf8') + extra;
    move(old, old.replace(/-[0-9a-f]+\./, `-${sha(body).slice(0, 16)}.`), body);
  }
  // The AI worker script keeps its name: it tells which build it came from.
  writeFileSync(path('ai-worker.js'), `self.deploy = "B";\n${readFileSync(path('ai-worker.js'), 'utf8')}`);
  // The page's CSP pins the inline loader by hash, and the loader now imports other names.
  // (The page's other inline script, which starts fetching its words, is the same in B.)
  const loader = (h) => [...h.matchAll(/<script type="module" async>([\s\S]*?)<\/script>/g)].map((m) => m[1]).find((s) => s.includes('import'));
  const [oldLoader, newLoader] = [readFileSync(join(from, 'index.html'), 'utf8'), html].map(
    (h) => `'sha256-${sha(loader(h), 'sha256', 'base64')}'`,
  );
  html = html.replace(oldLoader, newLoader);
  const files = readdirSync(to).filter((f) => f !== 'sw.js' && statSync(path(f)).isFile()).sort();
  const id = sha(files.map((f) => f + readFileSync(path(f), 'utf8')).join('')).slice(0, 12);
  html = html.replace(`<span translate="no">${a.id}<`, `<span translate="no">${id}<`);
  writeFileSync(path('index.html'), html);
  // The same worker code, listing B's files under B's id.
  let sw = a.sw.replaceAll(`"${a.id}"`, `"${id}"`);
  for (const [old, name] of renamed) sw = sw.replaceAll(`"./${old}"`, `"./${name}"`);
  for (const f of files) assert.ok(sw.includes(`"./${f}"`), `B's sw.js lists ${f}`);
  for (const [old] of renamed) assert.ok(!sw.includes(old), `B's sw.js no longer lists ${old}`);
  writeFileSync(path('sw.js'), sw);
  const b = describe(to);
  // The deploy shape the issue describes: renamed hashed files and a changed sw.js.
  assert.notEqual(b.id, a.id);
  assert.notEqual(b.glue, a.glue);
  assert.notEqual(b.sw, a.sw);
  assert.equal(b.files.filter((f) => a.files.includes(f) && /-[0-9a-f]{16}/.test(f)).length, 1, 'only the icon keeps its hashed name');
  return b;
}

/** Replaces everything the server serves with `build`'s files. */
function deploy(site, build) {
  for (const f of readdirSync(site)) rmSync(join(site, f), { recursive: true, force: true });
  cpSync(build.dir, site, { recursive: true });
}

/** A server on a fresh site directory holding build A, and a browser context (one visitor). */
async function visitor({ width = 1024, height = 768 } = {}) {
  const site = mkdtempSync(join(work, 'site-'));
  deploy(site, A);
  const server = await serve(site, '/carcassonne/');
  const context = await browser.newContext({ viewport: { width, height } });
  const problems = [];
  const open = async () => {
    const page = await context.newPage();
    watch(page, { warnings: true, errors: problems });
    await page.goto(server.url, { waitUntil: 'load' });
    await ready(page);
    return page;
  };
  const done = async () => {
    await context.close();
    await server.close().catch(() => {});
  };
  return { site, server, context, problems, open, done };
}

/** Resolves once a service worker controls the page and has cached its build. */
const controlled = (page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
  });

/** Which build the page runs: the id it shows, and the glue module actually executing. */
const running = (page) =>
  page.evaluate(() => ({
    id: document.getElementById('build').textContent.replace('Version ', ''),
    deploy: window.wasmBindings.deploy ?? 'A',
  }));

/** The builds with a cache on this device (their ids; the worker's own notes are not builds). */
const cached = (page) =>
  page.evaluate(async () => (await caches.keys()).map((k) => k.split(':').pop()).filter((k) => /^[0-9a-f]{12}$/.test(k)).sort());

/** Waits (up to 5 s: the worker tidies after a page loads) until `ids` are the builds cached, then checks it. */
async function cachedSoon(page, ids, message) {
  for (let i = 0; i < 50 && JSON.stringify(await cached(page)) !== JSON.stringify(ids); i++) await page.waitForTimeout(100);
  assert.deepEqual(await cached(page), ids, message);
}

/** The page's own check for a new deploy (it runs when the page comes into view, and hourly). */
const checkForUpdate = (page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());

/** Starts a game of two people from the start screen and plays the first turn. */
async function playFirstTurn(page) {
  await page.selectOption('#first', '0');
  await page.click('#start');
  await page.click('#guide-skip'); // a first game opens the guide
  await page.waitForFunction(() => document.getElementById('setup').hidden);
  const f = (await view(page)).fits[0];
  await page.mouse.click(f.x, f.y);
  await page.click('#confirm');
  await page.click('#skip');
  await page.waitForFunction(() => window.__carcassonne.state().game.turn === 2);
  // The tablet changes hands (after the turn's scoring has shown, if it scored).
  await page.click('#handover-go', { timeout: 5000 });
  await page.waitForSelector('#handover', { state: 'hidden' });
  return (await view(page)).game;
}

/** The banner and its buttons are on screen, at least 44 px tall, and nothing covers them or is covered by them. */
async function assertOffered(page, label) {
  await page.waitForSelector('#update', { state: 'visible', timeout: 15000 });
  const seen = await page.evaluate(() => {
    const box = (el) => el.getBoundingClientRect();
    const banner = document.getElementById('update');
    const b = box(banner);
    const buttons = ['update-go', 'update-later'].map((id) => {
      const r = box(document.getElementById(id));
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      const el = document.getElementById(id);
      const cut = el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
      return { id, height: r.height, width: r.width, cut, onTop: top?.closest('button')?.id ?? null };
    });
    // Every other control the player can see must stay clear of the banner.
    const covered = [...document.querySelectorAll('button, summary, select, input, #hand')]
      .filter((el) => !banner.contains(el) && el.checkVisibility({ visibilityProperty: true }))
      .filter((el) => {
        const r = box(el);
        return r.width > 0 && r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom;
      })
      .map((el) => el.id || el.tagName);
    return {
      text: banner.textContent.replace(/\s+/g, ' ').trim(),
      inView: b.left >= 0 && b.top >= 0 && b.right <= innerWidth && b.bottom <= innerHeight,
      buttons,
      covered,
    };
  });
  assert.match(seen.text, /A new version is ready/, label);
  assert.ok(seen.inView, `${label}: the banner is inside the viewport`);
  for (const b of seen.buttons) {
    assert.equal(b.onTop, b.id, `${label}: ${b.id} is not covered`);
    assert.ok(b.height >= 44 && b.width >= 44, `${label}: ${b.id} is a 44 px target (${b.width}x${b.height})`);
    assert.ok(!b.cut, `${label}: the label of ${b.id} is not cut off`);
  }
  assert.deepEqual(seen.covered, [], `${label}: the banner covers no control`);
}

/** Accepts the new version and waits for the page to have reloaded into it. */
async function accept(page) {
  await Promise.all([page.waitForEvent('load', { timeout: 15000 }), page.click('#update-go')]);
  await ready(page);
}

test('an open page is offered the new deploy, and Update brings it in with the game kept', async () => {
  const v = await visitor();
  try {
    const page = await v.open();
    await controlled(page);
    assert.deepEqual(await running(page), { id: A.id, deploy: 'A' });
    const game = await playFirstTurn(page);
    assert.equal(game.tiles.length, 2);

    deploy(v.site, B);
    // The old build carries on, whole, until the player says so.
    await checkForUpdate(page);
    await assertOffered(page, 'open page');
    await page.screenshot({ path: join(SHOTS, 'deploy-banner-1024x768.png') });
    assert.deepEqual(await running(page), { id: A.id, deploy: 'A' });
    assert.deepEqual(await cached(page), [A.id, B.id].sort(), 'B is installed beside A');
    // Another page opened meanwhile is still A, offered B too; and B waits whole.
    const other = await v.open();
    assert.deepEqual(await running(other), { id: A.id, deploy: 'A' });
    await assertOffered(other, 'a second page while B waits');
    await other.close();
    assert.deepEqual(await cached(page), [A.id, B.id].sort(), 'B stays installed while it waits');

    // Update pressed mid-turn, with a tile laid but not confirmed.
    const f = (await view(page)).fits[0];
    await page.mouse.click(f.x, f.y);
    const laid = await view(page);
    assert.ok(laid.candidate, 'a tile lies on the board, unconfirmed');

    await accept(page);
    assert.deepEqual(await running(page), { id: B.id, deploy: 'B' });
    assert.deepEqual((await view(page)).game, game, 'the game in progress is resumed as it was');
    assert.deepEqual([(await view(page)).candidate, (await view(page)).rotation], [laid.candidate, laid.rotation], 'the laid tile too');
    assert.ok(await page.isHidden('#setup'), 'straight back into the game, as after any reload');
    assert.ok(await page.isHidden('#update'), 'no banner in the new build');
    // A is gone once no page of it is open; B alone plays offline.
    await cachedSoon(page, [B.id], "A's cache is deleted once no page of A is open");
    const names = await page.evaluate(() => caches.keys());
    assert.ok(names.every((k) => k.startsWith(`carcassonne:${v.server.url}:`)), `caches are named by the site path: ${names}`);
    await v.server.close();
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    assert.deepEqual(await running(page), { id: B.id, deploy: 'B' });
    assert.deepEqual((await view(page)).game, game);
    assert.deepEqual(v.problems, [], 'no console errors, CSP violations included');
  } finally {
    await v.done();
  }
});

test('a returning visitor is offered the new deploy on the first load after it, and has it after one reload', async () => {
  const v = await visitor({ width: 360, height: 640 });
  try {
    let page = await v.open();
    await controlled(page);
    const game = await playFirstTurn(page);
    await page.close();

    deploy(v.site, B);
    page = await v.open();
    // This load still comes whole from build A (its worker serves it); the browser found B on the way.
    assert.deepEqual(await running(page), { id: A.id, deploy: 'A' });
    await assertOffered(page, 'returning visitor, 360x640');
    await page.screenshot({ path: join(SHOTS, 'deploy-banner-360x640.png') });
    await accept(page);
    assert.deepEqual(await running(page), { id: B.id, deploy: 'B' });
    // A new visit opens on the start screen, offering the saved game.
    await page.click('#continue');
    await page.waitForFunction(() => document.getElementById('setup').hidden);
    assert.deepEqual((await view(page)).game, game, 'the saved game continues in the new build');

    assert.deepEqual(v.problems, []);
  } finally {
    await v.done();
  }
});

test('a page left open on the old build keeps its own files, AI worker included, while another page takes the new one', async () => {
  const v = await visitor({ width: 768, height: 1024 });
  try {
    const first = await v.open();
    await controlled(first);
    const old = await v.open();
    const workers = [];
    old.on('worker', (w) => workers.push(w));

    deploy(v.site, B);
    await checkForUpdate(first);
    await assertOffered(first, 'first tab');
    await accept(first);
    assert.deepEqual(await running(first), { id: B.id, deploy: 'B' });

    // The other tab still runs A, now under B's worker, and is told a new version is
    // ready; it shows the start screen, whose card moves clear of the banner.
    await assertOffered(old, 'tab left on the old build');
    await old.screenshot({ path: join(SHOTS, 'deploy-banner-768x1024.png') });
    assert.deepEqual(await running(old), { id: A.id, deploy: 'A' });
    assert.deepEqual(await cached(old), [A.id, B.id].sort(), "A's files stay while a page of A is open");
    // A game against a computer there: its AI worker and the wasm it loads are A's.
    await old.click('#update-later');
    await old.selectOption('#seat-0', 'easy');
    await old.selectOption('#seat-1', 'easy');
    await old.click('#start');
    await old.waitForFunction(() => window.__carcassonne.state().game.turn >= 3, null, { timeout: 30000 });
    assert.equal(workers.length, 1, 'one AI worker');
    const inWorker = await workers[0].evaluate(() => ({
      deploy: self.deploy ?? 'A',
      loaded: performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()),
    }));
    assert.equal(inWorker.deploy, 'A', "the AI worker script is build A's");
    assert.ok(inWorker.loaded.includes(A.glue) && inWorker.loaded.includes(A.wasm), `A's module: ${inWorker.loaded}`);
    assert.ok(!inWorker.loaded.some((f) => f.includes(B.glue.replace(/\.js$/, ''))), "nothing of B's module");

    // Once that tab is gone, a new page load clears A away.
    await old.close();
    const next = await v.open();
    assert.deepEqual(await running(next), { id: B.id, deploy: 'B' });
    await cachedSoon(next, [B.id], "A's cache is deleted once its last page is closed");
    assert.deepEqual(v.problems, []);
  } finally {
    await v.done();
  }
});
