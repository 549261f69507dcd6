// Live updates for a table: one WebSocket that reconnects by itself; while it is down the
// page keeps working by reading the JSON API every few seconds.

const PING_MS = 25000;
const POLL_MS = 3000;
const NOT_FOUND = 4404;
const RATE_LIMITED = 4429; // too many opens: the error frame said how many seconds to wait
// The server is restarting (SIGTERM, a rolling restart): reconnect at once, through the
// proxy to another host, and say nothing; the jitter keeps a host's pages from arriving
// in the same millisecond. A second one before any view backs off like any other close.
export const SERVICE_RESTART = 1012;
const RESTART_JITTER_MS = 250;

export function openLive({ gameId, code, onView, onState, poll }) {
  let socket = null;
  let retry = 0;
  let retryTimer = null;
  let pollTimer = null;
  let stopped = false;
  let waitMs = 0;

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
      if (message && message.type === "view") {
        retry = 0;
        stopPolling();
        onState(true);
        onView(message.view);
      }
    };
    socket.onclose = (event) => {
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
    close() {
      stopped = true;
      clearInterval(pinger);
      clearTimeout(retryTimer);
      stopPolling();
      if (socket) socket.close();
    },
  };
}
