// The computer's pause: the person's card lands first and the computer's follows a moment
// later. How long is the server's to say (view.pace, from the player's saved speed);
// beforeComputer is pure (node tests load this file).

// How long to show the person's card alone before the computer's answer (0: at once).
export function pauseOf(view) {
  return (view && view.pace && view.pace.pause_ms) || 0;
}

// The view as it stood just before the computer's first new card: the same answer cut at
// that card (its pile, count and pegs as before), so the person sees their own card land
// and the computer's follow a moment later. Nothing here is not in the answer already.
export function beforeComputer(prev, next) {
  if (!prev || next.hand_number !== prev.hand_number || !["play", "show", "game_over"].includes(next.phase)) {
    return null;
  }
  const at = next.play_log.findIndex((e, i) => i >= prev.play_log.length && e.player === 1 && e.card);
  if (at < 0) return null;
  const log = next.play_log.slice(0, at);
  let start = 0;
  log.forEach((e, i) => { if (e.reset) start = i + 1; });
  const series = log.slice(start).filter((e) => e.card).map((e) => e.card);
  const last = log[log.length - 1];
  const played = next.play_log.slice(at).filter((e) => e.player === 1 && e.card).length;
  return {
    ...next,
    version: prev.version,
    phase: "play",
    play_log: log,
    series,
    count: !last || last.reset ? 0 : last.count,
    pegs: prev.pegs,
    scores: prev.scores,
    events: next.events.filter((e) => e.seq < prev.event_count),
    event_count: prev.event_count,
    shows: [],
    outcome: null,
    legal_actions: [],
    opponent_cards_held: next.opponent_cards_held + played,
  };
}
