// scorekeeper serve --club: draws the club board from club.json and asks for it again every second.
// Names and titles are only ever put in as text (textContent), never as HTML. Every word and
// sentence comes from the server, in the club's language (the document's "shown"); this script
// lays them out.
"use strict";
const WORDS = JSON.parse(document.getElementById("words").textContent);
// a TV (or a computer's screen): one screen that never scrolls
const TV = window.matchMedia("(min-width: 1000px) and (min-height: 560px) and (min-aspect-ratio: 4/3)");
// the rows a list keeps on the TV before the type is made smaller
const LEAST_ROWS = 5;
let current = null;

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

// a name as text, each word in a box of its own: the name wraps between its words only, and a
// word wider than the line is cut with an ellipsis (the text is the name as typed)
function nameOf(name) {
  const e = el("span", null, "name");
  for (const part of String(name).split(/(\s+)/)) {
    if (!part) continue;
    e.append(/\s/.test(part) ? document.createTextNode(part) : el("span", part, "word"));
  }
  return e;
}

// a sentence as text, what it quotes between backquotes (a command to type) set as code
function said(e, sentence) {
  e.replaceChildren();
  String(sentence || "").split("`").forEach((part, i) => { if (part) e.append(i % 2 ? el("code", part) : part); });
  return e;
}

function drawHeader(s) {
  document.getElementById("title").textContent = s.title;
  document.title = s.title;
  document.getElementById("heading").textContent = s.heading;
}

// -- the tables of the evening's round --------------------------------------------------------
function drawTables(s) {
  document.getElementById("tables-title").textContent = s.tables_title;
  const none = document.getElementById("no-evening");
  none.hidden = !s.no_evening;
  said(none, s.no_evening);
  const box = document.getElementById("tables");
  box.replaceChildren();
  box.style.setProperty("--tables", s.tables.length);
  for (const t of s.tables) {
    const card = el("article", null, "table " + t.state), top = el("header");
    top.append(el("h3", t.name), el("span", t.state_said, "state"));
    card.append(top);
    if (t.hands) card.append(el("p", t.hands, "hands"));
    const rows = el("div", null, "rows");
    for (const r of t.rows) {
      const who = el("span", null, "who");
      who.append(nameOf(r.name));
      if (r.mark === "winner") who.append(" ", el("span", "★", "star"));
      const row = el("div", null, "row" + (r.mark ? " " + r.mark : ""));
      row.append(el("span", r.rank, "rank"), who, el("span", r.total, "total"));
      rows.append(row);
    }
    card.append(rows);
    box.append(card);
  }
}

// -- the lists: the evening's points, the season, the ratings ---------------------------------
function drawList(spec) {
  const box = el("section", null, "list-box");
  box.id = spec.id;
  box.append(el("h2", spec.title));
  if (spec.note) box.append(el("p", spec.note, "note"));
  if (spec.empty) {
    box.append(said(el("p", null, "empty"), spec.empty));
    return box;
  }
  const list = el("div", null, "list"), figures = spec.heads.length - 2;
  list.dataset.figures = figures;
  list.dataset.spare = spec.spare;
  // the last columns a narrow screen may leave out (spec.spare), so that the names keep their room
  const cls = (i, base) => base + (i >= spec.heads.length - spec.spare ? " spare" : "");
  const head = el("div", null, "row head");
  spec.heads.forEach((word, i) => head.append(el("span", word, cls(i, i === 1 ? "who" : i === 0 ? "rank" : "num"))));
  list.append(head);
  for (const r of spec.rows) {
    const row = el("div", null, "row" + (r.divider ? " divider" : " line"));
    if (r.divider) row.append(el("span", r.divider, "said"));
    else {
      const who = el("span", null, "who");
      who.append(nameOf(r.name));
      row.append(el("span", r.rank, "rank"), who, ...r.cells.map((c, i) => el("span", c, cls(i + 2, "num"))));
    }
    list.append(row);
  }
  const left = el("p", "", "more");
  left.hidden = true;
  box.append(list, left);
  if (spec.key) box.append(el("p", spec.key, "key"));
  return box;
}

function drawLists(s) {
  const boxes = {evening: "evening-box", season: "season-box"};
  for (const id of ["evening-box", "season-box", "ratings-box"]) document.getElementById(id).replaceChildren();
  for (const spec of s.lists) {
    document.getElementById(boxes[spec.id] || "ratings-box").append(drawList(spec));
  }
}

// -- fitting ----------------------------------------------------------------------------------
function tooWide(e) { return e.scrollWidth > e.clientWidth + 0.5; }

// a list leaves out its spare columns where its names would have less than 7 letters' room
// (all the lists put back, then measured at once, then changed: one layout, not one a list)
function fitColumns(root) {
  const lists = [...root.querySelectorAll(".list")];
  for (const list of lists) {
    list.classList.remove("narrow");
    list.style.setProperty("--figures", list.dataset.figures);
  }
  const narrow = lists.filter(list => {
    const who = list.querySelector(".head .who");
    return Number(list.dataset.spare) && who.getBoundingClientRect().width < 7 * parseFloat(getComputedStyle(who).fontSize);
  });
  for (const list of narrow) {
    list.classList.add("narrow");
    list.style.setProperty("--figures", list.dataset.figures - list.dataset.spare);
  }
}

