// The computer's pause (static/js/pace.js) over whole recorded games: the view drawn while
// the computer "thinks" is the answer cut just before the computer's first new card, with
// the pegs, scores and events as they stood before the move: nothing scored after that
// card shows early, and no card of the computer's shows before its turn.
import test from "node:test";
import assert from "node:assert/strict";
import { recordedGames, STATIC_JS } from "./views.mjs";

const { beforeComputer } = await import(new URL("pace.js", STATIC_JS));
const COMPUTER = 1;
const PIPS = { A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, T: 10, J: 10, Q: 10, K: 10 };

for (const game of recordedGames()) {
  test(`${game.case}: the pause shows the board as it stood before the computer's card`, () => {
    let paused = 0;
    for (let i = 1; i < game.views.length; i += 1) {
      const [before, answer] = [game.views[i - 1], game.views[i]];
      const interim = beforeComputer(before, answer);
      const fresh = answer.play_log.slice(before.play_log.length);
      const computerPlays = answer.hand_number === before.hand_number
        && fresh.some((entry) => entry.player === COMPUTER && entry.card);
      if (!computerPlays || !["play", "show", "game_over"].includes(answer.phase)) {
        assert.equal(interim, null, `version ${answer.version}`);
        continue;
      }
      const at = `version ${answer.version}`;
      const cut = answer.play_log.findIndex((e, j) => j >= before.play_log.length && e.player === COMPUTER && e.card);
      assert.deepEqual(interim.play_log, answer.play_log.slice(0, cut), at);
      assert.deepEqual(interim.pegs, before.pegs, at);
      assert.deepEqual(interim.scores, before.scores, at);
      assert.equal(interim.event_count, before.event_count, at);
      assert.ok(interim.events.every((e) => e.seq < before.event_count), at);
      assert.equal(interim.phase, "play", at);
      assert.equal(interim.outcome, null, at);
      assert.deepEqual(interim.legal_actions, [], at);
      const pips = interim.series.reduce((sum, card) => sum + PIPS[card[0]], 0);
      assert.equal(interim.count, pips, `${at}: the count is the series' pips`);
      assert.ok(interim.count <= 31, at);
      const held = answer.opponent_cards_held
        + answer.play_log.slice(cut).filter((e) => e.player === COMPUTER && e.card).length;
      assert.equal(interim.opponent_cards_held, held, at);
      paused += 1;
    }
    assert.ok(paused > 5, `only ${paused} pauses`);
    assert.equal(beforeComputer(null, game.views[0]), null, "no pause before the first view");
  });
}
