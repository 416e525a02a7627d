// End-to-end: the table in other languages (docs/languages.md). In the
// tests' pseudo-language (?lang=en-XA: every sentence accented, about 40%
// longer and bracketed ⟦…⟧) every screen a player meets shows no word
// outside the brackets, so none bypassed the catalogue, and no text is cut
// off, spills out of its box or out of the viewport. In German and Polish
// the same screens are screenshotted to be looked at; the language list
// switches the words in the middle of a game and nothing else.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, ROOT, SHOTS, closeSite, openSite, tab } from './browser.mjs';
import { layFitting, runUntil, view } from './page.mjs';

let browser;
let server;
before(async () => {
  // The pseudo-language is made from the English as the tests need it; it is
  // never part of the site.
  const made = spawnSync('cargo', ['run', '-q', '--bin', 'carcassonne', '--', 'words', 'en-XA'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 24 });
  assert.equal(made.status, 0, made.stderr);
  mkdirSync(join(DIST, 'words'), { recursive: true });
  writeFileSync(join(DIST, 'words', 'en-XA.txt'), made.stdout);
  ({ browser, server } = await openSite({ shots: true }));
});
after(() => closeSite(browser, server));

const SIZES = [[1024, 768], [768, 1024], [390, 844]];

/**
 * What is wrong with the words on screen now: visible text or labels with a
 * letter outside ⟦…⟧ (the language list's own names and `translate="no"`
 * aside), and text cut off, spilling out of its box or out of the viewport.
 */
const problems = (page) =>
  page.evaluate(() => {
    const out = [];
    // Brackets nest (a name inside a sentence): the innermost go first.
    const strip = (t) => {
      for (let was = null; was !== t; ) [was, t] = [t, t.replace(/⟦[^⟦⟧]*⟧/g, '')];
      return t;
    };
    const letters = (t) => /\p{L}/u.test(strip(t));
    const shown = (el) => {
      if (el.closest('details:not([open]) > :not(summary)')) return false;
      for (let e = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (e.hidden || s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return false;
      }
      const r = el.getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0) return false;
      // Off the screen: shown, for the viewport check below to judge.
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true;
      // Not under a card or screen on top of it (the start screen covers the table).
      const top = document.elementFromPoint(x, y);
      if (!top || el.contains(top)) return true;
      return top.contains(el) && top !== document.body && top !== document.documentElement;
    };
    const skip = (el) => el.closest('#lang, [translate="no"], script, style, noscript, .visually-hidden');
    const where = (el) => el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''} in #${el.closest('[id]')?.id}`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const boxes = new Set();
    for (let n; (n = walker.nextNode()); ) {
      const el = n.parentElement;
      if (!el || skip(el) || !n.textContent.trim() || !shown(el)) continue;
      if (letters(n.textContent)) out.push(`words outside the catalogue at ${where(el)}: ${JSON.stringify(n.textContent.trim().slice(0, 80))}`);
      let box = el;
      while (box.parentElement && getComputedStyle(box).display.startsWith('inline')) box = box.parentElement;
      boxes.add(box);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (skip(el) || !shown(el)) continue;
      for (const a of ['aria-label', 'title', 'placeholder']) {
        const v = el.getAttribute(a);
        if (v && letters(v)) out.push(`${a} outside the catalogue at ${where(el)}: ${JSON.stringify(v.slice(0, 80))}`);
      }
    }
    const [w, h] = [innerWidth, innerHeight];
    for (const el of boxes) {
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      if (el.scrollWidth > el.clientWidth + 1 && s.overflowX !== 'auto' && s.overflowX !== 'scroll') out.push(`text wider than its box at ${where(el)} (${el.scrollWidth} > ${el.clientWidth})`);
      if (s.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) out.push(`text cut off at ${where(el)}`);
      // Inside the viewport, unless a scrolling card holds it.
      const scroller = el.parentElement?.closest('.card, [role="dialog"], .menu, ol, ul, #panel, #rules, #review, #games');
      if (!scroller && (r.left < -1 || r.right > w + 1 || r.top < -1 || r.bottom > h + 1)) out.push(`text outside the viewport at ${where(el)} (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`);
    }
    return [...new Set(out)];
  });

/** Checks the screen now, and keeps its screenshot. */
async function look(page, found, name, size, lang) {
  await page.screenshot({ path: `${SHOTS}lang-${lang}-${name}-${size}.png` });
  if (lang === 'en-XA') for (const p of await problems(page)) found.push(`${size} ${name}: ${p}`);
}

