// The keyboard at the table: 1-6 pick a card, arrows move along the hand or the spread,
// G says go, N moves the show on, H asks for a hint, Enter confirms the move.
import { legal, state } from "./context.js";
import { $ } from "./dom.js";
import { cutButtons, handButtons } from "./hand.js";

function clickCard(buttons, key, event) {
  const button = buttons.find((b) => b.dataset.key === key);
  if (button && !button.disabled) {
    button.click();
    event.preventDefault();
  }
}

function moveFocus(buttons, key, event) {
  const spread = cutButtons();
  const enabled = spread.length ? spread : buttons.filter((b) => !b.disabled);
  if (!enabled.length) return;
  const at = enabled.indexOf(document.activeElement);
  const step = key === "ArrowRight" ? 1 : -1;
  const next = at < 0 ? (step > 0 ? 0 : enabled.length - 1) : (at + step + enabled.length) % enabled.length;
  enabled[next].focus();
  event.preventDefault();
}

// Enter confirms the discard once two cards are chosen, even with a card focused;
// elsewhere a focused button or link keeps its own Enter.
function confirm(target, event) {
  const primary = $("primary");
  const ready = legal("discard").length && state.selected.size === 2;
  const onControl = target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement;
  if (!primary.hidden && !primary.disabled && (ready || !onControl)) {
    primary.click();
    event.preventDefault();
  }
}

// The handler for document keydown; `send` posts a move, `hint` asks for one.
export function keyHandler(send, hint) {
  return (event) => {
    if (!state.view || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    const typing = target instanceof HTMLInputElement && !["checkbox", "radio"].includes(target.type);
    if (typing || target instanceof HTMLTextAreaElement) return;
    if (target instanceof Element && target.closest(".chat-panel")) return; // its own buttons
    const key = event.key;
    if (/^[1-6]$/.test(key)) {
      clickCard(handButtons(), key, event);
    } else if (key === "ArrowRight" || key === "ArrowLeft") {
      moveFocus(handButtons(), key, event);
    } else if (key === "g" || key === "G") {
      if (legal("go").length) send(legal("go")[0]);
    } else if (key === "n" || key === "N") {
      const primary = $("primary");
      if (!primary.hidden && !primary.disabled && state.view.phase === "show") primary.click();
    } else if (key === "h" || key === "H") {
      hint();
    } else if (key === "Enter") {
      confirm(target, event);
    }
  };
}
