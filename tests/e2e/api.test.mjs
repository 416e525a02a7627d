// End-to-end: the JS API of the release build, through its minified glue,
// called as an embedder might with values of every JS type (issue 11: the
// glue of typed parameters used to trap with "memory access out of bounds").
// Every call returns or throws an Error with a message and a `code`; after
// 100,000 calls the game still takes a legal move and the page logged no error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeSite, openSite, tab } from './browser.mjs';

let browser;
let server;
before(async () => ({ browser, server } = await openSite()));
after(() => closeSite(browser, server));

test('100,000 API calls with every kind of JS value throw Errors, never trap', async () => {
  const { context, page, errors } = await tab(browser, `${server.url}?seed=4&players=2`);
  const out = await page.evaluate(() => {
    const { Game } = window.wasmBindings;
    const cyclic = { format: 'carcassonne-record/1', players: ['A', 'B'], seed: 1 };
    cyclic.meta = cyclic;
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const throwing = new Proxy({}, {
      get() { throw new Error('trap get'); },
      ownKeys() { throw new Error('trap keys'); },
    });
    const record = { format: 'carcassonne-record/1', players: ['Ann', 'Bob'], deck: ['V', 'E', 'U'],
      moves: [{ at: [1, 0], rotation: 1, follower: 'W' }] };
    const values = [
      undefined, null, true, false, 0, -0, 1, -1, 3, 4, 0.5, NaN, Infinity, -Infinity, 256,
      2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 64, 1e308, '', 'N', 'NW', 'C', 'W', 'zz', 'random',
      'greedy', 'skip', '{}', '[1]', JSON.stringify(record), '{"format"', '\ud800', 'x'.repeat(5000),
      [], [1], [1, 0], [1, 0, 0], [null, null], ['1', '0'], new Array(4294967295),
      {}, { type: 'skip' }, { type: 'place_tile', at: [1, 0], rotation: 1 }, { type: 'fly' },
      { type: 'follower', location: 'W' }, { players: ['A', 'B'] }, { players: ['A'] },
      { players: ['A', 'B'], seed: -1 }, record, { ...record, moves: [{ at: [1, 0, 0], rotation: 1 }] },
      cyclic, revoked.proxy, throwing, Object.create(null), () => 1, class K {}, Symbol('s'), 10n,
      new Date(0), /re/, new Map(), new Uint8Array(2), Promise.resolve(), globalThis,
      new Number(1), new String('N'),
    ];
    let seed = 7;
    const pick = () => values[(seed = (seed * 1103515245 + 12345) % 2147483648) % values.length];
    const game = new Game({ players: ['Ann', 'Bob'], seed: 9 });
    const methods = [
      (a) => new Game(a), (a) => Game.fromRecord(a), (a) => Game.fromJson(a),
      (a) => game.apply(a), (a, b) => game.suggest(a, b), (a, b, c) => game.suggestPart(a, b, c),
      (a, b, c) => game.featureInfo(a, b, c), (a, b, c) => game.featureTiles(a, b, c),
      (a) => game.state(a), (a) => game.legalPlacements(a), (a) => game.followerSpots(a),
      (a) => game.record(a), (a) => game.result(a), (a) => game.recordJson(a),
      (a) => (a === true ? game.undo() : game.redo()),
    ];
    const bad = [];
    let refused = 0;
    for (let i = 0; i < 100000; i++) {
      const m = methods[i % methods.length];
      try {
        const r = m(pick(), pick(), pick());
        if (r instanceof Game) r.free();
      } catch (e) {
        refused++;
        const ok = e instanceof Error && !(e instanceof WebAssembly.RuntimeError)
          && e.message.length > 0 && typeof e.code === 'string';
        if (!ok && bad.length < 5) bad.push(`${m}: ${e && e.constructor && e.constructor.name}: ${e && e.message}`);
      }
    }
    if (game.state().step === 'place_follower') game.apply({ type: 'skip' });
    const turn = game.state().turn;
    const p = game.legalPlacements()[0];
    game.apply({ type: 'place_tile', at: p.at, rotation: p.rotation });
    game.apply({ type: 'skip' });
    // The traps issue 11 names, one by one.
    const named = [() => Game.fromJson(0), () => Game.fromJson({}), () => Game.fromJson(true),
      () => Game.fromJson([1]), () => game.featureTiles(0, 0, 1), () => game.suggest(null, 1)]
      .map((f) => { try { f(); return 'returned'; } catch (e) { return `${e.constructor.name}/${e.code}`; } });
    return { refused, bad, turned: game.state().turn - turn, named };
  });
  assert.deepEqual(out.bad, []);
  assert.ok(out.refused > 30000, `${out.refused} calls refused`);
  assert.equal(out.turned, 1, 'a legal move still works');
  assert.deepEqual(out.named, Array(6).fill('Error/argument'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a bad rotation, whatever it is, gets one message: 0, 1, 2 or 3', async () => {
  const { context, page } = await tab(browser, `${server.url}?seed=4&players=2`);
  try {
    const out = await page.evaluate(() => {
      const { Game } = window.wasmBindings;
      const game = new Game({ players: ['Ann', 'Bob'], seed: 9 });
      const p = game.legalPlacements()[0];
      const before = game.recordJson();
      const said = [NaN, 1.5, -1, 4, 255, 256, '1', null].map((rotation) => {
        try {
          game.apply({ type: 'place_tile', at: p.at, rotation });
          return 'accepted';
        } catch (e) {
          return e.message;
        }
      });
      return { said, unchanged: game.recordJson() === before };
    });
    for (const m of out.said) assert.match(m, /rotation must be 0, 1, 2 or 3$/);
    assert.ok(out.unchanged, 'the game is as it was');
  } finally {
    await context.close();
  }
});
