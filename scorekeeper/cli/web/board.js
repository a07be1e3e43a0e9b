// scorekeeper serve: draws the board from board.json and asks for it again every second.
// Names and titles are only ever put in as text (textContent), never as HTML. Every word
// and sentence comes from the server, in the table's language; this script lays them out.
"use strict";
const WORDS = JSON.parse(document.getElementById("words").textContent);
const COLOURS = ["#26c6da", "#d36bd6", "#ffd54f", "#66bb6a", "#5c8df6", "#ef5350", "#80deea", "#f48fb1"];
// a TV (or a computer's screen): one screen that never scrolls
const TV = window.matchMedia("(min-width: 1000px) and (min-height: 560px) and (min-aspect-ratio: 4/3)");
const SVG = "http://www.w3.org/2000/svg";
let current = null;

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}
function svg(tag, attributes, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = String(text);
  return e;
}
function signed(n) { return n === null || n === undefined ? "—" : (n > 0 ? "+" + n : String(n)); }
function colour(d, name) { return COLOURS[Math.max(0, d.figures.seats.indexOf(name)) % COLOURS.length]; }
function seated(e, d, name) { e.style.setProperty("--seat", colour(d, name)); return e; }

function drawHeader(d) {
  const s = d.standings;
  document.getElementById("title").textContent = s.title || d.said.heading;
  document.title = s.title || d.said.heading;
  document.getElementById("heading").textContent = s.title ? d.said.heading : "";
  const target = document.getElementById("target");
  target.hidden = !d.figures.target;
  target.replaceChildren(el("span", WORDS.target, "label"), el("b", d.figures.target));
}

function fact(word, value) {
  const span = el("span", null, "fact");
  span.append(word + " ", el("b", value));
  return span;
}

function drawPlayers(d) {
  const s = d.standings, f = d.figures, box = document.getElementById("players");
  box.replaceChildren();
  for (const p of s.players) {
    const winner = s.finished && s.winners.includes(p.name), ahead = f.ahead.includes(p.name);
    const card = seated(el("article", null, "player" + (winner ? " winner" : "") + (ahead ? " ahead" : "")), d, p.name);
    const name = el("h3", null, "name fit");
    name.append(el("span", p.rank + ".", "rank"), " ", el("span", p.name, "who"));
    if (winner) name.append(" ", el("span", "★", "star"));
    const score = el("div", null, "score");
    score.append(el("p", p.total, "total"));
    card.append(name, score);
    if (ahead) card.append(el("p", WORDS.leading, "badge"));
    const facts = el("p", null, "facts");
    facts.append(fact(d.said.last || WORDS.last, signed(p.last)), fact(d.said.won, p.won));
    if (p.bonus) facts.append(fact(WORDS.bonus, signed(p.bonus)));
    card.append(facts);
    if (d.said.to_go[p.name] !== undefined) card.append(el("p", d.said.to_go[p.name], "to-go"));
    if (f.target) {
      const share = Math.max(0, Math.min(1, (p.total - (p.bonus || 0)) / f.target));
      const bar = el("div", null, "bar"), fill = el("span");
      fill.style.width = (share * 100).toFixed(1) + "%";
      bar.append(fill);
      card.append(bar);
    }
    box.append(card);
  }
}

function drawComing(d) {
  const box = document.getElementById("coming"), lines = d.said.coming, last = lines.length - 1;
  box.replaceChildren(...lines.map((line, i) => el("p", line,
    d.standings.finished ? (i === 0 ? "won" : "") : (i < last ? "deal" : "turn"))));
}

// -- the history, newest first ------------------------------------------------------------
function handOrder(d) {  // [index into history.hands], newest first
  return d.history.hands.map((_h, i) => i).reverse();
}

