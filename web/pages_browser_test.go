package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tcgothello/mcts/einstein"
)

// boardLabels checks the board's coordinates: every label names a file
// (letter) or a rank (number) of the board's squares, sits beside them
// (not on one) in line with them (a file's label within its squares'
// width, a rank's within their height), and each of the board's files and
// ranks is labelled twice (both sides). It returns what is wrong.
const boardLabels = `(() => {
	const b = document.getElementById("board");
	const sqs = Array.from(b.querySelectorAll("[data-sq]"));
	const box = (e) => e.getBoundingClientRect();
	const bad = [], count = {};
	for (const l of b.querySelectorAll(".coord")) {
		const t = l.textContent;
		if (t === "") continue;
		const r = box(l), cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
		if (r.width === 0 || parseFloat(getComputedStyle(l).fontSize) < 8) bad.push(t + ": not visible");
		const file = /^[a-z]$/.test(t);
		const mine = sqs.filter((s) => file ? s.dataset.sq[0] === t : s.dataset.sq.slice(1) === t);
		if (mine.length === 0) bad.push(t + ": names no square");
		for (const s of mine) {
			const q = box(s);
			if (file ? cx < q.left || cx > q.right : cy < q.top || cy > q.bottom) { bad.push(t + ": not in line with " + s.dataset.sq); break; }
		}
		for (const s of sqs) {
			const q = box(s);
			if (cx > q.left && cx < q.right && cy > q.top && cy < q.bottom) { bad.push(t + ": on " + s.dataset.sq); break; }
		}
		count[t] = (count[t] || 0) + 1;
	}
	const names = new Set();
	for (const s of sqs) { names.add(s.dataset.sq[0]); names.add(s.dataset.sq.slice(1)); }
	for (const n of names) if (count[n] !== 2) bad.push(n + ": labelled " + (count[n] || 0) + " times, want 2");
	return bad.join("; ");
})()`

