package plural

import "testing"

func TestOf(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{Of(1, "row"), "1 row"},
		{Of(0, "row"), "0 rows"},
		{Of(2, "row"), "2 rows"},
		{Of(-1, "point"), "-1 points"},
		{Irregular(1, "ply", "plies"), "1 ply"},
		{Irregular(6, "ply", "plies"), "6 plies"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