function historyTable(d) {
  const h = d.history, seats = d.figures.seats, wilds = d.said.wilds, withWild = wilds.some(w => w);
  const table = el("table"), head = el("tr");
  head.append(el("th", d.said.deal));
  if (withWild) head.append(el("th", WORDS.wild));
  for (const name of seats) {
    const th = seated(el("th", null, "who-head"), d, name);
    th.append(el("span", "● ", "dot"), el("span", name, "who"));
    head.append(th);
  }
  const thead = el("thead"), body = el("tbody");
  thead.append(head);
  table.append(thead, body);
  const blank = withWild ? [el("td")] : [];
  if (h.finished) {
    const row = el("tr", null, "final");
    row.append(el("td", WORDS.final), ...blank.map(c => c.cloneNode()));
    for (const name of seats) {
      const cell = el("td");
      cell.append(el("b", h.totals[name]));
      if (h.bonus && h.bonus[name]) cell.append(el("small", WORDS.bonus + " " + signed(h.bonus[name])));
      row.append(cell);
    }
    body.append(row);
  }
  handOrder(d).forEach((i, k) => {
    const hand = h.hands[i], row = el("tr", null, "hand" + (k === 0 ? " newest" : ""));
    row.append(el("td", hand.deal_number || hand.number));
    if (withWild) row.append(el("td", wilds[i] || ""));
    for (const name of seats) {
      const cell = el("td", null, (hand.out === name ? "out" : "") + (hand.dealer === name ? " dealt" : ""));
      cell.append(el("b", signed(hand.scores[name])), el("small", hand.totals[name]));
      row.append(cell);
    }
    body.append(row);
  });
  if (h.carried) {
    const row = el("tr", null, "carried");
    row.append(el("td", WORDS.carried), ...blank.map(c => c.cloneNode()));
    for (const name of seats) row.append(el("td", h.carried[name]));
    body.append(row);
  }
  return table;
}

function historyKey() {
  const key = el("p", null, "key");
  key.append(el("span", "✓ " + WORDS.out), "   ", el("span", "↻ " + WORDS.dealer));
  return key;
}

function historyBlocks(d) {
  const h = d.history, seats = d.figures.seats, box = el("div", null, "hands");
  function block(title, cls, rows, meta) {
    const b = el("section", null, "hand" + (cls ? " " + cls : ""));
    b.append(el("h3", title));
    if (meta && meta.childNodes.length) b.append(meta);
    const grid = el("div", null, "rows");
    for (const [name, middle, right, mark] of rows) {
      grid.append(seated(el("span", name, "who fit" + (mark ? " " + mark : "")), d, name),
                  el("span", middle), el("span", right));
    }
    b.append(grid);
    return b;
  }
  if (h.finished) {
    box.append(block(WORDS.final, "final", seats.map(n => [n, h.bonus && h.bonus[n] ? signed(h.bonus[n]) : "",
                                                           h.totals[n]])));
  }
  handOrder(d).forEach((i, k) => {
    const hand = h.hands[i], meta = el("p", null, "meta");
    const parts = [];
    if (d.said.wilds[i]) parts.push([WORDS.wild, d.said.wilds[i]]);
    if (hand.dealer) parts.push([WORDS.dealer, hand.dealer]);
    if (hand.out) parts.push([WORDS.out, hand.out]);
    parts.forEach(([word, value], j) => { if (j) meta.append(" · "); meta.append(word + ": ", el("b", value)); });
    box.append(block(d.said.hands[i], k === 0 ? "newest" : "",
                     seats.map(n => [n, signed(hand.scores[n]), hand.totals[n], hand.out === n ? "out" : ""]), meta));
  });
  if (h.carried) box.append(block(WORDS.carried, "carried", seats.map(n => [n, "", h.carried[n]])));
  return box;
}

function drawHistory(d) {
  const box = document.getElementById("history");
  document.getElementById("history-title").textContent = WORDS.history;
  box.replaceChildren();
  if (!d.history.hands.length && !d.history.carried) { box.append(el("p", d.said.none, "empty")); return; }
  box.dataset.layout = "table";
  const table = historyTable(d);
  box.append(table, historyKey());
  fitNames(box);
  const room = box.getBoundingClientRect().width, wide = () => table.getBoundingClientRect().width > room + 0.5;
  for (let scale = 0.9; wide() && scale > 0.65; scale -= 0.1) {  // the names over the columns smaller first
    for (const th of table.querySelectorAll("th.who-head")) th.style.fontSize = (0.85 * scale).toFixed(2) + "em";
  }
  if (wide()) {
    box.dataset.layout = "blocks";  // a player a row: wide enough on any phone
    box.replaceChildren(historyBlocks(d));
    fitNames(box);
  }
}