// TestBrowserCoordinates: the Go, Kill-All Go and Einstein boards are
// labelled with the coordinates their records, refusals and status lines
// use, as the Othello board is; on a 19x19 Go board too, and on a phone.
// The link back to the list of games looks the same on every page (the
// Othello page did not load its rule).
func TestBrowserCoordinates(t *testing.T) {
	ctx := startBrowser(t, 1280, 900)
	s, err := New(firstLegal{}, Options{ThinkTime: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	base := serveLoopback(t, s)
	home := `(() => { const s = getComputedStyle(document.querySelector("h1 a.home")); return s.fontSize + " " + s.fontWeight + " " + s.marginLeft; })()`
	var homeStyle string
	for _, c := range []struct {
		page          string
		width, height int
		squares       int
	}{
		{"go", 1280, 900, 81}, {"killallgo", 1280, 900, 49}, {"einstein", 1280, 900, 25}, {"othello", 1280, 900, 64},
		{"go", 420, 860, 81}, {"einstein", 420, 860, 25},
	} {
		err := chromedp.Do(ctx,
			chromedp.EmulateViewport(int64(c.width), int64(c.height)),
			chromedp.Navigate(base+c.page),
			chromedp.WaitVisible(chromedp.CSS(`#board [data-sq]`)),
		)
		if err != nil {
			t.Fatalf("loading %s: %v", c.page, err)
		}
		if n := evaluate[int](t, ctx, `document.querySelectorAll("#board [data-sq]").length`); n != c.squares {
			t.Errorf("%s: %d squares, want %d", c.page, n, c.squares)
		}
		if bad := evaluate[string](t, ctx, boardLabels); bad != "" {
			t.Errorf("%s at %d px: the coordinates: %s", c.page, c.width, bad)
		}
		if c.width != 1280 {
			continue
		}
		hs := evaluate[string](t, ctx, home)
		if homeStyle == "" {
			homeStyle = hs
		} else if hs != homeStyle {
			t.Errorf("%s: the \"all games\" link is styled %q, the Go page's %q", c.page, hs, homeStyle)
		}
	}
	// A 19x19 board: 19 rows, "i" skipped, all labelled.
	err = chromedp.Do(ctx,
		chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(base+"go"),
		chromedp.WaitVisible(chromedp.CSS(`#board[data-version] .pt`)),
		chromedp.SetValue(chromedp.ID("size"), "19"),
	)
	if err != nil {
		t.Fatal(err)
	}
	clickAndWait(t, ctx, "#new")
	if bad := evaluate[string](t, ctx, boardLabels); bad != "" {
		t.Errorf("go 19x19: the coordinates: %s", bad)
	}
	top := evaluate[string](t, ctx, `Array.from(document.querySelectorAll("#board .coord")).slice(0, 21).map((l) => l.textContent).join("")`)
	if top != "abcdefghjklmnopqrst" {
		t.Errorf("go 19x19: the top labels read %q, want a..t without i", top)
	}
}

// TestBrowserToastClear: a refusal's toast does not cover the control
// that was refused: a refused SGF load, whose Load button is low on the
// page, at a desktop's size and a phone's. The toast used to sit at the
// bottom over the button for four seconds.
func TestBrowserToastClear(t *testing.T) {
	ctx := startBrowser(t, 1280, 900)
	s, err := New(firstLegal{}, Options{ThinkTime: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	base := serveLoopback(t, s)
	for _, size := range [][2]int64{{1280, 900}, {420, 860}} {
		err := chromedp.Do(ctx,
			chromedp.EmulateViewport(size[0], size[1]),
			chromedp.Navigate(base+"go"),
			chromedp.WaitVisible(chromedp.CSS(`#board[data-version] .pt`)),
			chromedp.Evaluate[chromedp.Void](`document.querySelector("details").open = true`),
			chromedp.SetValue(chromedp.ID("sgf-text"), "not a record"),
		)
		if err != nil {
			t.Fatal(err)
		}
		refusedClick(t, ctx, "#load", "sgf:")
		clear := evaluate[string](t, ctx, `(() => {
			const a = document.getElementById("toast").getBoundingClientRect(), b = document.getElementById("load").getBoundingClientRect();
			if (a.width === 0) return "the toast is not shown";
			if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) return "the toast covers Load";
			const at = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
			return at && at.id === "load" ? "" : "Load is under " + (at ? at.outerHTML.slice(0, 60) : "nothing");
		})()`)
		if clear != "" {
			t.Errorf("at %dx%d after a refused load: %s", size[0], size[1], clear)
		}
		// A click on the toast closes it.
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("toast")),
			chromedp.Poll[chromedp.Void](`document.getElementById("toast").hidden`, chromedp.WithPollingTimeout(testTimeout))); err != nil {
			t.Errorf("at %dx%d a click on the toast did not close it: %v", size[0], size[1], err)
		}
	}
}

// TestBrowserEinsteinCannotMove: with one of the turn's cubes captured
// and one blocked by its own side, the page's status names the one cube
// that can move, and the die strikes out the other two.
func TestBrowserEinsteinCannotMove(t *testing.T) {
	ctx := startBrowser(t, 1280, 900)
	s, err := New(firstLegal{}, Options{ThinkTime: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	pos, err := einstein.Parse("R1 . . . R5\n. . . . R2\n. . . . .\n. . . . .\n. . . . B1\nturn 1 red\n")
	if err != nil {
		t.Fatal(err)
	}
	e := s.einstein
	e.mu.Lock()
	e.m.pos, e.m.moves, e.m.human = pos, nil, einstein.Red
	e.mu.Unlock()
	err = chromedp.Do(ctx,
		chromedp.Navigate(serveLoopback(t, s)+"einstein"),
		chromedp.WaitVisible(chromedp.CSS(`#board[data-version] .cell.movable`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if st := evaluate[string](t, ctx, `document.getElementById("status").textContent`); st != "Your move (red), turn 1: cube 1." {
		t.Errorf("the status reads %q, want it to name cube 1 alone", st)
	}
	die := evaluate[string](t, ctx, `Array.from(document.querySelectorAll("#die b")).map((b) => b.textContent + (b.classList.contains("out") ? "-" : "+")).join(" ")`)
	if die != "1+ 3- 5-" {
		t.Errorf("the die shows %q, want 1 live and 3, 5 struck out", die)
	}
	if m := evaluate[string](t, ctx, `Array.from(document.querySelectorAll("#board .cell.movable")).map((b) => b.dataset.sq).join(" ")`); m != "a5" {
		t.Errorf("the movable cubes are at %q, want a5 (cube 1)", m)
	}
}

// goReloadFinished loads the saved record of a finished game on the Go
// page and checks that it comes back over, with its result and dead
// strings (it came back in the scoring phase without them).
func goReloadFinished(t *testing.T, ctx context.Context, saved, result, dead string) {
	t.Helper()
	err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.querySelector("details").open = true`),
		chromedp.SetValue(chromedp.ID("sgf-text"), saved),
	)
	if err != nil {
		t.Fatal(err)
	}
	clickAndWait(t, ctx, "#load")
	text := func(id string) string {
		return evaluate[string](t, ctx, `document.getElementById("`+id+`").textContent`)
	}
	if phase := evaluate[string](t, ctx, `document.getElementById("board").dataset.phase`); phase != "over" {
		t.Errorf("the finished game loads in its %s phase, want over", phase)
	}
	if r := text("result"); r != result {
		t.Errorf("after loading the finished game the result reads %q, want %q", r, result)
	}
	if st := text("status"); !strings.HasPrefix(st, "Game over:") {
		t.Errorf("after loading the finished game the status reads %q", st)
	}
	if d := evaluate[string](t, ctx, `Array.from(document.querySelectorAll("#board .pt.dead")).map(b => b.dataset.sq).join(" ")`); d != dead {
		t.Errorf("after loading the finished game the dead stones are %q, want %q", d, dead)
	}
}
