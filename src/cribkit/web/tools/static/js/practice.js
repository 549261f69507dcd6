// The count drill's clock: seconds since the page opened, ticking while you count.
// Without JavaScript the verdict still says how long the answer took (the server times it).
const clock = document.querySelector(".clock");
if (clock) {
  const opened = Date.now();
  const tick = () => {
    clock.textContent = `${Math.floor((Date.now() - opened) / 1000)} s`;
  };
  clock.hidden = false;
  tick();
  setInterval(tick, 1000);
}
