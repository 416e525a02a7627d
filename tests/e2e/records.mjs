// Shared by the end-to-end tests: game records made and read by the
// project's own `carcassonne` command (cargo run), the page's judge.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './browser.mjs';

const TMP = mkdtempSync(join(tmpdir(), 'carc-records-'));

/** A file of this run's own scratch folder. */
export const scratch = (name) => join(TMP, name);

/** `carcassonne ARGS…`'s output, read as JSON. */
const carcassonne = (...args) => JSON.parse(execFileSync('cargo', ['run', '--quiet', '--', ...args], { cwd: ROOT, encoding: 'utf8' }));

/** What `carcassonne replay` says of the record at `path`: its scores and whether it is finished. */
export const replay = (path) => carcassonne('replay', path);

/**
 * A random whole game from `carcassonne random` (seed, players, rules), its
 * last move taken off and the players renamed as `names` says if given; the
 * path of its file.
 */
export function lastTurnLeft({ seed, players = 2, rules, names }) {
  const record = carcassonne('random', '--seed', String(seed), '--players', String(players), ...(rules ? ['--rules', JSON.stringify(rules)] : []));
  if (names) record.players = record.players.map((_, i) => names[i]);
  record.moves.pop();
  const path = scratch(`last-turn-${players}p-${seed}.json`);
  writeFileSync(path, JSON.stringify(record));
  return path;
}
