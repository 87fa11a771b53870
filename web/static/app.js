// The Othello page: it draws the state the server sends and sends the
// person's actions ($, api and toast are common.js's). The server owns
// the game; this script keeps no rules of its own, so it cannot disagree
// with the engine.
"use strict";

const FILES = "abcdefgh";

let state = null;      // the last state shown
const squares = [];    // the 64 square buttons, a1 b1 ... h8

function buildBoard() {
  const board = $("board");
  const label = (text) => {
    const d = document.createElement("div");
    d.className = "coord";
    d.textContent = text;
    board.appendChild(d);
  };
  const fileRow = () => { label(""); for (const f of FILES) label(f); label(""); };
  fileRow();
  for (let row = 0; row < 8; row++) {
    label(String(row + 1));
    for (let col = 0; col < 8; col++) {
      const name = FILES[col] + (row + 1);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "sq";
      b.dataset.sq = name;
      b.dataset.disc = "";
      b.setAttribute("aria-label", name);
      b.appendChild(document.createElement("span")).className = "disc";
      b.appendChild(document.createElement("span")).className = "val";
      b.addEventListener("click", () => clickSquare(name));
      board.appendChild(b);
      squares.push(b);
    }
    label(String(row + 1));
  }
  fileRow();
}

// show draws st unless a newer state was already drawn: answers to the
// long poll and to the person's requests may arrive in any order.
function show(st) {
  if (state !== null && st.version < state.version) return;
  const prev = state;
  state = st;
  render(prev, st);
}

function render(prev, st) {
  const legal = new Set(st.yourTurn ? st.legal : []);
  // The analysis is always of the current position: the server drops it
  // when the position changes.
  const a = st.analysis;
  const values = new Map(a && !a.running ? a.values.map((v) => [v.move, v]) : []);
  const best = a && a.thought ? a.thought.move : "";
  const disc = { X: "black", O: "white", "-": "" };
  for (let i = 0; i < 64; i++) {
    const b = squares[i];
    const name = b.dataset.sq;
    const c = disc[st.board[i]];
    const was = b.dataset.disc;
    b.dataset.disc = c;
    b.classList.toggle("black", c === "black");
    b.classList.toggle("white", c === "white");
    b.classList.toggle("legal", legal.has(name));
    b.classList.toggle("last", st.lastMove === name);
    let label = name + (c ? ", " + c : legal.has(name) ? ", legal move" : "");
    const v = values.get(name);
    const val = b.querySelector(".val");
    val.textContent = v ? valueText(v) : "";
    b.title = v ? valueTitle(v) : "";
    b.classList.toggle("best", v !== undefined && best === name);
    if (v) label += ", value " + valueTitle(v);
    b.setAttribute("aria-label", label);
    if (prev !== null && c !== "" && c !== was) {
      b.classList.remove("flip");
      void b.offsetWidth; // restart the animation
      b.classList.add("flip");
    }
  }
  $("board").dataset.version = st.version;
  $("board").dataset.turn = st.turn;

  document.body.classList.toggle("thinking", st.thinking);
  document.body.classList.toggle("human-white", st.human === "white");
  document.body.style.setProperty("--think", st.thinkMillis + "ms");
  $("status").textContent = st.status;

  $("count-black").textContent = st.black;
  $("count-white").textContent = st.white;
  $("who-black").textContent = st.human === "black" ? "you" : "engine";
  $("who-white").textContent = st.human === "white" ? "you" : "engine";
  $("side-black").classList.toggle("to-move", !st.over && st.turn === "black");
  $("side-white").classList.toggle("to-move", !st.over && st.turn === "white");

  const result = $("result");
  result.hidden = !st.over;
  if (st.over) {
    const head = st.result === "draw" ? "A draw" : st.result === st.human ? "You win!" : "The engine wins";
    result.textContent = `${head}\nblack ${st.black} – white ${st.white}`;
  }

  const notices = $("notices");
  notices.replaceChildren(...st.notices.map((n) => {
    const li = document.createElement("li");
    li.textContent = n;
    return li;
  }));

  renderThought(st.thought);
  $("t-thinking").hidden = !st.thinking;
  if (st.thinking) $("t-none").hidden = true;
  $("t-thinking").textContent = `Thinking about its move for up to ${st.thinkMillis / 1000} s…`;

  $("undo").disabled = !st.canUndo;
  renderAnalysis(st);
  renderPlot(st);
  const think = $("think");
  if (document.activeElement !== think) think.value = st.thinkMillis / 1000;
  if (prev === null) {
    for (const r of document.querySelectorAll('input[name="color"]')) r.checked = r.value === st.human;
  }
  $("record").value = st.record;
  const standard = "---------------------------OX------XO--------------------------- X";
  $("start").textContent = st.start === standard ? "From the start position." : "From the loaded position " + st.start;
}

// proofText says what the endgame solver proved, or "" if nothing.
function proofText(t) {
  if (t.proof === "exact") {
    return `exact: ${t.score > 0 ? "+" : ""}${t.score} for the engine (perfect play)`;
  }
  if (t.proof === "wld") {
    return t.score > 0 ? "proven win for the engine" : t.score < 0 ? "proven loss for the engine" : "proven draw";
  }
  return "";
}

