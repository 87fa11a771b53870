// The Einstein page: click one of your cubes that may move, then its
// target. The rules are the server's; the page only offers its moves.
"use strict";

let st = null;
let selected = "";
const cells = [];
const send = game("/api/einstein", show);

(function build() {
  const board = $("board");
  // The cells are framed by their coordinates, as the records name them:
  // files a..e above and below, ranks 5..1 on both sides.
  const files = () => { coordLabel(board, ""); for (const f of "abcde") coordLabel(board, f); coordLabel(board, ""); };
  files();
  for (let rank = 5; rank >= 1; rank--) {
    coordLabel(board, String(rank));
    for (const file of "abcde") {
      const name = file + rank;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "cell";
      b.dataset.sq = name;
      if (name === "e1") b.classList.add("goal-red");
      if (name === "a5") b.classList.add("goal-blue");
      b.appendChild(document.createElement("span")).className = "cube";
      b.addEventListener("click", () => clickCell(name));
      board.appendChild(b);
      cells.push(b);
    }
    coordLabel(board, String(rank));
  }
  files();
})();

function clickCell(name) {
  if (!st || !st.yourTurn) return;
  if (selected && st.moves.some((m) => m.from === selected && m.to === name)) {
    const from = selected;
    selected = "";
    send("move", { from, to: name });
    return;
  }
  selected = st.moves.some((m) => m.from === name) ? name : "";
  draw();
}

function show(s) {
  st = s;
  if (!s.yourTurn) selected = "";
  draw();
}

function draw() {
  const s = st;
  const movable = new Set(s.moves.map((m) => m.from));
  const targets = new Set(s.moves.filter((m) => m.from === selected).map((m) => m.to));
  cells.forEach((b, i) => {
    const v = s.board[i];
    const cube = b.querySelector(".cube");
    cube.className = "cube" + (v ? (v[0] === "r" ? " red" : " blue") : "");
    cube.textContent = v ? v.slice(1) : "";
    b.dataset.cube = v;
    const name = b.dataset.sq;
    b.classList.toggle("movable", movable.has(name));
    b.classList.toggle("selected", name === selected);
    b.classList.toggle("target", targets.has(name));
    b.classList.toggle("last", !!s.lastMove && (s.lastMove.from === name || s.lastMove.to === name));
    const what = v ? `${v[0] === "r" ? "red" : "blue"} cube ${v.slice(1)}` : "empty";
    b.setAttribute("aria-label", `${name}, ${what}` + (movable.has(name) ? ", may move" : "") +
      (targets.has(name) ? ", target" : ""));
  });
  $("board").dataset.version = s.version;
  document.body.classList.toggle("thinking", s.thinking);
  $("status").textContent = s.status;
  $("turn").textContent = s.turn;
  $("tomove").textContent = s.toMove;
  $("die").innerHTML = "";
  // The turn's three cubes; one that cannot move (captured, or with no
  // step) is struck out, as the status leaves it out.
  const moving = new Set(s.moves.map((m) => m.cube));
  for (const n of s.cubes) {
    const d = $("die").appendChild(document.createElement("b"));
    d.textContent = n;
    if (s.yourTurn && !moving.has(n)) {
      d.classList.add("out");
      d.title = `Cube ${n} cannot move`;
    }
  }
  $("human").textContent = s.human;
  $("layout").textContent = s.layout;
  $("thought").textContent = s.thought ? "The agent played " + s.thought + "." : "";
  $("notices").textContent = "";
  for (const n of s.notices) $("notices").appendChild(document.createElement("li")).textContent = n;
  $("undo").disabled = !s.canUndo;
  $("record").value = s.record;
  if (document.activeElement !== $("think")) $("think").value = s.thinkMillis / 1000;
}

$("undo").addEventListener("click", () => send("undo"));
$("think").addEventListener("change", () => send("settings", { thinkMillis: Number($("think").value) * 1000 }));
$("new").addEventListener("click", () => send("new", {
  color: document.querySelector('input[name="color"]:checked').value, layout: $("new-layout").value.trim(),
}));
