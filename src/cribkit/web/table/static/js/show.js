// The show: each count as the server lays it down (hand, hand, crib), itemized, with what
// a player who counted their own said and what muggins took; each said once in the talk.
import { claimBox, claimLine, mugginsLine, showCards } from "./counting.js";
import { T, me, message, state, who } from "./context.js";
import { $, cardElement } from "./dom.js";
import { talk } from "./talk.js";
import { fill } from "./text.js";

function showTitle(show) {
  if (show.context === "crib") return show.player === me() ? T.your_crib : T.computer_crib;
  return show.player === me() ? T.your_hand : T.computer_hand;
}

function breakdown(show) {
  const table = document.createElement("table");
  table.className = "breakdown";
  const head = table.createTHead().insertRow();
  for (const label of [T.item, T.cards, T.points, T.talk]) {
    const th = document.createElement("th");
    th.textContent = label;
    head.append(th);
  }
  const body = table.createTBody();
  // each call said in the reader's language by the server (Chinese first, English beside)
  show.items.forEach((item, i) => {
    const row = body.insertRow();
    row.insertCell().textContent = T.kinds[item.kind] || item.kind;
    const cell = row.insertCell();
    for (const code of item.cards) cell.append(cardElement(code));
    const points = row.insertCell();
    points.className = "num";
    points.textContent = String(item.points);
    const call = row.insertCell();
    call.className = "talk";
    call.textContent = show.spoken_items ? show.spoken_items[i] : item.call;
  });
  const foot = table.createTFoot().insertRow();
  foot.insertCell().textContent = T.total;
  foot.insertCell();
  const total = foot.insertCell();
  total.className = "num total";
  total.textContent = String(show.total);
  foot.insertCell().textContent = show.spoken ?? show.call;
  return table;
}

function showTable(show) {
  const box = document.createElement("div");
  box.className = `show lane-${show.player}`;
  const heading = document.createElement("h3");
  heading.textContent = fill(T.show_total, { whose: showTitle(show), total: show.total });
  box.append(heading, showCards(show));
  const claimed = claimLine(T, show, who(show.player));
  if (claimed) {
    const said = document.createElement("p");
    said.className = `claim-result ${show.over_claimed ? "over" : show.missed ? "short" : "right"}`;
    said.textContent = [claimed, mugginsLine(T, show, who(1 - show.player))].filter(Boolean).join(" ");
    box.append(said);
  }
  if (show.items.length) {
    box.append(breakdown(show));
  } else {
    const none = document.createElement("p");
    none.textContent = T.nothing;
    box.append(none);
  }
  return box;
}

// Say each count of this hand once, as it is laid down.
function announceShows(view) {
  view.shows.forEach((show, i) => {
    const key = `${view.hand_number}/${i}`;
    if (state.announcedShows.has(key)) return;
    state.announcedShows.add(key);
    talk(fill(T.show_line, { whose: showTitle(show), call: show.spoken ?? show.call, total: show.total }), `show lane-${show.player}`);
    const claimed = claimLine(T, show, who(show.player));
    if (claimed) talk(claimed, `claim lane-${show.player}`);
    const muggins = mugginsLine(T, show, who(1 - show.player));
    if (muggins) talk(muggins, `muggins lane-${1 - show.player}`);
  });
}

// The one big button (the next count, the next deal) goes where the eyes are: under the
// count just laid down while the show is on, back among the table's controls after it.
function placeNextButton(inShow) {
  const primary = $("primary");
  const home = $("controls");
  if (inShow) $("show-next").append(primary);
  else if (primary.parentElement !== home) home.prepend(primary);
}

export function renderShow(view, send) {
  const panel = $("show-panel");
  const shows = view.shows;
  const asking = claimBox(T, view, send, message);
  placeNextButton(false); // out of the panel before it is redrawn
  document.getElementById("table").classList.toggle("showing", shows.length > 0 || Boolean(asking));
  if (!shows.length) {
    panel.hidden = !asking;
    panel.replaceChildren(...(asking ? [asking] : []));
    return;
  }
  // The server lays the counts down one at a time: the view holds those shown so far,
  // the newest first, with the button that lays down the next one right under it.
  const upto = shows.length - 1;
  panel.hidden = false;
  const heading = document.createElement("h2");
  heading.textContent = fill(T.the_show, { whose: showTitle(shows[upto]), n: upto + 1, total: 3 });
  const boxes = shows.map(showTable);
  boxes.forEach((box, i) => box.classList.toggle("earlier", i < upto));
  boxes[upto].classList.add("latest");
  const next = document.createElement("div");
  next.className = "show-next";
  next.id = "show-next";
  const [latest, ...earlier] = boxes.reverse();
  panel.replaceChildren(...(asking ? [asking] : []), heading, latest, next, ...earlier);
  placeNextButton(view.phase === "show");
  announceShows(view);
}
