package web

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The screenshots of the other games in docs/ are taken by a test that
// runs only when asked, with the real engines of Kill-All Go and Einstein
// (at 300 ms a move):
//
//	go test ./web -run TestGamesScreenshots -games-screenshots $PWD/docs
var gamesScreenshots = flag.String("games-screenshots", "", "play a few moves of Go, Kill-All Go and Einstein in the browser and save each page as a PNG in this directory")

func TestGamesScreenshots(t *testing.T) {
	if *gamesScreenshots == "" {
		t.Skip("no -games-screenshots directory given")
	}
	ctx := startBrowser(t, 1200, 780)
	s, err := New(firstLegal{}, Options{ThinkTime: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	base := serveLoopback(t, s)
	save := func(name string) {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*gamesScreenshots, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Go: goScript on 9x9 is too small to show; a short opening on 9x9,
	// then the same ko fight's shape and three passes for the scoring.
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"go"), chromedp.WaitVisible(chromedp.CSS(`#board[data-version] .pt`))); err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"c3", "g7", "c7", "g3", "e5", "e3", "d3", "e4", "d4", "f5", "e6", "f6", "e7", "f7", "c5", "d2", "c2", "e2", "f4", "pass", "pass", "pass"} {
		sel := `#board [data-sq="` + mv + `"]`
		if mv == "pass" {
			sel = "#pass"
		}
		clickAndWait(t, ctx, sel)
	}
	clickAndWait(t, ctx, `#board [data-sq="f4"]`)
	save("screenshot-go.png")

	if err := chromedp.Do(ctx, chromedp.Navigate(base+"killallgo"), chromedp.WaitVisible(chromedp.CSS(`#board[data-version] .pt`))); err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"c3", "e5", "c5"} {
		clickAndWait(t, ctx, `#board [data-sq="`+mv+`"]`)
	}
	clickAndWait(t, ctx, "#start")
	turn := chromedp.Poll[chromedp.Void](`!document.body.classList.contains("thinking") && document.querySelector("#board .pt.legal") !== null`,
		chromedp.WithPollingTimeout(30*time.Second))
	for _, mv := range []string{"d4", "e3", "d6"} {
		if err := chromedp.Do(ctx, turn); err != nil {
			t.Fatal(err)
		}
		clickAndWait(t, ctx, `#board .pt.legal[data-sq="`+mv+`"], #board .pt.legal`)
	}
	if err := chromedp.Do(ctx, turn); err != nil {
		t.Fatal(err)
	}
	save("screenshot-killallgo.png")

	if err := chromedp.Do(ctx, chromedp.Navigate(base+"einstein"), chromedp.WaitVisible(chromedp.CSS(`#board[data-version] .cell.movable`))); err != nil {
		t.Fatal(err)
	}
	yourTurn := chromedp.Poll[chromedp.Void](`!document.body.classList.contains("thinking") && document.querySelector("#board .cell.movable") !== null`,
		chromedp.WithPollingTimeout(30*time.Second))
	for range 3 {
		if err := chromedp.Do(ctx, yourTurn, chromedp.Click(chromedp.CSS("#board .cell.movable")), chromedp.WaitVisible(chromedp.CSS("#board .cell.target"))); err != nil {
			t.Fatal(err)
		}
		clickAndWait(t, ctx, "#board .cell.target")
	}
	if err := chromedp.Do(ctx, yourTurn, chromedp.Click(chromedp.CSS("#board .cell.movable"))); err != nil {
		t.Fatal(err)
	}
	save("screenshot-einstein.png")
	if err := chromedp.Do(ctx, chromedp.Navigate(base)); err != nil {
		t.Fatal(err)
	}
	save("screenshot-games.png")
}
