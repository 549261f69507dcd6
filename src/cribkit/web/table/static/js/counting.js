// Counting your own hand at the show (a new-game option): the box that asks for the
// count, and what the table says once the count is made. The view lays the hand or crib
// down (view.to_count: its cards, never its total); the engine's itemized count comes only
// in the answer to the claim, so nothing on the page can give the count away first.

import { cardElement } from "./dom.js";
import { cardText, fill, isRed } from "./text.js";

let box = null; // kept between renders, so a half-typed count survives a redraw
let boxKey = "";

// The four cards and the starter of a hand or crib on the table: "3♠ 9♠ 10♥ J♦ + 3♦".
export function showCards(laid) {
  const cards = document.createElement("p");
  cards.className = "show-cards";
  for (const code of laid.cards) cards.append(cardElement(code));
  const plus = document.createElement("span");
  plus.className = "plus";
  plus.textContent = "+";
  cards.append(plus, cardElement(laid.starter));
  return cards;
}

// The box asking for the count of view.to_count, or null when nobody asks the reader.
// onClaim(action) posts the claim; onBad() says the typed count is no count.
export function claimBox(T, view, onClaim, onBad) {
  const claims = view.legal_actions.filter((a) => a.type === "claim");
  const laid = view.to_count;
  if (!laid || !claims.length) {
    box = null;
    boxKey = "";
    return null;
  }
  const key = `${view.id}/${view.hand_number}/${laid.context}`;
  if (box && boxKey === key) return box;
  boxKey = key;
  box = document.createElement("form");
  box.className = `claim-box lane-${laid.player}`;
  box.id = "claim-box";
  box.noValidate = true;
  const heading = document.createElement("h3");
  heading.id = "claim-title";
  heading.textContent = laid.context === "crib" ? T.claim_crib : T.claim_hand;
  const cards = showCards(laid);
  const label = document.createElement("label");
  label.className = "claim-field";
  label.htmlFor = "claim-points";
  label.textContent = T.claim_label;
  const input = document.createElement("input");
  Object.assign(input, { id: "claim-points", type: "number", min: "0", max: "29", step: "1", required: true });
  input.inputMode = "numeric";
  input.autocomplete = "off";
  input.setAttribute("aria-describedby", "claim-title");
  const button = document.createElement("button");
  button.type = "submit";
  button.className = "primary big";
  button.id = "claim-button";
  button.textContent = T.claim_button;
  const row = document.createElement("div");
  row.className = "claim-row";
  row.append(label, input, button);
  box.append(heading, cards, row, picker(T, laid, input));
  box.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    const points = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
    const action = claims.find((a) => a.points === points);
    if (action) onClaim(action);
    else onBad(T.claim_range);
  });
  setTimeout(() => input.focus(), 0);
  return box;
}

// What a picked combination of each kind scores, and how many cards it takes: the rules'
// sizes only, so the picker never says whether the cards really make it.
const KINDS = [
  ["fifteen", (n) => (n >= 2 ? 2 : 0)],
  ["pair", (n) => (n === 2 ? 2 : 0)],
  ["run", (n) => (n >= 3 ? n : 0)],
  ["flush", (n) => (n >= 4 ? n : 0)],
  ["nobs", (n) => (n === 1 ? 1 : 0)],
];

// Counting by picking: choose the cards of a combination, then what it makes; the picks
// add up in the count field (which stays the claim, and can still be typed over).
function picker(T, laid, input) {
  const all = [...laid.cards, laid.starter];
  const chosen = new Set();
  const picks = [];
  const part = document.createElement("div");
  part.className = "claim-picker";
  const help = document.createElement("p");
  help.className = "claim-help";
  help.textContent = T.claim_pick;
  const cardRow = document.createElement("div");
  cardRow.className = "claim-cards";
  cardRow.setAttribute("role", "group");
  cardRow.setAttribute("aria-label", T.claim_pick);
  const kindRow = document.createElement("div");
  kindRow.className = "claim-kinds";
  const list = document.createElement("ol");
  list.className = "claim-picked";
  list.id = "claim-picked";
  const cardButtons = all.map((code) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `claim-card ${isRed(code) ? "red" : "black"}`;
    button.dataset.card = code;
    button.textContent = cardText(code);
    button.setAttribute("aria-pressed", "false");
    button.addEventListener("click", () => {
      if (chosen.has(code)) chosen.delete(code);
      else chosen.add(code);
      redraw();
    });
    return button;
  });
  const kindButtons = KINDS.map(([kind, points]) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "secondary claim-kind";
    button.dataset.kind = kind;
    button.addEventListener("click", () => {
      const worth = points(chosen.size);
      if (!worth) return;
      picks.push({ kind, cards: all.filter((c) => chosen.has(c)), points: worth });
      chosen.clear();
      redraw();
      sumUp();
      cardButtons[0].focus(); // this button is disabled now: on to the next combination's cards
    });
    return button;
  });
  function sumUp() {
    input.value = String(picks.reduce((sum, pick) => sum + pick.points, 0));
  }
  function redraw() {
    for (const button of cardButtons) {
      const on = chosen.has(button.dataset.card);
      button.classList.toggle("chosen", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
    }
    KINDS.forEach(([kind, points], i) => {
      const worth = points(chosen.size);
      kindButtons[i].disabled = !worth;
      kindButtons[i].textContent = worth ? `${T.kinds[kind]} +${worth}` : T.kinds[kind];
    });
    list.replaceChildren(...picks.map((pick, i) => {
      const item = document.createElement("li");
      item.textContent = `${T.kinds[pick.kind]}: ${pick.cards.map(cardText).join(" ")} +${pick.points} `;
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "claim-remove";
      remove.textContent = T.claim_remove;
      remove.addEventListener("click", () => {
        picks.splice(i, 1);
        redraw();
        sumUp();
        input.focus(); // the removed line's button is gone: back to the count it changed
      });
      item.append(remove);
      return item;
    }));
  }
  cardRow.append(...cardButtons);
  kindRow.append(...kindButtons);
  part.append(help, cardRow, kindRow, list);
  redraw();
  return part;
}

// The sentence for a show its player counted: right, short (what was missed) or over.
export function claimLine(T, show, who) {
  if (show.claim === null || show.claim === undefined) return null;
  const values = { who, claim: show.claim, missed: show.missed, over: show.over_claimed, total: show.total };
  if (show.over_claimed) return fill(T.claim_over, values);
  if (show.missed) return fill(T.claim_short, values);
  return fill(T.claim_right, values);
}

// "Muggins: 3 for the computer." when the opponent pegged what the count overlooked.
export function mugginsLine(T, show, opponentName) {
  return show.muggins ? fill(T.muggins_line, { points: show.muggins, who: opponentName }) : null;
}
