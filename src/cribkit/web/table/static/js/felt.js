// What lies on the felt: the opponent's cards face down, the starter, the crib, the pile
// of this hand's play, and the end banner with its skunks.
import { T, me, root, who } from "./context.js";
import { $, backElement, cardElement } from "./dom.js";
import { resignLine } from "./leave.js";
import { skunkPictures } from "./pegs.js";
import { fill } from "./text.js";

export function renderSpots(view) {
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

export function renderPile(view) {
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

function skunkLine(skunk, won) {
  if (skunk === "double_skunk") return won ? T.double_given : T.double_taken;
  return won ? T.skunk_given : T.skunk_taken;
}

export function renderBanner(view) {
  const banner = $("banner");
  if (!view.outcome) {
    banner.hidden = true;
    return;
  }
  const mine = me();
  const [you, computer] = [view.outcome.scores[mine], view.outcome.scores[1 - mine]];
  const won = view.outcome.winner === mine;
  const said = won ? fill(T.you_win, { you, computer }) : fill(T.computer_wins, { you, computer });
  $("banner-text").textContent = view.outcome.resigned ? resignLine(view) : said;
  const watching = view.you === null; // the rail neither won nor lost
  banner.classList.toggle("won", won && !watching);
  banner.classList.toggle("lost", !won && !watching);
  const skunk = view.outcome.skunk;
  const pictures = skunkPictures(view.outcome);
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
  if (pictures) line.textContent = skunkLine(skunk, won);
  box.replaceChildren(...images, ...(pictures ? [line] : []));
  banner.hidden = false;
}
