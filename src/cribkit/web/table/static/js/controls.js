// The line that says whose move it is, the one big button for the move that needs no card
// (lay away, go, the next count, the next deal), and the hint.
import { T, legal, me, state, who } from "./context.js";
import { $ } from "./dom.js";
import { api } from "./net.js";
import { fill } from "./text.js";

// The big button's move, or null when the status line alone says what comes next.
function primaryMove(view, send) {
  if (legal("discard").length) {
    return {
      status: view.dealer === me() ? T.choose_two_yours : T.choose_two_theirs,
      label: T.lay_away,
      ready: state.selected.size === 2,
      act: () => {
        const chosen = [...state.selected];
        const action = legal("discard").find((a) => a.cards.every((c) => chosen.includes(c)));
        if (action) send(action);
      },
    };
  }
  if (legal("go").length) return { status: T.your_go, label: T.go, act: () => send(legal("go")[0]) };
  if (view.show_wait) {
    // a friend still reads the show: wait, or move on once the server allows it
    const moveOn = legal("move_on");
    return { status: T.show_reading, label: T.move_on, hidden: !moveOn.length, act: () => send(moveOn[0]) };
  }
  if (view.phase === "show" && !view.to_count && !legal("claim").length) {
    if (legal("count").length) return { status: "", label: T.next_count, act: () => send(legal("count")[0]) };
    // a spectator watches the deal move on
    return { status: "", label: T.next_deal, hidden: !legal("next").length, act: () => send(legal("next")[0]) };
  }
  return null;
}

// What the status line says when no big button is offered.
function waitingStatus(view) {
  if (legal("play").length) return T.your_turn;
  if (legal("claim").length) return ""; // the claim box below asks, with the cards to count
  if (view.phase === "show" && view.to_count) return fill(T.claim_waiting, { who: who(view.to_count.player) });
  if (view.table && !view.table.seated[1]) return T.waiting_friend; // no cut until the friend sits down
  if (legal("cut").length) return view.phase === "starter" ? T.cut_pack : T.cut_spread;
  if (view.phase === "play") return T.computer_turn;
  return "";
}

export function renderControls(view, send) {
  const primary = $("primary");
  const move = primaryMove(view, send);
  primary.hidden = !move || Boolean(move.hidden);
  primary.disabled = state.busy || (move !== null && move.ready === false);
  primary.onclick = move ? move.act : null;
  if (move) primary.textContent = move.label;
  $("status").textContent = move ? move.status : waitingStatus(view);
  const waiting = Boolean(view.table && !view.table.seated[1]); // nothing to hint at yet
  // no hint for your own count, nor for a cut (every place is as good)
  $("hint-button").hidden = view.phase === "game_over" || waiting || legal("claim").length > 0 || legal("cut").length > 0;
}

// The advisor's move for the person: said in the hint box, its cards marked in the hand.
export async function hint(redraw) {
  if (!state.view || state.busy || $("hint-button").hidden) return; // H only where the button is
  const box = $("hint-box");
  const { status, data } = await api("GET", `/api/games/${state.view.id}/hint`);
  box.hidden = false;
  if (status !== 200 || !data) {
    box.textContent = (data && data.detail) || T.hint_none;
    return;
  }
  box.textContent = data.explanation;
  const cards = data.action.cards || (data.action.card ? [data.action.card] : []);
  state.suggested = new Set(cards);
  redraw();
}
