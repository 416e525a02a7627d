// End-to-end: game-record files. Export then import round-trips; a bad file
// changes nothing; and a whole game played through the page with every rule
// option on scores exactly what `carcassonne replay` says of its record.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, SHOTS, closeSite, handoverOff, openSite, ready, startGame, view } from './browser.mjs';

const TMP = mkdtempSync(join(tmpdir(), 'carc-records-'));

let browser;
let server;
before(async () => ({ browser, server } = await openSite()));
after(() => closeSite(browser, server));

async function open() {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, acceptDownloads: true });
  // These tests play turn after turn: the hand-over screen is switched off, as a player can.
  await handoverOff(context);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url, { waitUntil: 'load' });
  await ready(page);
  await startGame(page);
  return { context, page, errors };
}


async function seen(page) {
  const g = (await view(page)).game;
  return JSON.stringify({ tiles: g.tiles, pieces: g.pieces, players: g.players, current: g.current_player, tile: g.tile });
}

/** The first legal cell whose centre is on screen between the bars. */
async function visibleFit(page) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const s = await view(page);
    const box = await page.evaluate(() => [
      document.getElementById('topbar').getBoundingClientRect().bottom,
      document.getElementById('dock').getBoundingClientRect().top,
    ]);
    const f = s.fits.find((f) => f.x > 20 && f.x < 1004 && f.y > box[0] + 20 && f.y < box[1] - 20);
    if (f) return f;
    await page.click('#fit');
  }
  throw new Error('no legal cell on screen');
}

/** One turn: tap a legal cell, confirm, then the first follower spot if any, else no follower. */
async function playTurn(page, withFollower = false) {
  const f = await visibleFit(page);
  await page.mouse.click(f.x, f.y);
  await page.waitForFunction(() => window.__carcassonne.state().candidate);
  await page.click('#confirm');
  await page.waitForFunction(() => window.__carcassonne.state().game.step !== 'place_tile');
  const after = await view(page);
  if (after.game.step !== 'place_follower') return;
  if (withFollower && after.game.spots.length > 0) {
    await page.keyboard.press('1');
  } else {
    await page.click('#skip');
  }
  await page.waitForFunction(() => window.__carcassonne.state().game.step !== 'place_follower');
}

async function openSettings(page) {
  if (!(await page.isVisible('#export'))) await page.click('#settings summary');
}

