// The table's settings panel: the pace (speed, "say go for me", "play my last card for
// me"), the your-turn signals and the colour theme (shown at once, no reload). Each change is saved at once as the player's
// preference (PUT /api/preferences); the server applies the pace from the next move.
import { T, message, state } from "./context.js";
import { $ } from "./dom.js";
import { api } from "./net.js";
import { askNotifications } from "./turn.js";

const BOXES = { "auto-go": "auto_go", "auto-last": "auto_last", "turn-sound": "sound", "turn-notify": "notify" };

async function save(change) {
  try {
    const { status, data } = await api("PUT", "/api/preferences", change);
    if (status !== 200) {
      message((data && data.detail) || T.network);
      return;
    }
    if (state.view) state.view.pace = { ...state.view.pace, ...data };
    $("table-settings").dataset.saved = JSON.stringify(change);
  } catch {
    message(T.network);
  }
}

export function wireSettings() {
  $("speed").addEventListener("change", (event) => save({ speed: event.target.value }));
  $("theme-choice").addEventListener("change", (event) => {
    document.documentElement.dataset.theme = event.target.value;
    save({ theme: event.target.value });
  });
  for (const [id, key] of Object.entries(BOXES)) {
    $(id).addEventListener("change", async (event) => {
      const box = event.target;
      if (key === "notify" && box.checked && !(await askNotifications())) {
        box.checked = false;
        message(T.notify_refused);
        return;
      }
      save({ [key]: box.checked });
    });
  }
}
