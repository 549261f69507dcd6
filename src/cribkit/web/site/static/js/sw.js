// The service worker. The server serves it at /sw.js (scope "/") with SHELL first:
//   const SHELL = { version, pages: [...], files: [...], offline: "/offline" };
// Pages: from the network while there is one, the kept copy without it; only the pages
// listed are kept (without a query, so the cache stays bounded), and any other page
// offline answers with the offline page: the game against the computer needs the server.
// The static files those pages need carry a content version in their address: kept
// copy first; every other request goes to the network untouched.
const CACHE = `cribkit-${SHELL.version}`;
const KEPT = new Set(SHELL.pages);
const FILES = new Set(SHELL.files);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([...SHELL.pages, SHELL.offline, ...SHELL.files]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  const old = (key) => key.startsWith("cribkit-") && key !== CACHE;
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter(old).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function page(request) {
  const url = new URL(request.url);
  const cache = await caches.open(CACHE);
  const kept = KEPT.has(url.pathname);
  try {
    const answer = await fetch(request);
    if (answer.ok && kept && !url.search) await cache.put(request, answer.clone());
    return answer;
  } catch (offline) {
    return (kept && (await cache.match(url.pathname))) || (await cache.match(SHELL.offline));
  }
}

async function file(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(request));
  else if (FILES.has(url.pathname + url.search)) event.respondWith(file(request));
});
