package web

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// pageVersion is the state version a game's page shows.
const pageVersion = `+document.getElementById("board").dataset.version`

// clickAndWait clicks the element sel and waits until the page shows a
// newer state than before the click.
func clickAndWait(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	v := evaluate[int](t, ctx, pageVersion)
	err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(sel)),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`%s > %d`, pageVersion, v), chromedp.WithPollingTimeout(testTimeout)),
	)
	if err != nil {
		t.Fatalf("clicking %s: %v", sel, err)
	}
}

// refusedClick clicks sel and waits for the page's toast to show a
// refusal that contains want; the state must not change.
func refusedClick(t *testing.T, ctx context.Context, sel, want string) {
	t.Helper()
	v := evaluate[int](t, ctx, pageVersion)
	err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.getElementById("toast").hidden = true`),
		chromedp.Click(chromedp.CSS(sel)),
		chromedp.Poll[chromedp.Void](`!document.getElementById("toast").hidden`, chromedp.WithPollingTimeout(testTimeout)),
	)
	if err != nil {
		t.Fatalf("clicking %s: %v", sel, err)
	}
	msg := evaluate[string](t, ctx, `document.getElementById("toast").textContent`)
	if !strings.Contains(msg, want) {
		t.Errorf("clicking %s: the page says %q, want it to name %q", sel, msg, want)
	}
	if after := evaluate[int](t, ctx, pageVersion); after != v {
		t.Errorf("clicking %s changed the state: version %d -> %d", sel, v, after)
	}
}

// goDOMBoard reads a Go board from the page's points, top row first.
const goDOMBoard = `Array.from(document.querySelectorAll("#board .pt")).map(b =>
	b.dataset.stone === "black" ? "X" : b.dataset.stone === "white" ? "O" : ".").join("")`

// refTerritory counts the territory of a square board string (X, O, .)
// by a plain flood fill: an empty region is a colour's when it touches
// that colour only. It is the test's own count, to check the page's.
func refTerritory(board string, n int) (black, white int) {
	seen := make([]bool, len(board))
	for i := range board {
		if board[i] != '.' || seen[i] {
			continue
		}
		stack, size := []int{i}, 0
		seen[i] = true
		touch := map[byte]bool{}
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			r, c := j/n, j%n
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				rr, cc := r+d[0], c+d[1]
				if rr < 0 || rr >= n || cc < 0 || cc >= n {
					continue
				}
				k := rr*n + cc
				if board[k] != '.' {
					touch[board[k]] = true
				} else if !seen[k] {
					seen[k] = true
					stack = append(stack, k)
				}
			}
		}
		switch {
		case touch['X'] && !touch['O']:
			black += size
		case touch['O'] && !touch['X']:
			white += size
		}
	}
	return black, white
}

// TestBrowserGo plays goScript on the Go page by clicking: a capture, a
// refused suicide and a refused ko (with the reason shown), three passes,
// black's string marked and unmarked, a click on the other colour's
// string refused, black's Done, white's string marked (undone, marked
// again), white's Done; then the page's count is checked against the
// test's own.
func TestBrowserGo(t *testing.T) {
	ctx := startBrowser(t, 1280, 900)
	s, err := New(firstLegal{}, Options{ThinkTime: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	url := serveLoopback(t, s) + "go"
	err = chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS(`#board[data-version] .pt`)),
		chromedp.SetValue(chromedp.ID("size"), "5"),
	)
	if err != nil {
		t.Fatalf("loading the page: %v", err)
	}
	clickAndWait(t, ctx, "#new")
	if n := evaluate[int](t, ctx, `document.querySelectorAll("#board .pt").length`); n != 25 {
		t.Fatalf("a 5x5 board shows %d points", n)
	}
	if l := evaluate[string](t, ctx, `document.querySelector('[data-sq="c3"]').getAttribute("aria-label")`); l != "C3" {
		t.Errorf("c3's label is %q, want C3", l)
	}
	// The first move by the keyboard: the points are buttons.
	v := evaluate[int](t, ctx, pageVersion)
	err = chromedp.Do(ctx,
		chromedp.Focus(chromedp.CSS(`[data-sq="b4"]`)),
		chromedp.KeyEvent("\r"),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`%s > %d`, pageVersion, v), chromedp.WithPollingTimeout(testTimeout)),
	)
	if err != nil {
		t.Fatalf("b4 by the keyboard: %v", err)
	}
	for _, step := range goScript[1:] {
		sel := fmt.Sprintf(`#board [data-sq=%q]`, step.move)
		if step.move == "pass" {
			sel = "#pass"
		}
		if step.refused != "" {
			refusedClick(t, ctx, sel, step.refused)
			continue
		}
		clickAndWait(t, ctx, sel)
		if step.move == "c3" {
			if got := evaluate[string](t, ctx, `document.getElementById("cap-black").textContent`); got != "1" {
				t.Errorf("after c3 captures b3, black's captures show %q, want 1", got)
			}
		}
	}
	if b := evaluate[string](t, ctx, goDOMBoard); b != goFinal {
		t.Fatalf("the page shows %s, want %s", b, goFinal)
	}
	if evaluate[bool](t, ctx, `document.getElementById("scoring").hidden`) {
		t.Fatal("three passes did not open the scoring panel")
	}
	dead := `Array.from(document.querySelectorAll("#board .pt.dead")).map(b => b.dataset.sq).join(" ")`
	clickAndWait(t, ctx, `#board [data-sq="c3"]`)
	if d := evaluate[string](t, ctx, dead); d != "c3" {
		t.Errorf("after marking c3 the dead stones are %q", d)
	}
	clickAndWait(t, ctx, `#board [data-sq="c3"]`)
	if d := evaluate[string](t, ctx, dead); d != "" {
		t.Errorf("after unmarking c3 the dead stones are %q", d)
	}
	// Each player removes his own dead strings, black first: white's e5
	// is refused with the reason shown, and only black's Done is live.
	disabled := func(id string) bool {
		return evaluate[bool](t, ctx, `document.getElementById("`+id+`").disabled`)
	}
	marking := func() string { return evaluate[string](t, ctx, `document.getElementById("marking").textContent`) }
	if disabled("done-black") || !disabled("done-white") || !strings.Contains(marking(), "Black marks") {
		t.Errorf("black marks first: Done disabled black %v white %v; the page says %q",
			disabled("done-black"), disabled("done-white"), marking())
	}
	refusedClick(t, ctx, `#board [data-sq="e5"]`, "e5 is a white string")
	clickAndWait(t, ctx, "#done-black")
	if !disabled("done-black") || disabled("done-white") || !strings.Contains(marking(), "White marks") {
		t.Errorf("then white: Done disabled black %v white %v; the page says %q",
			disabled("done-black"), disabled("done-white"), marking())
	}
	refusedClick(t, ctx, `#board [data-sq="c3"]`, "c3 is a black string")
	// White marks e5, undoes the mark, and marks it again.
	clickAndWait(t, ctx, `#board [data-sq="e5"]`)
	clickAndWait(t, ctx, "#undo")
	if d := evaluate[string](t, ctx, dead); d != "" {
		t.Errorf("after undoing white's mark the dead stones are %q", d)
	}
	clickAndWait(t, ctx, `#board [data-sq="e5"]`)
	if d := evaluate[string](t, ctx, dead); d != "e5" {
		t.Errorf("after white marks e5 the dead stones are %q", d)
	}
	clickAndWait(t, ctx, "#done-white")
	if st := s.goGame.snapshotPhase(); st != goOver {
		t.Fatalf("after Done by both the phase is %s", st)
	}
	// The test's count: the board without e5, b3 captured in play.
	board := []byte(goFinal)
	board[4] = '.'
	tb, tw := refTerritory(string(board), 5)
	wantBlack, wantWhite := tb-0-0, tw-1-1
	text := func(id string) string {
		return evaluate[string](t, ctx, `document.getElementById("`+id+`").textContent`)
	}
	if got, want := text("s-pts-black")+" "+text("s-pts-white"), fmt.Sprintf("%d %d", wantBlack, wantWhite); got != want {
		t.Errorf("the page's points are %s, the test counts %s", got, want)
	}
	if got, want := text("s-terr-black")+" "+text("s-terr-white"), fmt.Sprintf("%d %d", tb, tw); got != want {
		t.Errorf("the page's territory is %s, the test counts %s", got, want)
	}
	if r := text("result"); r != fmt.Sprintf("Black wins by %d.", wantBlack-wantWhite) {
		t.Errorf("the result reads %q", r)
	}

	// Save offers the record as a file; loading a record (pasted here)
	// shows its game.
	save := evaluate[string](t, ctx, `decodeURIComponent(document.getElementById("save").href.split(",")[1])`)
	if !strings.HasPrefix(save, "(;FF[4]GM[1]") || !strings.Contains(save, "RE[B+4]") {
		t.Errorf("Save SGF offers %q, want the record with RE[B+4]", save)
	}
	goReloadFinished(t, ctx, save, fmt.Sprintf("Black wins by %d.", wantBlack-wantWhite), "e5")
	err = chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](`document.querySelector("details").open = true`),
		chromedp.SetValue(chromedp.ID("sgf-text"), "(;GM[1]FF[4]SZ[7];B[dd];W[cc])"),
	)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("load").click()`),
		chromedp.Poll[chromedp.Void](`document.getElementById("board").dataset.phase === "play"`, chromedp.WithPollingTimeout(testTimeout))); err != nil {
		t.Fatalf("loading a record: %v; the page says %q", err, evaluate[string](t, ctx, `document.getElementById("toast").textContent`))
	}
	if b := evaluate[string](t, ctx, goDOMBoard); b != strings.Repeat(".", 14)+"..O...."+"...X..."+strings.Repeat(".", 21) {
		t.Errorf("after loading a 7x7 record the page shows %s", b)
	}
}

// snapshotPhase returns the game's phase under its lock.
func (g *goRoom) snapshotPhase() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.m.phase
}

// TestBrowserGamesNarrow loads each new page in a phone-sized viewport:
// its board must fit the 420 px width without sideways scrolling.
func TestBrowserGamesNarrow(t *testing.T) {
	const width, height = 420, 860
	ctx := startBrowser(t, 800, 900)
	s, err := New(firstLegal{}, Options{ThinkTime: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	base := serveLoopback(t, s)
	for _, page := range []string{"go", "killallgo", "einstein"} {
		err = chromedp.Do(ctx,
			chromedp.EmulateViewport(width, height),
			chromedp.Navigate(base+page),
			chromedp.WaitVisible(chromedp.CSS(`#board[data-version]`)),
		)
		if err != nil {
			t.Fatalf("loading %s: %v", page, err)
		}
		scroll := evaluate[float64](t, ctx, `document.documentElement.scrollWidth`)
		box := evaluate[[]float64](t, ctx, `(() => { const r = document.getElementById("board").getBoundingClientRect(); return [r.left, r.right]; })()`)
		if scroll > width || box[0] < 0 || box[1] > width || box[1]-box[0] < 0.8*width {
			t.Errorf("%s at %d px: page %v px wide, board %v..%v px; want it inside and at least 80%% of the width",
				page, width, scroll, box[0], box[1])
		}
	}
}

