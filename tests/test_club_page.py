"""The club board's page (`serve --club`) in a real browser (Chromium, headless) at the sizes a
club uses — a phone upright (360×640, 412×915) and on its side (915×412), a TV (1280×720,
1920×1080) — as the board's page is tested (tests/test_board_page.py):

- the document is never wider than the screen, nothing in it sticks out or is cut, except a
  word wider than its line, which is cut with an ellipsis (a 39-letter name at 360 px);
- no word is broken across two lines (a name wraps between its words only);
- on the TV it is one screen that never scrolls: every table whole, each list's first rows, the
  rest said as a number ("and 12 more", the right number), the QR code for latecomers;
- on a phone every row of every list is there (the page scrolls);
- each table says whether it is done, playing or not started, its players as typed, their totals;
- a club without an evening or a season says so in a sentence.

One browser for the module; one page load per club, then the viewport is resized. The club of
docs/board/club-*.png (the gallery of docs/board.md) is taken here, so it is the page as it is;
with BOARD_SHOTS=FOLDER every club at every size is saved there too, to look at.
"""
from __future__ import annotations

import os
import random
import threading
from pathlib import Path

import pytest

from conftest import tool
from test_board_page import (CHECK_START, CHECK_WORDS, GALLERY, LONG, assert_no_problems, browser,  # noqa: F401
                             chromium, viewport)  # (browser: a fixture)

SIZES = [(360, 640), (412, 915), (915, 412), (1280, 720), (1920, 1080)]
TV = {(1280, 720), (1920, 1080)}
#: the people of the long club beyond LONG's eight full names: 32 first names and surnames
MORE = ["Оксана Коваль", "Петро Бондар", "Ірина Савчук", "Тарас Мороз", "Марія Гнатюк", "Андрій Поліщук",
        "Софія Литвин", "Богдан Кушнір", "Юлія Романюк", "Максим Зінченко", "Дарина Гуменюк", "Олег Марченко",
        "Наталія Левченко", "Роман Собко", "Леся Дорошенко", "Євген Остапчук", "Галина Юрченко", "Іван Кравець",
        "Зоряна Панчук", "Артем Руденко", "Ольга Білик", "Назар Стельмах", "Віра Дячук", "Ярема Гайдук",
        "Тетяна Клименко", "Данило Онищенко", "Мирослава Пилипчук", "Степан Козак", "Уляна Ничипорук",
        "Григорій Вакуленко", "Злата Ярошенко", "Орест Тимошенко"]
SHORT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Llanfairpwllgwyngyllgogerychwyrndrobwll"]
#: the screenshots kept in docs/board/ (the long club)
GALLERY_SHOTS = {(412, 915): "club-412x915.png", (1920, 1080): "club-1920x1080.png"}


def finish(app, players: list[str], winner: str) -> None:
    """A Rummy 500 game to 100 in one hand: ``winner`` out with 100, the others 10, 15, 20… less 5."""
    app.new("rummy500", players, ["target=100"])
    app.record_hand([f"{p}: {100 if p == winner else 10 + 5 * i} -{0 if p == winner else 5}"
                     for i, p in enumerate(players)], form="line")


def play(app, players: list[str], hands: int) -> None:
    """A Rummy 500 game to 500 under way: ``hands`` hands, nobody near the target."""
    app.new("rummy500", players)
    for h in range(hands):
        app.record_hand([f"{p}: {20 + 7 * i + h} -5" for i, p in enumerate(players)], form="line")


def club_of(app, people: list[str], evening: list[str], title: str, games: int) -> None:
    """A season of ``games`` finished games among ``people`` (four a game, chosen with a fixed seed),
    then an evening of ``evening`` in its first round: table 1 done, tables 2 and 3 playing (two
    hands, one), any other not started."""
    chosen = random.Random(3)
    app.season_new("spring", title="Весна 2026")
    for g in range(games):
        players = chosen.sample(people, 4)
        finish(app, players, players[g % 4])
    tables = app.evening_new(title, evening, "rummy500")["tables"]
    finish(app, tables[0]["players"], tables[0]["players"][1])
    play(app, tables[1]["players"], 2)
    if len(tables) > 2:
        play(app, tables[2]["players"], 1)


