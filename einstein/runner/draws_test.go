package runner

import (
	"regexp"
	"strings"
	"testing"
)

// The boards and first colours the course's runner draws, from the
// output of a C++ program built with g++ 12.2.0 outside the repository
// that draws as the runner's source does (internal/stdrand's tests say
// how): for each seed, its coin's first draw (uniform_int_distribution<int>(1, 2)
// on std::mt19937_64(seed)), then 12 std::shuffle of "123456" on another
// std::mt19937_64(seed).
var courseDraws = []struct {
	seed    uint64
	red     int
	layouts string
}{
	{0, 1, "563421 564213 162354 162534 462135 246513 521463 534261 415362 432651 316245 213456"},
	{1, 1, "365124 431652 415326 345261 625143 612453 356412 152643 542631 463521 435621 315246"},
	{2018, 2, "356241 351462 561432 361452 461253 541236 265431 324156 513246 432651 521364 145623"},
}

// TestCourseDraws: the course runner's boards and first red player.
func TestCourseDraws(t *testing.T) {
	for _, c := range courseDraws {
		next := CourseLayouts(c.seed)
		var got []string
		for range 12 {
			got = append(got, next().String())
		}
		if strings.Join(got, " ") != c.layouts {
			t.Errorf("seed %d: boards %s, want %s", c.seed, strings.Join(got, " "), c.layouts)
		}
		if r := CourseFirstRed(c.seed); r != c.red {
			t.Errorf("seed %d: first red player %d, want %d", c.seed, r, c.red)
		}
	}
}

var headRE = regexp.MustCompile(`(?m)^round (\d+): red \S+ \(player (\d)\), blue \S+ \(player (\d)\), layout (\d{6})`)

// TestSeriesDrawsAsTheCourse: a series from seed 2018 plays the course
// runner's rounds: its boards in order, player 2 red first (the coin)
// and the colours alternating; between people, player 1 red throughout.
func TestSeriesDrawsAsTheCourse(t *testing.T) {
	layouts := strings.Fields(courseDraws[2].layouts)
	for _, people := range []bool{false, true} {
		var out strings.Builder
		s := Series{Seats: [2]Seat{&scripted{}, &scripted{}}, Rounds: 4, Seed: 2018, Limit: 1e9, People: people}
		if err := s.Play(t.Context(), &out); err != nil {
			t.Fatal(err)
		}
		heads := headRE.FindAllStringSubmatch(out.String(), -1)
		if len(heads) != 4 {
			t.Fatalf("people %v: %d rounds in\n%s", people, len(heads), out.String())
		}
		for i, h := range heads {
			red := []string{"2", "1"}[i%2]
			if people {
				red = "1"
			}
			if h[2] != red || h[4] != layouts[i] {
				t.Errorf("people %v, round %d: red player %s, board %s; want %s, %s", people, i+1, h[2], h[4], red, layouts[i])
			}
		}
	}
}
