// End-to-end: what the board shows of the game — follower markers fanned out
// so none hides another, the last move framed, a scoring outlined with a
// large "+N", a legible zoom late in the game, the final scoring walked
// through feature by feature — and screenshots of the art to look at.
// Positions are dealt by playing a game with the page's own engine
// (window.wasmBindings) and saving it where a reload resumes it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { drawn, freeArea, ready, runUntil, startGame, view } from './page.mjs';

const KEY = 'carcassonne:/:v1:';

let browser;
let server;
before(async () => ({ browser, server } = await openSite({ shots: true })));
after(() => closeSite(browser, server));

/** A tab (see tab()'s options) on a new game, start screen passed, the hand-over screen off unless asked. */
async function open(options = {}) {
  const t = await tab(browser, server.url, { handover: false, ...options });
  await startGame(t.page);
  return t;
}


/**
 * Plays a two-player game with the engine (greedy moves) from `seed` until
 * `want` finds a placement of the tile in hand worth showing; saves the game
 * there and reloads, so the page shows that very turn. Returns the placement.
 */
async function deal(page, seed, want) {
  const found = await page.evaluate(
    ([seed, want]) => {
      const { Game } = window.wasmBindings;
      const g = new Game({ players: ['Ann', 'Bo'], seed });
      const pick = {
        // A city, a road and fields on one tile, with many spots open.
        crowd: (c, p) => {
          c.apply({ type: 'place_tile', at: p.at, rotation: p.rotation });
          const spots = c.followerSpots();
          const roles = new Set(spots.map((s) => s.role));
          return spots.length >= 6 && ['thief', 'knight', 'farmer'].every((r) => roles.has(r));
        },
        // A tile that completes a feature someone stands on.
        score: (c, p) => {
          c.apply({ type: 'place_tile', at: p.at, rotation: p.rotation });
          const ev = c.apply({ type: 'skip' });
          return ev.some((e) => e.type === 'feature_scored' && e.completed && e.points >= 4 && e.scorers.length);
        },
        // The last tile of the game.
        last: (c) => c.state().tiles_left === 0,
      }[want];
      for (let turn = 0; turn < 80 && !g.state().finished; turn++) {
        for (const p of g.legalPlacements()) {
          if (pick(Game.fromJson(g.recordJson()), p)) return { record: g.recordJson(), place: p };
        }
        const m = g.suggest('greedy', turn);
        g.apply({ type: 'place_tile', at: m.at, rotation: m.rotation });
        g.apply(m.action);
      }
      return null;
    },
    [seed, want],
  );
  assert.ok(found, `a game from seed ${seed} reaches a "${want}" turn`);
  await page.evaluate(([key, record]) => localStorage.setItem(key + 'game', record), [KEY, found.record]);
  await page.reload({ waitUntil: 'load' });
  await ready(page);
  assert.equal((await view(page)).game.step, 'place_tile', 'the dealt turn is on the page');
  return found.place;
}

/** Pans with mouse drags on the board until `cell` shows well inside the board area. */
async function bringIntoView(page, cell) {
  const area = await freeArea(page);
  const mid = { x: area.width / 2, y: (area.top + area.bottom) / 2 };
  const reach = { x: area.width / 2 - 50, y: (area.bottom - area.top) / 2 - 50 };
  for (let i = 0; i < 8; i++) {
    const p = await page.evaluate(([x, y]) => window.__carcassonne.screenOf(x, y), cell);
    const d = { x: mid.x - p.x, y: mid.y - p.y };
    if (Math.abs(d.x) < reach.x && Math.abs(d.y) < reach.y) return p;
    const step = (v, r) => Math.max(-r, Math.min(r, v));
    await page.mouse.move(mid.x - step(d.x, reach.x) / 2, mid.y - step(d.y, reach.y) / 2);
    await page.mouse.down();
    await page.mouse.move(mid.x + step(d.x, reach.x) / 2, mid.y + step(d.y, reach.y) / 2, { steps: 6 });
    await page.mouse.up();
  }
  throw new Error(`cell ${cell} could not be brought into view`);
}

