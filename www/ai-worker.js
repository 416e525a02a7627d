// The computer players think here, in a second instance of the game's own
// wasm module, so the page stays responsive however long a move takes.
// The page first sends the URLs of its module (their names change with each
// build), then one request per move: { id, record, level, seed }, or with
// `part` one part of a search in parts (hard's), whose visits the page adds
// up with the other workers' parts. Each answer carries the request's id, so
// the page can drop one it no longer wants. A request { id, record, analyse }
// asks instead for the computer's judgement of move `analyse` (0-based) of
// the record (`Game.analyseMove`, docs/ai.md), answered as { id, analyse,
// review, move, judged, ms }: `move` is the review's best, read as any
// move is, and `judged` [analyse, player, playedMargin, bestMargin] (margins
// in hundredths, as u32 bits) what the page keeps. The page may ask each
// worker for other moves at once.
let engine = null;

onmessage = async ({ data }) => {
  if (data.module) {
    engine = import(data.module).then(async (m) => {
      await m.default({ module_or_path: data.wasm });
      // A search first, long enough for the browser to compile the hot code
      // at full speed before the first real move is asked for (the page
      // starts the worker when a game with computers begins).
      const warm = new m.Game({ players: ['a', 'b'], seed: 1 });
      warm.suggest('medium', 1);
      warm.free();
      return m;
    });
    return;
  }
  const { id, record, level, seed, part, analyse } = data;
  try {
    if (!engine) throw new Error('the engine was not loaded');
    const { Game } = await engine;
    const game = Game.fromRecord(record);
    const t0 = performance.now();
    if (analyse !== undefined) {
      let review;
      try {
        review = game.analyseMove(analyse);
      } finally {
        game.free();
      }
      const h = (x) => Math.round(x * 100) >>> 0;
      postMessage({
        id, analyse, review, move: review && review.best, ms: performance.now() - t0,
        judged: new Uint32Array(review ? [analyse, review.player, h(review.playedMargin), h(review.bestMargin)] : [analyse]),
      });
      return;
    }
    if (part === undefined) {
      const move = game.suggest(level, seed);
      const ms = performance.now() - t0;
      game.free();
      postMessage({ id, move, ms });
      return;
    }
    const visits = game.suggestPart(level, seed, part);
    const ms = performance.now() - t0;
    game.free();
    if (!visits) throw new Error('no part to search');
    postMessage({ id, part, visits, ms }, [visits.buffer]);
  } catch (e) {
    const judged = analyse === undefined ? undefined : new Uint32Array([analyse]);
    postMessage({ id, judged, error: String((e && e.message) || e) });
  }
};
