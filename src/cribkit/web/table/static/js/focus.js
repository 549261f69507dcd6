// Focus follows the game: when a redraw takes away the control that had the focus (the
// card just played, a button disabled while the move is sent, a hand dealt anew), the
// focus goes to the next decision instead of falling back to <body> — the first card to
// cut, choose or play, the big button (lay away, go, the next count), the count field, or
// "New game" at the end. A focus the person put somewhere that still stands is left alone.
import { legal, state } from "./context.js";
import { $ } from "./dom.js";

const firstEnabled = (selector) => document.querySelector(`${selector}:not([disabled])`);

function usable(element) {
  return Boolean(element) && !element.hidden && !element.disabled && element.isConnected;
}

// The control the person acts on next in `view`, or null while it is someone else's move.
export function nextDecision(view) {
  const primary = $("primary");
  if (legal("claim").length) return $("claim-points");
  if (legal("cut").length) return firstEnabled("#spread button.cut-card");
  if (legal("discard").length) {
    return state.selected.size === 2 ? primary : firstEnabled("#hand button.in-hand");
  }
  if (legal("play").length) return firstEnabled("#hand button.in-hand");
  if (usable(primary)) return primary; // go, the next count, the next deal
  if (view.phase === "game_over") return document.querySelector("#banner .banner-actions a");
  return null;
}

function focusLost() {
  const active = document.activeElement;
  return !active || active === document.body || active.disabled || !active.isConnected || Boolean(active.closest("[hidden]"));
}

// After a redraw: give the focus to the next decision if the redraw took it away. The
// first drawing of the page does not scroll to it (the page opens at its top).
export function followTheGame(view, { first = false } = {}) {
  if (state.busy || !focusLost()) return;
  const next = nextDecision(view);
  if (usable(next)) next.focus({ preventScroll: first });
}
