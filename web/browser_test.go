package web

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"math"
	"math/bits"
	"net"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tcgothello/mcts/othello"
)

// browserTimeout bounds the whole browser test, start of chromium included.
const browserTimeout = 60 * time.Second

// findChromium returns the path of a chromium binary. Without one the test
// is skipped on a developer's machine but fails in CI (CI set), where
// .ci/run installs Debian's chromium package.
func findChromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed, and CI is set so this browser test must run: apt-get install -y chromium")
	}
	t.Skip("chromium is not installed (apt-get install -y chromium); skipping the browser test outside CI")
	return ""
}

// startBrowser starts headless chromium with a fresh profile and returns a
// tab's context, bounded by browserTimeout and closed at the end of the test.
func startBrowser(t *testing.T, width, height int) context.Context {
	t.Helper()
	path := findChromium(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox, // root in the CI container
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
		// Without these chromium tries the network for minutes in a
		// closed sandbox.
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
	}
	ctx, cancel := context.WithTimeout(context.Background(), browserTimeout)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	tctx, cancelTab := chromedp.NewContext(actx, chromedp.WithErrorf(t.Logf))
	// Registered after t.TempDir, so chromium has exited before its
	// profile is removed.
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
		cancel()
	})
	return tctx
}

// serveLoopback serves s on 127.0.0.1 with a port the system chooses and
// returns the page's URL.
func serveLoopback(t *testing.T, s *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(testTimeout):
			t.Error("Serve did not return after its context ended")
		}
	})
	return "http://" + ln.Addr().String() + "/"
}

// domBoard reads the board from the page's squares, as a 64-character
// board string.
const domBoard = `Array.from(document.querySelectorAll("#board .sq")).map(b =>
	b.dataset.disc === "black" ? "X" : b.dataset.disc === "white" ? "O" : "-").join("")`

// visible lists the parts of the engine's panel that are displayed.
const visible = `["t-none", "t-thinking", "t-data", "t-error"].filter(id =>
	getComputedStyle(document.getElementById(id)).display !== "none").join(" ")`

