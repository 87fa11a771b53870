package tournament

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/otp"
)

// mergeHeader is a round robin of three engines over two openings, two
// rounds: 12 games.
func mergeHeader() Header {
	return Header{Version: resultsVersion, Mode: "round-robin", Seed: 5, Rounds: 2,
		Engines:  []EngineInfo{{Name: "a", Command: "./a", SeedFlag: "--seed"}, {Name: "b", Command: "./b"}, {Name: "c", Command: "./c --x"}},
		Openings: []string{"f5d6c3", "f5f4"}, GenMoveMS: 10000, ReplyMS: 1000, Start: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
}

// gameRecords returns a record of each game numbered in games, of the
// tournament h: black wins the odd games, white the even ones.
func gameRecords(t *testing.T, h Header, games ...int) []Record {
	t.Helper()
	schedule, err := h.Schedule()
	if err != nil {
		t.Fatal(err)
	}
	var out []Record
	for _, g := range games {
		outcome := match.BlackWins
		if g%2 == 0 {
			outcome = match.WhiteWins
		}
		played := &Played{Game: match.GameResult{Played: true, Outcome: outcome}}
		out = append(out, newRecord(schedule[g-1], h.Names(), played))
	}
	return out
}

// anyMoves is a Replayer that takes any moves: the records of these tests
// are of the schedule's games, without moves to replay (TestMergeReplays
// has games of the rules).
func anyMoves(*Record) error { return nil }

// shardInput is the results of shard s of h holding the games listed.
func shardInput(t *testing.T, h Header, s Shard, games ...int) MergeInput {
	h.Shard = &s
	h.Fingerprint = h.ComputeFingerprint()
	h.Start = h.Start.Add(time.Duration(s.K) * time.Minute)
	return MergeInput{Name: "shard-" + fmt.Sprint(s.K), Header: h, Records: gameRecords(t, h, games...)}
}

// Every game is in exactly one shard, whatever N, and the shards keep the
// schedule's order.
func TestShardsPartition(t *testing.T) {
	h := mergeHeader()
	schedule, err := h.Schedule()
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 13; n++ {
		seen := map[int]int{}
		for k := range n {
			s := Shard{k, n}
			part := s.Of(schedule)
			for i, p := range part {
				seen[p.Game]++
				if i > 0 && p.Game <= part[i-1].Game {
					t.Errorf("shard %s: game %d after %d", s, p.Game, part[i-1].Game)
				}
				if (p.Game-1)%n != k {
					t.Errorf("shard %s holds game %d", s, p.Game)
				}
			}
		}
		for _, p := range schedule {
			if seen[p.Game] != 1 {
				t.Errorf("N=%d: game %d in %d shards, want 1", n, p.Game, seen[p.Game])
			}
		}
	}
}

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Shard
		err  string
	}{
		{"0/1", Shard{0, 1}, ""},
		{"2/3", Shard{2, 3}, ""},
		{"3/3", Shard{}, "K must be from 0 to 2"},
		{"-1/3", Shard{}, "K must be"},
		{"0/0", Shard{}, "N must be 1 or more"},
		{"1", Shard{}, "want K/N"},
		{"a/b", Shard{}, "two whole numbers"},
	} {
		got, err := ParseShard(c.in)
		if c.err == "" && (err != nil || got != c.want) || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("ParseShard(%q) = %v, %v; want %v, %q", c.in, got, err, c.want, c.err)
		}
		if c.err == "" && got.String() != c.in {
			t.Errorf("%v prints as %q, want %q", got, got.String(), c.in)
		}
	}
}

