// "Your turn" that reaches a player in another tab: the title and the favicon say it
// while the tab is hidden (and stop once it is seen again), a short tone if they turned
// the sound on, and at a friend's table a notification if they allowed one.
import { T, root } from "./context.js";

const plainTitle = document.title;
const icon = document.querySelector('link[rel="icon"]');
const plainIcon = icon ? icon.href : "";
let signalled = ""; // the last position signalled (game/version): each once
let audio = null;

function isMyTurn(view) {
  return view.you !== null && view.status !== "finished" && view.legal_actions.length > 0;
}

function mark(on) {
  document.title = on ? `${T.turn_title} · ${plainTitle}` : plainTitle;
  if (icon) icon.href = on ? root.dataset.turnIcon : plainIcon;
  root.dataset.turnSignal = on ? "on" : "off";
}

// A short two-note chime made on the spot (Web Audio): no file, nothing fetched.
function chime() {
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    [660, 880].forEach((pitch, i) => {
      const tone = audio.createOscillator();
      const level = audio.createGain();
      tone.frequency.value = pitch;
      level.gain.setValueAtTime(0.0001, now + i * 0.15);
      level.gain.exponentialRampToValueAtTime(0.2, now + i * 0.15 + 0.02);
      level.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.15 + 0.3);
      tone.connect(level).connect(audio.destination);
      tone.start(now + i * 0.15);
      tone.stop(now + i * 0.15 + 0.32);
    });
    root.dataset.chimed = String(Number(root.dataset.chimed || 0) + 1);
  } catch {
    // no Web Audio here: the title still says it
  }
}

function notify(view) {
  if (!view.table || !("Notification" in window) || Notification.permission !== "granted") return;
  try {
    new Notification(T.turn_title, { body: T.turn_body, tag: `cribkit-${view.id}` });
  } catch {
    // some browsers allow notifications only from a service worker: the title says it
  }
}

// Called with every view drawn: signal each new position that is the person's to move.
export function signalTurn(view) {
  const key = `${view.id}/${view.version}`;
  if (!isMyTurn(view) || key === signalled) return;
  signalled = key;
  const pace = view.pace || {};
  const hidden = document.visibilityState === "hidden";
  if (hidden) {
    mark(true);
    if (pace.notify) notify(view);
  }
  if (pace.sound && (hidden || view.table)) chime();
}

// Asked only when the player turns notifications on (a browser asks once).
export async function askNotifications() {
  if (!("Notification" in window)) return false;
  if (Notification.permission === "granted") return true;
  if (Notification.permission === "denied") return false;
  return (await Notification.requestPermission()) === "granted";
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") mark(false);
});
