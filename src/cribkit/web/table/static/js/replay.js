// The replay in one page: each moment is drawn by the server (the same template as the
// step links, so the page with and without the script cannot differ); this module fetches
// a moment's HTML and swaps it in place, so ←/→, Home/End and autoplay never reload the
// page. A stored game steps with ?step=N (the address follows); an uploaded record is
// posted again with the step, as the no-script buttons do. Moments are kept once fetched
// and the next one is fetched ahead, so keys and autoplay do not wait.
const AUTOPLAY_MS = 1200;
const KEPT = 400; // moments kept in memory (a whole game is about 150 to 180)

const keys = document.getElementById("replay-keys");
const autoplayButton = document.getElementById("replay-autoplay");
const live = document.getElementById("replay-live");
const recordForm = document.getElementById("replay-record");
const kept = new Map();
let timer = null;
let showing = 0;

const moment = () => document.getElementById("replay-moment");
const count = () => Number(moment().dataset.count);

async function fetchMoment(step) {
  const response = recordForm
    ? await fetch("/replay", { method: "POST", body: withStep(step), credentials: "same-origin" })
    : await fetch(`${location.pathname}?step=${step}`, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`step ${step}: ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const found = page.getElementById("replay-moment");
  if (!found) throw new Error(`step ${step}: no moment in the answer`);
  return document.importNode(found, true);
}

function withStep(step) {
  const data = new FormData();
  data.set("text", recordForm.elements.text.value);
  data.set("step", String(step));
  return data;
}

function momentAt(step) {
  if (!kept.has(step)) {
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value);
    const pending = fetchMoment(step);
    pending.catch(() => kept.delete(step)); // a failed fetch is tried again next time
    kept.set(step, pending);
  }
  return kept.get(step);
}

async function show(step) {
  const target = Math.min(Math.max(step, 0), count() - 1);
  if (target === Number(moment().dataset.step)) return;
  showing = target;
  let fresh;
  try {
    fresh = await momentAt(target);
  } catch {
    stopAutoplay();
    return;
  }
  if (showing !== target) return; // a later key won the race
  moment().replaceWith(fresh.cloneNode(true));
  if (!recordForm) history.replaceState(null, "", `?step=${target}`);
  const said = document.getElementById("said");
  live.textContent = said ? said.textContent.trim() : "";
  if (target + 1 < count()) momentAt(target + 1);
  else if (timer !== null) stopAutoplay();
}

const current = () => Number(moment().dataset.step);

function stopAutoplay() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  autoplayButton.setAttribute("aria-pressed", "false");
  autoplayButton.textContent = autoplayButton.dataset.play;
}

// One moment after another, each shown before the next wait starts; it stops at the end.
async function tick() {
  if (current() + 1 >= count()) {
    stopAutoplay();
    return;
  }
  await show(current() + 1);
  if (timer !== null) timer = setTimeout(tick, AUTOPLAY_MS);
}

async function startAutoplay() {
  autoplayButton.setAttribute("aria-pressed", "true");
  autoplayButton.textContent = autoplayButton.dataset.pause;
  timer = setTimeout(tick, AUTOPLAY_MS);
  if (current() + 1 >= count()) await show(0); // from the end, autoplay starts again
}

// The step links and buttons (Start, Back, Next, End, the hands, the sheet's hands).
function stepOf(target) {
  const link = target.closest("#replay-moment a[href^='?step=']");
  if (link) return Number(new URLSearchParams(link.getAttribute("href").slice(1)).get("step"));
  const button = target.closest("#replay-moment button[name='step'][form='replay-record']");
  return button ? Number(button.value) : null;
}

document.addEventListener("click", (event) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const step = stepOf(event.target);
  if (step === null || Number.isNaN(step)) return;
  event.preventDefault();
  stopAutoplay();
  show(step);
});

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
  const moves = { ArrowRight: current() + 1, ArrowLeft: current() - 1, Home: 0, End: count() - 1 };
  if (!(event.key in moves)) return;
  event.preventDefault();
  stopAutoplay();
  show(moves[event.key]);
});

autoplayButton.addEventListener("click", () => (timer === null ? startAutoplay() : stopAutoplay()));
keys.hidden = false;
if (current() + 1 < count()) momentAt(current() + 1);
