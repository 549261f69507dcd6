// The pegboard on the page: the server drew the holes and placed the pegs; this moves
// them, one leap of the back peg over the front one per score. The arithmetic is pegs.js.
import { T, me } from "./context.js";
import { $ } from "./dom.js";
import { pegMarks, pegMoves, pegHole } from "./pegs.js";
import { fill } from "./text.js";

const REDUCED_MOTION = window.matchMedia("(prefers-reduced-motion: reduce)");
const LEAP_MS = 520;

let pegSeq = null; // the last event the pegs stand for (null: none placed yet)

// A new game on the same page: place the pegs afresh, without leaps.
export function forgetPegs() {
  pegSeq = null;
}

function setPeg(peg, player, role, mark) {
  const hole = $(`hole-${player}-${mark.hole}`);
  peg.id = `peg-${player}-${role}`;
  peg.dataset.peg = role;
  peg.classList.toggle("peg-front", role === "front");
  peg.classList.toggle("peg-back", role === "back");
  peg.setAttribute("r", role === "front" ? "5" : "4.2");
  peg.setAttribute("cx", hole.getAttribute("cx"));
  peg.setAttribute("cy", hole.getAttribute("cy"));
  peg.dataset.hole = mark.hole;
  peg.dataset.score = String(mark.score);
}

// One score: the back peg leaps over the front one into the new hole (drawn on top).
function leap(move, delay) {
  const { player } = move;
  const front = $(`peg-${player}-front`);
  const back = $(`peg-${player}-back`);
  const x0 = Number(back.getAttribute("cx"));
  const y0 = Number(back.getAttribute("cy"));
  const pegs = { front: move.to, back: move.from };
  setPeg(back, player, "front", { score: move.to, hole: pegHole(pegs, "front") });
  setPeg(front, player, "back", { score: move.from, hole: pegHole(pegs, "back") });
  back.parentNode.append(back);
  if (REDUCED_MOTION.matches) return;
  const dx = x0 - Number(back.getAttribute("cx"));
  const dy = y0 - Number(back.getAttribute("cy"));
  back.animate(
    [
      { transform: `translate(${dx}px, ${dy}px)` },
      { transform: `translate(${dx / 2}px, ${dy / 2 - 18}px) scale(1.35)`, offset: 0.5 },
      { transform: "translate(0px, 0px)" },
    ],
    { duration: LEAP_MS, delay, easing: "ease-in-out", fill: "backwards" },
  );
}

export function placePegs(view) {
  pegMoves(view.events, pegSeq).forEach((move, i) => leap(move, i * (LEAP_MS * 0.8)));
  pegSeq = view.event_count - 1;
  for (const player of [0, 1]) {
    // The view has the last word: the pegs stand where it says (also on a first load).
    const marks = pegMarks(view.pegs[player]);
    setPeg($(`peg-${player}-front`), player, "front", marks.front);
    setPeg($(`peg-${player}-back`), player, "back", marks.back);
    $(`score-${player}`).textContent = String(marks.front.score);
    $(`gain-${player}`).textContent = marks.gain === null ? "" : `(+${marks.gain})`;
    $(`pegs-${player}`).textContent = marks.gain === null
      ? T.pegs_start
      : fill(T.pegs_line, { front: marks.front.score, back: marks.back.score, gain: marks.gain });
  }
  const mine = me();
  $("pegboard-title").textContent = fill(T.board_title, {
    you: view.pegs[mine].front,
    computer: view.pegs[1 - mine].front,
  });
}