// the history on a TV: the newest hands that fit, the older ones left out (never cut)
function keepNewest() {
  const box = document.getElementById("history");
  const items = () => [...box.querySelectorAll("tr.hand, tr.carried, .hand:not(.final)")];
  let list = items();
  while (box.scrollHeight > box.clientHeight + 0.5 && list.length > 1) {
    list[list.length - 1].remove();
    list = items();
  }
  return box.scrollHeight <= box.clientHeight + 0.5;
}

// -- the chart: running totals hand by hand, from the start, to the target ------------------
function niceStep(span, count) {
  const raw = span / Math.max(1, count), power = Math.pow(10, Math.floor(Math.log10(raw)));
  for (const m of [1, 2, 5, 10]) if (raw <= m * power) return m * power;
  return 10 * power;
}

function drawChart(d) {
  const c = d.chart, f = d.figures, box = document.getElementById("chart");
  document.getElementById("chart-title").textContent = WORDS.chart;
  const holder = document.getElementById("chart-box");
  box.replaceChildren();
  holder.hidden = !c.hands;
  const legend = document.getElementById("legend");
  legend.replaceChildren();
  if (!c.hands) return;
  for (const p of c.players) {  // the legend first: the chart takes the room it leaves
    const item = seated(el("span", null, "fit"), d, p.name);
    item.append(el("i", "● "), p.name + " ", el("b", p.total));
    legend.append(item);
  }
  fitNames(legend);
  const series = c.players.map(p => [f.start[p.name] || 0, ...p.totals].concat(f.final ? [f.final[p.name]] : []));
  const points = series[0].length, last = points - 1;
  const values = series.flat().concat([0]).concat(f.target ? [f.target] : []);
  let lo = Math.min(...values), hi = Math.max(...values);
  if (hi === lo) hi = lo + 1;
  const W = Math.max(160, Math.floor(box.clientWidth));
  const tv = document.documentElement.classList.contains("tv");
  const H = tv ? Math.max(120, Math.floor(box.clientHeight)) : Math.round(Math.min(W * 0.55, window.innerHeight * 0.45));
  const font = parseFloat(getComputedStyle(box).fontSize) * 0.8;  // the chart's words: the page's small type
  const step = niceStep(hi - lo, Math.max(2, Math.floor(H / (font * 4))));
  lo = Math.floor(lo / step) * step; hi = Math.ceil(hi / step) * step;
  const ticks = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(Math.round(v));
  const left = 10 + 0.62 * font * Math.max(...ticks.map(t => String(t).length)), right = 12, top = font,
        bottom = font * 1.8;
  const x = i => left + (last ? i * (W - left - right) / last : (W - left - right) / 2);
  const y = v => top + (hi - v) * (H - top - bottom) / (hi - lo);
  const chart = svg("svg", {viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "font-size": font.toFixed(1)});
  chart.append(svg("title", {}, WORDS.chart));
  for (const t of ticks) {
    chart.append(svg("line", {x1: left, x2: W - right, y1: y(t), y2: y(t), class: t === 0 ? "axis" : "grid"}));
    chart.append(svg("text", {x: left - 6, y: y(t) + font * 0.35, "text-anchor": "end"}, t));
  }
  // hand numbers along the bottom: 0 is the start, the last step the end bonuses
  const every = niceStep(Math.max(1, c.hands), Math.max(1, Math.floor((W - left - right) / (font * 3))));
  for (let i = 0; i <= last; i++) {
    const label = f.final && i === last ? WORDS.final : String(i);
    if (!(f.final && i === last) && i % Math.max(1, every) !== 0 && i !== c.hands) continue;
    if (!(f.final && i === last) && i !== c.hands && x(c.hands) - x(i) < font * 2.5) continue;
    chart.append(svg("text", {x: x(i), y: H - font * 0.5, "text-anchor": i === 0 ? "start" : i === last ? "end" : "middle"}, label));
  }
  if (f.target) {
    chart.append(svg("line", {x1: left, x2: W - right, y1: y(f.target), y2: y(f.target), class: "goal"}));
    const above = y(f.target) - 5 >= top + font;  // its words above the line, or below where there is no room
    chart.append(svg("text", {x: left + 4, y: above ? y(f.target) - 5 : y(f.target) + font + 3, class: "goal"},
                     WORDS.target + " " + f.target));
  }
  c.players.forEach((p, k) => {
    const stroke = colour(d, p.name), pts = series[k];
    chart.append(svg("polyline", {points: pts.map((v, i) => x(i).toFixed(1) + "," + y(v).toFixed(1)).join(" "),
                                  fill: "none", stroke, "stroke-width": 3, "stroke-linejoin": "round"}));
    chart.append(svg("circle", {cx: x(last), cy: y(pts[last]), r: 4, fill: stroke}));
  });
  box.append(chart);
}