function renderThought(t) {
  $("t-none").hidden = t !== null;
  $("t-data").hidden = t === null;
  $("t-error").hidden = t === null || !t.error;
  if (t === null) return;
  $("t-move").textContent = `${t.move} (${t.color})`;
  // Without a search there is nothing to count: say why instead of "0".
  const why = t.error ? "the search failed" : t.summary;
  $("t-playouts").textContent = t.playouts > 0 ? t.playouts.toLocaleString("en-US") : `none (${why})`;
  if (t.winRate === null) {
    $("t-rate").textContent = "—";
    $("t-bar").style.width = "0";
  } else {
    const pct = (100 * t.winRate).toFixed(1);
    $("t-rate").textContent = proofText(t) || `${pct}% for the engine`;
    // A proof fills the bar by its result, not by the estimate.
    const proven = t.proof ? (t.score > 0 ? 100 : t.score < 0 ? 0 : 50) : pct;
    $("t-bar").style.width = proven + "%";
  }
  $("t-pv").textContent = t.pv.length ? t.pv.join(" ") : "—";
  $("t-time").textContent = (t.elapsedMillis / 1000).toFixed(2) + " s";
  $("t-error").textContent = t.error || "";
}

// valueText is what a square shows of its value, for the person: the
// proven result, else the expected result in percent.
function valueText(v) {
  if (v.proof === "exact") return (v.score > 0 ? "+" : "") + v.score;
  if (v.proof === "wld") return v.score > 0 ? "win" : v.score < 0 ? "loss" : "draw";
  if (v.winRate === null) return "?";
  return Math.round(100 * v.winRate) + "%";
}

// valueTitle is a square's value in words, for its tooltip.
function valueTitle(v) {
  let what;
  if (v.proof === "exact") what = `exact: ${valueText(v)} for you (proven)`;
  else if (v.proof === "wld") what = `proven ${valueText(v)} for you`;
  else if (v.winRate === null) what = "no estimate";
  else what = `${(100 * v.winRate).toFixed(1)}% for you`;
  const visits = v.visits > 0 ? `, ${v.visits.toLocaleString("en-US")} playouts` : "";
  return `${v.move}: ${what}${visits}`;
}

// renderAnalysis sets the values button and the analysis panel.
function renderAnalysis(st) {
  const a = st.analysis;
  const button = $("values");
  button.textContent = a === null ? "Show values" : a.running ? "Stop analysis" : "Hide values";
  button.disabled = a === null && !st.yourTurn;
  document.body.classList.toggle("analysing", a !== null && a.running);
  $("analysis").hidden = a === null;
  $("a-error").hidden = a === null || !a.error;
  if (a === null) return;
  $("a-error").textContent = a.error || "";
  if (a.running) {
    $("a-note").textContent = `The engine is analysing your position for up to ${st.thinkMillis / 1000} s…`;
  } else if (a.thought) {
    const t = a.thought;
    const n = t.playouts > 0 ? `${t.playouts.toLocaleString("en-US")} playouts` : t.summary;
    // After its proof the endgame solver values the other moves in a
    // budget of its own, which may run out.
    const unvalued = a.values.length < st.legal.length
      ? " Squares without a label were not valued: the endgame solver had no time left to prove them." : "";
    $("a-note").textContent = `On the board: your expected result after each move (${n}); ` +
      `its choice would be ${t.move}. Hover a square for details.${unvalued}`;
  } else {
    $("a-note").textContent = "";
  }
}

// The plot's size in its own units (the viewBox of #plot in the page: it
// scales to its box), and its margins: labels left, ply numbers below.
const PLOT = { w: 400, h: 160, left: 46, right: 8, top: 8, bottom: 22 };
// A game has 60 moves, a few more with passes: the x axis shows at least
// that much, so a game's first points do not fill the width.
const PLOT_PLIES = 60;

