// The table chat with the script: the page's plain forms sent through the chat API instead,
// and the list kept as each view says (the server leaves out what this reader may not read:
// a muted player's lines never arrive). Lines are added by textContent inside <bdi>, so a
// name or a line is text, never markup, and right-to-left script stays in its own box.
import { T, state, who } from "./context.js";
import { $ } from "./dom.js";
import { api } from "./net.js";
import { fill } from "./text.js";

let shown = []; // the ids in the list, oldest first

function lineElement(line) {
  const item = document.createElement("li");
  item.className = `chat-line lane-${line.seat}${line.phrase ? " phrase" : ""}`;
  item.dataset.id = String(line.id);
  const speaker = document.createElement("bdi");
  speaker.className = "chat-who";
  speaker.textContent = who(line.seat);
  const text = document.createElement("bdi");
  text.className = "chat-text";
  text.textContent = line.text;
  item.append(speaker, T.chat_colon, text);
  return item;
}

// Draw the chat a view carries: new lines appended (the live region reads only those);
// the whole list again when lines went (a mute) or the names changed.
export function drawChat(view) {
  const log = $("chat-log");
  const chat = view && view.table && view.table.chat;
  if (!log || !chat) return;
  const ids = chat.messages.map((m) => m.id);
  const whoKey = `${who(0)}\u0000${who(1)}`;
  if (!log.dataset.who) {
    // the lines the server drew, with the same names: kept, so nothing is read out again
    shown = [...log.children].map((item) => Number(item.dataset.id));
    log.dataset.who = whoKey;
  }
  const grows = log.dataset.who === whoKey && shown.every((id, i) => ids[i] === id);
  if (!grows) {
    log.replaceChildren(...chat.messages.map(lineElement));
  } else {
    for (const line of chat.messages.slice(shown.length)) log.append(lineElement(line));
  }
  if (ids.length !== shown.length || !grows) log.scrollTop = log.scrollHeight;
  log.dataset.who = whoKey;
  shown = ids;
  $("chat-empty").hidden = ids.length > 0;
  const mute = $("chat-mute");
  if (!mute || chat.muted === null) return;
  const other = who(1 - view.you);
  mute.textContent = fill(chat.muted ? T.chat_unmute : T.chat_mute, { name: other });
  mute.setAttribute("aria-pressed", String(chat.muted));
  $("chat-muted-value").value = chat.muted ? "0" : "1";
  const note = $("chat-muted-note");
  note.hidden = !chat.muted;
  note.textContent = fill(T.chat_muted_note, { name: other });
}

function problem(text) {
  const box = $("chat-problem");
  if (box) box.textContent = text;
}

// Send one chat request; the answer is the chat as this reader reads it now. A code that
// no longer opens the table (a game long over) falls back to the plain form.
async function send(method, url, body) {
  const view = state.view;
  if (!view || !view.table) return false;
  const code = $("table").dataset.watch || view.table.code;
  if (!code) return false;
  problem("");
  try {
    const { status, data } = await api(method, `/api/tables/${code}${url}`, body);
    if (status === 200 || status === 201) {
      drawChat({ ...view, table: { ...view.table, chat: data } });
      return true;
    }
    if (status === 404) return false;
    problem((data && data.detail) || T.network);
  } catch {
    problem(T.network);
  }
  return true;
}

function intercept(form, request) {
  if (!form) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const handled = await request(event.submitter);
    if (handled) return;
    const button = event.submitter;
    if (button && button.name) {
      // form.submit() sends no button: its phrase goes in a field of its own
      const field = document.createElement("input");
      field.type = "hidden";
      field.name = button.name;
      field.value = button.value;
      form.append(field);
    }
    form.submit();
  });
}

export function wireChat() {
  const input = $("chat-text");
  intercept($("chat-phrases"), (button) =>
    send("POST", "/chat", { phrase: button ? button.value : "" }),
  );
  intercept($("chat-form"), async () => {
    const sent = await send("POST", "/chat", { text: input.value });
    if (sent && !$("chat-problem").textContent) input.value = "";
    return sent;
  });
  intercept($("chat-mute-form"), () =>
    send("PUT", "/chat/mute", { muted: $("chat-muted-value").value === "1" }),
  );
}
