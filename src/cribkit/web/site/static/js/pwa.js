// Installs the service worker (/sw.js) so the calculator, the rules and the score sheet
// open without a connection and the table can say that it needs the server.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}
