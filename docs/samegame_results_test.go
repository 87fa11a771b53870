package docs

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/samegame"
)

// TestSameGameResultsReplay replays every sequence of the committed
// SameGame results (docs/results/*.txt, as samegame search printed them)
// on the standard boards with the rules package, and checks each score and
// the total the docs quote: a result in the docs is one anybody can check.
func TestSameGameResultsReplay(t *testing.T) {
	f, err := os.Open("../samegame/testdata/standard20.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	boards, err := samegame.ParseBoards(f, "standard20.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file          string
		boards, total int
	}{
		{"results/samegame-cpu300.txt", len(boards), 77808},
		{"results/samegame-cpu600.txt", len(boards), 78844},
	} {
		lines, total := replayResults(t, boards, c.file)
		if lines != c.boards || total != c.total {
			t.Errorf("%s: %d boards totalling %d, want %d boards totalling %d", c.file, lines, total, c.boards, c.total)
		}
	}
}

// replayResults replays every line of a results file on boards and
// returns how many lines it had and the total of their replayed scores.
func replayResults(t *testing.T, boards []samegame.Board, file string) (lines, total int) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) < 3 {
			t.Fatalf("%s: line %q: want N SCORE MOVES ...", file, sc.Text())
		}
		n, err1 := strconv.Atoi(fields[0])
		score, err2 := strconv.Atoi(fields[1])
		if err1 != nil || err2 != nil || n < 1 || n > len(boards) {
			t.Fatalf("%s: line %q: bad board number or score", file, sc.Text())
		}
		moves, err := samegame.ParseMoves(fields[2])
		if err != nil {
			t.Fatalf("%s: board %d: %v", file, n, err)
		}
		got, over, err := samegame.Replay(boards[n-1], moves, false)
		if err != nil || !over || got != score {
			t.Errorf("%s: board %d replays to %d (game over %v, err %v), the file says %d", file, n, got, over, err, score)
		}
		total += got
		lines++
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return lines, total
}