/** Lays the tile in hand at `place` (cell and rotation) with the mouse, and confirms. */
async function lay(page, place) {
  const p = await bringIntoView(page, place.at);
  await page.mouse.click(p.x, p.y);
  await page.waitForFunction(() => window.__carcassonne.state().candidate);
  for (let i = 0; i < 4 && (await view(page)).rotation !== place.rotation; i++) await page.click('#rotate');
  assert.equal((await view(page)).rotation, place.rotation, 'the tile is turned as dealt');
  await page.click('#confirm');
  await page.waitForFunction(() => window.__carcassonne.state().game.step !== 'place_tile');
}

/** Asserts the circles (centre, radius r) are 44 px targets, pairwise apart and inside `area`. */
function assertFanned(markers, r, area, what) {
  assert.ok(2 * r >= 44, `${what}: each marker is a 44 px target (${2 * r})`);
  for (const m of markers) {
    assert.ok(
      m.x - r >= 0 && m.x + r <= area.width && m.y - r >= area.top && m.y + r <= area.bottom,
      `${what}: marker ${JSON.stringify(m)} is inside the board area ${JSON.stringify(area)}`,
    );
  }
  for (let i = 0; i < markers.length; i++) {
    for (let j = i + 1; j < markers.length; j++) {
      const d = Math.hypot(markers[i].x - markers[j].x, markers[i].y - markers[j].y);
      assert.ok(d >= 2 * r - 0.01, `${what}: markers ${i} and ${j} overlap (${d.toFixed(1)} < ${(2 * r).toFixed(1)})`);
    }
  }
}

