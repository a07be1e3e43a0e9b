// scorekeeper serve: draws the board from board.json and asks for it again every second.
// Names and titles are only ever put in as text (textContent), never as HTML.
"use strict";
const WORDS = JSON.parse(document.getElementById("words").textContent);
const COLOURS = ["#26c6da", "#d36bd6", "#ffd54f", "#66bb6a", "#5c8df6", "#ef5350", "#80deea", "#f48fb1"];
let shown = null;

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}
function signed(n) { return n === null || n === undefined ? "—" : (n > 0 ? "+" + n : String(n)); }

function drawPlayers(s, seats, won) {
  const box = document.getElementById("players");
  box.replaceChildren();
  const lead = s.players.length ? s.players[0].total : 0;
  for (const p of s.players) {
    const winner = s.finished && s.winners.includes(p.name);
    const card = el("div", null, "player" + (winner ? " winner" : ""));
    const name = el("div", null, "name");
    name.append(el("span", p.rank + ".", "rank"), el("span", p.name + (winner ? " ★" : "")));
    card.append(name, el("div", p.total, "total"));
    const facts = el("div", null, "facts");
    facts.append(WORDS.last + " ", el("b", signed(p.last)), won + " ", el("b", p.won));
    if (p.bonus) facts.append(WORDS.bonus + " ", el("b", signed(p.bonus)));
    card.append(facts);
    if (s.target) {
      const share = Math.max(0, Math.min(1, (p.total - (p.bonus || 0)) / s.target));
      const bar = el("div", null, "bar"), fill = el("span");
      fill.style.width = (share * 100).toFixed(1) + "%";
      fill.style.background = COLOURS[seats.indexOf(p.name) % COLOURS.length];
      bar.append(fill);
      bar.title = WORDS.target + ": " + Math.round(share * 100) + "%";
      card.append(bar);
    }
    box.append(card);
  }
}

function drawChart(c) {
  const box = document.getElementById("chart");
  box.replaceChildren();
  document.getElementById("chart-box").hidden = !c.hands;
  if (!c.hands) return;
  const all = c.players.flatMap(p => p.totals).concat([0]);
  const lo = Math.min(...all), hi = Math.max(...all), span = (hi - lo) || 1;
  const W = 600, H = 220, pad = 8, ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const x = i => pad + (c.hands === 1 ? (W - 2 * pad) / 2 : i * (W - 2 * pad) / (c.hands - 1));
  const y = v => H - pad - (v - lo) * (H - 2 * pad) / span;
  const zero = document.createElementNS(ns, "line");
  zero.setAttribute("x1", 0); zero.setAttribute("x2", W); zero.setAttribute("y1", y(0)); zero.setAttribute("y2", y(0));
  zero.setAttribute("stroke", "#555");
  svg.append(zero);
  c.players.forEach((p, i) => {
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", p.totals.map((v, k) => x(k).toFixed(1) + "," + y(v).toFixed(1)).join(" "));
    line.setAttribute("fill", "none");
    line.setAttribute("stroke", COLOURS[i % COLOURS.length]);
    line.setAttribute("stroke-width", 3);
    svg.append(line);
  });
  const legend = el("div", null, "legend");
  c.players.forEach((p, i) => {
    const item = el("span", "● " + p.name + " " + p.total);
    item.style.color = COLOURS[i % COLOURS.length];
    legend.append(item);
  });
  box.append(svg, legend);
}

function drawHistory(h, seats, wilds) {
  const box = document.getElementById("history");
  box.replaceChildren();
  if (!h.hands.length) { box.append(el("p", WORDS.no_hands)); return; }
  const table = el("table"), head = el("tr"), withWild = wilds.some(w => w);
  head.append(el("th", WORDS.hand));
  if (withWild) head.append(el("th", WORDS.wild));
  head.append(el("th", WORDS.dealer, "text"));
  for (const p of seats) head.append(el("th", p));
  table.append(head);
  const blanks = withWild ? 2 : 1;
  if (h.carried) {
    const row = el("tr");
    row.append(el("td", WORDS.carried));
    for (let i = 1; i < blanks; i++) row.append(el("td"));
    row.append(el("td"));
    for (const p of seats) row.append(el("td", h.carried[p]));
    table.append(row);
  }
  h.hands.forEach((hand, i) => {
    const row = el("tr");
    row.append(el("td", hand.deal_number || hand.number));
    if (withWild) row.append(el("td", wilds[i] || ""));
    row.append(el("td", hand.dealer, "text"));
    for (const p of seats) row.append(el("td", signed(hand.scores[p]) + " → " + hand.totals[p]));
    table.append(row);
  });
  if (h.finished) {
    const row = el("tr", null, "final");
    row.append(el("td", WORDS.final));
    for (let i = 1; i < blanks; i++) row.append(el("td"));
    row.append(el("td"));
    for (const p of seats) row.append(el("td", h.totals[p]));
    table.append(row);
  }
  box.append(table);
}

function draw(d) {
  const notice = document.getElementById("notice");
  notice.hidden = !d.said.notice;
  notice.textContent = d.said.notice || "";
  if (!d.standings) return;
  const s = d.standings, seats = d.chart.players.map(p => p.name);
  document.getElementById("title").textContent = s.title || d.said.heading;
  document.title = s.title || d.said.heading;
  document.getElementById("heading").textContent = s.title ? d.said.heading : "";
  drawPlayers(s, seats, d.said.won);
  const next = document.getElementById("next");
  next.replaceChildren(...d.said.next.map(line => el("p", line)));
  document.getElementById("chart-title").textContent = WORDS.chart;
  drawChart(d.chart);
  document.getElementById("history-title").textContent = WORDS.history;
  drawHistory(d.history, seats, d.said.wilds);
  document.body.dataset.version = d.version;
}

async function poll() {
  try {
    const r = await fetch("board.json", {cache: "no-cache"});
    if (!r.ok) throw new Error(String(r.status));
    const d = await r.json();
    if (d.version !== shown || document.getElementById("notice").textContent === WORDS.offline) {
      shown = d.version;
      draw(d);
    }
  } catch (e) {
    const notice = document.getElementById("notice");
    notice.hidden = false;
    notice.textContent = WORDS.offline;
  }
  setTimeout(poll, 1000);
}

const first = JSON.parse(document.getElementById("first").textContent);
shown = first.version;
draw(first);
setTimeout(poll, 1000);
