// Live updates for a table: one WebSocket that reconnects by itself; while it is down the
// page keeps working by reading the JSON API every few seconds. A move goes over the same
// socket while it is live (`move`), answered like the action API; the caller posts to the
// API when there is no live socket or it goes away before the answer.

const PING_MS = 25000;
const POLL_MS = 3000;
const NOT_FOUND = 4404;
const RATE_LIMITED = 4429; // too many opens: the error frame said how many seconds to wait
// The server is restarting (SIGTERM, a rolling restart): reconnect at once, through the
// proxy to another host, and say nothing; the jitter keeps a host's pages from arriving
// in the same millisecond. A second one before any view backs off like any other close.
export const SERVICE_RESTART = 1012;
const RESTART_JITTER_MS = 250;
const MOVE_TIMEOUT_MS = 8000;

export function openLive({ gameId, code, onView, onState, poll }) {
  let socket = null;
  let retry = 0;
  let retryTimer = null;
  let pollTimer = null;
  let stopped = false;
  let waitMs = 0;
  let live = false; // the socket has delivered a view since it opened
  let nextMoveId = 0;
  const pending = new Map(); // move id -> { resolve, reject }

  const dropPending = () => {
    for (const waiting of pending.values()) waiting.reject(new Error("the socket closed"));
    pending.clear();
  };

  const address = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = code ? `?code=${encodeURIComponent(code)}` : "";
    return `${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}${query}`;
  };

  const startPolling = () => {
    if (pollTimer || stopped) return;
    pollTimer = setInterval(async () => {
      try {
        const view = await poll();
        if (view) onView(view);
      } catch {
        // the server is away too: the next tick tries again
      }
    }, POLL_MS);
  };

  const stopPolling = () => {
    clearInterval(pollTimer);
    pollTimer = null;
  };

  const connect = () => {
    if (stopped) return;
    startPolling(); // until the socket delivers a view: it may open and stay silent
    socket = new WebSocket(address());
    // The socket counts as live once it has delivered a view: one that opens and stays
    // silent, or drops at once (a proxy, a dying process), must not stop the polling or
    // keep resetting the back-off.
    socket.onmessage = (event) => {
      let message = null;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message && message.type === "error" && Number.isFinite(message.retry_after)) {
        waitMs = message.retry_after * 1000;
      }
      if (message && message.type === "answer") {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (waiting) waiting.resolve({ status: message.status, data: message.body });
        return;
      }
      if (message && message.type === "view") {
        live = true;
        retry = 0;
        stopPolling();
        onState(true);
        onView(message.view);
      }
    };
    socket.onclose = (event) => {
      live = false;
      dropPending();
      const restart = event.code === SERVICE_RESTART && retry === 0;
      if (!restart) onState(false);
      if (stopped || event.code === NOT_FOUND) return;
      startPolling();
      const backOff = Math.min(15000, 400 * 2 ** retry) * (0.75 + Math.random() / 2);
      const delay = restart
        ? Math.random() * RESTART_JITTER_MS
        : event.code === RATE_LIMITED
          ? Math.max(backOff, waitMs)
          : backOff;
      retry += 1;
      retryTimer = setTimeout(connect, delay);
    };
  };

  const pinger = setInterval(() => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send('{"type":"ping"}');
  }, PING_MS);
  connect();

  return {
    // The action API's answer ({status, data}) to a move sent over the socket, or null when
    // the socket is not live (the caller posts it instead). Rejects when the socket goes
    // away first: the move may have been made, and posting it again answers 409 if so.
    move(body) {
      if (!live || !socket || socket.readyState !== WebSocket.OPEN) return null;
      nextMoveId += 1;
      const id = nextMoveId;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error("no answer"));
        }, MOVE_TIMEOUT_MS);
        pending.set(id, {
          resolve: (answer) => {
            clearTimeout(timer);
            resolve(answer);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        socket.send(JSON.stringify({ type: "move", id, ...body }));
      });
    },
    close() {
      stopped = true;
      live = false;
      dropPending();
      clearInterval(pinger);
      clearTimeout(retryTimer);
      stopPolling();
      if (socket) socket.close();
    },
  };
}