// a name wraps between its words only; where one word is wider than its box, the name is made a
// little smaller, and a word still too wide is cut with an ellipsis (by the style sheet)
function fitNames(root) {
  fitColumns(root);
  const names = [...root.querySelectorAll(".who")];
  for (const e of names) e.style.fontSize = "";
  const wide = names.filter(e => [...e.querySelectorAll(".word")].some(tooWide));
  for (const e of wide) e.style.fontSize = "0.85em";
}

function lines(list) { return [...list.querySelectorAll(".row:not(.head)")]; }

// how many of a list's players are left out, said under it ("and 12 more")
function sayLeftOut(list) {
  const more = list.parentNode.querySelector(".more"), words = current.shown.more;
  const count = lines(list).filter(r => r.hidden && r.classList.contains("line")).length;
  more.hidden = count === 0;
  more.textContent = words[Math.min(count, words.length - 1)];
}

// on the TV, a column's lists keep the rows that fit (the first ranks), the others said as a
// number; false where even LEAST_ROWS rows a list do not fit (the type is then made smaller)
function trim(column) {
  const lists = [...column.querySelectorAll(".list")];
  const over = () => column.scrollHeight - column.clientHeight;
  for (let guard = 0; over() > 0.5 && guard < 500; guard++) {
    let chosen = null, most = LEAST_ROWS;
    for (const list of lists) {
      const n = lines(list).filter(r => !r.hidden).length;
      if (n > most) { most = n; chosen = list; }
    }
    if (!chosen) return false;
    // the last rows, as many as make up the height over (each row's height: its cells')
    const visible = lines(chosen).filter(r => !r.hidden), excess = over(), going = [];
    let freed = 0;
    for (let i = visible.length - 1; i >= LEAST_ROWS && (freed < excess - 0.5 || !going.length); i--) {
      freed += visible[i].firstElementChild.getBoundingClientRect().height;
      going.push(visible[i]);
    }
    for (const row of going) row.hidden = true;
    const after = lines(chosen).filter(r => !r.hidden);  // a list never ends on its "not ranked yet" line
    if (after.length && after[after.length - 1].classList.contains("divider")) after[after.length - 1].hidden = true;
    sayLeftOut(chosen);
  }
  return over() <= 0.5;
}

// how much too high the board is with each list at its least rows (1: it fits; a quick test of
// a type's size: the lists are then shown whole and trimmed only at the size chosen)
function fitsAtLeast(main) {
  for (const list of main.querySelectorAll(".list")) {
    const rows = lines(list);
    rows.forEach((row, i) => { row.hidden = i >= LEAST_ROWS; });
    const more = list.parentNode.querySelector(".more"), left = rows.length - LEAST_ROWS;
    more.hidden = left <= 0;
    more.textContent = left > 0 ? current.shown.more[Math.min(left, current.shown.more.length - 1)] : "";
  }
  // how much too high the highest column is (1: it fits)
  return Math.max(1, ...[...main.querySelectorAll(".column")].map(c => c.scrollHeight / Math.max(1, c.clientHeight)));
}

function showAll(main) {
  for (const row of main.querySelectorAll(".row[hidden]")) row.hidden = false;
  for (const more of main.querySelectorAll(".more")) more.hidden = true;
}

function layOut() {
  const root = document.documentElement, tv = TV.matches, main = document.querySelector("main");
  root.classList.toggle("tv", tv);
  showAll(main);
  if (!tv) {
    root.style.fontSize = "";
    fitNames(main);
  } else {
    const tables = document.getElementById("tables"), n = current ? current.shown.tables.length : 0;
    tables.style.setProperty("--cols", n <= 1 ? 1 : n <= 4 ? 2 : 3);
    // the type's size: the largest (up to the screen's 1/36th of its height) at which everything fits
    // (heights grow with the type: a board too high by a ratio tries a size smaller by about as much)
    let size = Math.min(window.innerWidth / 64, window.innerHeight / 36);
    for (let tries = 0; tries < 30; tries++) {
      root.style.fontSize = size.toFixed(2) + "px";
      fitNames(main);
      const over = fitsAtLeast(main);
      if (over > 1.002) {
        size *= Math.min(0.97, Math.max(0.6, 0.99 / over));
        continue;
      }
      showAll(main);
      let fits = true;
      for (const column of main.querySelectorAll(".column")) fits = trim(column) && fits;
      if (fits && root.scrollHeight <= window.innerHeight + 0.5 && root.scrollWidth <= window.innerWidth + 0.5) break;
      showAll(main);
      size *= 0.97;
    }
  }
  document.body.dataset.laidOut = window.innerWidth + "x" + window.innerHeight;  // for the tests: done at this size
}

function draw(d) {
  current = d;
  const s = d.shown;
  showNotice(s.notice);
  drawHeader(s);
  drawTables(s);
  drawLists(s);
  layOut();
  document.body.dataset.version = d.version;
}

live("club.json", draw, layOut);  // live.js: polling, the screen kept awake, full screen, resizing
