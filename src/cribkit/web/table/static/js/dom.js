// The page's small helpers: find an element, draw a card face up or face down.
import { SUITS, isRed } from "./text.js";

export const $ = (id) => document.getElementById(id);

export function cardElement(code, tag = "span") {
  const el = document.createElement(tag);
  el.className = `card ${isRed(code) ? "red" : "black"}`;
  el.dataset.card = code;
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = code[0] === "T" ? "10" : code[0];
  const suit = document.createElement("span");
  suit.className = "suit";
  suit.textContent = SUITS[code[1]];
  el.append(rank, suit);
  return el;
}

export function backElement() {
  const el = document.createElement("span");
  el.className = "card back";
  el.setAttribute("aria-hidden", "true");
  return el;
}
