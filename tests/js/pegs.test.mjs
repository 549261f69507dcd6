// The pegboard's arithmetic (static/js/pegs.js) over whole recorded games: after every
// view the pegs the page places are where the scores say, the gap between a player's two
// pegs is their last score, the leaps the page animates land there, nothing passes the
// game hole, and the end banner pictures the skunks the skunk lines make.
import test from "node:test";
import assert from "node:assert/strict";
import { lastScore, recordedGames, STATIC_JS } from "./views.mjs";

const { pegMarks, pegMoves, skunkPictures } = await import(new URL("pegs.js", STATIC_JS));
const games = recordedGames();
const PLAYERS = [0, 1];

for (const game of games) {
  const { target, skunk_line: skunkLine, double_skunk_line: doubleLine } = game.rules;

  test(`${game.case}: each peg stands in the hole of its score, the back one at the last`, () => {
    for (const view of game.views) {
      for (const player of PLAYERS) {
        const pegs = view.pegs[player];
        const marks = pegMarks(pegs);
        const at = `version ${view.version}, player ${player}`;
        assert.equal(marks.front.score, view.scores[player], at);
        assert.ok(marks.front.score <= target, at);
        assert.ok(marks.back.score <= marks.front.score, at);
        assert.equal(marks.front.hole, String(view.scores[player]), at);
        const unmoved = pegs.front === 0;
        assert.equal(marks.back.hole, unmoved ? "start" : String(pegs.back), at);
        assert.notEqual(marks.front.hole, marks.back.hole, `${at}: two pegs in one hole`);
      }
    }
  });

  test(`${game.case}: the gap between a player's pegs shows their last score`, () => {
    let scored = 0;
    for (const view of game.views) {
      for (const player of PLAYERS) {
        const last = lastScore(view, player);
        const marks = pegMarks(view.pegs[player]);
        if (!last) continue; // not scored this hand: the pegs stay (the next test)
        const at = `version ${view.version}, player ${player}`;
        assert.equal(marks.front.score, last.to, at);
        assert.equal(marks.back.score, last.from, at);
        assert.equal(marks.gain, Math.min(last.points, target - last.from), at);
        scored += 1;
      }
    }
    assert.ok(scored > 50, `only ${scored} scores seen`);
  });

  test(`${game.case}: the leaps since each view land where the next view puts the pegs`, () => {
    // The board as the page keeps it: placed from the first view, then one leap per score.
    const board = game.views[0].pegs.map((pegs) => ({ ...pegs }));
    let leaps = 0;
    for (let i = 1; i < game.views.length; i += 1) {
      const [before, view] = [game.views[i - 1], game.views[i]];
      for (const move of pegMoves(view.events, before.event_count - 1)) {
        const at = `version ${view.version}, player ${move.player}`;
        assert.equal(move.from, board[move.player].front, `${at}: the leap starts at the front peg`);
        assert.ok(move.to > move.from, at);
        board[move.player] = { front: move.to, back: move.from };
        leaps += 1;
      }
      assert.deepEqual(board, view.pegs, `version ${view.version}`);
    }
    assert.ok(leaps > 20, `only ${leaps} leaps`);
    assert.deepEqual(pegMoves(game.views[0].events, null), [], "no leaps before the pegs are placed");
  });

  test(`${game.case}: the game ends in the game hole, the skunks by the skunk lines`, () => {
    const end = game.views[game.views.length - 1];
    assert.equal(end.phase, "game_over");
    const { winner, scores } = end.outcome;
    assert.deepEqual(scores, end.pegs.map((pegs) => pegs.front));
    assert.equal(pegMarks(end.pegs[winner]).front.hole, String(target));
    const loser = scores[1 - winner];
    const expected = loser < doubleLine ? 2 : loser < skunkLine ? 1 : 0;
    assert.equal(skunkPictures(end.outcome), expected);
    for (const view of game.views.slice(0, -1)) assert.equal(skunkPictures(view.outcome), 0);
  });
}

test("the recorded games cover both winners, both skunks and a score cut at the game hole", () => {
  const ends = games.map((game) => game.views[game.views.length - 1]);
  assert.deepEqual(new Set(ends.map((end) => end.outcome.winner)), new Set(PLAYERS));
  const skunks = new Set(ends.map((end) => end.outcome.skunk));
  assert.ok(skunks.has("skunk") && skunks.has("double_skunk"), `skunks recorded: ${[...skunks]}`);
  const cut = ends.some((end) => {
    const last = lastScore(end, end.outcome.winner);
    return last.points > end.outcome.scores[end.outcome.winner] - last.from;
  });
  assert.ok(cut, "no last score runs past the game hole");
});