for (const [width, height] of [[1024, 768], [360, 640]]) {
  test(`every tile kind at ${width}x${height}: follower markers never overlap and stay on screen`, async () => {
    const { context, page, errors } = await open({ width, height, touch: width < 500 });
    try {
      const area = await freeArea(page);
      const kinds = await page.evaluate(() => window.__carcassonne.kinds);
      assert.ok(kinds >= 24, 'the whole catalogue is there');
      let crowded = 0;
      for (let k = 0; k < kinds; k++) {
        for (let r = 0; r < 4; r++) {
          const p = await page.evaluate(([k, r]) => window.__carcassonne.markerPreview(k, r), [k, r]);
          assertFanned(p.markers, p.targetRadius, area, `${p.name} turned ${r}`);
          crowded = Math.max(crowded, p.markers.length);
        }
      }
      assert.ok(crowded >= 7, `the most crowded tile shows ${crowded} markers`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`a follower choice on a city+road+field tile at ${width}x${height}: fanned, pointing at their spots, tappable`, async () => {
    const { context, page, errors } = await open({ width, height });
    try {
      const place = await deal(page, 7, 'crowd');
      await lay(page, place);
      // The view eases in on the tile for its spots: measured once it has
      // settled (read mid-way, under load, the spots and the tile disagree).
      let s = await view(page);
      for (let was = null; !was || was.scale !== s.scale || was.options[0]?.x !== s.options[0]?.x; ) {
        was = s;
        await page.waitForTimeout(120);
        s = await view(page);
      }
      assert.equal(s.game.step, 'place_follower');
      const area = await freeArea(page);
      assert.ok(s.options.length >= 6, `${s.options.length} spots`);
      assertFanned(s.options, s.targetRadius, area, 'follower step');
      // Each marker points at a spot on the tile just laid.
      const a = await page.evaluate(([x, y]) => window.__carcassonne.screenOf(x, y), place.at);
      const half = s.scale / 2;
      for (const o of s.options) {
        assert.ok(Math.abs(o.spot.x - a.x) <= half && Math.abs(o.spot.y - a.y) <= half, `the ${o.role} spot is on the tile`);
      }
      // Crowded markers fan out around the tile: none sits on its middle, hiding it.
      for (const o of s.options) {
        assert.ok(Math.max(Math.abs(o.x - a.x), Math.abs(o.y - a.y)) >= half, `the ${o.role} marker is off the tile`);
      }
      const roles = new Set(s.options.map((o) => o.role));
      for (const r of ['thief', 'knight', 'farmer']) assert.ok(roles.has(r), `a ${r} spot is offered`);
      await drawn(page);
      await page.screenshot({ path: `${SHOTS}/followers-${width}x${height}.png` });
      // A tap on the farmer's marker puts a farmer down (markers moved off their spots still answer).
      const farmer = s.options.find((o) => o.role === 'farmer');
      await page.mouse.click(farmer.x, farmer.y);
      await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_tile');
      const after = await view(page);
      const laid = after.game.pieces.filter((p) => p.at[0] === place.at[0] && p.at[1] === place.at[1]);
      assert.equal(laid.length, 1, 'one follower on the tile');
      assert.equal(laid[0].role, 'farmer');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('the last tile laid is framed until the next is laid, and after a reload', async () => {
  const { context, page, errors } = await open();
  try {
    let s = await view(page);
    assert.equal(s.lastMove, null, 'nothing laid yet but the start tile');
    const f = s.fits[0];
    await page.mouse.click(f.x, f.y);
    await page.click('#confirm');
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
    await page.click('#skip');
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_tile');
    s = await view(page);
    assert.deepEqual(s.lastMove, f.at, 'the tile just laid is the last move');
    const frame = async (cell) => {
      await drawn(page);
      const p = await page.evaluate(([x, y]) => window.__carcassonne.screenOf(x, y), cell);
      const sc = (await view(page)).scale;
      // Just inside the tile's left edge, halfway down: the frame's light band.
      return page.evaluate(({ x, y }) => {
        const c = document.getElementById('board');
        const d = c.width / c.getBoundingClientRect().width;
        return Array.from(c.getContext('2d').getImageData(Math.round(x * d) + 1, Math.round(y * d), 1, 1).data);
      }, { x: p.x - sc / 2, y: p.y });
    };
    const LIGHT = [0xff, 0xf6, 0xc2];
    const near = (px, c) => px.slice(0, 3).every((v, i) => Math.abs(v - c[i]) <= 12);
    assert.ok(near(await frame(f.at), LIGHT), 'the frame is drawn around it');
    await page.reload({ waitUntil: 'load' });
    await ready(page);
    s = await view(page);
    assert.deepEqual(s.lastMove, f.at, 'a reload shows the same last move');
    assert.ok(near(await frame(f.at), LIGHT), 'and frames it');
    // The next tile laid takes the frame.
    const g = s.fits.find((x) => x.at.join() !== f.at.join());
    await page.mouse.click(g.x, g.y);
    await page.click('#confirm');
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
    s = await view(page);
    assert.deepEqual(s.lastMove, g.at, 'the next tile is the last move from the moment it is laid');
    assert.ok(!near(await frame(f.at), LIGHT), 'the earlier tile is no longer framed');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a scoring outlines the feature and shows a large "+N" in the scorer\'s colour', async () => {
  const { context, page, errors } = await open({ clock: true });
  try {
    const place = await deal(page, 12, 'score');
    await lay(page, place);
    await page.click('#skip');
    await page.waitForFunction(() => window.__carcassonne.state().effectKinds.includes('outline'));
    const s = await view(page);
    assert.ok(s.effectKinds.includes('points'), `the points show too: ${s.effectKinds}`);
    assert.ok(!s.effectKinds.includes('glow'), 'no whole tile is tinted');
    await page.clock.runFor(350); // the page's time: the "+N" well on its way
    await page.screenshot({ path: `${SHOTS}/scoring-1024x768.png` });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

for (const [width, height, least] of [[1024, 768, 64], [360, 640, 48]]) {
  test(`the end of a long game at ${width}x${height}: legible tiles, the last move in view, the final scoring walked through`, async () => {
    // The page's clock, run by the test: the walk-through's pauses take no real time.
    const { context, page, errors } = await open({ width, height, clock: true });
    try {
      const place = await deal(page, 4, 'last');
      let s = await view(page);
      assert.ok(s.game.tiles.length >= 60, `a long game: ${s.game.tiles.length} tiles`);
      assert.ok(s.scale >= least, `tiles stay legible: ${s.scale.toFixed(1)} px`);
      // Beyond what fits, the view follows the action: the last tile laid is in view.
      const area = await freeArea(page);
      const p = await page.evaluate(([x, y]) => window.__carcassonne.screenOf(x, y), s.lastMove);
      assert.ok(p.x > 0 && p.x < width && p.y > area.top && p.y < area.bottom, `the last tile is in view: ${JSON.stringify(p)}`);
      await page.screenshot({ path: `${SHOTS}/late-game-${width}x${height}.png` });
      const home = s.scale;
      await lay(page, place);
      s = await view(page);
      assert.ok(s.scale >= least, `still legible after the last tile: ${s.scale.toFixed(1)} px`);
      if (s.game.step === 'place_follower') await page.click('#skip');
      await page.waitForFunction(() => window.__carcassonne.state().game.finished);
      await runUntil(page, () => window.__carcassonne.state().walk === 'running', 'the walk-through begins');
      // Each item of the final scoring (1.1 s each) is shown on a board zoomed to it: seen every half item.
      const scales = new Set();
      let shot = false;
      while ((await view(page)).walk === 'running') {
        const v = await view(page);
        scales.add(Math.round(v.scale));
        assert.ok(v.scale >= least, `walk-through tiles are legible: ${v.scale}`);
        if (!shot && v.effectKinds.includes('outline')) {
          await page.clock.runFor(300);
          await page.screenshot({ path: `${SHOTS}/final-walk-${width}x${height}.png` });
          shot = true;
        }
        await page.clock.fastForward(550);
      }
      s = await view(page);
      assert.equal(s.walk, 'done', 'the walk-through ends and says so');
      assert.ok(shot, 'an outlined feature was seen during the walk-through');
      assert.ok(Math.abs(s.scale - home) < 1, 'the view comes back after the walk-through');
      assert.ok(scales.size >= 2, `the camera moved to the features: scales ${[...scales]}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

for (const [width, height] of [[1024, 768], [768, 1024]]) {
  test(`mid-game art at ${width}x${height} (screenshot to look at)`, async () => {
    // The page's clock, run by the test: tile pictures are painted a few a frame, and 300 ms of frames run at once.
    const { context, page, errors } = await open({ width, height, clock: true });
    try {
      // About 30 tiles down.
      await page.evaluate(([key]) => {
        const { Game } = window.wasmBindings;
        const g = new Game({ players: ['Ann', 'Bo', 'Cy'], seed: 30 });
        for (let turn = 0; turn < 29; turn++) {
          const m = g.suggest('greedy', turn);
          g.apply({ type: 'place_tile', at: m.at, rotation: m.rotation });
          g.apply(m.action);
        }
        localStorage.setItem(key + 'game', g.recordJson());
      }, [KEY]);
      await page.reload({ waitUntil: 'load' });
      await ready(page);
      const s = await view(page);
      assert.equal(s.game.tiles.length, 30);
      await page.clock.runFor(300);
      await drawn(page);
      await page.screenshot({ path: `${SHOTS}/midgame-${width}x${height}.png` });
      // Close up, about 200 px a tile: the art still reads.
      await page.focus('#board');
      for (let i = 0; i < 8 && (await view(page)).scale < 190; i++) await page.keyboard.press('+');
      assert.ok((await view(page)).scale >= 190, 'zoomed in to about 200 px a tile');
      await page.clock.runFor(300);
      await drawn(page);
      await page.screenshot({ path: `${SHOTS}/midgame-close-${width}x${height}.png` });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
