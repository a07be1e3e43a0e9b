"""The board's page in a real browser (Chromium, headless) at the sizes the table uses — a
phone upright (360×640, 412×915) and on its side (915×412), a TV (1280×720, 1920×1080) —
with 2, 4, 6 and 8 players, their names short and 30 Cyrillic letters long (issue 31):

- the document is never wider than the screen, and nothing in it sticks out or is cut;
- no word is broken across two lines (a name is made smaller instead);
- on the TV the board is one screen: nothing to scroll, the newest hand and what comes next
  (the coming deal, who deals and leads) in view;
- the leader and the newest hand are marked, the target and the points still to go shown,
  who went out in each hand said, the chart drawn from the start with the hands' numbers and
  the target line.

One browser for the module; one page load per game, then the viewport is resized (as the
browser's device metrics: a phone's reads the page's viewport tag and shows a wider page
zoomed out, as a phone does). The screenshots of docs/board/ are taken here, so the gallery
is always the page as it is; with BOARD_SHOTS=FOLDER every game at every size is saved
there too, to look at.

The games (points given as numbers; nothing here depends on their arithmetic beyond what
each assertion works out): 2 players of Rummy 500, 4 of Contract Rummy, 6 of Crazy Rummy
and 8 of Rummy 500, each mid-game.
"""
from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GALLERY = ROOT / "docs" / "board"
SIZES = [(360, 640), (412, 915), (915, 412), (1280, 720), (1920, 1080)]
TV = {(1280, 720), (1920, 1080)}
SHORT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
#: 30 letters and spaces each, as a full name is typed at a Ukrainian table
LONG = ["Анастасія Олександрівна Шевчук", "Олександра Володимирівна Бойко", "Костянтин Вікторович Ковальчук",
        "Валентина Миколаївна Мельничук", "Святослав Ярославович Кравчук", "Катерина Станіславівна Лисенко",
        "Володимир Олександрович Ткачук", "Христина Богданівна Шевченко"]
#: players -> the variant played (6 hands; 14 with 8 players)
GAMES = {2: "rummy500", 4: "contract", 6: "crazy", 8: "rummy500"}


def chromium() -> tuple[str, str] | None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


pytestmark = pytest.mark.skipif(chromium() is None, reason="no chromium and chromedriver here (.ci/run installs "
                                                           "them where apt-get is available)")


def assert_no_problems(found: list[str], where: str) -> None:
    assert found == [], f"{where}: " + "; ".join(found[:8])


