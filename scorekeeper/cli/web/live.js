// What the board (serve) and the club board (serve --club) share: the page drawn from the
// document embedded in it, then that document asked for again every second (drawn again when it
// changed, or to take a notice of being offline away), the screen kept awake where the browser
// allows it, full screen on demand, and the layout made again once a frame while the window is
// resized. Each page's own script defines WORDS (its words, from the server) and calls
// live(NAME, draw, layOut) last.
"use strict";

function showNotice(text) {  // the line above the page that says what the server said of it (or nothing)
  const notice = document.getElementById("notice");
  notice.hidden = !text;
  notice.textContent = text || "";
}

function live(name, draw, layOut) {
  let shown = null;

  async function poll() {
    try {
      const r = await fetch(name, {cache: "no-cache"});
      if (!r.ok) throw new Error(String(r.status));
      const d = await r.json();
      if (d.version !== shown || document.getElementById("notice").textContent === WORDS.offline) {
        shown = d.version;
        draw(d);
      }
    } catch (e) {
      showNotice(WORDS.offline);
    }
    setTimeout(poll, 1000);
  }

  let wake = null;
  async function keepAwake() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || (wake && !wake.released)) return;
    try { wake = await navigator.wakeLock.request("screen"); } catch (e) { wake = null; }  // not allowed here
  }

  function fullScreenButton() {
    const button = document.getElementById("full");
    if (!document.fullscreenEnabled) return;
    button.hidden = false;
    button.addEventListener("click", () => {
      if (document.fullscreenElement) document.exitFullscreen();
      else document.documentElement.requestFullscreen().catch(() => {});
    });
  }

  let resizing = false;
  function onResize() {  // laid out again once a frame, however many resize events come
    if (resizing) return;
    resizing = true;
    requestAnimationFrame(() => { resizing = false; layOut(); });
  }

  const first = JSON.parse(document.getElementById("first").textContent);
  if (document.body.dataset.qr) document.getElementById("qr").src = "qr.svg";
  document.getElementById("qr-box").hidden = !document.body.dataset.qr;
  shown = first.version;
  draw(first);
  fullScreenButton();
  keepAwake();
  document.addEventListener("visibilitychange", keepAwake);
  window.addEventListener("resize", onResize);
  setTimeout(poll, 1000);
}