// TestBrowserKillAllGo plays a game to its end on the Kill-All Go page
// against the fast engine: a handicap stone by click, Start, then always
// the first legal point, until the page announces the winner.
func TestBrowserKillAllGo(t *testing.T) {
	ctx := startBrowser(t, 1280, 900)
	s, err := New(firstLegal{}, Options{ThinkTime: 5 * time.Second, Engines: Engines{Playouts: 200, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		chromedp.Navigate(serveLoopback(t, s)+"killallgo"),
		chromedp.WaitVisible(chromedp.CSS(`#board[data-phase="setup"] .pt.legal`)),
	)
	if err != nil {
		t.Fatalf("loading the page: %v", err)
	}
	clickAndWait(t, ctx, `#board [data-sq="d4"]`)
	if l := evaluate[string](t, ctx, `document.querySelector('[data-sq="d4"]').getAttribute("aria-label")`); l != "D4, black" {
		t.Errorf("the handicap stone's label is %q", l)
	}
	clickAndWait(t, ctx, "#start")
	turnOrEnd := chromedp.Poll[chromedp.Void](`document.getElementById("board").dataset.phase === "over" ||
		(!document.body.classList.contains("thinking") && document.querySelector("#board .pt.legal") !== null)`,
		chromedp.WithPollingTimeout(30*time.Second))
	for i := 0; i < 200; i++ {
		if err := chromedp.Do(ctx, turnOrEnd); err != nil {
			t.Fatalf("waiting for the engine: %v", err)
		}
		if evaluate[string](t, ctx, `document.getElementById("board").dataset.phase`) == "over" {
			break
		}
		clickAndWait(t, ctx, "#board .pt.legal")
	}
	status := evaluate[string](t, ctx, `document.getElementById("status").textContent`)
	if !strings.HasPrefix(status, "Game over:") || !strings.Contains(status, "won") {
		t.Fatalf("the page ends with %q, want the winner and why", status)
	}
}

// TestBrowserEinstein plays a game to its end on the Einstein page
// against the fast agent: click a movable cube, then its first target.
func TestBrowserEinstein(t *testing.T) {
	ctx := startBrowser(t, 1280, 900)
	s, err := New(firstLegal{}, Options{ThinkTime: 5 * time.Second, Engines: Engines{Playouts: 200, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		chromedp.Navigate(serveLoopback(t, s)+"einstein"),
		chromedp.WaitVisible(chromedp.CSS(`#board[data-version] .cell.movable`)),
	)
	if err != nil {
		t.Fatalf("loading the page: %v", err)
	}
	if n := evaluate[int](t, ctx, `document.querySelectorAll("#board .cell[data-sq]").length`); n != 25 {
		t.Fatalf("%d cells, want 25", n)
	}
	if d := evaluate[string](t, ctx, `document.getElementById("die").textContent`); d != "135" {
		t.Errorf("turn 1 shows the cubes %q, want 1 3 5", d)
	}
	over := `document.getElementById("status").textContent.startsWith("Game over")`
	yourTurn := chromedp.Poll[chromedp.Void](over+` || (!document.body.classList.contains("thinking") && document.querySelector("#board .cell.movable") !== null)`,
		chromedp.WithPollingTimeout(30*time.Second))
	for i := 0; i < 100; i++ {
		if err := chromedp.Do(ctx, yourTurn); err != nil {
			t.Fatalf("waiting for the agent: %v", err)
		}
		if evaluate[bool](t, ctx, over) {
			break
		}
		err := chromedp.Do(ctx,
			chromedp.Click(chromedp.CSS("#board .cell.movable")),
			chromedp.WaitVisible(chromedp.CSS("#board .cell.target")),
		)
		if err != nil {
			t.Fatalf("selecting a cube: %v", err)
		}
		clickAndWait(t, ctx, "#board .cell.target")
	}
	status := evaluate[string](t, ctx, `document.getElementById("status").textContent`)
	if !strings.HasPrefix(status, "Game over:") {
		t.Fatalf("the page ends with %q, want the winner", status)
	}
}