def hand_lines(variant: str, names: list[str], number: int) -> list[str]:
    """Hand ``number`` (1-based) as one-line entries: player ``number % n`` goes out, the
    others score varied points (Rummy 500: on the table and in hand; penalties elsewhere)."""
    n = len(names)
    out = number % n
    lines = []
    for i, name in enumerate(names):
        if i == out:
            lines.append(f"{name}: -" if variant != "rummy500" else f"{name}: {20 + (5 * (i + number)) % 60} -0")
        elif variant == "rummy500":
            lines.append(f"{name}: {(7 * i + 11 * number) % 70 + 5} -{(3 * i + number) % 25 + 5}")
        else:
            lines.append(f"{name}: -{(7 * i + 11 * number) % 60 + 5}")
    return lines


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    """A server (in this process, on its own thread) for each game, short and long names:
    ``{(players, "short"|"long"): address}``. The address carries a secret (as with --lan),
    so the TV shows its QR code."""
    from scorekeeper.app import Application
    from scorekeeper.cli import serve

    db = tmp_path_factory.mktemp("boards") / "db"
    application = Application(db)
    games = {}
    for players, variant in GAMES.items():
        for kind, pool in (("short", SHORT), ("long", LONG)):
            names = pool[:players]
            title = "Friday night" if kind == "short" else "П'ятниця у Шевчуків — великий турнір"
            session = application.new(variant, names, [], title)["session"]
            for number in range(1, (14 if players == 8 else 6) + 1):
                application.record_hand(hand_lines(variant, names, number), "line", session=session)
            games[(players, kind)] = session
    servers, addresses = [], {}
    from scorekeeper.cli.render import page

    drawn = page.qr_svg
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(serve, "loopback", lambda host: False)  # as with --lan: a secret and a QR code
        patch.setattr(serve, "lan_address", lambda: "127.0.0.1")
        # the code on the TV: an address as --lan prints one (the same in every run, for the gallery)
        patch.setattr(page, "qr_svg", lambda address: drawn("http://192.168.1.20:8765/Xq3kP0aB7vR2sT9w/"))
        for key, session in games.items():
            started = serve.start(Application(db), session, "127.0.0.1", 0, False, "en")
            thread = threading.Thread(target=started.server.run, daemon=True)
            thread.start()
            servers.append((started.server, thread))
            addresses[key] = started.address
    yield addresses
    for server, thread in servers:
        server.shutdown()
        thread.join(5)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (the test extra)")
    from selenium.webdriver.chrome.service import Service

    binary, driver = chromium()
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    profile = Path("/tmp") / f"chromium-{os.getpid()}" if os.path.isdir("/tmp") else tmp_path_factory.mktemp("c")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1", "--run-all-compositor-stages-before-draw",
                 "--disable-partial-raster", "--disable-lcd-text", "--font-render-hinting=none",
                 f"--user-data-dir={profile}", "--window-size=1920,1080"):
        options.add_argument(flag)
    # the browser's own temporary files on the disk's temporary folder, not in the memory one the
    # tests' databases use (Chromium there took seconds longer to start and to draw)
    env = {**os.environ, "TMPDIR": "/tmp"} if os.path.isdir("/tmp") else None
    chrome = webdriver.Chrome(service=Service(executable_path=driver, env=env), options=options)
    try:
        yield chrome
    finally:
        chrome.quit()
        shutil.rmtree(profile, ignore_errors=True)


def viewport(chrome, width: int, height: int) -> None:
    """Make the page's viewport ``width`` × ``height``, as a phone (its viewport meta tag read,
    a page wider than the screen shown zoomed out) below 1000 pixels, else as a TV's browser."""
    chrome.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 1000})


