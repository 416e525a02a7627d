// Trunk post-build hook, run in the staging directory after Trunk's wasm-opt:
//  1. (release builds) shrinks the wasm-bindgen output: binaryen runs -O1 again
//     with two more passes, then minifies the
//     wasm's import, export and import-module names, the glue JS is rewritten
//     to the new names and then minified by terser; both are checked in node
//     against the untouched pair before anything is written; the page's
//     other scripts, the AI worker and (in 4.) sw.js are minified too;
//     and the preload links of the wasm and its glue go to the head's top;
//  2. makes Trunk's inline loader an async module, and pins the page's
//     Content-Security-Policy to the page's two inline scripts (by their
//     hashes), so nothing else can run;
//  3. writes the build id (a hash of the final files, so it runs last) into
//     the page, and
//  4. with the list of files, into the service worker.
// Any failure throws: Trunk then reports the hook failed and keeps the old dist/.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { namedByChain } from './order.mjs';
import { minify as terser } from 'terser';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('postbuild.mjs runs as a Trunk hook (TRUNK_STAGING_DIR is unset)');

const indexPath = join(dir, 'index.html');
let html = readFileSync(indexPath, 'utf8');

// The URL prefix Trunk put before this build's files: './' by default (Trunk.toml),
// or the --public-url given, e.g. '/games/carcassonne/' for a site hosted under that path.
const base = publicUrl(html);
const at = regexText(base);

// 1. Minify the wasm-bindgen output (release builds: debug builds keep their names).
if (process.env.TRUNK_PROFILE === 'debug') {
  console.log('postbuild: debug build, wasm and glue JS left as generated');
} else {
  const [js, wasm] = bindgenFiles(html);
  const before = [readFileSync(join(dir, js)), readFileSync(join(dir, wasm))];
  const after = await shrink(before[0].toString('utf8'), before[1]);
  writeFileSync(join(dir, js), after.js);
  writeFileSync(join(dir, wasm), after.wasm);
  html = refreshIntegrity(html, { [js]: after.js, [wasm]: after.wasm });
  console.log(
    `postbuild: ${wasm} ${before[1].length} -> ${after.wasm.length} B, ` +
      `${js} ${before[0].length} -> ${Buffer.byteLength(after.js)} B ` +
      `(${after.imports} imports, ${after.exports} exports renamed)`,
  );
}

// 1e. (release builds) The page's other scripts and the AI worker lose their
// comments and long names too; sw.js follows in step 4, once filled in.
const release = process.env.TRUNK_PROFILE !== 'debug';
if (release) {
  const scripts = [...html.matchAll(new RegExp(`<script src="${at}([^"/]+\\.js)"`, 'g'))].map((m) => [m[1], false]);
  const changed = {};
  for (const [f, module] of [...scripts, ['ai-worker.js', true]]) {
    changed[f] = await small(readFileSync(join(dir, f), 'utf8'), module, f);
    writeFileSync(join(dir, f), changed[f]);
  }
  for (const [, f] of html.matchAll(new RegExp(`<link rel="stylesheet" href="${at}([^"/]+\\.css)"`, 'g'))) {
    changed[f] = smallCss(readFileSync(join(dir, f), 'utf8'), f);
    writeFileSync(join(dir, f), changed[f]);
  }
  html = refreshIntegrity(html, changed);
  console.log(`postbuild: minified ${Object.keys(changed).join(', ')}`);
}

// 1f. The wasm and its glue are asked for first: Trunk puts their preload
// links at the end of the head, where Chromium finds them only once the
// parser gets there (after the stylesheet, on a slow network ~0.4 s late).
// Right after the Content-Security-Policy (which must come before what it
// governs), they start downloading with the page's first bytes.
{
  const links = html.match(/<link rel="modulepreload" href="[^"]+"[^>]*><link rel="preload" href="[^"]+_bg\.wasm"[^>]*>/g);
  if (links?.length !== 1) throw new Error("postbuild: index.html has no pair of Trunk's preload links for the glue JS and the wasm");
  html = html.replace(links[0], '').replace('<meta name="csp-placeholder">', `<meta name="csp-placeholder">\n  ${links[0]}`);
}

