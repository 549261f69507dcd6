// Progressive enhancement for the calculator and the advisor: the pages work as plain
// links and forms; with JavaScript a click on a card swaps in the new page without a
// full reload, keeps the scroll position and keeps the address bookmarkable.
const LIVE = "[data-live]";

async function swap(url, push) {
  const response = await fetch(url, { headers: { Accept: "text/html" } });
  if (!response.ok) {
    window.location.href = url;
    return;
  }
  const html = await response.text();
  const fresh = new DOMParser().parseFromString(html, "text/html");
  const incoming = fresh.querySelector(LIVE);
  const current = document.querySelector(LIVE);
  if (!incoming || !current) {
    window.location.href = url;
    return;
  }
  current.replaceWith(incoming);
  document.querySelectorAll(".lang-switch a").forEach((link, i) => {
    const source = fresh.querySelectorAll(".lang-switch a")[i];
    if (source) link.setAttribute("href", source.getAttribute("href"));
  });
  if (push) history.pushState({ live: true }, "", url);
  document.dispatchEvent(new CustomEvent("cribkit:updated"));
}

document.addEventListener("click", (event) => {
  const link = event.target.closest(`${LIVE} a.pick, ${LIVE} a.toggle`);
  if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  const card = link.dataset.card;
  swap(link.href, true).then(() => {
    const again = card
      ? document.querySelector(`${LIVE} .deck [data-card="${card}"]`)
      : document.querySelector(`${LIVE} a.toggle`);
    if (again) again.focus({ preventScroll: true });
  });
});

window.addEventListener("popstate", () => swap(window.location.href, false));