// TestBrowserPlay loads the page in headless chromium, clicks a legal
// square and waits for the engine's reply to appear on the board.
func TestBrowserPlay(t *testing.T) {
	ctx := startBrowser(t, 1280, 900)
	s, err := New(firstLegal{}, Options{ThinkTime: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	url := serveLoopback(t, s) + "othello"

	start := othello.Start()
	err = chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS(`#board[data-version] .sq.legal`)),
	)
	if err != nil {
		t.Fatalf("loading the page: %v", err)
	}
	board := evaluate[string](t, ctx, domBoard)
	squares := evaluate[int](t, ctx, `document.querySelectorAll("#board .sq").length`)
	legal := evaluate[int](t, ctx, `document.querySelectorAll("#board .sq.legal").length`)
	if shown := evaluate[string](t, ctx, visible); shown != "t-none" {
		t.Errorf("before the engine's first move the panel shows %q, want only t-none", shown)
	}
	if squares != 64 || board != start.Board64() || legal != bits.OnesCount64(start.Moves()) {
		t.Fatalf("page shows %d squares, board %s, %d legal hints; want 64, %s, %d",
			squares, board, legal, start.Board64(), bits.OnesCount64(start.Moves()))
	}
	checkHints(t, ctx, "black, 1280 px")

	// Play the person's highest legal square; the fake engine answers
	// with its lowest.
	mine := othello.Move(63 - bits.LeadingZeros64(start.Moves()))
	after := start.Play(mine)
	reply := othello.Move(bits.TrailingZeros64(after.Moves()))
	want := after.Play(reply)
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(fmt.Sprintf(`#board .sq[data-sq=%q]`, mine))),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`(%s) === %q`, domBoard, want.Board64()), chromedp.WithPollingTimeout(testTimeout)),
	)
	if err != nil {
		got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](domBoard))
		t.Fatalf("after clicking %s, waiting for the reply %s: %v; the page shows %s, want %s", mine, reply, err, got, want.Board64())
	}
	status := evaluate[string](t, ctx, `document.getElementById("status").textContent`)
	shown := evaluate[string](t, ctx, `document.getElementById("t-move").textContent`)
	last := evaluate[string](t, ctx, `document.querySelector("#board .sq.last").dataset.sq`)
	legal = evaluate[int](t, ctx, `document.querySelectorAll("#board .sq.legal").length`)
	if panel := evaluate[string](t, ctx, visible); panel != "t-data" {
		t.Errorf("after the engine's move the panel shows %q, want only t-data", panel)
	}
	if last != reply.String() || !strings.HasPrefix(shown, reply.String()) {
		t.Errorf("last move marked %q, engine's move shown %q; want %s", last, shown, reply)
	}
	if !strings.Contains(status, "Your move") || legal != bits.OnesCount64(want.Moves()) {
		t.Errorf("status %q with %d legal hints, want the person's turn with %d", status, legal, bits.OnesCount64(want.Moves()))
	}
	if st := s.snapshot(); st.Record != mine.String()+reply.String() {
		t.Errorf("server's record %q, want %s%s", st.Record, mine, reply)
	}

	// Undo takes back both moves.
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("undo")),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`(%s) === %q`, domBoard, start.Board64()), chromedp.WithPollingTimeout(testTimeout)),
	)
	if err != nil {
		t.Fatalf("undo: %v", err)
	}

	// Load a position where the person (black) must pass and the engine's
	// only move ends the game: the pass is announced and the result shown.
	board = "OX" + strings.Repeat("-", 62)
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS("details.card summary")),
		chromedp.SetValue(chromedp.ID("load-board"), board),
		chromedp.SetValue(chromedp.ID("load-side"), "X"),
		chromedp.Click(chromedp.ID("load")),
		chromedp.WaitVisible(chromedp.ID("result")),
	)
	if err != nil {
		t.Fatalf("loading %s: %v", board, err)
	}
	result := evaluate[string](t, ctx, `document.getElementById("result").textContent`)
	notice := evaluate[string](t, ctx, `document.getElementById("notices").textContent`)
	record := evaluate[string](t, ctx, `document.getElementById("record").value`)
	if !strings.Contains(result, "The engine wins") || !strings.Contains(result, "white 3") {
		t.Errorf("result shown %q, want the engine's win, white 3", result)
	}
	if !strings.Contains(notice, "no legal move") || record != "pac1" {
		t.Errorf("notice %q, record %q; want the pass announced and \"pac1\"", notice, record)
	}
	// The engine's only move: no count of playouts but the reason, and
	// the expected line that starts with the move.
	playouts := evaluate[string](t, ctx, `document.getElementById("t-playouts").textContent`)
	pv := evaluate[string](t, ctx, `document.getElementById("t-pv").textContent`)
	if playouts != "none (only legal move)" || pv != "c1" {
		t.Errorf("panel for a forced move: playouts %q, pv %q; want \"none (only legal move)\" and \"c1\"", playouts, pv)
	}
	// A new game as white with a think time of 0.2 s: the engine opens.
	opening := othello.Move(bits.TrailingZeros64(start.Moves()))
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`input[name="color"][value="white"]`)),
		// Focused, as when a person types, so that a state arriving
		// meanwhile does not overwrite the field.
		chromedp.Focus(chromedp.ID("think")),
		chromedp.SetValue(chromedp.ID("think"), "0.2"),
		chromedp.Click(chromedp.ID("new")),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`(%s) === %q`, domBoard, start.Play(opening).Board64()), chromedp.WithPollingTimeout(testTimeout)),
	)
	if err != nil {
		t.Fatalf("new game as white: %v", err)
	}
	if st := s.snapshot(); st.Human != "white" || st.ThinkMillis != 200 || st.Over {
		t.Errorf("after a new game as white: human %q think %d ms over %v, want white, 200, false", st.Human, st.ThinkMillis, st.Over)
	}
	if who := evaluate[string](t, ctx, `document.getElementById("who-white").textContent`); who != "you" {
		t.Errorf("white is labelled %q, want \"you\"", who)
	}
}