@pytest.fixture(scope="module")
def clubs(tmp_path_factory):
    """A server (in this process, on its own thread) for each club, its address carrying a secret
    (as with --lan, so the TV shows its QR code): ``{name: (address, application)}``.

    - ``long``: 40 people (LONG's eight 30-letter names among them), 50 games, an evening of 16 at
      four tables;
    - ``short``: ten people (one a 39-letter word), 12 games, an evening of all ten (4 + 3 + 3);
    - ``empty``: no evening, no season, no game."""
    from scorekeeper.app import Application
    from scorekeeper.cli import serve
    from scorekeeper.cli.render import page

    made = {}
    root = tmp_path_factory.mktemp("clubs")
    # on the docs' fixed clock (a reading 41 s after the last) with session ids from a seeded
    # generator: the games' order, so the ratings and the gallery's pictures, are the same on every
    # run, and no session begins in the same second as the evening
    with tool("doccheck").fixed_world("club page"):
        long_app = Application(root / "long")
        club_of(long_app, LONG + MORE, LONG + MORE[:8], "Четвер у клубі — великий вечір", 50)
        made["long"] = long_app
        short_app = Application(root / "short")
        club_of(short_app, SHORT, SHORT, "Club night", 12)
        made["short"] = short_app
    made["empty"] = Application(root / "empty")
    servers, addresses = [], {}
    drawn = page.qr_svg
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(serve, "loopback", lambda host: False)  # as with --lan: a secret and a QR code
        patch.setattr(serve, "lan_address", lambda: "127.0.0.1")
        patch.setattr(page, "qr_svg", lambda address: drawn("http://192.168.1.20:8765/Xq3kP0aB7vR2sT9w/"))
        for name, app in made.items():
            started = serve.start(Application(app.path), None, "127.0.0.1", 0, False, "en", club=(None, None))
            thread = threading.Thread(target=started.server.run, daemon=True)
            thread.start()
            servers.append((started.server, thread))
            addresses[name] = (started.address, app)
    yield addresses
    for server, thread in servers:
        server.shutdown()
        thread.join(5)


#: the checks, run in the page: a list of what is wrong (empty when the page fits)
CHECK = CHECK_START + r"""
// cut with an ellipsis, on one line: how a word wider than its line is shown
function ellipsis(s) { return s.textOverflow === "ellipsis" && s.overflowX === "hidden" && s.whiteSpace === "nowrap"; }
for (const e of document.body.querySelectorAll("*")) {
  if (!shown(e) || e.closest("svg") && e.tagName.toLowerCase() !== "svg") continue;
  const r = e.getBoundingClientRect();
  if (!r.width && !r.height) continue;
  if (r.left < -0.5 || r.right > W + 0.5) found.push("sticks out across: " + name(e) + " " + r.left.toFixed(0) + ".." + r.right.toFixed(0));
  if (tv && (r.top < -0.5 || r.bottom > H + 0.5)) found.push("below the TV's screen: " + name(e));
  const s = getComputedStyle(e);
  if (s.display !== "inline" && e.tagName.toLowerCase() !== "svg") {
    if (e.scrollWidth > e.clientWidth + 1 && !ellipsis(s)) found.push("wider than its box: " + name(e) + " " + e.scrollWidth + ">" + e.clientWidth);
    if (e.scrollHeight > e.clientHeight + 1 && !["img"].includes(e.tagName.toLowerCase()) && !e.matches(".column"))
      found.push((s.overflowY === "visible" ? "spills below its box: " : "cut at the bottom: ") + name(e));
  }
}
// a TV's column keeps whole rows: nothing of it is cut at its bottom edge
for (const column of document.querySelectorAll("html.tv .column"))
  if (column.scrollHeight > column.clientHeight + 1) found.push("a column is cut at the bottom: " + name(column));
""" + CHECK_WORDS + r"""
if (tv) {  // what the room must see without scrolling: every table whole, each list's first line
  const must = [...document.querySelectorAll(".table")].map(e => ["a table", e]);
  for (const list of document.querySelectorAll(".list")) must.push(["the first line of " + list.parentNode.id, list.querySelector(".line")]);
  for (const [what, e] of must) {
    if (!e) { found.push(what + " is not on the page"); continue; }
    const r = e.getBoundingClientRect(), cell = e.matches(".row") ? e.firstElementChild.getBoundingClientRect() : r;
    if (cell.top < 0 || cell.bottom > H || cell.height === 0 || e.hidden) found.push(what + " is not in view");
  }
}
return found;
"""

#: what the page shows, read in one go
FACTS = r"""
const q = (s, e) => [...(e || document).querySelectorAll(s)];
const visible = e => { for (let x = e; x && x !== document; x = x.parentNode) if (x.hidden || getComputedStyle(x).display === "none") return false; return true; };
return {
  tables: q(".table").map(t => ({name: t.querySelector("h3").textContent, state: t.querySelector(".state").textContent,
                                 cls: t.className, hands: (t.querySelector(".hands") || {}).textContent || "",
                                 rows: q(".row", t).map(r => [r.querySelector(".rank").textContent,
                                                             r.querySelector(".name").textContent,
                                                             r.querySelector(".total").textContent])})),
  lists: q(".list-box").map(b => ({id: b.id, title: b.querySelector("h2").textContent,
                                   empty: (b.querySelector(".empty") || {}).textContent || null,
                                   lines: q(".line", b).length, shown: q(".line", b).filter(visible).length,
                                   names: q(".line .name", b).map(e => e.textContent),
                                   more: visible(b.querySelector(".more") || document.body) && b.querySelector(".more") ? b.querySelector(".more").textContent : null})),
  noEvening: document.getElementById("no-evening").hidden ? null : document.getElementById("no-evening").textContent,
  cut: q(".word").filter(e => visible(e) && e.scrollWidth > e.clientWidth + 1).map(e => e.textContent),
  stars: q(".table .star").length,
  qr: getComputedStyle(document.getElementById("qr-box")).display !== "none",
  title: document.getElementById("title").textContent,
  tv: document.documentElement.classList.contains("tv")};
"""


