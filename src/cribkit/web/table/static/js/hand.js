// What the person holds and picks: the hand (two cards chosen for the crib, or the card
// to play) and the face-down cut. `send` posts a move; `redraw` draws the table again.
import { T, legal, me, state } from "./context.js";
import { $, cardElement } from "./dom.js";
import { fill } from "./text.js";

export function handButtons() {
  return [...$("hand").querySelectorAll("button")];
}

export function cutButtons() {
  return [...$("spread").querySelectorAll("button:not([disabled])")];
}

// The element of `box` that had the focus, by its data attribute, to give it back after.
function focusedIn(box, key) {
  const active = document.activeElement;
  return active && active.closest(`#${box}`) ? active.dataset[key] : null;
}

function toggle(code, redraw) {
  if (state.selected.has(code)) state.selected.delete(code);
  else if (state.selected.size < 2) state.selected.add(code);
  else {
    const [oldest] = state.selected;
    state.selected.delete(oldest);
    state.selected.add(code);
  }
  redraw();
  if (state.selected.size === 2) $("primary").focus(); // the next decision: lay them away
}

export function renderHand(view, send, redraw) {
  const hand = $("hand");
  const focused = focusedIn("hand", "card");
  hand.replaceChildren();
  const plays = new Set(legal("play").map((a) => a.card));
  const discarding = legal("discard").length > 0;
  // A card keeps its number (1-6 in the discard, 1-4 in the play) as the others are played.
  const numbering = !discarding && view.kept.length ? view.kept : view.hand;
  view.hand.forEach((code) => {
    const index = numbering.indexOf(code);
    const button = cardElement(code, "button");
    button.type = "button";
    button.classList.add("in-hand");
    const key = document.createElement("span");
    key.className = "key";
    key.textContent = String(index + 1);
    key.setAttribute("aria-hidden", "true"); // said as the shortcut, not as part of the name
    button.dataset.key = String(index + 1);
    button.setAttribute("aria-keyshortcuts", String(index + 1));
    button.append(key);
    const usable = !state.busy && (discarding || plays.has(code));
    button.disabled = !usable;
    if (discarding) {
      const chosen = state.selected.has(code);
      button.setAttribute("aria-pressed", chosen ? "true" : "false");
      button.classList.toggle("chosen", chosen);
      button.addEventListener("click", () => toggle(code, redraw));
    } else if (plays.has(code)) {
      button.addEventListener("click", () => send(legal("play").find((a) => a.card === code)));
    }
    button.classList.toggle("suggested", state.suggested.has(code));
    hand.append(button);
  });
  const again = focused && hand.querySelector(`[data-card="${focused}"]:not([disabled])`);
  if (again) again.focus();
}

// The cut in the person's hands: a face-down spread (for the deal) or the pack (for the
// starter). A button stands for a position only; the card there is the server's secret.
function renderSpread(view, send) {
  const spread = $("spread");
  const cuts = legal("cut");
  const focused = focusedIn("spread", "position");
  spread.hidden = cuts.length === 0;
  spread.classList.toggle("pack", view.phase === "starter");
  if (!cuts.length) {
    spread.replaceChildren();
    return;
  }
  const open = new Set(cuts.map((a) => a.position));
  const first = Math.min(...open);
  const last = Math.max(...open);
  const size = view.phase === "starter" ? last + 1 : 52;
  const buttons = [];
  for (let position = view.phase === "starter" ? first : 0; position < size; position += 1) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "card back cut-card";
    button.dataset.position = String(position);
    button.setAttribute("aria-label", fill(T.cut_at, { n: position + 1 }));
    if (open.has(position)) {
      button.addEventListener("click", () => send(cuts.find((a) => a.position === position)));
    } else {
      button.disabled = true;
      button.classList.add("taken");
    }
    buttons.push(button);
  }
  spread.replaceChildren(...buttons);
  spread.style.setProperty("--n", String(buttons.length));
  const again = focused && spread.querySelector(`[data-position="${focused}"]:not([disabled])`);
  if (again) again.focus();
}

// Both cards of the cut for deal face up until the first discard: low deals.
function renderCutResult(view) {
  const box = $("cut-result");
  const pairs = view.cut_for_deal || [];
  const showCut = pairs.length > 0 && (view.phase === "cut_for_deal" || (view.hand_number === 1 && view.phase === "discard"));
  box.hidden = !showCut;
  if (!showCut) return;
  const cut = pairs[pairs.length - 1];
  const [mine, theirs] = [cut[me()], cut[1 - me()]];
  const line = document.createElement("p");
  line.append(`${T.you} `, cardElement(mine), ` · ${T.computer} `, cardElement(theirs));
  const verdict = document.createElement("p");
  verdict.className = "verdict";
  verdict.textContent = view.phase === "cut_for_deal" ? T.cut_again : (view.dealer === me() ? T.you_deal : T.computer_deals);
  box.replaceChildren(line, verdict);
}

export function renderCut(view, send) {
  renderSpread(view, send);
  renderCutResult(view);
}