#: the checks, run in the page: a list of what is wrong (empty when the page fits)
#: what every page check starts with (the arguments: tv, width, height; ``found`` the faults): the
#: zoom a phone would show it at, ``name(e)`` and ``shown(e)``, and the page's own size
CHECK_START = r"""
const tv = arguments[0], W = arguments[1], H = arguments[2], found = [];
const root = document.documentElement;
// a phone shows a page wider than its screen zoomed out, its layout as wide as the page
if (window.innerWidth !== W || window.innerHeight !== H || window.visualViewport.scale !== 1)
  found.push("the page is shown at " + window.innerWidth + "×" + window.innerHeight + " zoomed " + window.visualViewport.scale);
function name(e) { return e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && e.className.baseVal === undefined ? "." + String(e.className).trim().replace(/\s+/g, ".") : "") + " «" + (e.textContent || "").trim().slice(0, 30) + "»"; }
function shown(e) { for (let x = e; x && x !== document; x = x.parentNode) { if (x.hidden) return false; const s = getComputedStyle(x); if (s.display === "none" || s.visibility === "hidden") return false; } return true; }
if (root.scrollWidth > W) found.push("the document is " + root.scrollWidth + " px wide");
if (tv && root.scrollHeight > H) found.push("the TV page scrolls: " + root.scrollHeight + " px high");
"""
#: no word broken: each word of each text lies on one line (after CHECK_START)
CHECK_WORDS = r"""
// no word broken: each word of each text lies on one line
const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walk.nextNode(); node; node = walk.nextNode()) {
  if (!shown(node.parentNode) || node.parentNode.closest("script, svg")) continue;
  const text = node.textContent, words = /\S+/g;
  for (let m = words.exec(text); m; m = words.exec(text)) {
    const range = document.createRange();
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
    if (tops.size > 1) found.push("word broken: " + m[0]);
  }
}
"""
CHECK = CHECK_START + r"""
for (const e of document.body.querySelectorAll("*")) {
  if (!shown(e) || e.closest("svg") && e.tagName.toLowerCase() !== "svg") continue;
  const r = e.getBoundingClientRect();
  if (!r.width && !r.height) continue;
  if (r.left < -0.5 || r.right > W + 0.5) found.push("sticks out across: " + name(e) + " " + r.left.toFixed(0) + ".." + r.right.toFixed(0));
  if (tv && (r.top < -0.5 || r.bottom > H + 0.5)) found.push("below the TV's screen: " + name(e));
  const s = getComputedStyle(e);
  if (s.display !== "inline" && e.tagName.toLowerCase() !== "svg") {
    if (e.scrollWidth > e.clientWidth + 1) found.push("wider than its box: " + name(e) + " " + e.scrollWidth + ">" + e.clientWidth);
    if (e.scrollHeight > e.clientHeight + 1 && !["td", "th", "tr", "tbody", "thead", "table"].includes(e.tagName.toLowerCase()))
      found.push((s.overflowY === "visible" ? "spills below its box: " : "cut at the bottom: ") + name(e));
  }
}
for (const box of document.querySelectorAll("svg text")) {  // the chart's words inside the chart
  if (!shown(box)) continue;
  const t = box.getBoundingClientRect(), s = box.ownerSVGElement.getBoundingClientRect();
  if (t.left < s.left - 0.5 || t.right > s.right + 0.5 || t.top < s.top - 0.5 || t.bottom > s.bottom + 0.5) found.push("chart text cut: " + box.textContent);
}
""" + CHECK_WORDS + r"""
if (tv) {  // what the room must see without scrolling
  for (const [what, e] of [["the coming deal", document.querySelector("#coming p:last-child")],
                           ["the newest hand", document.querySelector("#history .newest")]]) {
    if (!e) { found.push(what + " is not on the page"); continue; }
    const r = e.getBoundingClientRect();
    if (r.top < 0 || r.bottom > H || r.height === 0) found.push(what + " is not in view: " + r.top.toFixed(0) + ".." + r.bottom.toFixed(0));
  }
}
return found;
"""


def page_facts(chrome) -> dict:
    return chrome.execute_script(r"""
        const q = s => [...document.querySelectorAll(s)];
        return {totals: q(".player .total").map(e => e.textContent),
                names: q(".player .who").map(e => e.textContent),
                ahead: q(".player.ahead .who").map(e => e.textContent),
                toGo: q(".player .to-go").map(e => e.textContent),
                coming: q("#coming p").map(e => e.textContent),
                target: document.querySelector("#target").hidden ? null : document.querySelector("#target").textContent,
                newest: (document.querySelector("#history .newest") || {}).textContent || null,
                layout: document.querySelector("#history").dataset.layout,
                // who is marked as having gone out in the newest hand, and in how many hands one is
                newestOut: (() => {
                  const cell = document.querySelector("#history tr.newest td.out");
                  if (cell) return q("#history thead th")[cell.cellIndex].querySelector(".who").textContent;
                  const row = document.querySelector("#history .hand.newest .rows .out");
                  return row ? row.textContent : null; })(),
                handsShown: q("#history tr.hand, #history .hand:not(.final):not(.carried)").length,
                handsMarked: q("#history tr.hand td.out, #history .hand .rows .out").length,
                chartText: q("#chart svg text").map(e => e.textContent),
                goal: q("#chart line.goal").length, lines: q("#chart polyline").length,
                qr: getComputedStyle(document.querySelector("#qr-box")).display !== "none",
                full: !document.querySelector("#full").hidden,
                tv: document.documentElement.classList.contains("tv")};""")


