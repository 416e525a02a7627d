// End-to-end: game-record files. Export then import round-trips; a bad file
// changes nothing; and a whole game played through the page with every rule
// option on scores exactly what `carcassonne replay` says of its record.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { playTurn, ready, runUntil, seen, startGame, view } from './page.mjs';
import { replay, scratch } from './records.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

/** A tab on a new game, the hand-over screen off: these tests play turn after turn. */
async function open() {
  const t = await tab(browser, server.url, { acceptDownloads: true, handover: false });
  await startGame(t.page);
  return t;
}

async function openSettings(page) {
  if (!(await page.isVisible('#export'))) await page.click('#settings summary');
}

async function exportRecord(page, name) {
  await openSettings(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const path = scratch(name);
  await download.saveAs(path);
  return path;
}

/** Imports through the page: Import game in the settings menu, then the file chooser. */
async function importFile(page, path) {
  await openSettings(page);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#import')]);
  await chooser.setFiles(path);
}

test('export then import round-trips, and the record replays to the same scores', async () => {
  const a = await open();
  let path;
  let before;
  try {
    for (let i = 0; i < 4; i++) await playTurn(a.page, { follower: i % 2 === 0 });
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
      const path = scratch(name);
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
  // A fixed deal through the start screen: ?setup shows it, ?seed fixes the shuffle. The
  // page's clock is run by the test: the computers' moves are played out with no real time
  // waited; only the thinking, in the workers, takes any.
  const { context, page, errors } = await tab(browser, server.url + '?setup&seed=2026', { acceptDownloads: true, reducedMotion: 'reduce', clock: true });
  try {
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
      await runUntil(page, () => {
        const s = window.__carcassonne.state();
        return s.game.finished || (s.game.current_player === 0 && !s.busy);
      }, "Ann's turn, or the end");
      const s = await view(page);
      if (s.game.finished) break;
      scoredInPlay = Math.max(scoredInPlay, ...s.game.players.map((p) => p.score.total));
      // Ann takes the computer's advice: the tile where it says, then its follower choice.
      await page.click('#hint');
      await runUntil(page, () => window.__carcassonne.state().candidate, 'the hint');
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
    await runUntil(page, () => !document.getElementById('panel').hidden, 'the results');
    assert.ok(await page.textContent('#turn-name').then((t) => /wins?/.test(t)), 'the winner is named');
    assert.equal(await page.textContent('#panel-title'), 'Final scores');
    const winners = shown.winners.map((i) => shown.players[i].name);
    for (const w of winners) assert.ok((await page.textContent('#panel-winners')).includes(w));
    const rows = await page.$$eval('#score-table tr', (trs) => trs.slice(1).map((tr) => [...tr.children].map((c) => c.textContent)));
    assert.ok(await page.isVisible('#chart'));
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
