// A table between two people: names in place of "the computer", the invite panel, presence,
// the rematch, and the home page's "Play a friend" form.
import { $ } from "./dom.js";
import { api } from "./net.js";
import { fill } from "./text.js";

let BASE = null;
let offline = false; // the page's own connection is down: what it knows of the other may be old
let moveOnVersion = null;
let moveOnTimer = null;

// The seat whose eyes the page uses: the player's own, or seat 0 for a spectator.
export function seatOf(view) {
  return view && view.you !== null && view.you !== undefined ? view.you : 0;
}

function nameOf(T, view, seat) {
  const names = view.table ? view.table.names : [];
  if (names[seat]) return names[seat];
  return view.you === null ? fill(BASE.seat_name, { n: seat + 1 }) : BASE.friend;
}

// Rewrite the script's strings for a table between two people (once per view; idempotent).
export function adoptNames(T, view) {
  if (BASE === null) BASE = { ...T };
  if (!view.table) return;
  const me = seatOf(view);
  const other = 1 - me;
  const them = nameOf(T, view, other);
  T.computer = them;
  T.computer_deals = fill(BASE.they_deal, { name: them });
  T.computer_crib = fill(BASE.their_crib, { name: them });
  T.computer_hand = fill(BASE.their_hand, { name: them });
  T.choose_two_theirs = fill(BASE.choose_two_named, { name: them });
  T.computer_turn = fill(BASE.their_turn, { name: them });
  T.computer_wins = fill(BASE.they_win, { name: them });
  T.skunk_given = fill(BASE.skunk_named, { name: them });
  T.double_given = fill(BASE.double_named, { name: them });
  // between two people a move refused as stale is the other's move, never "another tab"
  T.stale = fill(BASE.stale_named, { name: them });
  T.show_reading = fill(BASE.friend_reading, { name: them });
  T.move_on = fill(BASE.move_on_named, { name: them });
  if (view.you === null) {
    const first = nameOf(T, view, 0);
    T.you = first;
    T.you_deal = fill(BASE.they_deal, { name: first });
    T.your_crib = fill(BASE.their_crib, { name: first });
    T.your_hand = fill(BASE.their_hand, { name: first });
    T.you_win = fill(BASE.seat_wins, { name: first });
    T.skunk_taken = fill(BASE.skunk_named, { name: first });
    T.double_taken = fill(BASE.double_named, { name: first });
    T.board_title = fill(BASE.board_named, { first, second: them });
    T.cut_line = fill(BASE.cut_named, { first, second: them });
  } else {
    T.board_title = fill(BASE.board_named, { first: BASE.you, second: them });
    T.cut_line = fill(BASE.cut_named, { first: BASE.you, second: them });
  }
  // The labels the server drew (seat_words.py says the same), again once a name is known.
  const sheet = $("score-sheet");
  for (const seat of [0, 1]) {
    const mine = seat === me && view.you !== null;
    const text = mine ? BASE.you : nameOf(T, view, seat);
    for (const label of document.querySelectorAll(`.score.lane-${seat} .who, .seat-head.lane-${seat}`)) {
      label.textContent = text;
    }
    if (sheet) sheet.setAttribute(`data-deal-${seat}`, mine ? BASE.you_deal_mark : fill(BASE.they_deal_mark, { name: text }));
  }
  for (const across of document.querySelectorAll(".row.opponent .label")) across.textContent = them;
}

function post(url, body) {
  return api("POST", url, body || {});
}

