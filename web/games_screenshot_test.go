package web

import (
	"flag"
	"fmt"
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
		// No focus ring on the last button clicked.
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`)); err != nil {
			t.Fatal(err)
		}
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*gamesScreenshots, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Go: two walls on 9x9, a white invasion left dead in black's area,
	// three passes, black done (nothing of his is dead), the invader
	// marked dead by white, its owner.
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"go"), chromedp.WaitVisible(chromedp.CSS(`#board[data-version] .pt`))); err != nil {
		t.Fatal(err)
	}
	var moves []string
	for row := 1; row <= 9; row++ {
		moves = append(moves, fmt.Sprintf("d%d", row), fmt.Sprintf("f%d", row))
	}
	moves = append(moves, "pass", "b5", "pass", "pass", "pass")
	for _, mv := range moves {
		sel := `#board [data-sq="` + mv + `"]`
		if mv == "pass" {
			sel = "#pass"
		}
		clickAndWait(t, ctx, sel)
	}
	clickAndWait(t, ctx, "#done-black")
	clickAndWait(t, ctx, `#board [data-sq="b5"]`)
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
	for _, mv := range []string{"d4", "e3", "d6", "c4"} {
		if err := chromedp.Do(ctx, turn); err != nil {
			t.Fatal(err)
		}
		sel := `#board .pt.legal[data-sq="` + mv + `"]`
		if !evaluate[bool](t, ctx, `document.querySelector('`+sel+`') !== null`) {
			sel = "#board .pt.legal" // the engine took the point
		}
		clickAndWait(t, ctx, sel)
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
