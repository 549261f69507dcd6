// The pegboard's arithmetic, apart from the page so node can check it over recorded views
// (tests/js/): which hole each peg stands in, the leaps since the last view, the skunks.
// The holes are the server's (web/table/pegboard.py draws them; peg_hole says the same).

export const GAME_HOLE = 121;

// The hole a peg stands in: the front at its score (the game hole at most), the back at
// the score before. Two pegs cannot share the start hole, so an unmoved back peg waits
// in the second one.
export function pegHole(pegs, which) {
  if (which === "back") return pegs.front === 0 && pegs.back === 0 ? "start" : String(pegs.back);
  return String(Math.min(pegs.front, GAME_HOLE));
}

// One player's pegs as the board shows them: each peg's score and hole, and the gain
// beside the score (the last score, which is the gap between the pegs; none before any).
export function pegMarks(pegs) {
  return {
    front: { score: pegs.front, hole: pegHole(pegs, "front") },
    back: { score: pegs.back, hole: pegHole(pegs, "back") },
    gain: pegs.front > 0 ? pegs.front - pegs.back : null,
  };
}

// The scores made after event `sinceSeq` (null: none are new), one per peg move, in order:
// a player's events that share a starting score are one move (fifteen two and a pair).
export function pegMoves(events, sinceSeq) {
  const moves = [];
  if (sinceSeq === null) return moves;
  for (const event of events) {
    if (event.seq <= sinceSeq) continue;
    const last = moves[moves.length - 1];
    if (last && last.player === event.player && last.from === event.from_score) {
      last.to = event.score;
    } else {
      moves.push({ player: event.player, from: event.from_score, to: event.score });
    }
  }
  return moves;
}

// How many skunks the end banner pictures: two for a double skunk, one for a skunk.
export function skunkPictures(outcome) {
  if (!outcome) return 0;
  return outcome.skunk === "double_skunk" ? 2 : outcome.skunk === "skunk" ? 1 : 0;
}
