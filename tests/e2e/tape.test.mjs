// End-to-end: the page is a view of the table. A whole game is played on
// the page (a person by pointer and buttons, a computer in its worker) with
// its session on tape (`?tape`); the tape is then replayed natively
// (`cargo test --test tape`), which must find the same view after every
// message the table heard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, closeSite, launch } from './browser.mjs';
import { ready } from './page.mjs';
import { serve } from './server.mjs';

let browser;
let server;
// The site built with the `tape` feature (scripts/test.sh builds it beside dist/).
before(async () => {
  browser = await launch();
  server = await serve(join(ROOT, 'target', 'dist-tape') + '/', '/');
});
after(() => closeSite(browser, server));

/**
 * Lays the tile on the first fitting cell that shows on the board between
 * the bars (the board outgrows the screen late in a game), confirms it.
 */
async function placeTile(page) {
  // Read where the fits are and click one; if the board moved under the
  // pointer meanwhile (it follows the computer's last tile), read again.
  // A click that lays nothing is a message on the tape like any other.
  for (let tries = 1; ; tries++) {
    const f = await page.evaluate(() => {
      const s = window.__carcassonne.state();
      const top = document.getElementById('topbar').getBoundingClientRect().bottom;
      const bottom = document.getElementById('dock').getBoundingClientRect().top;
      const inside = (c) => c.x > 30 && c.x < innerWidth - 30 && c.y > top + 30 && c.y < bottom - 30;
      return s.fits.find(inside) ?? null;
    });
    assert.ok(f, 'a fitting cell shows on the board');
    await page.mouse.click(f.x, f.y);
    try {
      await page.waitForFunction(() => window.__carcassonne.state().candidate, null, { timeout: 5000 });
      break;
    } catch (e) {
      if (tries === 3) throw e;
    }
  }
  await page.click('#confirm');
  await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
}

/** Waits for the person's turn (seat 0, nobody busy) or the game's end; says which. */
async function next(page) {
  const h = await page.waitForFunction(() => {
    const s = window.__carcassonne.state();
    if (s.game.finished) return 'over';
    return s.game.current_player === 0 && s.game.step === 'place_tile' && !s.busy && s.screen === 'table' && 'turn';
  }, null, { timeout: 60000, polling: 50 });
  return h.jsonValue();
}

test('a whole game played on the page replays natively with the same view after every message', async () => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(`${server.url}?tape&seed=7&seats=human,easy`, { waitUntil: 'load' });
    await ready(page);
    let turns = 0;
    while ((await next(page)) === 'turn') {
      // Some turns look around first: the score table opened and closed, the tile turned.
      if (turns % 9 === 4) {
        await page.click('#scores');
        await page.keyboard.press('Escape');
      }
      if (turns % 5 === 2) await page.click('#rotate');
      await placeTile(page);
      if (turns === 3) {
        // Taken back and laid again.
        await page.click('#undo');
        await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_tile');
        await placeTile(page);
      }
      await page.click('#skip');
      turns++;
    }
    await page.waitForSelector('#panel:not([hidden])', { timeout: 60000 });
    const tape = await page.evaluate(() => JSON.stringify(window.__carcassonne.tape()));
    const steps = JSON.parse(tape).steps;
    assert.ok(turns > 20, `the person played the game through (${turns} turns)`);
    assert.ok(steps.length > 4 * turns, `every message is on tape (${steps.length})`);
    const kinds = new Set(steps.map(([m]) => (typeof m === 'string' ? m : Object.keys(m)[0])));
    for (const k of ['Press', 'Tap', 'Confirm', 'Follow', 'Answer', 'Step', 'Undo', 'Open', 'Escape', 'Rotate', 'FinalItem']) {
      assert.ok(kinds.has(k), `a ${k} message is on tape (${[...kinds]})`);
    }
    const dir = join(ROOT, 'target', 'tapes');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'whole-game.json');
    writeFileSync(file, tape);
    // Its opening, for tests/tapes/opening.json when the view changes (see tests/tape.rs).
    const parsed = JSON.parse(tape);
    writeFileSync(join(dir, 'opening.json'), JSON.stringify({ ...parsed, steps: parsed.steps.slice(0, 60) }));
    const out = execFileSync('cargo', ['test', '--quiet', '--test', 'tape', '--', '--nocapture'], {
      cwd: ROOT, env: { ...process.env, TAPE: file }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
    });
    assert.match(out, new RegExp(`whole-game\\.json: ${steps.length} messages, the same views`));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
