// What the table's modules share: the page's root, its strings (friend.js renames the
// seats in place), the view being shown and the person's choices. table.js alone sets
// state.view; the others read it.
import { $ } from "./dom.js";
import { seatOf } from "./friend.js";

export const root = $("table");
export const T = JSON.parse($("table-strings").textContent);

export const state = {
  view: null,
  selected: new Set(),
  suggested: new Set(), // the hint's cards, marked until the move is made
  lastSeq: -1,
  lastHand: 0,
  playLogSeen: 0,
  starterSeen: null,
  busy: false,
  announcedShows: new Set(),
  drawn: null, // the view last drawn, for what changed at a friend's table
  live: null, // the live channel of a table between two people
  resignTold: null, // the game whose resignation the talk has said
};

// The seat the page looks from: the player's own (seat 0 against the computer).
export function me() {
  return seatOf(state.view);
}

export function who(player) {
  return player === me() ? T.you : T.computer;
}

export function legal(type) {
  return state.view.legal_actions.filter((a) => a.type === type);
}

export function message(text) {
  $("message").textContent = typeof text === "string" ? text : JSON.stringify(text);
}
