package samegame

import (
	"strings"
	"testing"
)

// TestShowReplay: the board, then each legal move with its points and the
// board after it; the listing stops at the first illegal move.
func TestShowReplay(t *testing.T) {
	b := MustBoard("1122", "1132")
	var sb strings.Builder
	ShowReplay(&sb, 4, b, []Cell{{0, 0}, {1, 1}, {0, 0}, {1, 1}})
	want := "board 4:\n1122\n1132\n" +
		"after a1 (+4):\n22..\n32..\n" +
		"after b2 (+1):\n....\n3...\n"
	if got := sb.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if b.String() != "1122\n1132\n" {
		t.Errorf("the board given changed: %q", b.String())
	}
}