// svg adds an SVG element to parent. Its namespace is the plot's, which
// the page's HTML gave it, so the script names no URL.
function svg(parent, tag, attrs, text) {
  const e = document.createElementNS($("plot").namespaceURI, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}

// evalText is one point of the plot in words.
function evalText(e) {
  let v;
  if (e.proof === "exact") v = e.score === 0 ? "exact: a draw" : `exact: ${e.score > 0 ? "black" : "white"} by ${Math.abs(e.score)}`;
  else if (e.proof === "wld") v = e.score === 0 ? "proven draw" : `proven win for ${e.score > 0 ? "black" : "white"}`;
  else v = `black ${(100 * e.black).toFixed(1)}%`;
  const who = e.source === "engine" ? "the engine's move" : "your analysis";
  return `ply ${e.ply}, ${e.color} to move (${who}, ${e.move}): ${v}`;
}

// renderPlot draws black's expected result through the game as inline
// SVG: x the ply, y black's expectation, with the 50 % line.
function renderPlot(st) {
  const P = PLOT;
  const now = st.record.length / 2; // plies played: two letters a move
  const evals = st.evaluations;
  const last = evals.length ? evals[evals.length - 1].ply : 0;
  const plies = Math.max(PLOT_PLIES, now, last);
  const x = (ply) => P.left + (P.w - P.left - P.right) * ply / plies;
  const y = (b) => P.top + (P.h - P.top - P.bottom) * (1 - b);
  const root = $("plot");
  root.replaceChildren();
  root.setAttribute("aria-label", `Black's expected result by ply: ${evals.length} points`);
  svg(root, "rect", { class: "area", x: x(0), y: y(1), width: x(plies) - x(0), height: y(0) - y(1) });
  for (const [b, label] of [[1, "black"], [0.5, "50%"], [0, "white"]]) {
    svg(root, "line", { class: b === 0.5 ? "mid" : "edge", x1: x(0), x2: x(plies), y1: y(b), y2: y(b) });
    svg(root, "text", { class: "axis", x: P.left - 4, y: y(b) + 4, "text-anchor": "end" }, label);
  }
  for (let p = 0; p <= plies; p += 10) {
    svg(root, "text", { class: "axis", x: x(p), y: P.h - 6, "text-anchor": "middle" }, String(p));
  }
  svg(root, "line", { class: "now", x1: x(now), x2: x(now), y1: y(1), y2: y(0) });
  if (evals.length > 1) {
    svg(root, "polyline", { class: "line", points: evals.map((e) => `${x(e.ply)},${y(e.black)}`).join(" ") });
  }
  for (const e of evals) {
    const c = svg(root, "circle", {
      class: `pt ${e.source}${e.proof ? " proven" : ""}`,
      cx: x(e.ply), cy: y(e.black), r: e.proof ? 4.5 : 3.5, "data-ply": e.ply,
    });
    svg(c, "title", {}, evalText(e));
  }
  $("plot-note").textContent = evals.length === 0
    ? "Black's expected result, as the engine sees it, appears here after its first search."
    : "Black's expected result by ply: up is good for black. Filled dots are the engine's moves, " +
      "hollow ones your analyses, large ones proven.";
}

// act sends an action and shows its answer or its error.
async function act(path, body) {
  try {
    show(await api(path, body));
  } catch (e) {
    toast(e.message);
  }
}

function clickSquare(name) {
  if (state === null) return;
  if (state.over) { toast("The game is over: start a new game or undo."); return; }
  if (state.thinking) { toast("The engine is thinking: wait for its move."); return; }
  if (!state.yourTurn) return;
  if (!state.legal.includes(name)) { toast(`${name} is not a legal move.`); return; }
  act("/api/move", { move: name });
}

function thinkMillis() {
  const ms = Math.round(parseFloat($("think").value) * 1000);
  return Number.isFinite(ms) ? ms : null;
}

function wire() {
  $("new").addEventListener("click", () => {
    const c = document.querySelector('input[name="color"]:checked');
    const body = { color: c ? c.value : "black" };
    const ms = thinkMillis();
    if (ms !== null) body.thinkMillis = ms;
    act("/api/new", body);
  });
  $("undo").addEventListener("click", () => act("/api/undo", {}));
  $("values").addEventListener("click", () => {
    if (state === null) return;
    act(state.analysis === null ? "/api/analyze" : "/api/analyze/stop", {});
  });
  $("think").addEventListener("change", () => {
    const ms = thinkMillis();
    if (ms === null) { toast("Think time: enter a number of seconds."); return; }
    act("/api/settings", { thinkMillis: ms });
  });
  $("copy").addEventListener("click", async () => {
    const rec = $("record");
    try {
      await navigator.clipboard.writeText(rec.value);
      toast("Game record copied.");
    } catch (e) {
      rec.select();
      toast("Press Ctrl+C to copy the selected record.");
    }
  });
  $("copy-ggf").addEventListener("click", async () => {
    if (state === null || !state.ggf) return;
    try {
      await navigator.clipboard.writeText(state.ggf);
      toast("Game copied as GGF.");
    } catch (e) {
      $("record").value = state.ggf;
      $("record").select();
      toast("Press Ctrl+C to copy the selected GGF record.");
    }
  });
  $("load").addEventListener("click", () => act("/api/load", {
    board: $("load-board").value.replace(/\s+/g, ""),
    side: $("load-side").value,
  }));
  $("load-current").addEventListener("click", () => {
    if (state === null) return;
    $("load-board").value = state.board;
    $("load-side").value = state.turn === "black" ? "X" : "O";
  });
}

// poll waits for each change of state on the server (the engine's move,
// or another tab's action) and draws it; the server holds each request
// until something changes, so this is not a busy loop.
async function poll() {
  for (;;) {
    try {
      const sent = state === null ? null : state.version;
      const st = await api("/api/state" + (sent === null ? "" : "?wait=" + sent));
      // Versions only grow, unless the server restarted: then its state
      // is the truth, and waiting on the old version would spin.
      if (sent !== null && st.version < sent) state = null;
      show(st);
    } catch (e) {
      $("status").textContent = "Lost contact with the server: retrying…";
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

buildBoard();
wire();
poll();
