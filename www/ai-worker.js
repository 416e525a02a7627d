// The computer players think here, in a second instance of the game's own
// wasm module, so the page stays responsive however long a move takes.
// The page first sends the URLs of its module (their names change with each
// build), then one request per move: { id, record, level, seed }. Each
// answer carries the request's id, so the page can drop one it no longer wants.
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
  const { id, record, level, seed } = data;
  try {
    if (!engine) throw new Error('the engine was not loaded');
    const { Game } = await engine;
    const game = Game.fromRecord(record);
    const t0 = performance.now();
    const move = game.suggest(level, seed);
    const ms = performance.now() - t0;
    game.free();
    postMessage({ id, move, ms });
  } catch (e) {
    postMessage({ id, error: String((e && e.message) || e) });
  }
};