// evaluate runs a JavaScript expression in the page and returns its value.
func evaluate[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// TestBrowserNarrow loads the page in a phone-sized viewport, 420 px wide:
// the board must fit the width (no sideways scrolling) and fill most of
// it, and a screenshot must show the legal-move hints clearly, for either
// colour of the person.
func TestBrowserNarrow(t *testing.T) {
	const width, height = 420, 860
	// Chromium's windows are at least 500 px wide: the viewport of a
	// phone is emulated instead.
	ctx := startBrowser(t, 800, 900)
	s, err := New(firstLegal{}, Options{ThinkTime: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	url := serveLoopback(t, s) + "othello"
	err = chromedp.Do(ctx,
		chromedp.EmulateViewport(width, height),
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS(`#board[data-version] .sq.legal`)),
	)
	if err != nil {
		t.Fatalf("loading the page: %v", err)
	}
	inner := evaluate[float64](t, ctx, `window.innerWidth`)
	scroll := evaluate[float64](t, ctx, `document.documentElement.scrollWidth`)
	// The board's frame and the content box of main, which the page's
	// margins bound; a vertical scroll bar, hidden here, takes its width
	// from the viewport, not from the margins.
	frame := evaluate[[]float64](t, ctx, `(() => { const r = document.querySelector(".frame").getBoundingClientRect(); return [r.left, r.right]; })()`)
	main := evaluate[[]float64](t, ctx, `(() => { const r = document.querySelector("main").getBoundingClientRect(); return [r.left, r.right]; })()`)
	if inner != width {
		t.Fatalf("viewport %v px wide, want %d", inner, width)
	}
	if scroll > inner || frame[0] < main[0] || frame[1] > main[1] {
		t.Errorf("at %v px the page is %v px wide and the board spans %v..%v px, beyond the margins %v..%v: it must fit",
			inner, scroll, frame[0], frame[1], main[0], main[1])
	}
	// It scales to the viewport rather than shrinking to a stamp.
	if w := frame[1] - frame[0]; w < 0.85*inner {
		t.Errorf("at %v px the board is %v px wide, want at least 85%% of the width", inner, w)
	}
	checkHints(t, ctx, "black, 420 px")

	// As white, the hints are light dots: they must stand out too.
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`input[name="color"][value="white"]`)),
		chromedp.Click(chromedp.ID("new")),
		chromedp.Poll[chromedp.Void](`document.body.classList.contains("human-white") && document.querySelectorAll("#board .sq.legal").length > 0`,
			chromedp.WithPollingTimeout(testTimeout)),
	)
	if err != nil {
		t.Fatalf("new game as white: %v", err)
	}
	checkHints(t, ctx, "white, 420 px")
}

// minHintContrast is the least contrast ratio between a legal-move hint and
// the empty felt around it: 3:1, what WCAG 2.1 (success criterion 1.4.11)
// asks of the graphical parts of a control.
const minHintContrast = 3.0

