// Table talk: what happened since the last view, said in order (the starter, each card
// and go, each score), newest first; history.js fills in what came before the page.
import { T, state, who } from "./context.js";
import { $ } from "./dom.js";
import { seatOf } from "./friend.js";
import { resignLine } from "./leave.js";
import { cardText, fill } from "./text.js";

export const TALK_LINES = 60;

let provisional = null; // what the talk stood at before the computer's pause, if in one

export function talk(text, kind = "") {
  const item = document.createElement("li");
  if (kind) item.className = kind;
  item.textContent = text;
  const list = $("talk");
  list.prepend(item);
  if (provisional) {
    provisional.lines += 1; // kept whole until taken back: nothing old is dropped yet
    return;
  }
  while (list.children.length > TALK_LINES) list.lastChild.remove();
}

// The computer's pause draws the answer cut short at the computer's first card, and that
// view holds a go or a heels without the point it scores. What the talk says of it is
// provisional: taken back before the whole answer is said, so every score comes in the
// record's order (history.js rebuilds the same talk from the record).
export function sayProvisionally(say) {
  provisional = { lines: 0, lastSeq: state.lastSeq, playLogSeen: state.playLogSeen, starterSeen: state.starterSeen };
  say();
}

export function takeBack() {
  if (!provisional) return;
  const { lines, lastSeq, playLogSeen, starterSeen } = provisional;
  provisional = null;
  const list = $("talk");
  for (let i = 0; i < lines && list.firstChild; i += 1) list.firstChild.remove();
  Object.assign(state, { lastSeq, playLogSeen, starterSeen });
}

function announceEvent(event) {
  const label = T.kinds[event.kind] || event.kind;
  talk(`${fill(T.scored, { who: who(event.player), points: event.points, label })}  “${event.spoken ?? event.call}”`,
    `score lane-${event.player}`);
}

function takeEvents(events, test, quiet) {
  for (let i = 0; i < events.length; ) {
    if (test(events[i])) {
      if (!quiet) announceEvent(events[i]);
      events.splice(i, 1);
    } else {
      i += 1;
    }
  }
}

// The cut for deal (each tie cut again) and who deals this hand.
function announceDeal(view) {
  if (view.hand_number === 1 && view.cut_for_deal.length) {
    const mine = seatOf(view);
    const line = (cut) => fill(T.cut_line, { you: cardText(cut[mine]), computer: cardText(cut[1 - mine]) });
    for (const cut of view.cut_for_deal.slice(0, -1)) talk(`${line(cut)} ${T.cut_again}`);
    talk(line(view.cut_for_deal[view.cut_for_deal.length - 1]));
  }
  const hand = fill(T.hand_no, { n: view.hand_number });
  talk(fill(T.hand_line, { hand, dealer: view.dealer === seatOf(view) ? T.you_deal : T.computer_deals }), "deal");
}

// Announce what happened since the last view: the starter, each card and go, each score.
export function announce(view, { quiet = false } = {}) {
  if (view.hand_number !== state.lastHand) {
    state.lastHand = view.hand_number;
    state.playLogSeen = 0;
    state.starterSeen = null;
    state.selected.clear();
    state.announcedShows.clear();
    if (!quiet) announceDeal(view);
  }
  const fresh = view.events.filter((e) => e.seq > state.lastSeq);
  state.lastSeq = Math.max(state.lastSeq, view.event_count - 1);
  const pending = fresh.filter((e) => e.context === "play" || e.context === "heels");
  if (view.starter && state.starterSeen !== view.starter) {
    state.starterSeen = view.starter;
    if (!quiet) talk(fill(T.starter_line, { card: cardText(view.starter) }), "starter");
  }
  // His heels follows the starter, even when the computer's pause showed the starter in
  // an earlier view than the one that scores it.
  takeEvents(pending, (e) => e.context === "heels", quiet);
  const rest = pending.filter((e) => e.context === "play");
  const log = view.play_log.slice(state.playLogSeen);
  state.playLogSeen = view.play_log.length;
  let lastCard = null;
  for (const entry of log) {
    if (entry.card) {
      lastCard = entry.card;
      if (!quiet) talk(fill(T.played, { who: who(entry.player), card: cardText(entry.card), count: entry.count }), `play lane-${entry.player}`);
      takeEvents(rest, (e) => !["go", "last_card"].includes(e.kind) && e.cards[e.cards.length - 1] === entry.card, quiet);
      // A series that ends on this card with nobody left to say go (the other's hand is
      // empty) gives its go point here, before the next card, as the record says it.
      if (entry.reset) takeEvents(rest, (e) => e.kind === "go" && e.cards[0] === entry.card, quiet);
    } else {
      if (!quiet) talk(fill(T.said_go, { who: who(entry.player) }), `go lane-${entry.player}`);
      takeEvents(rest, (e) => e.kind === "go" && e.cards[0] === lastCard, quiet);
    }
  }
  takeEvents(rest, () => true, quiet);
  if (view.outcome && view.outcome.resigned && state.resignTold !== view.id) {
    state.resignTold = view.id; // said once, as the record's last line says it
    if (!quiet) talk(resignLine(view), `resign lane-${1 - view.outcome.winner}`);
  }
}
