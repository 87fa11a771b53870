package agent

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/einstein"
)

func position(t *testing.T, rows, turn string) einstein.Position {
	t.Helper()
	p, err := einstein.Parse(strings.ReplaceAll(rows, "/", "\n") + "\n" + turn + "\n")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestGreedy checks each of greedy's criteria on a position where it
// decides.
func TestGreedy(t *testing.T) {
	cases := []struct {
		name, rows, turn, want string
	}{
		// Red 1 reaches (5,5) going south; red 3 could take blue 2.
		{"a win before a capture", ". . . . B4/. . . . ./. . R3 B2 ./. . . . R1/. . . . .", "turn 1 red", "12"},
		// Red 1 takes the last blue cube; red 3 would get next to the corner.
		{"the last cube", "R1 B2 . . ./. . . . ./. . R3 . ./. . . . ./. . . . .", "turn 1 red", "11"},
		// Red 3 takes blue 2 far from the goal; red 1 could step next to it.
		{"a capture before distance", "R3 B2 . . ./. . . . B4/. . R1 . ./. . . . ./. . . . .", "turn 1 red", "31"},
		// Red 1 (2,2) south-east to (3,3): Chebyshev 2, Manhattan 4. Red 3
		// (5,1) east to (5,2): Chebyshev 3, Manhattan 3.
		{"Chebyshev before Manhattan", ". . . . ./. R1 . . ./. . . . ./. . . . B2/R3 . . . .", "turn 1 red", "13"},
		// Red 3 (3,4): south (4,4) and south-east (4,5) are both one move
		// from the corner; the diagonal is nearer by Manhattan.
		{"Manhattan", ". . . . ./. . . . ./. . . R3 ./. . . . ./B2 . . . .", "turn 1 red", "33"},
		// Red 1 (1,5) south and red 3 (5,1) east: both Chebyshev 3 and
		// Manhattan 3; the lower cube first.
		{"ties by cube", ". . . . R1/. . . . ./. . . . ./. . . . ./R3 . . . B2", "turn 1 red", "12"},
		{"ties by cube, swapped", ". . . . R3/. . . . ./. . . . ./. . . . ./R1 . . . B2", "turn 1 red", "11"},
		// Blue: its goal is (1,1).
		{"blue wins", ". . . . R2/. B2 . . ./. . . . ./. . . B4 ./. . . . .", "turn 2 blue", "23"},
		{"blue captures", ". . . . ./. . . . ./. . . . ./. . R1 B2 ./. . . R3 B4", "turn 2 blue", "21"},
		// Blue 2 (4,4): west (4,3) Chebyshev 3, north (3,4) 3, north-west
		// (3,3) 2; blue 4 (5,5) all 4 or 3.
		{"blue advances", "R1 . . . ./. . . . ./. . . . ./. . . B2 ./. . . . B4", "turn 2 blue", "23"},
		{"pass", "R1 R2 . . ./R4 R6 . . ./. . . . ./. . . . ./. . . . B1", "turn 1 red", "00"},
	}
	for _, c := range cases {
		p := position(t, c.rows, c.turn)
		if got := (Greedy{}).Move(p).String(); got != c.want {
			t.Errorf("%s: greedy plays %s, want %s in\n%v", c.name, got, c.want, p)
		}
	}
}

// TestPlayersLegal plays seeded games of random against greedy, each side
// in turn: every move must be legal. And random must use every move it
// has.
func TestPlayersLegal(t *testing.T) {
	src := rand.NewPCG(11, 12)
	players := [3]Player{einstein.Red: NewRandom(src), einstein.Blue: Greedy{}}
	for g := range 200 {
		p := einstein.New(einstein.RandomLayout(src))
		for !p.Over() {
			m := players[p.ToMove()].Move(p)
			if err := p.Play(m); err != nil {
				t.Fatalf("game %d: %v", g, err)
			}
		}
		players[einstein.Red], players[einstein.Blue] = players[einstein.Blue], players[einstein.Red]
	}
	r := NewRandom(rand.NewPCG(1, 1))
	l, _ := einstein.ParseLayout("123456")
	seen := map[einstein.Move]bool{}
	for range 100 {
		seen[r.Move(einstein.New(l))] = true
	}
	if len(seen) != 6 {
		t.Errorf("random chose %d distinct moves of 6 in 100 tries", len(seen))
	}
}