@pytest.mark.parametrize("players", sorted(GAMES))
def test_the_page_fits_every_screen(boards, browser, players):
    from selenium.webdriver.support.ui import WebDriverWait

    for kind in ("short", "long"):
        viewport(browser, *SIZES[0])
        browser.get(boards[(players, kind)])
        WebDriverWait(browser, 20).until(lambda d: d.execute_script("return document.body.dataset.version"))
        laid_out = None
        for width, height in SIZES:
            viewport(browser, width, height)
            # the page lays itself out again on a resize, at the next frame
            WebDriverWait(browser, 5, poll_frequency=0.02).until(
                lambda d: d.execute_script("return document.body.dataset.laidOut") is not None
                and d.execute_script("return document.body.dataset.laidOut") != laid_out)
            laid_out = browser.execute_script("return document.body.dataset.laidOut")
            where = f"{players} players, {kind} names, {width}×{height}"
            if os.environ.get("BOARD_SHOTS"):
                Path(os.environ["BOARD_SHOTS"], f"{players}-{kind}-{width}x{height}.png").write_bytes(
                    browser.get_screenshot_as_png())
            assert_no_problems(browser.execute_script(CHECK, (width, height) in TV, width, height), where)
            facts = page_facts(browser)
            assert len(facts["totals"]) == players and facts["tv"] == ((width, height) in TV), where
            assert facts["qr"] == ((width, height) in TV), where  # the code for latecomers, on the TV only
            assert facts["newest"], where
            if (width, height) in GALLERY_SHOTS.get((players, kind), ()):
                shoot(browser, f"{width}x{height}.png")
        check_game(players, kind, facts)


def check_game(players: int, kind: str, facts: dict) -> None:
    """What each game shows, worked out from its hands (see hand_lines)."""
    names = (SHORT if kind == "short" else LONG)[:players]
    assert sorted(facts["names"]) == sorted(names)  # shown as typed
    assert facts["full"]  # the full-screen button, where the browser can go full screen
    if GAMES[players] == "rummy500":
        # Rummy 500 has a target: the number, a dashed line on the chart, the points still to go
        target = 500
        assert facts["target"] == f"Target{target}"
        assert facts["goal"] == 1 and f"Target {target}" in facts["chartText"]
        assert len(facts["toGo"]) == players and all(t.endswith("points to go") for t in facts["toGo"])
    else:  # Contract and Crazy Rummy: a number of deals, lowest wins, no target
        assert facts["target"] is None and facts["goal"] == 0 and facts["toGo"] == []
    # the chart starts at hand 0 (the start) and numbers the hands
    assert "0" in facts["chartText"] and facts["lines"] == players
    # hands played: 6 (14 with 8 players); in hand h the player at seat h % n goes out (hand_lines),
    # so in the newest one the player at seat 6 % n (14 % 8 = 6): each hand shown says who
    hands = 14 if players == 8 else 6
    assert facts["newestOut"] == names[hands % players]
    assert facts["handsShown"] >= 1 and facts["handsMarked"] == facts["handsShown"]
    if GAMES[players] == "contract":
        assert facts["coming"][0].startswith("Deal 7")  # the coming deal's contract, on its own line
    if GAMES[players] == "crazy":
        assert facts["coming"][0] == "Round 7 — sevens are wild."
    assert facts["coming"][-1].startswith("Next: ")
    assert len(facts["ahead"]) >= 1  # the leader marked


#: the screenshots kept in docs/board/: each size once, each game once
GALLERY_SHOTS = {(4, "short"): {(360, 640)}, (8, "long"): {(412, 915), (1920, 1080)}, (2, "short"): {(915, 412)},
                 (6, "long"): {(1280, 720)}}


def shoot(chrome, name: str) -> None:
    """Save a screenshot to the gallery (written only when it changed)."""
    data = chrome.get_screenshot_as_png()
    path = GALLERY / name
    GALLERY.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)