// 2a. Trunk's inline loader as an async module: it fetches and compiles the
// wasm as soon as its glue has arrived, while the rest of the page is still
// being parsed, instead of after it (a return visit's start screen comes
// that much sooner). The wasm then waits for the parse itself: index.html's
// words promise resolves only once the page is parsed.
{
  const loaders = html.split('<script type="module">\nimport init').length - 1;
  if (loaders !== 1) throw new Error(`postbuild: index.html has ${loaders} Trunk loaders, not one`);
  html = html.replace('<script type="module">\nimport init', '<script type="module" async>\nimport init');
}

// 2. Content-Security-Policy: only this origin, wasm compilation, and the
// page's inline scripts by hash (the language chooser and Trunk's loader).
const inline = [...html.matchAll(/<script(?: type="module")?(?: async)?>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
if (inline.length !== 2) throw new Error(`postbuild: index.html has ${inline.length} inline scripts, not the 2 the CSP lists`);
const hashes = inline.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`).join(' ');
const csp = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${hashes}`.trim(),
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');
if (html.split('<meta name="csp-placeholder">').length !== 2) {
  throw new Error('postbuild: index.html must hold <meta name="csp-placeholder"> once (is Trunk minifying the page?)');
}
html = html.replace('<meta name="csp-placeholder">', `<meta http-equiv="Content-Security-Policy" content="${csp}">`);
writeFileSync(indexPath, html);

// 3. The build id: a hash of every file of this build (the page's own copy
// before the id is written into it). The page shows it (in the rules), and it
// names the service worker's cache, so sw.js changes whenever any file does
// and the browser installs it as an update.
const files = readdirSync(dir).filter((f) => statSync(join(dir, f)).isFile() && f !== 'sw.js').sort();
const template = readFileSync(join(dir, 'sw.js'), 'utf8');
const digest = createHash('sha256').update(template);
for (const f of files) digest.update(f).update('\0').update(readFileSync(join(dir, f)));
// The languages' catalogues (words/, fetched only when chosen) change the
// build too: a page must not read a catalogue of another build's keys.
const words = existsSync(join(dir, 'words')) ? readdirSync(join(dir, 'words')).sort() : [];
for (const f of words) digest.update(`words/${f}`).update('\0').update(readFileSync(join(dir, 'words', f)));
const version = digest.digest('hex').slice(0, 12);
if (html.split('__BUILD__').length !== 2) throw new Error('postbuild: index.html must hold __BUILD__ once, for the build id');
writeFileSync(indexPath, html.replace('__BUILD__', version));

// 4. The service worker: the id, and every file of this build to keep offline.
// English is the language most visits open in: kept offline from the
// start; another language is kept once it is chosen (www/sw.js).
const assets = ['./', ...files.map((f) => `./${f}`), ...(words.includes('en.txt') ? ['./words/en.txt'] : [])];
if (!template.includes("'__VERSION__'") || !template.includes("['__ASSETS__']")) {
  throw new Error('postbuild: sw.js has no __VERSION__ and __ASSETS__ to fill in');
}
const sw = template.replace("'__VERSION__'", JSON.stringify(version)).replace("['__ASSETS__']", JSON.stringify(assets));
writeFileSync(join(dir, 'sw.js'), release ? await small(sw, false, 'sw.js') : sw);
console.log(`postbuild: CSP with ${inline.length} inline script hash(es); build ${version}; sw.js caches ${assets.length} files`);

/** `code` minified; a classic script's or worker's own top-level names are mangled too (nothing outside uses them). */
async function small(code, module, name) {
  const out = await terser(code, { module, ecma: 2020, compress: true, mangle: { toplevel: true }, format: { comments: false } });
  if (!out.code) throw new Error(`postbuild: terser produced nothing for ${name}`);
  return out.code;
}

/** The public URL of Trunk's inline loader: the prefix of the glue module it imports. */
function publicUrl(page) {
  const url = page.match(/import init, \* as bindings from '([^']*\/)[^'/]+\.js';/)?.[1];
  if (!url) throw new Error('postbuild: index.html has no Trunk loader importing a .js');
  return url;
}

/** `text` as a regular expression matching it literally. */
function regexText(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The glue JS and wasm file names, as Trunk's inline loader imports them (after the public URL). */
function bindgenFiles(page) {
  const js = page.match(new RegExp(`import init, \\* as bindings from '${at}([^'/]+\\.js)';`))?.[1];
  const wasm = page.match(new RegExp(`module_or_path: '${at}([^'/]+_bg\\.wasm)'`))?.[1];
  if (!js || !wasm) throw new Error('postbuild: index.html has no Trunk loader importing a .js and a _bg.wasm');
  // src/web/worker.rs finds the wasm by this rule, from the module's own URL.
  if (wasm !== js.replace(/\.js$/, '_bg.wasm')) throw new Error(`postbuild: ${wasm} is not named after ${js}`);
  return [js, wasm];
}

/** The minified { js, wasm } pair, checked against the original pair. */
async function shrink(js, wasm) {
  const tmp = mkdtempSync(join(tmpdir(), 'postbuild-'));
  try {
    // 1a. binaryen renames, in place, every import, export and import module;
    // only the names change (order, kinds and code stay), so the lists read
    // back from the module before and after pair up one to one.
    const wasmOpt = fileURLToPath(new URL('./node_modules/.bin/wasm-opt', import.meta.url));
    const version = execFileSync(wasmOpt, ['--version'], { encoding: 'utf8' });
    if (!/\bversion 132\b/.test(version)) throw new Error(`postbuild: expected npm binaryen's wasm-opt 132, got ${version}`);
    writeFileSync(join(tmp, 'in.wasm'), wasm);
    const features = [
      '--enable-bulk-memory', '--enable-bulk-memory-opt', '--enable-reference-types',
      '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals',
      '--enable-multivalue', '--enable-call-indirect-overlong',
    ];
    // 1a'. Trunk's -O1 passes again, with two that index.html's list lacks:
    // redundant stores and constant address offsets folded into loads and
    // stores (the low 1 KB of memory is unused, as Trunk's
    // --low-memory-unused already says). Only in the loop with the others do
    // they pay: 894 B gzip off the wasm; after it, nothing.
    execFileSync(wasmOpt, [
      join(tmp, 'in.wasm'), '-o', join(tmp, 'opt.wasm'), ...features,
      '-O1', '--low-memory-unused', '--rse', '--optimize-added-constants-propagate', '--converge',
    ], { stdio: ['ignore', 'inherit', 'inherit'] });
    const optimised = readFileSync(join(tmp, 'opt.wasm'));
    // 1a''. Each function next to the one most like it (scripts/order.mjs),
    // so gzip finds their repeats within its 32 KB window.
    writeFileSync(join(tmp, 'named.wasm'), namedByChain(optimised));
    execFileSync(wasmOpt, [
      join(tmp, 'named.wasm'), '-o', join(tmp, 'ordered.wasm'), ...features,
      '--optimize-level=2', '--shrink-level=2', '--reorder-functions-by-name', '--strip-debug',
    ], { stdio: ['ignore', 'inherit', 'inherit'] });
    const printed = execFileSync(wasmOpt, [
      join(tmp, 'ordered.wasm'), '-o', join(tmp, 'out.wasm'), ...features,
      // Trunk's -Oz levels: the code is written back as compactly as Trunk wrote it.
      '--optimize-level=2', '--shrink-level=2',
      '--minify-imports-and-exports-and-modules',
    ], { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'inherit'] });
    const small = readFileSync(join(tmp, 'out.wasm'));
    const { imports, modules, exports } = nameMaps(optimised, small, printed);

    // 1b. The glue JS, renamed to match.
    const renamed = renameGlue(js, imports, modules, exports);
    // 1c. Minified. Its exports keep their names (the page and ai-worker.js
    // import `default` and `Game`); the top-level names inside are mangled.
    const out = await terser(renamed, {
      module: true,
      ecma: 2020,
      // unsafe_arrows: function expressions that use neither `this` nor
      // `arguments` become arrows (the glue's import functions are only
      // called, never constructed): 92 B gzip.
      compress: { passes: 2, unsafe_arrows: true },
      mangle: true,
      format: { comments: false },
    });
    if (!out.code) throw new Error('postbuild: terser produced no code');
    const leftovers = [...imports.keys(), ...exports.keys()].filter(
      (n) => /__|_[0-9a-f]{16}/.test(n) && new RegExp(`(?<![\\w$])${n.replace(/\$/g, '\\$')}(?![\\w$])`).test(out.code),
    );
    if (leftovers.length) throw new Error(`postbuild: old wasm names left in the glue JS: ${leftovers.join(', ')}`);

    // 1d. Both pairs loaded in node must export the same API and behave alike.
    const want = await smoke(tmp, 'before', js, wasm);
    const got = await smoke(tmp, 'after', out.code, small);
    if (got !== want) {
      const [w, g] = [JSON.parse(want), JSON.parse(got)];
      const diff = Object.keys(w).filter((k) => JSON.stringify(w[k]) !== JSON.stringify(g[k]));
      const show = (v) => JSON.stringify(v).slice(0, 200);
      throw new Error(
        'postbuild: the minified module behaves differently in: ' +
          diff.map((k) => `\n  ${k}: before ${show(w[k])}\n  ${k}: after  ${show(g[k])}`).join(''),
      );
    }
    return { js: out.code, wasm: small, imports: imports.size, exports: exports.size };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** old -> new maps of import names, import modules and export names. */
function nameMaps(oldBytes, newBytes, printed) {
  const a = new WebAssembly.Module(oldBytes);
  const b = new WebAssembly.Module(newBytes);
  const [ia, ib] = [WebAssembly.Module.imports(a), WebAssembly.Module.imports(b)];
  const [ea, eb] = [WebAssembly.Module.exports(a), WebAssembly.Module.exports(b)];
  if (ia.length !== ib.length || ea.length !== eb.length) throw new Error('postbuild: wasm-opt changed the number of imports or exports');
  const imports = new Map(); // module \0 name -> new name
  const modules = new Map();
  const exports = new Map();
  const put = (map, k, v, what) => {
    if (map.has(k) && map.get(k) !== v) throw new Error(`postbuild: ${what} ${k} renamed two ways`);
    map.set(k, v);
  };
  ia.forEach((x, i) => {
    if (x.kind !== ib[i].kind) throw new Error(`postbuild: import ${i} changed kind`);
    put(modules, x.module, ib[i].module, 'import module');
    put(imports, `${x.module}\0${x.name}`, ib[i].name, 'import');
  });
  ea.forEach((x, i) => {
    if (x.kind !== eb[i].kind) throw new Error(`postbuild: export ${i} changed kind`);
    put(exports, x.name, eb[i].name, 'export');
  });
  for (const m of [imports, modules, exports]) {
    if (new Set(m.values()).size !== m.size) throw new Error('postbuild: wasm-opt gave two names the same new name');
  }
  // Cross-check with the mapping wasm-opt prints: { imports: [[module, old, new]], exports: [[old, new]] }.
  const map = JSON.parse(printed.slice(printed.indexOf('{')));
  const agree =
    map.imports.length === imports.size && map.exports.length === exports.size &&
    map.imports.every(([m, o, n]) => imports.get(`${m}\0${o}`) === n) &&
    map.exports.every(([o, n]) => exports.get(o) === n);
  if (!agree) throw new Error("postbuild: wasm-opt's printed name map disagrees with the module");
  // Import names keyed by name alone, per module (the glue has one object per module).
  const byName = new Map([...imports].map(([k, v]) => [k.split('\0')[1], v]));
  if (byName.size !== imports.size) throw new Error('postbuild: an import name appears in two modules');
  return { imports: byName, modules, exports };
}

/** The wasm-bindgen glue with its import object keys, module names and uses of exports renamed. */
function renameGlue(js, imports, modules, exports) {
  const fail = (why) => {
    throw new Error(`postbuild: the glue JS is not laid out as expected (${why}); update renameGlue()`);
  };
  // Imports: `function __wbg_get_imports() { const import0 = { NAME: function(...) {...}, ... };
  // return { "MODULE": import0 }; }`, one key per line at eight spaces.
  const start = js.indexOf('\nfunction __wbg_get_imports() {\n');
  const end = js.indexOf('\n}\n', start);
  if (start < 0 || end < 0) fail('no __wbg_get_imports');
  let block = js.slice(start, end);
  const seen = new Set();
  block = block.replace(/^( {8})([A-Za-z_$][\w$]*)(: function\()/gm, (_, pad, name, rest) => {
    if (!imports.has(name)) fail(`the import object has ${name}, which the wasm does not import`);
    if (seen.has(name)) fail(`${name} twice in the import object`);
    seen.add(name);
    return pad + imports.get(name) + rest;
  });
  if (seen.size !== imports.size) fail(`${imports.size - seen.size} wasm imports missing from the import object`);
  for (const [from, to] of modules) {
    const key = `${JSON.stringify(from)}: import`;
    if (block.split(key).length !== 2) fail(`import module ${from} not found once`);
    block = block.replace(key, `${JSON.stringify(to)}: import`);
  }
  js = js.slice(0, start) + block + js.slice(end);
  // Exports: every use is `wasm.NAME`, `wasm` being the instance's exports,
  // declared once at the top level (`let wasmModule, wasmInstance, wasm;`) and never shadowed.
  if ((js.match(/^let (?:[\w$]+, )*wasm(?:, [\w$]+)*;$/gm) ?? []).length !== 1) fail('no top-level `let wasm`');
  if (/(?<![\w$.])(?:let|const|var|function|class)\s+wasm(?![\w$])|[(,]\s*wasm\s*[,)=]|(?<![\w$.])wasm\s*=>/.test(js)) {
    fail('a second binding named wasm');
  }
  if (/(?<![\w$.])wasm\s*\[/.test(js)) fail('computed access to the wasm exports');
  let uses = 0;
  js = js.replace(/(?<![\w$.])wasm\.([A-Za-z_$][\w$]*)/g, (_, name) => {
    if (!exports.has(name)) fail(`wasm.${name} is not a wasm export`);
    uses++;
    return `wasm.${exports.get(name)}`;
  });
  if (!uses) fail('no uses of wasm exports');
  return js;
}

/**
 * Loads a glue JS + wasm pair in node (start() returns at once without a
 * window), drives the Game API a little and returns what it saw, as text.
 */
async function smoke(tmp, name, js, wasm) {
  const path = join(tmp, `${name}.mjs`);
  writeFileSync(path, js);
  try {
    const m = await import(pathToFileURL(path).href);
    m.initSync({ module: wasm });
    // Errors are results too: only a difference between the two modules counts.
    const attempt = (f) => {
      try {
        return f();
      } catch (e) {
        return { threw: String(e?.message ?? e) };
      }
    };
    const g = new m.Game({ players: ['A', 'B', 'C'], seed: 7 });
    const r = m.Game.fromJson(g.recordJson());
    const s = m.Game.fromRecord(r.record());
    // Every method once: a turn as the computer would play it, undone and redone.
    const move = attempt(() => s.suggest('medium', 3));
    const [x, y] = move?.at ?? [0, 0];
    const seen = JSON.stringify({
      api: Object.keys(m).sort(),
      game: Object.getOwnPropertyNames(m.Game.prototype).sort(),
      statics: Object.getOwnPropertyNames(m.Game).filter((k) => typeof m.Game[k] === 'function').sort(),
      start: attempt(() => g.state()),
      placements: attempt(() => g.legalPlacements()),
      easy: attempt(() => g.suggest('easy', 3)),
      move,
      placed: attempt(() => s.apply({ type: 'place_tile', at: move.at, rotation: move.rotation })),
      spots: attempt(() => s.followerSpots()),
      feature: attempt(() => [s.featureInfo(x, y, 'C'), s.featureTiles(x, y, 'C')]),
      followed: attempt(() => s.apply(move.action)),
      undo: attempt(() => s.undo()),
      undone: attempt(() => s.state()),
      redo: attempt(() => s.redo()),
      result: attempt(() => s.result()),
      record: attempt(() => s.recordJson()),
      error: attempt(() => s.suggest('nonsense', 1)),
    });
    for (const h of [g, r, s]) h.free();
    return seen;
  } catch (e) {
    throw new Error(`postbuild: the ${name} module failed in node: ${e.stack ?? e}`);
  }
}

/** The stylesheet without comments and layout white space (about -0.9 KB gzip).
 *  Only white space that cannot matter goes: around braces and semicolons and
 *  after commas and colons; a space before a colon (a descendant `:hover`)
 *  and inside calc() stays. Refuses a sheet it would unbalance. */
function smallCss(css, name) {
  const out = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};])\s*/g, '$1')
    .replace(/([,:]) /g, '$1')
    .replace(/;}/g, '}')
    .trim();
  const count = (s, c) => s.split(c).length;
  if (count(out, '{') !== count(css.replace(/\/\*[\s\S]*?\*\//g, ''), '{') || count(out, '{') !== count(out, '}')) {
    throw new Error(`postbuild: minifying ${name} changed its blocks`);
  }
  return out;
}

/** index.html with any integrity attribute of a rewritten file recomputed. */
function refreshIntegrity(page, changed) {
  return page.replace(/<(?:script|link)\b[^>]*>/g, (tag) => {
    const url = tag.match(new RegExp(`\\b(?:src|href)="${at}([^"/]+)"`))?.[1];
    const sri = tag.match(/\bintegrity="(sha256|sha384|sha512)-[^"]*"/);
    if (!url || !sri || !(url in changed)) return tag;
    const digest = createHash(sri[1]).update(changed[url]).digest('base64');
    return tag.replace(sri[0], `integrity="${sri[1]}-${digest}"`);
  });
}