// The fingerprint is the same for every shard and start of a tournament,
// and changes with everything that changes its games.
func TestFingerprint(t *testing.T) {
	h := mergeHeader()
	fp := h.ComputeFingerprint()
	if len(fp) != fingerprintHex || strings.Trim(fp, "0123456789abcdef") != "" {
		t.Fatalf("fingerprint %q, want %d hexadecimal digits", fp, fingerprintHex)
	}
	same := mergeHeader()
	same.Start = same.Start.Add(time.Hour)
	same.Shard = &Shard{1, 4}
	same.Fingerprint = "whatever"
	if got := same.ComputeFingerprint(); got != fp {
		t.Errorf("another start, shard and stored fingerprint: %s, want %s", got, fp)
	}
	sprt := SPRT{Elo0: 0, Elo1: 30, Alpha: 0.05, Beta: 0.05}
	for what, change := range map[string]func(*Header){
		"mode":      func(x *Header) { x.Mode = "gauntlet" },
		"seed":      func(x *Header) { x.Seed++ },
		"rounds":    func(x *Header) { x.Rounds++ },
		"name":      func(x *Header) { x.Engines[1].Name = "z" },
		"command":   func(x *Header) { x.Engines[2].Command = "./c --y" },
		"seed flag": func(x *Header) { x.Engines[1].SeedFlag = "-s" },
		"protocol":  func(x *Header) { x.Engines[2].Protocol = ProtocolNBoard },
		"depth":     func(x *Header) { x.Engines[2].Depth = 9 },
		"openings":  func(x *Header) { x.Openings = slices.Clone(x.Openings)[:1] },
		"genmove":   func(x *Header) { x.GenMoveMS = 9000 },
		"reply":     func(x *Header) { x.ReplyMS = 2000 },
		"sprt":      func(x *Header) { x.SPRTTest = &sprt },
	} {
		other := mergeHeader()
		change(&other)
		if other.ComputeFingerprint() == fp {
			t.Errorf("another %s: the same fingerprint", what)
		}
	}
}