@pytest.mark.parametrize("club", ["long", "short", "empty"])
def test_the_club_page_fits_every_screen(clubs, browser, club):  # noqa: F811 (browser: the fixture)
    from selenium.webdriver.support.ui import WebDriverWait

    address, app = clubs[club]
    doc = app.club_board()
    viewport(browser, *SIZES[0])
    browser.get(address)
    WebDriverWait(browser, 20).until(lambda d: d.execute_script("return document.body.dataset.version"))
    laid_out = None
    for width, height in SIZES:
        viewport(browser, width, height)
        WebDriverWait(browser, 5, poll_frequency=0.02).until(
            lambda d: d.execute_script("return document.body.dataset.laidOut") not in (None, laid_out))
        laid_out = browser.execute_script("return document.body.dataset.laidOut")
        where = f"the {club} club at {width}×{height}"
        if os.environ.get("BOARD_SHOTS"):
            Path(os.environ["BOARD_SHOTS"], f"club-{club}-{width}x{height}.png").write_bytes(
                browser.get_screenshot_as_png())
        tv = (width, height) in TV
        assert_no_problems(browser.execute_script(CHECK, tv, width, height), where)
        facts = browser.execute_script(FACTS)
        assert facts["tv"] == tv and facts["qr"] == tv, where  # the code for latecomers, on the TV only
        check_lists(doc, facts, tv, where)
        check_tables(club, doc, facts, where)
        if club == "short":  # the 39-letter name is one word: cut with an ellipsis where it cannot fit, never broken
            assert set(facts["cut"]) <= {SHORT[-1]}, where
            if width == 360:
                assert facts["cut"], where
        else:
            assert facts["cut"] == [], where
        if club == "long" and (width, height) in GALLERY_SHOTS:
            shoot(browser, GALLERY_SHOTS[(width, height)])


def check_tables(club: str, doc: dict, facts: dict, where: str) -> None:
    """Every table whole, as the document has it: its state, its players as typed with their totals."""
    if club == "empty":
        assert facts["tables"] == [] and facts["title"] == "The club", where
        assert facts["noEvening"].startswith("No club evening yet"), where
        return
    assert facts["noEvening"] is None, where
    now = doc["evening"]["now"]
    # club_of: table 1 done (one hand), table 2 two hands, table 3 one hand, any other not started
    states = ["done", "playing", "playing"] + ["not started"] * (len(now) - 3)
    assert [t["state"] for t in facts["tables"]] == states, where
    assert [t["hands"] for t in facts["tables"]] == ["1 hand played", "2 hands played", "1 hand played"] + [""] * (
        len(now) - 3), where
    for shown, table in zip(facts["tables"], now):
        assert shown["name"] == f"Table {table['table']}", where
        if table["standings"] is None:
            assert shown["rows"] == [["", name, ""] for name in table["players"]], where
        else:
            assert shown["rows"] == [[str(p["rank"]), p["name"], str(p["total"])]
                                     for p in table["standings"]["players"]], where
    # table 1's winner (club_of: the second seated, out with 100) first, marked with a star beside the name
    winner = now[0]["players"][1]
    assert facts["tables"][0]["rows"][0] == ["1", winner, "100"] and facts["stars"] == 1, where


def check_lists(doc: dict, facts: dict, tv: bool, where: str) -> None:
    """Each list: on a phone every line; on the TV the first ones, the others said as their number."""
    lists = {x["id"]: x for x in facts["lists"]}
    if doc["evening"] is None:
        assert lists["season"]["empty"].startswith("No season yet") and lists["ratings"]["empty"] == (
            "No finished game to rate yet."), where
        return
    expected = {"evening": [p["name"] for p in doc["evening"]["players"]],
                "season": [p["name"] for p in doc["season"]["players"]],
                "ratings-rummy500": [p["name"] for p in doc["ratings"]["variants"][0]["players"]]}
    assert sorted(lists) == sorted(expected), where
    for key, names in expected.items():
        shown = lists[key]
        assert shown["names"] == names and shown["lines"] == len(names), (where, key)  # in rank order, as typed
        if not tv:
            assert shown["shown"] == len(names) and shown["more"] is None, (where, key)
        else:
            assert shown["shown"] >= min(len(names), 5), (where, key)
            left = len(names) - shown["shown"]
            assert shown["more"] == (f"and {left} more" if left else None), (where, key)


def shoot(chrome, name: str) -> None:
    """Save a screenshot to the gallery (written only when it changed)."""
    data = chrome.get_screenshot_as_png()
    path = GALLERY / name
    GALLERY.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


pytestmark = pytest.mark.skipif(chromium() is None, reason="no chromium and chromedriver here (.ci/run installs "
                                                           "them where apt-get is available)")