// -- fitting -------------------------------------------------------------------------------
// a name wraps between its words only; where one word is wider than its box, it gets smaller
// (the players' names on their cards all by as much, so that no card's name stands out)
function fitNames(root) {
  const scales = new Map();
  for (const e of root.querySelectorAll(".fit")) {
    e.style.fontSize = "";
    let scale = 1;
    while (e.scrollWidth > e.clientWidth + 0.5 && scale > 0.5) {
      scale -= 0.08;
      e.style.fontSize = scale + "em";
    }
    scales.set(e, scale);
  }
  const cards = [...scales.keys()].filter(e => e.matches(".player .name"));
  const least = Math.min(...cards.map(e => scales.get(e)));
  for (const e of cards) e.style.fontSize = least < 1 ? least + "em" : "";
}

function layOut() {
  const d = current, root = document.documentElement, tv = TV.matches;
  root.classList.toggle("tv", tv);
  if (d && d.standings) fit(d, root, tv);
  document.body.dataset.laidOut = window.innerWidth + "x" + window.innerHeight;  // for the tests: done at this size
}

function fit(d, root, tv) {
  const players = document.getElementById("players"), n = d.standings.players.length;
  if (!tv) {
    root.style.fontSize = "";
    fitNames(players);
    drawHistory(d);
    drawChart(d);
    return;
  }
  // the type's size: the largest (up to the screen's 1/75th) at which the whole board fits
  let size = Math.min(window.innerWidth / 75, window.innerHeight / 40);
  for (let tries = 0; tries < 16; tries++, size *= 0.93) {
    root.style.fontSize = size.toFixed(2) + "px";
    const em = size, across = window.innerWidth / em;
    const cols = n <= 4 || across / n >= 11 ? n : Math.ceil(n / 2);
    players.style.setProperty("--cols", cols);
    players.dataset.wide = across / cols >= 24 ? "yes" : "";  // few players: larger figures
    fitNames(players);
    drawHistory(d);
    const kept = keepNewest();
    drawChart(d);
    const chart = document.getElementById("chart"), side = document.getElementById("side");
    if (kept && root.scrollHeight <= window.innerHeight + 0.5 && root.scrollWidth <= window.innerWidth + 0.5
        && side.scrollHeight <= side.clientHeight + 0.5 && (!d.chart.hands || chart.clientHeight >= 6 * em)) break;
  }
}

function draw(d) {
  current = d;
  showNotice(d.said.notice);
  if (!d.standings) return;
  drawHeader(d);
  drawPlayers(d);
  drawComing(d);
  layOut();
  document.body.dataset.version = d.version;
}

live("board.json", draw, layOut);  // live.js: polling, the screen kept awake, full screen, resizing
