// The table: drives /api/games with the person's view only, and draws it.
// No bundler, no other host: an ES module loaded by templates/table.html.
import { claimBox, claimLine, mugginsLine, showCards } from "./counting.js";
import { adoptNames, drawFriendPanel, seatOf, wireFriendForms } from "./friend.js";
import { refreshHistory } from "./history.js";
import { openLive } from "./live.js";
import { api } from "./net.js";

const root = document.getElementById("table");
const T = JSON.parse(document.getElementById("table-strings").textContent);
const $ = (id) => document.getElementById(id);

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RED = new Set(["D", "H"]);

const state = {
  view: null,
  selected: new Set(),
  suggested: new Set(), // the hint's cards, marked until the move is made
  lastSeq: -1,
  pegSeq: null,
  lastHand: 0,
  playLogSeen: 0,
  starterSeen: null,
  busy: false,
  announcedShows: new Set(),
};

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, key) => (key in values ? String(values[key]) : `{${key}}`));
}

function cardText(code) {
  const rank = code[0] === "T" ? "10" : code[0];
  return `${rank}${SUITS[code[1]]}`;
}

function cardElement(code, tag = "span") {
  const el = document.createElement(tag);
  el.className = `card ${RED.has(code[1]) ? "red" : "black"}`;
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

function backElement() {
  const el = document.createElement("span");
  el.className = "card back";
  el.setAttribute("aria-hidden", "true");
  return el;
}

// The seat the page looks from: the player's own (seat 0 against the computer).
function me() {
  return seatOf(state.view);
}

function who(player) {
  return player === me() ? T.you : T.computer;
}

// ------------------------------------------------------------------ network

function setBusy(busy) {
  state.busy = busy;
  root.classList.toggle("busy", busy);
}

async function send(action) {
  if (state.busy || !state.view) return;
  setBusy(true);
  message("");
  try {
    const { status, data } = await api("POST", `/api/games/${state.view.id}/actions`, {
      action,
      version: state.view.version,
    });
    if (status === 200) {
      await computersPause(data);
      update(data);
    } else if (status === 409 && data && data.view) {
      message(T.stale);
      update(data.view);
    } else {
      message((data && data.detail) || T.network);
    }
  } catch {
    message(T.network);
  } finally {
    setBusy(false);
    render();
  }
}

// ------------------------------------------------------------------ the computer's pause

const PAUSE_MS = 900;
const FAST_KEY = "cribkit-fast";

function fastPlay() {
  try {
    return localStorage.getItem(FAST_KEY) === "1";
  } catch {
    return false;
  }
}

// The view as it stood just before the computer's first new card: the same answer cut at
// that card (its pile, count and pegs as before), so the person sees their own card land
// and the computer's follow a moment later. Nothing here is not in the answer already.
function beforeComputer(prev, next) {
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

async function computersPause(next) {
  // Only the computer is paced: between two people each card is its player's own move.
  if (next.computer === null || next.computer === undefined) return;
  const interim = fastPlay() ? null : beforeComputer(state.view, next);
  if (!interim) return;
  update(interim);
  root.classList.add("waiting");
  $("status").textContent = T.computer_turn;
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  root.classList.remove("waiting");
}

function message(text) {
  $("message").textContent = typeof text === "string" ? text : JSON.stringify(text);
}

// ------------------------------------------------------------------ table talk

function talk(text, kind = "") {
  const item = document.createElement("li");
  if (kind) item.className = kind;
  item.textContent = text;
  const list = $("talk");
  list.prepend(item);
  while (list.children.length > 60) list.lastChild.remove();
}

function announceEvent(event) {
  const label = T.kinds[event.kind] || event.kind;
  talk(`${fill(T.scored, { who: who(event.player), points: event.points, label })}  “${event.call}”`,
    `score lane-${event.player}`);
}

// Announce what happened since the last view: the starter, each card and go, each score.
function announce(view, { quiet = false } = {}) {
  if (view.hand_number !== state.lastHand) {
    state.lastHand = view.hand_number;
    state.playLogSeen = 0;
    state.starterSeen = null;
    state.selected.clear();
    state.announcedShows.clear();
    if (!quiet) {
      if (view.hand_number === 1 && view.cut_for_deal.length) {
        const mine = seatOf(view);
        for (const cut of view.cut_for_deal.slice(0, -1)) {
          talk(`${fill(T.cut_line, { you: cardText(cut[mine]), computer: cardText(cut[1 - mine]) })} ${T.cut_again}`);
        }
        const last = view.cut_for_deal[view.cut_for_deal.length - 1];
        talk(fill(T.cut_line, { you: cardText(last[mine]), computer: cardText(last[1 - mine]) }));
      }
      const hand = fill(T.hand_no, { n: view.hand_number });
      talk(fill(T.hand_line, { hand, dealer: view.dealer === seatOf(view) ? T.you_deal : T.computer_deals }), "deal");
    }
  }
  const fresh = view.events.filter((e) => e.seq > state.lastSeq);
  state.lastSeq = Math.max(state.lastSeq, view.event_count - 1);
  const pending = fresh.filter((e) => e.context === "play" || e.context === "heels");
  if (view.starter && state.starterSeen !== view.starter) {
    state.starterSeen = view.starter;
    if (!quiet) talk(fill(T.starter_line, { card: cardText(view.starter) }), "starter");
    for (const e of pending.filter((e) => e.context === "heels")) if (!quiet) announceEvent(e);
  }
  const rest = pending.filter((e) => e.context === "play");
  const log = view.play_log.slice(state.playLogSeen);
  state.playLogSeen = view.play_log.length;
  let lastCard = null;
  for (const entry of log) {
    if (entry.card) {
      lastCard = entry.card;
      if (!quiet) talk(fill(T.played, { who: who(entry.player), card: cardText(entry.card), count: entry.count }), `play lane-${entry.player}`);
      takeEvents(rest, (e) => !["go", "last_card"].includes(e.kind) && e.cards[e.cards.length - 1] === entry.card, quiet);
    } else {
      if (!quiet) talk(fill(T.said_go, { who: who(entry.player) }), `go lane-${entry.player}`);
      takeEvents(rest, (e) => e.kind === "go" && e.cards[0] === lastCard, quiet);
    }
  }
  takeEvents(rest, () => true, quiet);
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

// ------------------------------------------------------------------ drawing

function update(view) {
  const previous = state.view;
  if (previous && previous.id === view.id && view.version < previous.version) return; // stale news
  const first = state.view === null;
  adoptNames(T, view);
  if (first || view.version !== state.view.version) {
    $("hint-box").hidden = true;
    state.suggested.clear();
  }
  announce(view, { quiet: first });
  if (first && view.you !== null && hasBegun(view) && view.phase !== "game_over") talk(T.resumed);
  state.view = view;
  render();
  refreshHistory(view, first);
}

// Whether anyone has moved yet (a friend sitting down changes the version, not the game).
function hasBegun(view) {
  const cut = (view.cut_positions || []).some((p) => p !== null);
  return view.phase !== "cut_for_deal" || view.cut_for_deal.length > 0 || cut;
}

function legal(type) {
  return state.view.legal_actions.filter((a) => a.type === type);
}

// ------------------------------------------------------------------ pegboard

const REDUCED_MOTION = window.matchMedia("(prefers-reduced-motion: reduce)");
const LEAP_MS = 520;

function holeOf(player, key) {
  return $(`hole-${player}-${key}`);
}

function setPeg(peg, player, role, score, key) {
  const hole = holeOf(player, key);
  peg.id = `peg-${player}-${role}`;
  peg.dataset.peg = role;
  peg.classList.toggle("peg-front", role === "front");
  peg.classList.toggle("peg-back", role === "back");
  peg.setAttribute("r", role === "front" ? "5" : "4.2");
  peg.setAttribute("cx", hole.getAttribute("cx"));
  peg.setAttribute("cy", hole.getAttribute("cy"));
  peg.dataset.hole = key;
  peg.dataset.score = String(score);
}

// The scores made since the pegs were last placed, one per peg move, in order.
function newMoves(view) {
  const moves = [];
  for (const event of view.events) {
    if (state.pegSeq === null || event.seq <= state.pegSeq) continue;
    const last = moves[moves.length - 1];
    if (last && last.player === event.player && last.from === event.from_score) {
      last.to = event.score;
    } else {
      moves.push({ player: event.player, from: event.from_score, to: event.score });
    }
  }
  return moves;
}

// One score: the back peg leaps over the front one into the new hole (drawn on top).
function leap(move, delay) {
  const { player } = move;
  const front = $(`peg-${player}-front`);
  const back = $(`peg-${player}-back`);
  const x0 = Number(back.getAttribute("cx"));
  const y0 = Number(back.getAttribute("cy"));
  setPeg(back, player, "front", move.to, String(Math.min(move.to, 121)));
  setPeg(front, player, "back", move.from, move.from === 0 ? "start" : String(move.from));
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

function placePegs(view) {
  newMoves(view).forEach((move, i) => leap(move, i * (LEAP_MS * 0.8)));
  state.pegSeq = view.event_count - 1;
  for (const player of [0, 1]) {
    // The view has the last word: the pegs stand where it says (also on a first load).
    const pegs = view.pegs[player];
    const frontKey = String(Math.min(pegs.front, 121));
    const backKey = pegs.front === 0 && pegs.back === 0 ? "start" : String(pegs.back);
    setPeg($(`peg-${player}-front`), player, "front", pegs.front, frontKey);
    setPeg($(`peg-${player}-back`), player, "back", pegs.back, backKey);
    $(`score-${player}`).textContent = String(pegs.front);
    const gain = pegs.front - pegs.back;
    $(`gain-${player}`).textContent = pegs.front > 0 ? `(+${gain})` : "";
  }
  const title = document.getElementById("pegboard-title");
  const mine = me();
  title.textContent = fill(T.board_title, { you: view.pegs[mine].front, computer: view.pegs[1 - mine].front });
}

function renderHand(view) {
  const hand = $("hand");
  const focused = document.activeElement && document.activeElement.closest("#hand")
    ? document.activeElement.dataset.card : null;
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
    button.dataset.key = String(index + 1);
    button.append(key);
    const usable = !state.busy && (discarding || plays.has(code));
    button.disabled = !usable;
    if (discarding) {
      const chosen = state.selected.has(code);
      button.setAttribute("aria-pressed", chosen ? "true" : "false");
      button.classList.toggle("chosen", chosen);
      button.addEventListener("click", () => toggle(code));
    } else if (plays.has(code)) {
      button.addEventListener("click", () => send(legal("play").find((a) => a.card === code)));
    }
    button.classList.toggle("suggested", state.suggested.has(code));
    button.setAttribute("aria-label", `${index + 1}: ${cardText(code)}`);
    hand.append(button);
  });
  const again = focused && hand.querySelector(`[data-card="${focused}"]:not([disabled])`);
  if (again) again.focus();
}

function toggle(code) {
  if (state.selected.has(code)) state.selected.delete(code);
  else if (state.selected.size < 2) state.selected.add(code);
  else {
    const [oldest] = state.selected;
    state.selected.delete(oldest);
    state.selected.add(code);
  }
  render();
}

function renderPile(view) {
  $("count").textContent = String(view.count);
  const pile = $("pile");
  pile.replaceChildren();
  // The whole play of this hand; cards of earlier series are dimmed.
  let series = [];
  const all = [];
  for (const entry of view.play_log) {
    if (entry.card) series.push(entry);
    if (entry.reset) {
      all.push(...series.map((e) => ({ ...e, old: true })));
      series = [];
    }
  }
  const current = view.series.length ? series : [];
  const earlier = view.series.length ? all : all.concat(series.map((e) => ({ ...e, old: true })));
  for (const entry of [...earlier, ...current]) {
    const el = cardElement(entry.card);
    el.classList.add(`by-${entry.player}`);
    if (entry.old) el.classList.add("old");
    el.title = who(entry.player);
    pile.append(el);
  }
}

function renderSpots(view) {
  const opp = $("opponent-cards");
  opp.replaceChildren(...Array.from({ length: view.opponent_cards_held }, backElement));
  const starter = $("starter");
  starter.replaceChildren(view.starter ? cardElement(view.starter) : backElement());
  const laidAway = view.discarded.length || (view.has_discarded && view.has_discarded[0]);
  const cribCards = (laidAway ? 2 : 0) + (view.opponent_has_discarded ? 2 : 0);
  const crib = $("crib");
  const inShow = view.shows.some((s) => s.context === "crib");
  crib.replaceChildren(...(inShow ? [] : Array.from({ length: cribCards }, backElement)));
  $("crib-label").textContent = view.dealer === null ? T.crib : view.dealer === me() ? T.your_crib : T.computer_crib;
  $("meta").textContent = view.hand_number
    ? `${fill(T.hand_no, { n: view.hand_number })} · ${view.dealer === me() ? T.you_deal : T.computer_deals}` : "";
}

function showTitle(show) {
  if (show.context === "crib") return show.player === me() ? T.your_crib : T.computer_crib;
  return show.player === me() ? T.your_hand : T.computer_hand;
}

function showTable(show) {
  const box = document.createElement("div");
  box.className = `show lane-${show.player}`;
  const heading = document.createElement("h3");
  heading.textContent = fill(T.show_total, { whose: showTitle(show), total: show.total });
  box.append(heading, showCards(show, cardElement));
  const claimed = claimLine(T, show, who(show.player));
  if (claimed) {
    const said = document.createElement("p");
    said.className = `claim-result ${show.over_claimed ? "over" : show.missed ? "short" : "right"}`;
    said.textContent = [claimed, mugginsLine(T, show, who(1 - show.player))].filter(Boolean).join(" ");
    box.append(said);
  }
  if (!show.items.length) {
    const none = document.createElement("p");
    none.textContent = T.nothing;
    box.append(none);
    return box;
  }
  const table = document.createElement("table");
  table.className = "breakdown";
  const head = table.createTHead().insertRow();
  for (const label of [T.item, T.cards, T.points, T.talk]) {
    const th = document.createElement("th");
    th.textContent = label;
    head.append(th);
  }
  const body = table.createTBody();
  for (const item of show.items) {
    const row = body.insertRow();
    row.insertCell().textContent = T.kinds[item.kind] || item.kind;
    const cell = row.insertCell();
    for (const code of item.cards) cell.append(cardElement(code));
    const points = row.insertCell();
    points.className = "num";
    points.textContent = String(item.points);
    const call = row.insertCell();
    call.lang = "en";
    call.className = "talk";
    call.textContent = item.call;
  }
  const foot = table.createTFoot().insertRow();
  foot.insertCell().textContent = T.total;
  foot.insertCell();
  const total = foot.insertCell();
  total.className = "num total";
  total.textContent = String(show.total);
  foot.insertCell().lang = "en";
  foot.cells[3].textContent = show.call;
  box.append(table);
  return box;
}

function renderShow(view) {
  const panel = $("show-panel");
  const shows = view.shows;
  const asking = claimBox(T, view, cardElement, (action) => send(action), message);
  if (!shows.length) {
    panel.hidden = !asking;
    panel.replaceChildren(...(asking ? [asking] : []));
    return;
  }
  // The server lays the counts down one at a time: the view holds those shown so far.
  const upto = shows.length - 1;
  panel.hidden = false;
  const heading = document.createElement("h2");
  heading.textContent = fill(T.the_show, { whose: showTitle(shows[upto]), n: upto + 1, total: 3 });
  const boxes = shows.slice(0, upto + 1).map(showTable);
  boxes.forEach((box, i) => box.classList.toggle("earlier", i < upto));
  panel.replaceChildren(...(asking ? [asking] : []), heading, ...boxes.reverse());
  for (let i = 0; i <= upto; i += 1) {
    const key = `${view.hand_number}/${i}`;
    if (!state.announcedShows.has(key)) {
      state.announcedShows.add(key);
      const show = shows[i];
      const line = fill(T.show_line, { whose: showTitle(show), call: show.call, total: show.total });
      talk(line, `show lane-${show.player}`);
      const claimed = claimLine(T, show, who(show.player));
      if (claimed) talk(claimed, `claim lane-${show.player}`);
      const muggins = mugginsLine(T, show, who(1 - show.player));
      if (muggins) talk(muggins, `muggins lane-${1 - show.player}`);
    }
  }
}

function renderControls(view) {
  const primary = $("primary");
  primary.hidden = true;
  primary.disabled = state.busy;
  primary.onclick = null;
  const status = $("status");
  if (legal("discard").length) {
    status.textContent = view.dealer === me() ? T.choose_two_yours : T.choose_two_theirs;
    primary.hidden = false;
    primary.textContent = T.lay_away;
    primary.disabled = state.busy || state.selected.size !== 2;
    primary.onclick = () => {
      const chosen = [...state.selected];
      const action = legal("discard").find((a) => a.cards.every((c) => chosen.includes(c)));
      if (action) send(action);
    };
  } else if (legal("go").length) {
    status.textContent = T.your_go;
    primary.hidden = false;
    primary.textContent = T.go;
    primary.onclick = () => send(legal("go")[0]);
  } else if (legal("play").length) {
    status.textContent = T.your_turn;
  } else if (legal("claim").length) {
    status.textContent = ""; // the claim box below asks, with the cards to count
  } else if (view.phase === "show" && view.to_count) {
    status.textContent = fill(T.claim_waiting, { who: who(view.to_count.player) });
  } else if (view.phase === "show") {
    status.textContent = "";
    primary.hidden = false;
    if (legal("count").length) {
      primary.textContent = T.next_count;
      primary.onclick = () => send(legal("count")[0]);
    } else {
      primary.textContent = T.next_deal;
      primary.hidden = !legal("next").length; // a spectator watches the deal move on
      primary.onclick = () => send(legal("next")[0]);
    }
  } else if (view.table && !view.table.seated[1]) {
    status.textContent = T.waiting_friend; // no cut until the friend sits down
  } else if (legal("cut").length) {
    status.textContent = view.phase === "starter" ? T.cut_pack : T.cut_spread;
  } else if (view.phase === "play") {
    status.textContent = T.computer_turn;
  } else {
    status.textContent = "";
  }
  const waiting = Boolean(view.table && !view.table.seated[1]); // nothing to hint at yet
  $("hint-button").hidden = view.phase === "game_over" || waiting || legal("claim").length > 0; // no hint for your own count
}

function renderBanner(view) {
  const banner = $("banner");
  if (!view.outcome) {
    banner.hidden = true;
    return;
  }
  const mine = me();
  const [you, computer] = [view.outcome.scores[mine], view.outcome.scores[1 - mine]];
  const won = view.outcome.winner === mine;
  $("banner-text").textContent = won ? fill(T.you_win, { you, computer }) : fill(T.computer_wins, { you, computer });
  const watching = view.you === null; // the rail neither won nor lost
  banner.classList.toggle("won", won && !watching);
  banner.classList.toggle("lost", !won && !watching);
  const skunk = view.outcome.skunk;
  const pictures = skunk === "double_skunk" ? 2 : skunk === "skunk" ? 1 : 0;
  const box = $("skunks");
  box.dataset.skunk = skunk;
  const images = [];
  for (let i = 0; i < pictures; i += 1) {
    const img = document.createElement("img");
    img.className = "skunk";
    img.src = root.dataset.skunkSrc;
    img.alt = T.skunk_alt;
    img.width = 140;
    img.height = 100;
    images.push(img);
  }
  const line = document.createElement("p");
  if (pictures) {
    const key = skunk === "double_skunk" ? (won ? "double_given" : "double_taken") : (won ? "skunk_given" : "skunk_taken");
    line.textContent = T[key];
  }
  box.replaceChildren(...images, ...(pictures ? [line] : []));
  banner.hidden = false;
}

function render() {
  const view = state.view;
  if (!view) return;
  $("newgame").hidden = true;
  $("play-area").hidden = false;
  placePegs(view);
  renderSpots(view);
  renderPile(view);
  renderHand(view);
  renderCut(view);
  renderShow(view);
  renderControls(view);
  renderBanner(view);
  // No computer to pace at a table between two people (or for a spectator): no fast play.
  $("fast-play-setting").hidden = Boolean(view.table) || view.you === null;
  root.dataset.phase = view.phase;
  root.dataset.version = String(view.version);
  for (const line of drawFriendPanel(T, view, state.drawn)) talk(line, "deal");
  state.drawn = view;
}

// ------------------------------------------------------------------ the cut

// The cut in the person's hands: a face-down spread (for the deal) or the pack (for the
// starter). A button stands for a position only; the card there is the server's secret.
function renderCut(view) {
  const spread = $("spread");
  const cuts = legal("cut");
  const focused = document.activeElement && document.activeElement.closest("#spread")
    ? document.activeElement.dataset.position : null;
  spread.hidden = cuts.length === 0;
  spread.classList.toggle("pack", view.phase === "starter");
  if (cuts.length) {
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
  } else {
    spread.replaceChildren();
  }
  // Both cards of the cut for deal face up until the first discard: low deals.
  const box = $("cut-result");
  const pairs = view.cut_for_deal || [];
  const showCut = pairs.length > 0 && (view.phase === "cut_for_deal" || (view.hand_number === 1 && view.phase === "discard"));
  box.hidden = !showCut;
  if (showCut) {
    const cut = pairs[pairs.length - 1];
    const [mine, theirs] = [cut[me()], cut[1 - me()]];
    const line = document.createElement("p");
    line.append(`${T.you} `, cardElement(mine), ` · ${T.computer} `, cardElement(theirs));
    const verdict = document.createElement("p");
    verdict.className = "verdict";
    verdict.textContent = view.phase === "cut_for_deal" ? T.cut_again : (view.dealer === me() ? T.you_deal : T.computer_deals);
    box.replaceChildren(line, verdict);
  }
}

function cutButtons() {
  return [...$("spread").querySelectorAll("button:not([disabled])")];
}

// ------------------------------------------------------------------ hints

async function hint() {
  if (!state.view || state.busy) return;
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
  render();
}

// ------------------------------------------------------------------ keyboard

function handButtons() {
  return [...$("hand").querySelectorAll("button")];
}

function onKey(event) {
  if (!state.view || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  const typing = target instanceof HTMLInputElement && !["checkbox", "radio"].includes(target.type);
  if (typing || target instanceof HTMLTextAreaElement) return;
  const buttons = handButtons();
  const key = event.key;
  if (/^[1-6]$/.test(key)) {
    const button = buttons.find((b) => b.dataset.key === key);
    if (button && !button.disabled) {
      button.click();
      event.preventDefault();
    }
  } else if (key === "ArrowRight" || key === "ArrowLeft") {
    const spread = cutButtons();
    const enabled = spread.length ? spread : buttons.filter((b) => !b.disabled);
    if (!enabled.length) return;
    const at = enabled.indexOf(document.activeElement);
    const step = key === "ArrowRight" ? 1 : -1;
    const next = at < 0 ? (step > 0 ? 0 : enabled.length - 1) : (at + step + enabled.length) % enabled.length;
    enabled[next].focus();
    event.preventDefault();
  } else if (key === "g" || key === "G") {
    if (legal("go").length) send(legal("go")[0]);
  } else if (key === "n" || key === "N") {
    const primary = $("primary");
    if (!primary.hidden && !primary.disabled && state.view.phase === "show") primary.click();
  } else if (key === "h" || key === "H") {
    hint();
  } else if (key === "Enter") {
    // Enter confirms the discard once two cards are chosen, even with a card focused;
    // elsewhere a focused button or link keeps its own Enter.
    const primary = $("primary");
    const ready = legal("discard").length && state.selected.size === 2;
    const onControl = target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement;
    if (!primary.hidden && !primary.disabled && (ready || !onControl)) {
      primary.click();
      event.preventDefault();
    }
  }
}

// ------------------------------------------------------------------ start

async function startGame(form) {
  const data = new FormData(form);
  const body = { level: data.get("level") || "medium" };
  if (data.get("count_own")) body.count_own = true;
  if (data.get("count_own") && data.get("muggins")) body.muggins = true;
  if (data.get("seed")) body.seed = Number(data.get("seed"));
  setBusy(true);
  try {
    const { status, data: answer } = await api("POST", "/api/games", body);
    if (status === 201) {
      state.view = null;
      state.lastHand = 0;
      state.lastSeq = -1;
      state.pegSeq = null;
      $("talk").replaceChildren();
      history.replaceState(null, "", `/games/${answer.id}`);
      setBusy(false);
      announce(answer.view);
      state.view = answer.view;
      render();
      const first = handButtons().find((b) => !b.disabled);
      if (first) first.focus();
    } else {
      message((answer && answer.detail) || T.network);
    }
  } finally {
    setBusy(false);
  }
}

// A table between two people (or one watched) follows the game live.
function follow(view) {
  if (state.live || !view.table) return;
  const watch = root.dataset.watch || "";
  const url = watch ? `/api/tables/${watch}` : `/api/games/${view.id}`;
  state.live = openLive({
    gameId: view.id,
    code: watch,
    onView: (fresh) => {
      if (!state.busy) update(fresh);
    },
    onState: (open) => {
      root.dataset.live = open ? "open" : "down";
      $("live-note").textContent = open ? "" : T.live_down;
    },
    poll: async () => {
      const { status, data } = await api("GET", url);
      return status === 200 ? data : null;
    },
  });
}

async function resume(id) {
  const watch = root.dataset.watch || "";
  const { status, data } = await api("GET", watch ? `/api/tables/${watch}` : `/api/games/${id}`);
  if (status === 200) {
    update(data);
    follow(data);
  } else {
    $("newgame").hidden = false;
    $("play-area").hidden = true;
  }
}

$("newgame-form").addEventListener("submit", (event) => {
  event.preventDefault();
  startGame(event.target);
});
$("hint-button").addEventListener("click", hint);
$("fast-play").checked = fastPlay();
$("fast-play").addEventListener("change", (event) => {
  try {
    localStorage.setItem(FAST_KEY, event.target.checked ? "1" : "0");
  } catch {
    // private windows may refuse storage: the pause simply stays
  }
});
wireFriendForms();
document.addEventListener("keydown", onKey);
root.classList.add("scripted");
if (root.dataset.game) resume(root.dataset.game);
