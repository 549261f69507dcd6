// The recorded games (fixtures/*.json, written by record_views.py) for the node tests.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

export const STATIC_JS = new URL("../../src/cribkit/web/table/static/js/", import.meta.url);
const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));

export function recordedGames() {
  const names = readdirSync(FIXTURES).filter((name) => name.endsWith(".json")).sort();
  if (!names.length) throw new Error(`no recorded games in ${FIXTURES}: run record_views.py`);
  return names.map((name) => JSON.parse(readFileSync(join(FIXTURES, name), "utf8")));
}

// Each player's last score in a view's events (this hand's, as the view shows them):
// the events that share a starting score, summed; undefined when they have not scored.
export function lastScore(view, player) {
  let last;
  for (const event of view.events.filter((e) => e.player === player)) {
    if (last && last.from === event.from_score) {
      last.to = event.score;
      last.points += event.points;
    } else {
      last = { from: event.from_score, to: event.score, points: event.points };
    }
  }
  return last;
}
