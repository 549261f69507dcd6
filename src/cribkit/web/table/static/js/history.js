// The game's history at the table: the talk rebuilt after a reload or in a second tab,
// the score sheet kept up to date, and a finished game's record, replay and review offered.
// Everything comes from GET /api/games/{id}/history (a spectator's from
// /api/tables/{code}/history), which holds only what the reader has seen; table.js calls
// refreshHistory() after each new view, and the history is asked for only when the sheet
// can have moved (points pegged, a count shown, a new deal): most moves change none of it.
import { $ } from "./dom.js";
import { TALK_LINES } from "./talk.js";

let asked = 0; // the latest request, so an older answer never overwrites a newer one
let shownVersion = null;
let answered = 0; // the latest request whose answer has landed
let askedKey = null; // what the sheet held when the latest request was made
let sameSheetSince = null; // the newest version whose sheet is the latest request's

// Everything on the score sheet follows from these: the pegs, the deal, the counts shown.
function sheetKey(view) {
  return JSON.stringify([view.scores, view.hand_number, view.shows || []]);
}

function markSettled(version) {
  $("sheet-panel").dataset.version = String(version);
}

function numberCell(row, value, className = "num") {
  const cell = row.insertCell();
  cell.className = className;
  if (value === null) {
    const dot = document.createElement("span");
    dot.className = "not-yet";
    dot.textContent = "·";
    cell.append(dot);
  } else if (value !== undefined) {
    cell.textContent = String(value);
  }
  return cell;
}

function renderSheet(rows, current) {
  const table = $("score-sheet");
  if (!table) return;
  const body = table.tBodies[0];
  body.replaceChildren();
  for (const hand of rows) {
    const row = body.insertRow();
    row.dataset.hand = String(hand.hand_number);
    if (hand.hand_number === current) {
      row.className = "current";
      row.setAttribute("aria-current", "true");
    }
    const head = document.createElement("th");
    head.scope = "row";
    const mark = document.createElement("span");
    mark.className = "dealer-mark";
    mark.textContent = table.getAttribute(`data-deal-${hand.dealer}`) || ""; // seat-aware, see friend.js
    head.append(String(hand.hand_number), mark);
    row.append(head);
    for (const player of [0, 1]) {
      const peg = numberCell(row, hand.pegging[player]);
      const taken = hand.muggins ? hand.muggins[player] : 0;
      if (taken) {
        const mark = document.createElement("span");
        mark.className = "muggins-mark";
        mark.title = table.dataset.muggins;
        mark.textContent = ` +${taken}`;
        peg.append(mark);
      }
      numberCell(row, hand.hand[player]);
      numberCell(row, hand.dealer === player ? hand.crib : undefined);
      numberCell(row, hand.totals[player], `num total lane-${player}`);
    }
  }
}

// The talk before this page was opened, under what table.js has said since (newest
// first). The show of the current hand is left to table.js, which counts it aloud.
function fillTalk(lines, view) {
  const list = $("talk");
  const shown = ["show", "claim", "muggins"]; // table.js says this hand's show itself
  const earlier = lines.filter((line) => !(shown.includes(line.kind) && line.hand_number === view.hand_number));
  const room = Math.max(TALK_LINES - list.children.length, 0);
  list.append(...earlier.slice(earlier.length - room).reverse().map(talkItem));
}

// After another tab moved the game on (a jump of more than one version), the talk
// table.js kept is missing lines: say the whole history again, as the server has it.
function retellTalk(lines) {
  $("talk").replaceChildren(...lines.slice(-TALK_LINES).reverse().map(talkItem));
}

function talkItem(line) {
  const item = document.createElement("li");
  item.className = line.class;
  item.textContent = line.text;
  return item;
}

function offerRecord(view) {
  // Only the two players may download or replay a record; the rail watches.
  const over = view.phase === "game_over" && view.you !== null;
  const download = $("record-download");
  const replay = $("replay-link");
  const review = $("review-link");
  if (!download || !replay) return;
  download.hidden = !over;
  replay.hidden = !over;
  if (review) review.hidden = !over;
  if (over) {
    download.href = `/api/games/${view.id}/record`;
    download.download = `cribkit-game-${view.id}.txt`;
    replay.href = `/games/${view.id}/replay`;
    if (review) review.href = `/games/${view.id}/review`;
  }
}

export async function refreshHistory(view, first) {
  offerRecord(view);
  if (!first && view.version === shownVersion) return;
  const jumped = !first && shownVersion !== null && view.version > shownVersion + 1;
  shownVersion = view.version;
  const key = sheetKey(view);
  sameSheetSince = view.version;
  if (!first && !jumped && key === askedKey) {
    // The sheet cannot have moved: settle at once, unless an answer is still on its way
    // (it will settle at this version when it lands).
    if (answered === asked) markSettled(view.version);
    return;
  }
  askedKey = key;
  asked += 1;
  const mine = asked;
  let data = null;
  try {
    // A spectator reads the table's history by its code (both seats by name).
    const watch = document.getElementById("table").dataset.watch || "";
    const url = watch && view.you === null ? `/api/tables/${watch}/history` : `/api/games/${view.id}/history`;
    const response = await fetch(url, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    if (response.ok) data = await response.json();
  } catch {
    data = null;
  }
  if (mine !== asked) return;
  answered = mine;
  if (!data) {
    askedKey = null; // ask again at the next move
    return;
  }
  renderSheet(data.sheet, view.hand_number);
  if (first) fillTalk(data.talk, view);
  else if (jumped) retellTalk(data.talk);
  markSettled(Math.max(data.version, sameSheetSince));
}
