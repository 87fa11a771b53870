// Shared by the pages: the API call and a toast for refusals (every page),
// the long poll that keeps a page in step with the server and the Go
// board, a grid of point buttons (Go, Kill-All Go; Einstein uses the
// long poll). The server owns
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
// toast shows a refusal for a few seconds.
function toast(msg) {
  const t = $("toast");
  t.textContent = msg;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 4000);
}

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

// goBoard fills el with n x n point buttons, top row first, each with its
// name (like "c3") in data-sq, and returns them.
function goBoard(el, n, onClick) {
  el.textContent = "";
  el.style.setProperty("--n", n);
  const points = [];
  for (let r = 0; r < n; r++) {
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
  }
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