// checkHints takes a screenshot and checks that the centre of every hinted
// square contrasts with the centre of an empty square without a hint by at
// least minHintContrast, that is, that the hints can be seen.
func checkHints(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	// The board must be on screen to be measured: on a phone the buttons
	// below it scroll it away.
	evaluate[any](t, ctx, `document.querySelector(".frame").scrollIntoView({block: "start"})`)
	// The hints fade in: wait for the transitions to end.
	err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.getAnimations().every(a => a.playState !== "running")`,
		chromedp.WithPollingTimeout(testTimeout)))
	if err != nil {
		t.Fatalf("%s: waiting for the page to settle: %v", what, err)
	}
	// The centres, in CSS pixels, of the hinted squares and of one empty
	// square without a hint (the felt).
	centres := evaluate[[][]float64](t, ctx, `(() => {
		const c = (b) => { const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
		const felt = Array.from(document.querySelectorAll("#board .sq:not(.legal)")).find(b => b.dataset.disc === "" && !b.classList.contains("last"));
		return [c(felt), ...Array.from(document.querySelectorAll("#board .sq.legal")).map(c)];
	})()`)
	dpr := evaluate[float64](t, ctx, `window.devicePixelRatio`)
	raw, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("%s: screenshot: %v", what, err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: decoding the screenshot: %v", what, err)
	}
	lum := func(p []float64) float64 { return luminance(img, int(p[0]*dpr), int(p[1]*dpr)) }
	felt := lum(centres[0])
	if len(centres) < 2 {
		t.Fatalf("%s: no hinted square", what)
	}
	for _, c := range centres[1:] {
		if r := contrast(lum(c), felt); r < minHintContrast {
			t.Errorf("%s: the hint at (%.0f, %.0f) has contrast %.2f:1 with the felt, want at least %.1f:1", what, c[0], c[1], r, minHintContrast)
		}
	}
}

// luminance is the relative luminance (WCAG 2.1) of the average colour of
// the 3 x 3 pixels around (x, y).
func luminance(img image.Image, x, y int) float64 {
	var sum [3]float64
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			r, g, b, _ := img.At(x+dx, y+dy).RGBA()
			for i, v := range []uint32{r, g, b} {
				sum[i] += float64(v) / 0xffff
			}
		}
	}
	var lin [3]float64
	for i, v := range sum {
		v /= 9
		if v <= 0.04045 {
			lin[i] = v / 12.92
		} else {
			lin[i] = math.Pow((v+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*lin[0] + 0.7152*lin[1] + 0.0722*lin[2]
}

// contrast is the WCAG contrast ratio of two relative luminances.
func contrast(a, b float64) float64 {
	if a < b {
		a, b = b, a
	}
	return (a + 0.05) / (b + 0.05)
}

// plotPoints reads the plot's points from the page: ply, x and y of each,
// and the y of its black (100 %) and white (0 %) lines.
const plotPoints = `(() => {
	const pts = Array.from(document.querySelectorAll("#plot circle.pt")).map(c =>
		[+c.dataset.ply, +c.getAttribute("cx"), +c.getAttribute("cy"), c.classList.contains("analysis") ? 1 : 0]);
	const edges = Array.from(document.querySelectorAll("#plot line.edge")).map(l => +l.getAttribute("y1"));
	const mid = +document.querySelector("#plot line.mid").getAttribute("y1");
	return {pts, top: Math.min(...edges), bottom: Math.max(...edges), mid};
})()`

// plot is what plotPoints returns.
type plot struct {
	Pts              [][]float64
	Top, Bottom, Mid float64
}

// checkPlot compares the plot the page draws with the server's
// evaluations: a point for each, at its ply, as high as black's
// expectation between the white (0 %) and black (100 %) lines.
func checkPlot(t *testing.T, ctx context.Context, s *Server, what string) {
	t.Helper()
	p := evaluate[plot](t, ctx, plotPoints)
	evals := s.snapshot().Evaluations
	if len(p.Pts) != len(evals) {
		t.Fatalf("%s: the plot has %d points, want %d (the server's evaluations %+v)", what, len(p.Pts), len(evals), evals)
	}
	if math.Abs(p.Mid-(p.Top+p.Bottom)/2) > 0.01 || p.Bottom <= p.Top {
		t.Errorf("%s: the 50%% line at y %v, want halfway between %v and %v", what, p.Mid, p.Top, p.Bottom)
	}
	for i, e := range evals {
		ply, x, y, analysis := p.Pts[i][0], p.Pts[i][1], p.Pts[i][2], p.Pts[i][3] == 1
		want := p.Top + (p.Bottom-p.Top)*(1-e.Black)
		if int(ply) != e.Ply || math.Abs(y-want) > 0.01 || analysis != (e.Source == sourceAnalysis) {
			t.Errorf("%s: point %d at ply %v y %v (analysis %v), want ply %d y %.2f (black %.3f, %s)", what, i, ply, y, analysis, e.Ply, want, e.Black, e.Source)
		}
		if i > 0 && x <= p.Pts[i-1][1] {
			t.Errorf("%s: point %d at x %v, not right of the previous one at %v", what, i, x, p.Pts[i-1][1])
		}
	}
}

// TestBrowserAnalysis plays a few moves in the page and checks the plot of
// the engine's expected result, the values of the legal moves on request,
// and the plot after an undo and a reload.
func TestBrowserAnalysis(t *testing.T) {
	ctx := startBrowser(t, 1280, 900)
	s, err := New(newValuer(false), Options{ThinkTime: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	url := serveLoopback(t, s) + "othello"
	err = chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS(`#board[data-version] .sq.legal`)),
	)
	if err != nil {
		t.Fatalf("loading the page: %v", err)
	}
	checkPlot(t, ctx, s, "a new game")
	const moves = 3
	for i := 1; i <= moves; i++ {
		// The person's highest legal square, chosen in the page.
		last := chromedp.JSPath(`(() => { const l = document.querySelectorAll("#board .sq.legal"); return l[l.length - 1]; })()`)
		err := chromedp.Do(ctx,
			chromedp.Click(last),
			chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.querySelectorAll("#plot circle.pt").length === %d && document.querySelectorAll("#board .sq.legal").length > 0`, i),
				chromedp.WithPollingTimeout(testTimeout)),
		)
		if err != nil {
			t.Fatalf("move %d: waiting for the engine's reply and its point: %v", i, err)
		}
	}
	checkPlot(t, ctx, s, fmt.Sprintf("after %d moves", moves))

	// Show values: each legal square, and no other, shows the engine's
	// value for it; the game does not change.
	before := s.snapshot()
	labelled := `Array.from(document.querySelectorAll("#board .sq")).filter(b => b.querySelector(".val").textContent !== "")`
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("values")),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`%s.length === %d`, labelled, len(before.Legal)), chromedp.WithPollingTimeout(testTimeout)),
	)
	if err != nil {
		t.Fatalf("show values: %v", err)
	}
	got := evaluate[[][]string](t, ctx, labelled+`.map(b => [b.dataset.sq, b.querySelector(".val").textContent, b.classList.contains("best") ? "best" : ""])`)
	for i, sq := range before.Legal {
		m, err := othello.ParseSquare(sq)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{sq, fmt.Sprintf("%.0f%%", math.Round(100*moveRate(m))), ""}
		if i == 0 {
			want[2] = "best" // the valuer's choice, its lowest square
		}
		if i >= len(got) || !reflect.DeepEqual(got[i], want) {
			t.Errorf("labelled squares %v, want %v at %d", got, want, i)
			break
		}
	}
	if board := evaluate[string](t, ctx, domBoard); board != before.Board || s.snapshot().Record != before.Record {
		t.Errorf("showing values changed the game: board %s record %s, want %s %s", board, s.snapshot().Record, before.Board, before.Record)
	}
	checkPlot(t, ctx, s, "after the analysis")
	if n := evaluate[int](t, ctx, `document.querySelectorAll("#plot circle.pt.analysis").length`); n != 1 {
		t.Errorf("%d points of analyses, want 1", n)
	}

	// Hide values, then undo: the plot loses the points after the
	// position shown; a reload draws the same plot.
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("values")),
		chromedp.Poll[chromedp.Void](labelled+`.length === 0`, chromedp.WithPollingTimeout(testTimeout)),
		chromedp.Click(chromedp.ID("undo")),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.querySelectorAll("#plot circle.pt").length === %d`, moves-1), chromedp.WithPollingTimeout(testTimeout)),
	)
	if err != nil {
		t.Fatalf("hide values and undo: %v", err)
	}
	checkPlot(t, ctx, s, "after undo")
	err = chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.querySelectorAll("#plot circle.pt").length === %d`, moves-1), chromedp.WithPollingTimeout(testTimeout)),
	)
	if err != nil {
		t.Fatalf("reload: %v", err)
	}
	checkPlot(t, ctx, s, "after a reload")
}
