// The page of the web package: it draws the state the server sends and
// sends the person's actions. The server owns the game; this script keeps
// no rules of its own, so it cannot disagree with the engine.
"use strict";

const FILES = "abcdefgh";
const $ = (id) => document.getElementById(id);

let state = null;      // the last state shown
let toastTimer = 0;
const squares = [];    // the 64 square buttons, a1 b1 ... h8

// api sends a request and returns the state; a refusal becomes an Error
// with the server's message.
async function api(path, body) {
  const opt = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const r = await fetch(path, opt);
  let j = null;
  try { j = await r.json(); } catch (e) { /* not JSON: reported below */ }
  if (!r.ok || j === null) {
    throw new Error((j && j.error) || `${r.status} ${r.statusText}`);
  }
  return j;
}

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

function toast(msg) {
  const t = $("toast");
  t.textContent = msg;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 4000);
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
