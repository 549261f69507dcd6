// The table: drives /api/games with the person's view only, and draws it. This entry
// wires the parts (board, hand, felt, show, talk, controls, keys); no bundler, no other
// host: ES modules loaded by templates/table.html.
import { forgetPegs, placePegs } from "./board.js";
import { drawChat, wireChat } from "./chat.js";
import { T, message, root, state } from "./context.js";
import { hint, renderControls } from "./controls.js";
import { $ } from "./dom.js";
import { renderBanner, renderPile, renderSpots } from "./felt.js";
import { followTheGame } from "./focus.js";
import { adoptNames, awaitMoveOn, drawFriendPanel, setOffline, wireFriendForms } from "./friend.js";
import { handButtons, renderCut, renderHand } from "./hand.js";
import { refreshHistory } from "./history.js";
import { keyHandler } from "./keys.js";
import { keepAddress, renderLeave, wireLeave } from "./leave.js";
import { openLive } from "./live.js";
import { api } from "./net.js";
import { wireNestedOptions } from "./options.js";
import { beforeComputer, pauseOf } from "./pace.js";
import { wireSettings } from "./settings.js";
import { signalTurn } from "./turn.js";
import { renderShow } from "./show.js";
import { announce, sayProvisionally, takeBack, talk } from "./talk.js";

function setBusy(busy) {
  state.busy = busy;
  root.classList.toggle("busy", busy);
}

async function send(action) {
  if (state.busy || !state.view) return;
  setBusy(true);
  message("");
  try {
    const { status, data } = await sendMove({ action, version: state.view.version });
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

// Over the table's live socket when it is open (no HTTP request around the move), else to
// the action API; the answer is the same either way.
async function sendMove(body) {
  const overSocket = state.live ? state.live.move(body) : null;
  if (overSocket) {
    try {
      return await overSocket;
    } catch {
      // the socket went away first: the API answers (409 with the view if it was made)
    }
  }
  return api("POST", `/api/games/${state.view.id}/actions`, body);
}

async function computersPause(next) {
  // Only the computer is paced: between two people each card is its player's own move.
  if (next.computer === null || next.computer === undefined) return;
  const pause = pauseOf(next);
  const interim = pause ? beforeComputer(state.view, next) : null;
  if (!interim) return;
  sayProvisionally(() => update(interim));
  root.classList.add("waiting");
  $("status").textContent = T.computer_turn;
  await new Promise((resolve) => setTimeout(resolve, pause));
  root.classList.remove("waiting");
  takeBack();
}

// Whether anyone has moved yet (a friend sitting down changes the version, not the game).
function hasBegun(view) {
  const cut = (view.cut_positions || []).some((p) => p !== null);
  return view.phase !== "cut_for_deal" || view.cut_for_deal.length > 0 || cut;
}

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
  signalTurn(view);
  refreshHistory(view, first);
}

function render() {
  const view = state.view;
  if (!view) return;
  $("home-cards").hidden = true; // the home page's cards give way to the table
  $("newgame").hidden = true;
  $("play-area").hidden = false;
  placePegs(view);
  renderSpots(view);
  renderPile(view);
  renderHand(view, send, render);
  renderCut(view, send);
  renderShow(view, send);
  renderControls(view, send);
  renderBanner(view);
  renderLeave(view);
  // No computer to pace at a table between two people, and a spectator has no settings.
  $("table-settings").hidden = view.you === null;
  $("speed-setting").hidden = Boolean(view.table);
  root.dataset.phase = view.phase;
  root.dataset.version = String(view.version);
  const first = state.drawn === null;
  for (const line of drawFriendPanel(T, view, state.drawn)) talk(line, "deal");
  drawChat(view);
  awaitMoveOn(view, refresh);
  state.drawn = view;
  followTheGame(view, { first });
}

async function startGame(form) {
  const data = new FormData(form);
  const body = { level: data.get("level") || "casual" };
  if (data.get("count_own")) body.count_own = true;
  if (data.get("muggins")) body.muggins = true; // only with count_own: the box is off alone
  if (data.get("seed")) body.seed = Number(data.get("seed"));
  setBusy(true);
  try {
    const { status, data: answer } = await api("POST", "/api/games", body);
    if (status === 201) {
      state.view = null;
      state.lastHand = 0;
      state.lastSeq = -1;
      forgetPegs();
      $("talk").replaceChildren();
      keepAddress(`/games/${answer.id}`);
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

function viewUrl(id) {
  const watch = root.dataset.watch || "";
  return watch ? `/api/tables/${watch}` : `/api/games/${id}`;
}

// Read the view again (a friend's wait for the show may have run out).
async function refresh() {
  if (!state.view || state.busy) return;
  const { status, data } = await api("GET", viewUrl(state.view.id));
  if (status === 200) update(data);
}

// The page's own connection: down, the other's presence goes grey; back, it clears, and
// so does the line that said the server did not answer.
function reachable(up) {
  setOffline(T, !up, state.view);
  if (up && $("message").textContent === T.network) message("");
}

// A table between two people (or one watched) follows the game live.
function follow(view) {
  if (state.live || !view.table) return;
  const url = viewUrl(view.id);
  state.live = openLive({
    gameId: view.id,
    code: root.dataset.watch || "",
    onView: (fresh) => {
      if (!state.busy) update(fresh);
    },
    onState: (open) => {
      const wasDown = root.dataset.live === "down";
      root.dataset.live = open ? "open" : "down";
      $("live-note").textContent = open ? "" : T.live_down;
      if (open || !wasDown) reachable(open); // polls decide while the socket stays down
    },
    poll: async () => {
      let answer = { status: 0, data: null };
      try {
        answer = await api("GET", url);
      } finally {
        reachable(answer.status === 200);
      }
      return answer.status === 200 ? answer.data : null;
    },
  });
}

async function resume(id) {
  const { status, data } = await api("GET", viewUrl(id));
  if (status === 200) {
    update(data);
    follow(data);
  } else {
    $("home-cards").hidden = false;
    $("newgame").hidden = false;
    $("play-area").hidden = true;
  }
}

wireLeave($("newgame-form"), startGame);
const askHint = () => hint(render);
$("hint-button").addEventListener("click", askHint);
wireSettings();
wireFriendForms();
wireChat();
wireNestedOptions();
document.addEventListener("keydown", keyHandler(send, askHint));
root.classList.add("scripted");
if (root.dataset.game) resume(root.dataset.game);
