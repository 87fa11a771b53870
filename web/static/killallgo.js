// The Kill-All Go page: black's handicap stones are clicked in before the
// start, then the person plays the engine. The rules are the server's.
"use strict";

let st = null;
const points = goBoard($("board"), 7, clickPoint);
const send = game("/api/killallgo", show);

function clickPoint(name) {
  if (!st) return;
  if (st.phase === "setup") send("put", { move: name });
  else if (st.phase === "play") send("move", { move: name });
}

function show(s) {
  st = s;
  drawStones(points, s.board, s.lastMove);
  const legal = new Set(s.legal);
  points.forEach((b) => {
    b.classList.toggle("legal", legal.has(b.dataset.sq));
    label(b, b.dataset.sq === s.lastMove ? "last move" : "");
  });
  $("board").dataset.version = s.version;
  $("board").dataset.phase = s.phase;
  document.body.classList.toggle("thinking", s.thinking);
  $("status").textContent = s.status;
  $("human").textContent = s.human;
  $("engine").textContent = s.engine;
  $("handicap").textContent = s.handicap;
  $("plies").textContent = s.plies;
  $("thought").textContent = s.thought ? "The engine played " + s.thought + "." : "";
  $("start").disabled = s.phase !== "setup";
  $("pass").disabled = !(s.yourTurn && s.legal.includes("pass"));
  $("undo").disabled = !s.canUndo;
  $("record").value = s.record.join(" ");
  if (document.activeElement !== $("think")) $("think").value = s.thinkMillis / 1000;
}

$("start").addEventListener("click", () => send("start"));
$("pass").addEventListener("click", () => send("move", { move: "pass" }));
$("undo").addEventListener("click", () => send("undo"));
$("think").addEventListener("change", () => send("settings", { thinkMillis: Number($("think").value) * 1000 }));
$("new").addEventListener("click", () => send("new", {
  color: document.querySelector('input[name="color"]:checked').value,
}));
