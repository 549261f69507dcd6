// Leaving a game: "New game" and "Resign" on the table (each confirmed in a <dialog>; the
// links open a confirm page without the script), the home page's "resume or resign it"
// before a new game, the line that says who resigned, and the address kept in the
// language links once the page shows another game than the one it was loaded at.
import { T, me, state, who } from "./context.js";
import { $ } from "./dom.js";
import { api } from "./net.js";
import { fill } from "./text.js";

// "You resign; Bo wins." / "Bo resigns; you win." / "Al resigns; Bo wins." (watching).
export function resignLine(view) {
  const winner = view.outcome.winner;
  const loser = 1 - winner;
  if (view.you === null) return fill(T.resign_other, { who: who(loser), winner: who(winner) });
  if (loser === me()) return fill(T.resign_you, { winner: who(winner) });
  return fill(T.resign_them, { who: who(loser) });
}

// The page now shows `path`: the address bar and every language link say so.
export function keepAddress(path) {
  if (location.pathname + location.search !== path) history.replaceState(null, "", path);
  for (const link of document.querySelectorAll(".lang-switch a[href]")) {
    const url = new URL(link.href, location.origin);
    url.searchParams.set("next", path);
    link.href = url.pathname + url.search;
  }
}

// The table's two ways out: hidden for a spectator, "Resign" gone once the game is over
// (then "New game" is a plain link home).
export function renderLeave(view) {
  const bar = $("leave");
  if (!bar) return;
  bar.hidden = view.you === null;
  const over = Boolean(view.outcome);
  $("resign-link").hidden = over;
  $("new-game-link").href = over ? "/" : `/games/${view.id}/resign?then=new`;
  $("new-game-link").dataset.confirm = over ? "" : "new-game-dialog";
}

function openOnClick(link) {
  link.addEventListener("click", (event) => {
    const dialog = link.dataset.confirm ? $(link.dataset.confirm) : null;
    if (!dialog || typeof dialog.showModal !== "function") return; // the confirm page
    event.preventDefault();
    for (const form of dialog.querySelectorAll("form[data-action]")) {
      form.action = fill(form.dataset.action, { id: state.view ? state.view.id : "" });
    }
    dialog.showModal();
  });
}

// Starting a game while one is unfinished asks first: resume it, or resign it and start.
function askBeforeStarting(form, start) {
  const dialog = $("unfinished-dialog");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const unfinished = form.dataset.unfinished;
    if (!unfinished || !dialog || typeof dialog.showModal !== "function") {
      start(form);
      return;
    }
    dialog.showModal();
  });
  const go = $("resign-and-start");
  if (!go) return;
  go.addEventListener("click", async (event) => {
    event.preventDefault();
    const unfinished = form.dataset.unfinished;
    const { status } = await api("POST", `/api/games/${unfinished}/resign`);
    if (status === 200 || status === 422) { // 422: it had ended meanwhile
      delete form.dataset.unfinished;
      dialog.close();
      start(form);
    }
  });
}

export function wireLeave(newGameForm, start) {
  for (const link of document.querySelectorAll("[data-confirm]")) openOnClick(link);
  askBeforeStarting(newGameForm, start);
}
