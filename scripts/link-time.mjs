// How long a device takes to open a link and play out its moves (issue 38):
// a benchmark, not a test. Two browser contexts play a game by link on the
// test site in dist/ (`bash scripts/test.sh`, or `trunk build --release
// --features hook,link`); the guest's CPU is slowed 4x (CDP), as on an old
// phone, and each link the host sends is opened there as a person pastes it.
// For each link it prints the time from the address opening to the link
// taken (checked whole, its move on the guest's board) and to the guest's
// turn ready (the host's move played out with the page's usual pacing, and
// a tile to play), then the medians. The link opens as a new fragment on
// the open page, as a pasted link arrives; with --cold, in a new tab with
// the old one closed (the page starts, finds the game in storage and then
// takes the link), as a link tapped in a messenger opens. Either way the
// files come from the browser's cache, as on a device that has played.
// Usage: node scripts/link-time.mjs [--turns 8] [--cpu 4] [--cold]
import { fileURLToPath } from 'node:url';
import { serve } from '../tests/e2e/server.mjs';
import { launch, tab } from '../tests/e2e/browser.mjs';
import { myTurn, offered, paste, playTurn } from '../tests/e2e/link-steps.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(args[i + 1]);
};
const turns = opt('turns', 8);
const cpu = opt('cpu', 4);
const cold = args.includes('--cold');
const OPTS = { handover: false };

/** Slows `page`'s CPU `cpu` times, as an old phone's. */
const slow = async (context, page) => (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const server = await serve(fileURLToPath(new URL('../dist/', import.meta.url)), '/');
const browser = await launch();
try {
  const a = await tab(browser, server.url, OPTS);
  await a.page.selectOption('#seat-1', 'remote');
  await a.page.selectOption('#first', '0');
  await a.page.click('#start');
  const b = await tab(browser, await offered(a.page), OPTS);
  await slow(b.context, b.page);
  await a.page.goto(await offered(b.page));
  await a.page.waitForFunction(() => window.__carcassonne.state().screen === 'table');
  const taken = [];
  const ready = [];
  for (let t = 0; t < turns; t++) {
    await a.page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_tile');
    while (!(await myTurn(a.page))) await a.page.waitForTimeout(50);
    await playTurn(a.page);
    const url = await offered(a.page);
    const laid = await a.page.evaluate(() => window.__carcassonne.state().game.tiles.length);
    let t0;
    if (cold) {
      // Closed as a person closes a tab: the page's pagehide lets go of its game.
      const gone = new Promise((done) => b.page.once('close', done));
      await b.page.close({ runBeforeUnload: true });
      await gone;
      b.page = await b.context.newPage();
      await slow(b.context, b.page);
      t0 = Date.now();
      await b.page.goto(url);
    } else {
      t0 = Date.now();
      await b.page.goto(url);
    }
    // Taken: the link checked whole and its move on the guest's table.
    await b.page.waitForFunction((n) => window.__carcassonne?.state().game?.tiles.length >= n, laid, { polling: 'raf' });
    const t1 = Date.now();
    while (!(await myTurn(b.page))) await b.page.waitForTimeout(20);
    const t2 = Date.now();
    taken.push(t1 - t0);
    ready.push(t2 - t0);
    console.log(`link ${t + 1} (${url.length} characters): taken ${t1 - t0} ms, turn ready ${t2 - t0} ms`);
    await playTurn(b.page);
    await paste(a.page, await offered(b.page));
  }
  console.log(`median of ${turns}, CPU ${cpu}x${cold ? ', each link in a new tab' : ''}: taken ${median(taken)} ms, turn ready ${median(ready)} ms`);
} finally {
  await browser.close();
  await server.close();
}
