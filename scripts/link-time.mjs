// How long a device takes to open a link and play out its moves (issue 38):
// a benchmark, not a test. Two browser contexts play a game by link on the
// test site in dist/ (`bash scripts/test.sh`, or `trunk build --release
// --features hook,link`); the guest's CPU is slowed 4x (CDP), as on an old
// phone, and each link the host sends is opened there as a person pastes it.
// For each link it prints the time from the address opening (a new
// fragment on the open page, as a pasted link arrives) to the link taken
// (checked whole, its move on the guest's board) and to the guest's turn
// ready (the host's move played out with the page's usual pacing, and a
// tile to play), then the medians.
// Usage: node scripts/link-time.mjs [--turns 8] [--cpu 4]
import { fileURLToPath } from 'node:url';
import { serve } from '../tests/e2e/server.mjs';
import { launch, tab } from '../tests/e2e/browser.mjs';
import { view, visibleFit } from '../tests/e2e/page.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(args[i + 1]);
};
const turns = opt('turns', 8);
const cpu = opt('cpu', 4);
const OPTS = { handover: false };

const myTurn = (page) =>
  page.evaluate(() => {
    const s = window.__carcassonne.state();
    return s.screen === 'table' && s.game.step === 'place_tile' && s.seats[s.game.current_player] === 'human' && !s.thinking;
  });

async function offered(page) {
  await page.waitForSelector('#link-url-0', { state: 'visible' });
  return page.inputValue('#link-url-0');
}

async function playTurn(page) {
  const f = await visibleFit(page);
  await page.mouse.click(f.x, f.y);
  await page.waitForFunction(() => window.__carcassonne.state().candidate);
  for (let i = 0; i < 4 && !(await page.isEnabled('#confirm')); i++) await page.click('#rotate');
  await page.click('#confirm');
  await page.waitForFunction(() => window.__carcassonne.state().game.step !== 'place_tile');
  if ((await view(page)).game.step === 'place_follower') await page.click('#skip');
  await page.waitForFunction(() => window.__carcassonne.state().game.step !== 'place_follower');
}

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const server = await serve(fileURLToPath(new URL('../dist/', import.meta.url)), '/');
const browser = await launch();
try {
  const a = await tab(browser, server.url, OPTS);
  await a.page.selectOption('#seat-1', 'remote');
  await a.page.selectOption('#first', '0');
  await a.page.click('#start');
  const b = await tab(browser, await offered(a.page), OPTS);
  const cdp = await b.context.newCDPSession(b.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
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
    const t0 = Date.now();
    await b.page.goto(url);
    // Taken: the link checked whole and its move on the guest's table.
    await b.page.waitForFunction((n) => window.__carcassonne.state().game.tiles.length >= n, laid, { polling: 'raf' });
    const t1 = Date.now();
    while (!(await myTurn(b.page))) await b.page.waitForTimeout(20);
    const t2 = Date.now();
    taken.push(t1 - t0);
    ready.push(t2 - t0);
    console.log(`link ${t + 1} (${url.length} characters): taken ${t1 - t0} ms, turn ready ${t2 - t0} ms`);
    await playTurn(b.page);
    await a.page.goto(await offered(b.page));
    await a.page.waitForFunction(() => !location.hash);
  }
  console.log(`median of ${turns}, CPU ${cpu}x: taken ${median(taken)} ms, turn ready ${median(ready)} ms`);
} finally {
  await browser.close();
  await server.close();
}
