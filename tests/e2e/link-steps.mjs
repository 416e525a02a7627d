// What a person does to play by link, shared by tests/e2e/link.test.mjs and
// scripts/link-time.mjs: read the address the link card offers, paste an
// address into a device, lay a tile when it is that device's turn, and
// play two devices to the end by carrying each link across.
import { pageIn } from './browser.mjs';
import { view, visibleFit } from './page.mjs';

/** The address in the link card's row `i`, once the card shows it. */
export async function offered(page, i = 0) {
  await page.waitForSelector(`#link-url-${i}`, { state: 'visible' });
  return page.inputValue(`#link-url-${i}`);
}

/** Opens `url` on `page` as a person pastes it into the address bar. */
export async function paste(page, url) {
  await page.goto(url);
  // The page takes the link and clears it from the address.
  await page.waitForFunction(() => !location.hash);
}

/** Whether it is a person's turn on this device to lay a tile. */
export const myTurn = (page) =>
  page.evaluate(() => {
    const s = window.__carcassonne.state();
    return s.screen === 'table' && s.game.step === 'place_tile' && s.seats[s.game.current_player] === 'human' && !s.thinking;
  });

/**
 * Lays a tile where it fits, no follower. With `not`, an [x, y], another
 * move than one laid there: on another cell, or, for a tile that fits only
 * there (a city on every side fits only beside the start's city), the same
 * cell with a follower.
 */
export async function playTurn(page, { not } = {}) {
  let f;
  let follower = false;
  if (not) {
    const s = await view(page);
    f = s.fits.find((c) => c.at.join() !== not.join());
    if (!f) [f, follower] = [s.fits[0], true];
  } else {
    // A cell on screen where the tile fits (the board may reach past the edges).
    f = await visibleFit(page);
  }
  await page.mouse.click(f.x, f.y);
  await page.waitForFunction(() => window.__carcassonne.state().candidate);
  for (let i = 0; i < 4 && !(await page.isEnabled('#confirm')); i++) await page.click('#rotate');
  await page.click('#confirm');
  await page.waitForFunction(() => window.__carcassonne.state().game.step !== 'place_tile');
  if ((await view(page)).game.step === 'place_follower') {
    if (follower) await page.keyboard.press('1');
    else await page.click('#skip');
    await page.waitForFunction(() => window.__carcassonne.state().game.step !== 'place_follower');
  }
}

const over = (page) => page.evaluate(() => window.__carcassonne.state().game.step === 'game_over');

/**
 * Two devices' pages play on until the game is over on both: whoever's turn
 * it is lays a tile, and the link its card offers is pasted into the other.
 * `afterMove(page, moves)` runs after each move, before the link is read.
 * `limit` bounds the loop's rounds, each a move or a 100 ms wait while a
 * move that came by link plays out (a 72-move game took 425 on a loaded
 * machine). Returns the number of moves played.
 */
export async function playByLink(a, b, { limit = 2000, afterMove } = {}) {
  let moves = 0;
  for (let i = 0; i < limit; i++) {
    if ((await over(a)) && (await over(b))) break;
    const [p, q] = (await myTurn(a)) ? [a, b] : (await myTurn(b)) ? [b, a] : [null, null];
    if (!p) {
      await a.waitForTimeout(100);
      continue;
    }
    await playTurn(p);
    moves++;
    if (afterMove) await afterMove(p, moves);
    await paste(q, await offered(p));
  }
  for (const pg of [a, b]) await pg.waitForFunction(() => window.__carcassonne.state().game.step === 'game_over');
  return moves;
}

/**
 * Closes `page` as a person closes a tab (its pagehide runs) and opens
 * `url` in a new tab of the same browser context, as a link tapped in a
 * messenger opens: the new tab holds nothing in memory, only the device's
 * storage. Resolves to pageIn()'s { page, errors }.
 */
export async function inNewTab(context, page, url) {
  const gone = new Promise((done) => page.once('close', done));
  await page.close({ runBeforeUnload: true });
  await gone;
  return pageIn(context, url);
}
