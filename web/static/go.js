// The Go page: two people at one board. It draws the server's state and
// sends the clicks; the rules and the count are the server's.
"use strict";

let st = null;
let points = [];
let size = 0;
const send = game("/api/go", show);

function clickPoint(name) {
  if (!st) return;
  if (st.phase === "play") send("move", { move: name, color: st.turn });
  else if (st.phase === "scoring") send("mark", { point: name });
}

function show(s) {
  st = s;
  if (s.size !== size) {
    size = s.size;
    points = goBoard($("board"), size, clickPoint);
  }
  drawStones(points, s.board, s.lastMove);
  const legal = new Set(s.legal);
  const dead = new Set(s.dead);
  const terr = s.score ? s.score.territory : "";
  points.forEach((b, i) => {
    const name = b.dataset.sq;
    b.classList.toggle("legal", legal.has(name));
    b.classList.toggle("dead", dead.has(name));
    b.classList.toggle("terr-x", terr[i] === "x" && !b.dataset.stone);
    b.classList.toggle("terr-o", terr[i] === "o" && !b.dataset.stone);
    const extra = [];
    if (dead.has(name)) extra.push("dead");
    if (terr[i] === "x") extra.push("black territory");
    if (terr[i] === "o") extra.push("white territory");
    if (name === s.lastMove) extra.push("last move");
    label(b, extra.join(", "));
  });
  $("board").dataset.version = s.version;
  $("board").dataset.phase = s.phase;
  $("status").textContent = s.status;
  $("cap-black").textContent = s.captures.black;
  $("cap-white").textContent = s.captures.white;
  $("last").textContent = s.lastMove ? s.lastMove.toUpperCase() : "none";
  $("moves").textContent = s.record.length;
  $("komi").textContent = s.komi;
  $("superko-note").textContent = s.superko ? "; positional superko" : "";
  $("pass").disabled = s.phase !== "play";
  $("undo").disabled = !s.canUndo;
  $("record").value = s.record.join(" ");
  // The record is saved from the page itself, as a download of this
  // state's SGF: nothing is fetched.
  $("save").href = "data:application/x-go-sgf;charset=utf-8," + encodeURIComponent(s.sgf);
  $("scoring").hidden = s.phase === "play";
  if (s.score) {
    for (const c of ["black", "white"]) {
      $(`s-terr-${c}`).textContent = s.score[c].territory;
      $(`s-cap-${c}`).textContent = s.score[c].captured;
      $(`s-dead-${c}`).textContent = s.score[c].dead;
      $(`s-pts-${c}`).textContent = s.score[c].points;
      // One screen, two players: only the player marking may press Done.
      $(`done-${c}`).disabled = s.marking !== c;
      $(`done-${c}`).textContent = `${c === "black" ? "Black" : "White"}: ${s.done[c] ? "done ✓" : "Done"}`;
    }
    $("s-komi").textContent = s.score.komi;
    $("marking").textContent = s.marking
      ? `${s.marking === "black" ? "Black" : "White"} marks his own dead strings now.`
      : "Both are done.";
    $("resume").disabled = s.phase !== "scoring";
    $("result").textContent = s.phase === "over"
      ? (s.result === "draw" ? "A draw." : `${s.result === "black" ? "Black" : "White"} wins by ${s.score.margin}.`)
      : `Now: ${s.score.winner === "draw" ? "even" : s.score.winner + " ahead by " + s.score.margin}.`;
  }
}

$("pass").addEventListener("click", () => send("move", { move: "pass", color: st.turn }));
$("undo").addEventListener("click", () => send("undo"));
$("resume").addEventListener("click", () => send("resume"));
$("done-black").addEventListener("click", () => send("done", { color: "black" }));
$("done-white").addEventListener("click", () => send("done", { color: "white" }));
$("new").addEventListener("click", () => send("new", {
  size: Number($("size").value), komi: Number($("new-komi").value), superko: $("superko").checked,
}));
$("copy-sgf").addEventListener("click", () => navigator.clipboard.writeText(st.sgf).catch((e) => toast(e.message)));
$("sgf-file").addEventListener("change", async () => {
  const f = $("sgf-file").files[0];
  if (f) $("sgf-text").value = await f.text();
});
$("load").addEventListener("click", () => send("load", { sgf: $("sgf-text").value }));
