package web

import (
	"context"
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/thinking"
)

// The screenshot of docs/ is taken by a test that runs only when asked:
//
//	go test ./web -run TestScreenshot -screenshot $PWD/docs/screenshot.png
//
// It plays a few moves through the page, asks for the values of the
// person's moves, and saves it. With -screenshot-url
// it drives a page already served (search --http) with the real engine;
// without, it serves one with a stand-in flat Monte-Carlo search.
var (
	screenshotFile  = flag.String("screenshot", "", "play a few moves in the browser and save the page to this PNG file")
	screenshotURL   = flag.String("screenshot-url", "", "with -screenshot: drive the page at this URL instead of a server with a stand-in engine")
	screenshotMoves = flag.Int("screenshot-moves", 12, "with -screenshot: how many moves the person plays first")
)

func TestScreenshot(t *testing.T) {
	if *screenshotFile == "" {
		t.Skip("no -screenshot file given")
	}
	ctx := startBrowser(t, 1200, 780)
	url := *screenshotURL
	if url == "" {
		s, err := New(flatMC{}, Options{ThinkTime: 300 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		url = serveLoopback(t, s) + "othello"
	}
	yourTurn := chromedp.Poll[chromedp.Void](`!document.body.classList.contains("thinking") && document.querySelectorAll("#board .sq.legal").length > 0`,
		chromedp.WithPollingTimeout(30*time.Second))
	// changed waits until the page shows a state newer than version v:
	// the answer to a click, not the state before it.
	changed := func(v int) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](fmt.Sprintf(`+document.getElementById("board").dataset.version > %d`, v),
			chromedp.WithPollingTimeout(testTimeout))
	}
	version := `+document.getElementById("board").dataset.version`
	err := chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS(`#board[data-version]`)),
		chromedp.SetValue(chromedp.ID("think"), "1"),
	)
	if err != nil {
		t.Fatal(err)
	}
	v := evaluate[int](t, ctx, version)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("new")), changed(v)); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(6, 7122))
	for i := 0; i < *screenshotMoves; i++ {
		if err := chromedp.Do(ctx, yourTurn); err != nil {
			t.Fatalf("waiting for the person's turn %d: %v", i+1, err)
		}
		k := r.IntN(64)
		v := evaluate[int](t, ctx, version)
		// The square is chosen in the page, among the hints it shows.
		square := chromedp.JSPath(fmt.Sprintf(`(() => { const l = document.querySelectorAll("#board .sq.legal"); return l[%d %% l.length]; })()`, k))
		if err := chromedp.Do(ctx, chromedp.Click(square), changed(v)); err != nil {
			t.Fatalf("move %d: clicking a legal square: %v", i+1, err)
		}
	}
	// The values of the person's moves, on request, and the plot.
	err = chromedp.Do(ctx, yourTurn,
		chromedp.Click(chromedp.ID("values")),
		chromedp.Poll[chromedp.Void](`document.getElementById("values").textContent === "Hide values"`, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Sleep(500*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(*screenshotFile, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d bytes)", *screenshotFile, len(png))
}

// flatMC is a stand-in search for the screenshot: uniformly random
// playouts spread over the legal moves until the deadline, the best mean
// chosen. It is no engine, but its numbers are real.
type flatMC struct{}

func (flatMC) Think(ctx context.Context, g *othello.Game) (thinking.Thought, error) {
	start := time.Now()
	pos := g.Position()
	var moves []othello.Move
	for b := pos.Moves(); b != 0; b &= b - 1 {
		moves = append(moves, othello.Move(bits.TrailingZeros64(b)))
	}
	if len(moves) == 0 {
		return thinking.Thought{Move: othello.Pass}, nil
	}
	wins := make([]float64, len(moves))
	runs := make([]int64, len(moves))
	r := rand.New(rand.NewPCG(uint64(pos.Player), uint64(pos.Opponent)))
	var total int64
	for ctx.Err() == nil && total < 1e7 {
		for i, m := range moves {
			wins[i] += randomResult(pos.Play(m), pos.Turn, r)
			runs[i]++
		}
		total += int64(len(moves))
	}
	best := 0
	values := make([]thinking.MoveValue, len(moves))
	for i, m := range moves {
		if wins[i]/float64(runs[i]) > wins[best]/float64(runs[best]) {
			best = i
		}
		values[i] = thinking.MoveValue{Move: m, Visits: runs[i], WinRate: wins[i] / float64(runs[i])}
	}
	return thinking.Thought{
		Move: moves[best], Playouts: total, WinRate: wins[best] / float64(runs[best]),
		PV: []othello.Move{moves[best]}, Elapsed: time.Since(start), Summary: "flat Monte-Carlo stand-in",
		Values: values,
	}, nil
}

// randomResult plays random moves to the end and scores the game for me:
// 1 a win, 0.5 a draw, 0 a loss.
func randomResult(p othello.Position, me othello.Color, r *rand.Rand) float64 {
	for passes := 0; passes < 2; {
		moves := p.Moves()
		if moves == 0 {
			p = p.Pass()
			passes++
			continue
		}
		passes = 0
		for k := r.IntN(bits.OnesCount64(moves)); k > 0; k-- {
			moves &= moves - 1
		}
		p = p.Play(othello.Move(bits.TrailingZeros64(moves)))
	}
	d := p.Score()
	if me == othello.White {
		d = -d
	}
	switch {
	case d > 0:
		return 1
	case d == 0:
		return 0.5
	}
	return 0
}