/** Every screen a player meets, in `lang`, at one size. */
async function tour(lang, [width, height], found) {
  const size = `${width}x${height}`;
  const { context, page, errors } = await tab(browser, `${server.url}?lang=${lang}`, { width, height });
  try {
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    // The start screen, its house rules open.
    assert.ok(await page.isVisible('#setup'));
    await look(page, found, 'setup', size, lang);
    await page.click('#house summary');
    await look(page, found, 'setup-house-rules', size, lang);
    await page.click('#house summary');
    // A first game opens the guide.
    await page.click('#start');
    await page.waitForSelector('#guide:not([hidden])');
    await look(page, found, 'guide', size, lang);
    await page.click('#guide-skip');
    await page.waitForFunction(() => document.getElementById('setup').hidden);
    await look(page, found, 'table', size, lang);
    await layFitting(page);
    await page.click('#confirm');
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
    await look(page, found, 'follower-step', size, lang);
    await page.click('#skip');
    await page.waitForSelector('#handover:not([hidden])');
    await look(page, found, 'handover', size, lang);
    await page.click('#handover-go');
    await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_tile');
    // Undo asks the table first.
    await page.click('#undo');
    await page.waitForSelector('#ask[open]');
    await look(page, found, 'question-undo', size, lang);
    await page.click('#ask-no');
    await page.waitForSelector('#ask', { state: 'hidden' });
    await page.click('#scores');
    await page.waitForSelector('#panel:not([hidden])');
    await look(page, found, 'score-card', size, lang);
    await page.click('#panel-close');
    await page.click('#settings summary');
    await look(page, found, 'settings', size, lang);
    await page.click('#rules-open');
    await page.waitForSelector('#rules:not([hidden])');
    await look(page, found, 'rules-card', size, lang);
    await page.click('#rules-close');
    await page.click('#settings summary');
    await page.click('#new-game');
    await page.waitForSelector('#ask[open]');
    await look(page, found, 'question-new-game', size, lang);
    await page.click('#ask-no');
    await page.waitForSelector('#ask', { state: 'hidden' });
    await page.click('#settings summary');
    await page.click('#review-open');
    await page.waitForSelector('#review:not([hidden])');
    await page.click('#rv-first');
    await page.click('#rv-fwd');
    await look(page, found, 'review', size, lang);
    await page.click('#review-back');
    await page.waitForSelector('#review', { state: 'hidden' });
    await page.click('#settings summary');
    await page.click('#games-open');
    await page.waitForSelector('#games-list .entry');
    await look(page, found, 'games-list', size, lang);
    await page.click('#games-close');
    assert.equal((await view(page)).game.step, 'place_tile', 'the game goes on');
    // A second game, so that the first can be offered for deleting.
    await page.click('#settings summary');
    await page.click('#new-game');
    await page.waitForSelector('#ask[open]');
    await page.click('#ask-yes');
    await page.waitForSelector('#setup:not([hidden])');
    await page.locator('#start').scrollIntoViewIfNeeded();
    await page.click('#start');
    await page.waitForFunction(() => document.getElementById('setup').hidden);
    if (await page.isVisible('#handover-go')) await page.click('#handover-go');
    await page.click('#settings summary');
    await page.click('#games-open');
    await page.waitForSelector('#games-list .entry [data-act="delete"]');
    await look(page, found, 'games-list-two', size, lang);
    await page.click('#games-list .entry [data-act="delete"]');
    await page.waitForSelector('#ask[open]');
    await look(page, found, 'question-delete', size, lang);
    await page.click('#ask-no');
    await page.waitForSelector('#ask', { state: 'hidden' });
    await page.click('#games-close');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}

test('in the pseudo-language every screen says only catalogue words, none cut off or outside the viewport (1024x768, 768x1024, 390x844)', async () => {
  const found = [];
  for (const size of SIZES) await tour('en-XA', size, found);
  assert.deepEqual(found, [], `\n${found.join('\n')}`);
});

for (const lang of ['de', 'pl']) {
  test(`the same screens in ${lang}, screenshotted (1024x768, 768x1024, 390x844)`, { skip: !existsSync(join(ROOT, 'www', 'words', `${lang}.txt`)) && `no ${lang} catalogue yet` }, async () => {
    for (const size of SIZES) await tour(lang, size, []);
  });
}

test('a browser that prefers Polish opens in Polish, one that speaks none of the seven in English; a chosen language is kept over the browser\'s', async () => {
  for (const [locale, lang] of [['pl-PL', 'pl'], ['ja-JP', 'en'], ['de-AT', 'de']]) {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale });
    const page = await context.newPage();
    await page.goto(server.url, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__carcassonne && !document.documentElement.hasAttribute('data-booting'));
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang, locale);
    assert.equal(await page.inputValue('#lang'), lang, `${locale}: the settings show it`);
    if (lang === 'pl') {
      assert.equal(await page.textContent('#start'), 'Zacznij grę');
      // Chosen in the settings (behind the start screen here): kept, over the browser's.
      await page.evaluate(() => {
        const list = document.getElementById('lang');
        list.value = 'fr';
        list.dispatchEvent(new Event('change'));
      });
      await page.waitForFunction(() => document.documentElement.lang === 'fr');
      await page.reload({ waitUntil: 'load' });
      await page.waitForFunction(() => window.__carcassonne && !document.documentElement.hasAttribute('data-booting'));
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr', 'the choice outlives a reload');
    }
    await context.close();
  }
});