// Draw the friend panel; returns lines for the table talk (someone sat down).
export function drawFriendPanel(T, view, previous) {
  const panel = $("friend-panel");
  const table = view.table;
  const forms = $("friend-forms");
  if (forms) forms.hidden = true;
  if (!panel) return [];
  panel.hidden = !table;
  if (!table) return [];
  const me = view.you;
  const spectator = me === null;
  const lines = [];
  const other = spectator ? 1 : 1 - me;
  const them = nameOf(T, view, other);
  if (previous && previous.table && !previous.table.seated[1] && table.seated[1] && !spectator) {
    lines.push(fill(BASE.friend_seated, { name: them }));
  }
  drawPresence(T, view);
  if (spectator && table.rematch_code) location.assign(`/t/${table.rematch_code}`); // follow the table
  const invite = $("invite");
  const waiting = !table.seated[1] && me === 0;
  invite.hidden = !waiting;
  panel.dataset.waiting = String(waiting);
  if (waiting && table.code) {
    const link = `${location.origin}/t/${table.code}`;
    $("waiting").textContent = BASE.waiting_friend;
    $("invite-code").textContent = table.code;
    const anchor = $("invite-link");
    anchor.href = link;
    anchor.textContent = link;
    const qr = $("invite-qr");
    if (qr.dataset.code !== table.code) {
      qr.dataset.code = table.code;
      qr.src = `/t/${table.code}/qr.svg`;
    }
    const copy = $("copy-link");
    copy.textContent = BASE.copy_link;
    copy.onclick = async () => {
      try {
        await navigator.clipboard.writeText(link);
        copy.textContent = BASE.copied;
      } catch {
        getSelection().selectAllChildren(anchor);
      }
    };
    const sits = $("computer-sits");
    sits.hidden = !table.computer_may_sit;
    sits.textContent = BASE.computer_sits;
    sits.onclick = async () => {
      const { status, data } = await post(`/api/tables/${table.code}/computer`);
      if (status === 200) location.href = `/games/${data.game_id}`;
    };
  }
  const watching = $("watching");
  watching.hidden = !spectator;
  watching.textContent = BASE.watching;
  const rematch = $("rematch");
  rematch.hidden = spectator || view.phase !== "game_over";
  rematch.textContent = table.rematch_id ? BASE.rematch_ready : BASE.rematch;
  const note = $("rematch-note");
  note.hidden = rematch.hidden;
  note.textContent = BASE.rematch_rule; // the deal of the next game: cut again (ACC)
  rematch.onclick = async () => {
    if (table.rematch_id) {
      location.href = `/games/${table.rematch_id}`;
      return;
    }
    const { status, data } = await post(`/api/games/${view.id}/rematch`);
    if (status === 200) location.href = `/games/${data.game_id}`;
  };
  const hintButton = $("hint-button");
  if (spectator && hintButton) hintButton.hidden = true;
  return lines;
}

// Whether the other player is here, as this page knows it: grey and unsure while the page's
// own connection is down, and in words that fit a finished game.
function drawPresence(T, view) {
  const presence = $("presence");
  const table = view.table;
  const spectator = view.you === null;
  const other = spectator ? 1 : 1 - view.you;
  presence.textContent = "";
  presence.dataset.connected = spectator || offline ? "" : String(Boolean(table.connected[other]));
  presence.dataset.stale = String(offline);
  if (spectator || !table.seated[other]) return;
  let key = table.connected[other] ? "friend_here" : "friend_away";
  if (!table.connected[other] && view.phase === "game_over") key = "friend_left";
  if (offline) key = "friend_unknown";
  presence.textContent = fill(BASE[key], { name: nameOf(T, view, other) });
}

// The page's own connection went down (true) or answered again (false).
export function setOffline(T, down, view) {
  offline = down;
  if (view && view.table && $("presence")) drawPresence(T, view);
}

// A friend who has read the whole show may move on after the table's timeout: read the view
// again when the server said it would be due (the server decides; this only asks).
export function awaitMoveOn(view, refresh) {
  if (view.version === moveOnVersion) return;
  moveOnVersion = view.version;
  clearTimeout(moveOnTimer);
  const wait = view.show_wait;
  if (wait && wait.move_on_in > 0) moveOnTimer = setTimeout(refresh, wait.move_on_in * 1000 + 250);
}

// The home page's "Play a friend" form: open the table through the API, then sit at it.
export function wireFriendForms() {
  const form = $("friend-form");
  if (!form) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const body = { name: data.get("name") || "", computer_fills_in: data.get("computer_fills_in") === "1" };
    if (data.get("count_own") === "1") {
      body.count_own = true;
      body.muggins = data.get("muggins") === "1";
    }
    if (data.get("seed")) body.seed = Number(data.get("seed"));
    const { status, data: answer } = await post("/api/tables", body);
    if (status === 201) location.href = `/games/${answer.game_id}`;
    else form.submit();
  });
}
