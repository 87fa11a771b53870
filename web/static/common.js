// Shared by the pages: the API call and a toast for refusals (every page),
// the long poll that keeps a page in step with the server, the boards'
// coordinate labels, and the Go board, a grid of point buttons (Go,
// Kill-All Go; Einstein uses the long poll and the labels). The server owns
// every game; the pages keep no rules of their own.
"use strict";

const $ = (id) => document.getElementById(id);

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
  if (!r.ok || j === null) throw new Error((j && j.error) || `${r.status} ${r.statusText}`);
  return j;
}

let toastTimer = 0;
// lastControl is the control the person last clicked (or pressed a key
// on): a refusal answers it, and must not cover it.
let lastControl = null;
document.addEventListener("pointerdown", (e) => { lastControl = e.target; }, true);
document.addEventListener("keydown", (e) => { lastControl = e.target; }, true);

// toast shows a refusal for a few seconds, at the bottom of the window,
// or at the top when the control it answers is in the window's lower
// half: a refused Load low on the page stays visible and clickable.
// A click on the toast closes it.
function toast(msg) {
  const t = $("toast");
  t.textContent = msg;
  const c = lastControl && lastControl.isConnected ? lastControl : document.activeElement;
  const r = c && c !== document.body ? c.getBoundingClientRect() : null;
  t.classList.toggle("top", r !== null && (r.top + r.bottom) / 2 > window.innerHeight / 2);
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 4000);
}

// The scripts are deferred: the page is parsed when this runs.
if ($("toast")) $("toast").addEventListener("click", () => { $("toast").hidden = true; clearTimeout(toastTimer); });

// game keeps a page in step with its game under base (like "/api/go"):
// show is called with every newer state, from the long poll and from the
// answers to the person's requests, which may arrive in any order.
function game(base, show) {
  let version = -1;
  const accept = (st) => {
    if (st.version <= version) return;
    version = st.version;
    show(st);
  };
  (async () => {
    for (;;) {
      try {
        accept(await api(`${base}/state${version < 0 ? "" : "?wait=" + version}`));
      } catch (e) {
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  })();
  // send posts an action and shows its state, or toasts its refusal.
  return async (path, body) => {
    try {
      accept(await api(`${base}/${path}`, body === undefined ? {} : body));
    } catch (e) {
      toast(e.message);
    }
  };
}

// GO_COLUMNS are the column letters of Go programs, "i" skipped.
const GO_COLUMNS = "abcdefghjklmnopqrst";

// coordLabel appends a coordinate label (a column letter or a row
// number, "" for a corner) to a board's grid.
function coordLabel(el, text) {
  const d = el.appendChild(document.createElement("div"));
  d.className = "coord";
  d.textContent = text;
}

// goBoard fills el with n x n point buttons, top row first, each with its
// name (like "c3") in data-sq, framed by the coordinates the records use:
// the column letters above and below, the row numbers (n at the top) on
// both sides. It returns the points.
function goBoard(el, n, onClick) {
  el.textContent = "";
  el.style.setProperty("--n", n);
  const files = () => {
    coordLabel(el, "");
    for (let c = 0; c < n; c++) coordLabel(el, GO_COLUMNS[c]);
    coordLabel(el, "");
  };
  const points = [];
  files();
  for (let r = 0; r < n; r++) {
    coordLabel(el, String(n - r));
    for (let c = 0; c < n; c++) {
      const name = GO_COLUMNS[c] + (n - r);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "pt";
      b.dataset.sq = name;
      b.dataset.stone = "";
      if (r === 0) b.classList.add("top");
      if (r === n - 1) b.classList.add("bottom");
      if (c === 0) b.classList.add("left");
      if (c === n - 1) b.classList.add("right");
      b.setAttribute("aria-label", name.toUpperCase());
      b.appendChild(document.createElement("span")).className = "stone";
      b.addEventListener("click", () => onClick(name));
      el.appendChild(b);
      points.push(b);
    }
    coordLabel(el, String(n - r));
  }
  files();
  return points;
}

// drawStones puts the stones of a board string (X black, O white, . empty)
// on the points, and marks the last move.
function drawStones(points, board, lastMove) {
  const stone = { X: "black", O: "white" };
  points.forEach((b, i) => {
    const s = stone[board[i]] || "";
    b.dataset.stone = s;
    b.classList.toggle("last", b.dataset.sq === lastMove);
  });
}

// label sets a point's accessible name: its name and what is on it.
function label(b, extra) {
  const s = b.dataset.stone;
  b.setAttribute("aria-label", b.dataset.sq.toUpperCase() + (s ? ", " + s : "") + (extra ? ", " + extra : ""));
}