test('switching the language in the middle of a game changes every word and nothing else (1024x768, 390x844)', async () => {
  for (const [width, height] of [[1024, 768], [390, 844]]) {
    const { context, page, errors } = await tab(browser, `${server.url}?seed=9&players=2`, { width, height, handover: false });
    try {
      if (await page.isVisible('#guide-skip')) await page.click('#guide-skip');
      await layFitting(page);
      await page.click('#confirm');
      await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_follower');
      await page.click('#skip');
      await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_tile');
      const before = await view(page);
      const english = await page.textContent('#prompt');
      await page.click('#settings summary');
      await page.selectOption('#lang', 'de');
      await page.waitForFunction(() => document.documentElement.lang === 'de');
      await page.waitForFunction((was) => document.getElementById('prompt').textContent !== was, english);
      assert.match(await page.textContent('#prompt'), /Plättchen/, 'the prompt is German');
      assert.equal(await page.textContent('#rules-open'), 'Regeln', 'the page\'s own words too');
      const after = await view(page);
      assert.deepEqual(after.game, before.game, 'the game is the same');
      await page.screenshot({ path: `${SHOTS}lang-switched-de-${width}x${height}.png` });
      // And back: the page's English comes back without a reload.
      await page.selectOption('#lang', 'en');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      await page.waitForFunction((was) => document.getElementById('prompt').textContent === was, english);
      assert.equal(await page.textContent('#rules-open'), 'Rules');
      assert.deepEqual((await view(page)).game, before.game);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

test('a whole game of two computers is played to its final scores in each language', async () => {
  const found = [];
  for (const lang of ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'en-XA']) {
    const { context, page, errors } = await tab(browser, `${server.url}?lang=${lang}&seed=3&seats=easy,easy`, { clock: true });
    try {
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      await runUntil(page, () => window.__carcassonne.state().game.finished && window.__carcassonne.state().walk !== 'running', `${lang}: the game ends`, { step: 1000, limit: 4000 });
      await page.waitForSelector('#panel:not([hidden])');
      const title = await page.textContent('#panel-title');
      const winners = await page.textContent('#panel-winners');
      assert.ok(title && winners, `${lang}: the final scores have a title and the winners`);
      await page.screenshot({ path: `${SHOTS}lang-${lang}-final-scores.png` });
      if (lang === 'en-XA') for (const p of await problems(page)) found.push(`final scores: ${p}`);
      assert.deepEqual(errors, [], lang);
    } finally {
      await context.close();
    }
  }
  assert.deepEqual(found, [], `\n${found.join('\n')}`);
});

test('in the pseudo-language a table with a hand of three and hidden hands says only catalogue words (1024x768, 390x844)', async () => {
  const found = [];
  for (const [width, height] of [[1024, 768], [390, 844]]) {
    const size = `${width}x${height}`;
    const { context, page, errors } = await tab(browser, `${server.url}?lang=en-XA`, { width, height });
    try {
      await page.click('#house summary');
      await page.selectOption('#o-hand', '3');
      await page.locator('#o-hand-hidden').scrollIntoViewIfNeeded();
      await page.click('#o-hand-hidden');
      await look(page, found, 'setup-hand-of-three', size, 'en-XA');
      await page.locator('#start').scrollIntoViewIfNeeded();
      await page.click('#start');
      await page.waitForSelector('#guide[open]');
      await look(page, found, 'guide-hands', size, 'en-XA');
      await page.click('#guide-skip');
      // Hidden hands: the tablet goes round before each turn.
      if (await page.isVisible('#handover')) {
        await look(page, found, 'handover-hands', size, 'en-XA');
        await page.click('#handover-go');
      }
      await page.waitForFunction(() => window.__carcassonne.state().game.step === 'place_tile');
      assert.ok(await page.isVisible('#hand-2'), 'three tiles in hand');
      await look(page, found, 'table-hand-of-three', size, 'en-XA');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
  assert.deepEqual(found, [], `\n${found.join('\n')}`);
});