async function exportRecord(page, name) {
  await openSettings(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const path = join(TMP, name);
  await download.saveAs(path);
  return path;
}

/** Imports through the page: Import game in the settings menu, then the file chooser. */
async function importFile(page, path) {
  await openSettings(page);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#import')]);
  await chooser.setFiles(path);
}

function replay(path) {
  const out = execFileSync('cargo', ['run', '--quiet', '--', 'replay', path], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(out);
}

test('export then import round-trips, and the record replays to the same scores', async () => {
  const a = await open();
  let path;
  let before;
  try {
    for (let i = 0; i < 4; i++) await playTurn(a.page, i % 2 === 0);
    before = await seen(a.page);
    path = await exportRecord(a.page, 'four-turns.json');
    const record = JSON.parse(readFileSync(path, 'utf8'));
    assert.equal(record.format, 'carcassonne-record/1');
    assert.equal(record.moves.length, 4);
    const result = replay(path);
    const shown = (await view(a.page)).game.players.map((p) => p.score.total);
    assert.deepEqual(result.players.map((p) => p.total), shown);
    assert.deepEqual(a.errors, []);
  } finally {
    await a.context.close();
  }
  const b = await open();
  try {
    await importFile(b.page, path);
    await b.page.waitForFunction(() => window.__carcassonne?.state().game.turn === 5);
    await ready(b.page);
    assert.equal(await seen(b.page), before, 'the imported game is the exported one');
  } finally {
    await b.context.close();
  }
});

test('a corrupt or foreign file is refused and the game in progress is untouched', async () => {
  const { context, page, errors } = await open();
  try {
    for (let i = 0; i < 2; i++) await playTurn(page);
    const before = await seen(page);
    const good = readFileSync(await exportRecord(page, 'two-turns.json'), 'utf8');
    const cases = {
      'truncated.json': good.slice(0, good.length / 2),
      'foreign.json': JSON.stringify({ format: 'chess-pgn/1', players: ['A', 'B'], seed: 1 }),
      'newer-version.json': good.replace('carcassonne-record/1', 'carcassonne-record/2'),
      'not-a-record.json': JSON.stringify([1, 2, 3]),
      'illegal.json': good.replace(/"rotation": \d/, '"rotation": 9'),
    };
    for (const [name, text] of Object.entries(cases)) {
      const path = join(TMP, name);
      writeFileSync(path, text);
      await importFile(page, path);
      await page.waitForFunction(() => !document.getElementById('banner').hidden);
      assert.match(await page.textContent('#banner'), /could not be imported.*unchanged/i, name);
      assert.equal(await seen(page), before, `${name} left the game alone`);
    }
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    assert.equal(await seen(page), before, 'and the save still holds the game');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a whole game from the start screen with every rule option, a person using hints and two computers, scores as `carcassonne replay` says', async () => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, acceptDownloads: true, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    // A fixed deal through the start screen: ?setup shows it, ?seed fixes the shuffle.
    await page.goto(server.url + '?setup&seed=2026', { waitUntil: 'load' });
    await ready(page);
    await page.selectOption('#player-count', '3');
    for (const [i, n] of ['Ann', 'Bob', 'Cy'].entries()) await page.fill(`#name-${i}`, n);
    await page.selectOption('#seat-1', 'medium');
    await page.selectOption('#seat-2', 'easy');
    await page.selectOption('#first', '0');
    for (const id of ['#o-farmers', '#o-river', '#o-abbot', '#o-tiny', '#o-first-farms']) await page.check(id);
    await page.click('#start');
    await page.click('#guide-skip');
    await page.waitForFunction(() => document.getElementById('setup').hidden);
    const rules = (await view(page)).game.rules;
    assert.deepEqual(rules, { edition: 'c3', farmers: true, tiny_city: true, farm_scoring: 'first', river: true, abbot: true });
    let turns = 0;
    let scoredInPlay = 0;
    for (;;) {
      await page.waitForFunction(() => {
        const s = window.__carcassonne.state();
        return s.game.finished || (s.game.current_player === 0 && !s.busy);
      }, null, { timeout: 60000 });
      const s = await view(page);
      if (s.game.finished) break;
      scoredInPlay = Math.max(scoredInPlay, ...s.game.players.map((p) => p.score.total));
      // Ann takes the computer's advice: the tile where it says, then its follower choice.
      await page.click('#hint');
      await page.waitForFunction(() => window.__carcassonne.state().candidate, null, { timeout: 30000 });
      await page.click('#confirm');
      await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
      const f = await view(page);
      if (f.focus !== null) await page.keyboard.press('Enter');
      else await page.click('#skip');
      await page.waitForFunction((n) => window.__carcassonne.state().game.turn > n, f.game.turn);
      turns++;
      assert.ok(turns < 40, 'the game ends');
    }
    assert.ok(scoredInPlay > 0, 'points are scored during play, not only at the end');
    const shown = (await view(page)).game;
    assert.ok(shown.winners.length > 0);
    // The results open after the final-scoring walk-through, and the top bar names the winner.
    await page.waitForSelector('#panel:not([hidden])', { timeout: 60000 });
    assert.ok(await page.textContent('#turn-name').then((t) => /wins?/.test(t)), 'the winner is named');
    assert.equal(await page.textContent('#panel-title'), 'Final scores');
    const winners = shown.winners.map((i) => shown.players[i].name);
    for (const w of winners) assert.ok((await page.textContent('#panel-winners')).includes(w));
    const rows = await page.$$eval('#score-table tr', (trs) => trs.slice(1).map((tr) => [...tr.children].map((c) => c.textContent)));
    assert.ok(await page.isVisible('#chart'));
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'results-1024x768.png') });
    await page.click('#panel-close');
    const result = replay(await exportRecord(page, 'whole-game.json'));
    assert.equal(result.finished, true);
    assert.deepEqual(result.players.map((p) => p.total), shown.players.map((p) => p.score.total));
    assert.deepEqual(result.players.map((p) => p.field), shown.players.map((p) => p.score.field));
    assert.deepEqual(rows.map((r) => Number(r[1])), result.players.map((p) => p.total), 'the table shows the final totals, first');
    assert.deepEqual(rows.map((r) => Number(r[6])), result.players.map((p) => p.field), 'and the fields column');
    await page.click('#scores');
    await page.click('#rematch');
    await page.waitForFunction(() => window.__carcassonne.state().game.turn === 1);
    const again = await view(page);
    assert.deepEqual(again.game.players.map((p) => p.name), shown.players.map((p) => p.name));
    assert.deepEqual(again.seats, ['human', 'medium', 'easy'], 'a rematch keeps who plays');
    assert.equal(again.game.rules.river, true, 'and the rules');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
