// The table's socket (static/js/live.js) against a fake WebSocket: a 1012 "service restart"
// close (a host's graceful SIGTERM) reconnects at once and shows nothing; any other drop
// says the live updates paused and backs off.
import test from "node:test";
import assert from "node:assert/strict";
import { STATIC_JS } from "./views.mjs";

const opened = [];
class FakeSocket {
  static OPEN = 1;
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    opened.push(this);
  }
  send() {}
  close() {}
}
globalThis.WebSocket = FakeSocket;
globalThis.location = { protocol: "http:", host: "cribkit.test" };
const { openLive, SERVICE_RESTART } = await import(new URL("live.js", STATIC_JS));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function open() {
  opened.length = 0;
  const states = [];
  const live = openLive({
    gameId: "g1",
    code: "",
    onView: () => {},
    onState: (up) => states.push(up),
    poll: async () => null,
  });
  return { live, states };
}

const view = { data: JSON.stringify({ type: "view", view: { version: 3 } }) };

test("a service restart reconnects within the jitter and shows no pause", async () => {
  const { live, states } = open();
  opened[0].onmessage(view);
  opened[0].onclose({ code: SERVICE_RESTART });
  await sleep(300);
  assert.equal(opened.length, 2);
  assert.equal(opened[1].url, "ws://cribkit.test/ws/games/g1");
  assert.deepEqual(states, [true]); // never "down"
  live.close();
});

test("a second restart before any view backs off and says the updates paused", async () => {
  const { live, states } = open();
  opened[0].onclose({ code: SERVICE_RESTART }); // first: at once
  await sleep(300);
  assert.equal(opened.length, 2);
  opened[1].onclose({ code: SERVICE_RESTART }); // no view in between: back off
  await sleep(250);
  assert.equal(opened.length, 2);
  assert.deepEqual(states, [false]);
  live.close();
});

test("an abnormal drop shows the pause and waits at least 300 ms", async () => {
  const { live, states } = open();
  opened[0].onmessage(view);
  opened[0].onclose({ code: 1006 });
  await sleep(250);
  assert.equal(opened.length, 1);
  assert.deepEqual(states, [true, false]);
  live.close();
});
