package match

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// TestWriteGGFForfeit checks the exact line of a hand-made game: an
// opening ply without a time, a ply with its reply time rounded to the
// millisecond, a timeout by black (RE -64.00:t) and a name GGF cannot carry.
func TestWriteGGFForfeit(t *testing.T) {
	f5, d6 := othello.MoveAt(4, 5), othello.MoveAt(5, 3)
	pos := othello.Start().Play(f5).Play(d6)
	g := &GameResult{
		Round: 1, Black: "alice", White: "b[o]b", Played: true,
		Moves: []othello.Move{f5, d6}, Times: []time.Duration{0, 1234567 * time.Microsecond}, Opening: 1,
		Final: pos, Outcome: WhiteWins,
		Forfeit: &otp.Forfeit{Reason: otp.ForfeitTimeout}, ForfeitBy: othello.Black,
		Start: time.Date(2026, 11, 23, 10, 0, 5, 0, time.FixedZone("CET", 3600)),
	}
	var b bytes.Buffer
	if err := WriteGGF(&b, g); err != nil {
		t.Fatal(err)
	}
	want := "(;GM[Othello]PC[tcgothello judge]DT[2026.11.23_09:00:05.UTC]PB[alice]PW[b(o)b]TY[8]RE[-64.00:t]" +
		"BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6//1.235];)\n"
	if b.String() != want {
		t.Errorf("WriteGGF =\n%s\nwant\n%s", b.String(), want)
	}
	g.Forfeit.Reason, g.Outcome = otp.ForfeitIllegalMove, BlackWins
	b.Reset()
	if err := WriteGGF(&b, g); err != nil || !strings.Contains(b.String(), "RE[+64.00:r]") {
		t.Errorf("an illegal move by white: %v, %s; want RE[+64.00:r]", err, b.String())
	}
	g.Played = false
	b.Reset()
	if err := WriteGGF(&b, g); err != nil || b.Len() != 0 {
		t.Errorf("an unplayed round wrote %q, %v; want nothing", b.String(), err)
	}
}

// TestWriteRecordGGFReadsBack plays a real match over loopback and reads
// every line back with the GGF reader: the same players, the moves replay
// to the final board the judge saw, and RE is its score.
func TestWriteRecordGGFReadsBack(t *testing.T) {
	run := runMatch(t, 2, &matchtest.Engine{Name: "alice"}, &matchtest.Engine{Name: "bob"})
	var b bytes.Buffer
	if err := WriteRecordGGF(&b, &run.res); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want one a round:\n%s", len(lines), b.String())
	}
	for i, l := range lines {
		g := &run.res.Games[i]
		r, err := othello.ParseGGF(l)
		if err != nil {
			t.Fatalf("round %d: %v\n%s", i+1, err, l)
		}
		replay, err := r.Game()
		if err != nil {
			t.Fatal(err)
		}
		if r.Black != g.Black || r.White != g.White || replay.Position() != g.Final ||
			r.Result != othello.GGFResult(g.Final.Score()) || len(r.Moves) != len(g.Moves) {
			t.Errorf("round %d: read back %+v, want players %s/%s, final %v, score %d", i+1, r, g.Black, g.White, g.Final, g.Final.Score())
		}
	}
}