// Three shards, one run twice, merge into the whole tournament: every game
// once, in order, the earliest start, no shard.
func TestMergeShards(t *testing.T) {
	h := mergeHeader()
	in := []MergeInput{
		shardInput(t, h, Shard{2, 3}, 3, 6, 9, 12),
		shardInput(t, h, Shard{0, 3}, 1, 4, 7, 10),
		shardInput(t, h, Shard{1, 3}, 2, 5, 8, 11),
		shardInput(t, h, Shard{1, 3}, 11, 2), // run again: the same games
	}
	m, err := Merge(in, anyMoves)
	if err != nil {
		t.Fatal(err)
	}
	var games []int
	for _, r := range m.Records {
		games = append(games, r.Game)
	}
	want := gameRecords(t, h, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
	if len(m.Missing) != 0 || m.Duplicates != 2 || !slices.EqualFunc(m.Records, want, func(a, b Record) bool { return resultDifference(a, b) == "" && a.Game == b.Game }) {
		t.Errorf("merged games %v, missing %v, %d duplicates; want 1..12, none, 2", games, m.Missing, m.Duplicates)
	}
	if m.Header.Shard != nil || !m.Header.Start.Equal(h.Start) || m.Header.Fingerprint != h.ComputeFingerprint() || len(m.Schedule) != 12 {
		t.Errorf("merged header %+v, want no shard, start %v, fingerprint %s, 12 games", m.Header, h.Start, h.ComputeFingerprint())
	}
	// Shards of another split are the same tournament.
	m, err = Merge([]MergeInput{shardInput(t, h, Shard{0, 2}, 1, 3, 5), shardInput(t, h, Shard{1, 4}, 2, 6, 10)}, anyMoves)
	if err != nil || !slices.Equal(m.Missing, []int{4, 7, 8, 9, 11, 12}) {
		t.Errorf("two splits: %v, missing %v; want 4, 7-9, 11, 12", err, m.Missing)
	}
	if got := FormatGames(m.Missing); got != "4, 7-9, 11-12" {
		t.Errorf("FormatGames(%v) = %q", m.Missing, got)
	}
}

// Merge refuses files of different tournaments, edited headers, games of
// another shard, and one game with two results.
func TestMergeRefuses(t *testing.T) {
	h := mergeHeader()
	other := mergeHeader()
	other.Seed = 6
	moved := mergeHeader()
	moved.Engines = slices.Clone(moved.Engines)
	moved.Engines[2].Command = "/opt/c --x"
	edited := shardInput(t, h, Shard{1, 3}, 2)
	edited.Header.Rounds = 3 // its fingerprint still says 2 rounds
	strayed := shardInput(t, h, Shard{1, 3}, 2)
	strayed.Records = append(strayed.Records, gameRecords(t, h, 3)...)
	changed := shardInput(t, h, Shard{0, 3}, 1, 4)
	changed.Name = "rerun"
	changed.Records[1].Moves = "f5d6c3d3"
	lostInstead := shardInput(t, h, Shard{0, 3}, 1, 4)
	lostInstead.Records[0].Outcome, lostInstead.Records[0].Winner = match.WhiteWins.String(), lostInstead.Records[0].WhiteEngine
	forfeited := shardInput(t, h, Shard{0, 3}, 1)
	forfeited.Records[0].Forfeit, forfeited.Records[0].ForfeitBy = &otp.Forfeit{Reason: otp.ForfeitTimeout}, "white"
	huge := mergeHeader() // an edited header: a schedule it cannot hold
	huge.Rounds = 1 << 62
	huge.Fingerprint = huge.ComputeFingerprint()
	for _, c := range []struct {
		name string
		in   []MergeInput
		want string
	}{
		{"rounds", []MergeInput{{Name: "huge.jsonl", Header: huge}}, "huge.jsonl: rounds 4611686018427387904 of 6 games each (3 engines, round-robin) make more than the 1000000 games"},
		{"seed", []MergeInput{shardInput(t, h, Shard{0, 3}, 1), shardInput(t, other, Shard{1, 3}, 2)}, "shard-0 and shard-1 are results of different tournaments"},
		{"seed named", []MergeInput{shardInput(t, h, Shard{0, 3}, 1), shardInput(t, other, Shard{1, 3}, 2)}, "seed 5 and 6"},
		{"command", []MergeInput{shardInput(t, h, Shard{0, 3}, 1), shardInput(t, moved, Shard{1, 3}, 2)}, `engine c: "./c --x" (seed flag "", OTP) and "/opt/c --x"`},
		{"edited", []MergeInput{shardInput(t, h, Shard{0, 3}, 1), edited}, "shard-1: the header's fingerprint"},
		{"shard", []MergeInput{strayed}, "shard-1: line 3: game 3 is not a game of shard 1/3"},
		{"moves", []MergeInput{shardInput(t, h, Shard{0, 3}, 1, 4), changed}, "game 4 is recorded twice with different results, at shard-0:3 and rerun:3"},
		{"outcome", []MergeInput{shardInput(t, h, Shard{0, 3}, 1, 4), lostInstead}, "game 1 is recorded twice with different results"},
		{"forfeit", []MergeInput{shardInput(t, h, Shard{0, 3}, 1), forfeited}, "forfeits"},
		{"nothing", nil, "no results file"},
	} {
		if _, err := Merge(c.in, anyMoves); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// SequentialCut stops where a run one game at a time would: the first
// game after which the test decides, counting complete pairs only.
func TestSequentialCut(t *testing.T) {
	h := mergeHeader()
	h.Engines = h.Engines[:2]
	h.Rounds = 20
	test := SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}
	schedule, err := h.Schedule()
	if err != nil {
		t.Fatal(err)
	}
	// Engine 0 wins every game: each round is a pair won 2-0.
	var recs []Record
	for _, p := range schedule {
		recs = append(recs, newRecord(p, h.Names(), &Played{Game: match.GameResult{Played: true, Outcome: map[bool]match.Outcome{true: match.BlackWins, false: match.WhiteWins}[p.Black == 0]}}))
	}
	n := test.SequentialCut(recs, 0, 1)
	// By hand, the slow way: add the games one by one.
	want := len(recs)
	for i := range recs {
		if test.Result(CountPairs(recs[:i+1], 0, 1)).Decided() {
			want = i + 1
			break
		}
	}
	// judge tournament --sprt with an engine that wins every game accepts
	// H1 after 8 pairs (docs/tournament.md, TestTournamentSPRT).
	if n != want || n != 16 {
		t.Errorf("cut after %d games, want %d and 16 (8 pairs)", n, want)
	}
	if r := test.Result(CountPairs(recs[:n-1], 0, 1)); r.Decided() {
		t.Errorf("decided already after %d games: %+v", n-1, r)
	}
	// Undecided to the end: every game counts.
	if got := test.SequentialCut(recs[:4], 0, 1); got != 4 {
		t.Errorf("4 games, undecided: cut %d, want 4", got)
	}
}
