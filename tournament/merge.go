package tournament

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// This file merges the results files of a tournament's shards into the
// results of the whole tournament, as if one run had played every game.

// MergeInput is one results file to merge: its name, for messages, and
// what ReadResults read from it (record i on line i+2).
type MergeInput struct {
	Name    string
	Header  Header
	Records []Record
	// Cut is set when the file's last line was cut short (its judge
	// killed while writing it): that game is not in Records.
	Cut bool
}

// Merged is the tournament the inputs make up together.
type Merged struct {
	// Header is the tournament's: the inputs' common header, as a whole
	// tournament (no shard), starting when the earliest input started.
	Header Header
	// Schedule is every game of the tournament.
	Schedule []Pairing
	// Records holds each game found, once, in game order.
	Records []Record
	// Missing lists the games of the schedule that no input holds, in
	// order.
	Missing []int
	// Duplicates counts the records dropped as copies of a game already
	// taken from an earlier input (a shard run twice, a file given twice).
	Duplicates int
}

// Merge combines the results files of one tournament's shards (or any
// results files of it: a whole run, parts of runs, shards of different
// splits). It refuses inputs of different tournaments (their fingerprints
// differ: it names the first field that does), a file whose header's
// fingerprint does not match its own fields, a record that is not a game
// of the schedule or not of its file's shard or whose moves replay does
// not find a game of the rules (CheckRecords), and a game
// recorded twice with different results, naming both places; a game
// recorded twice alike is kept once. Games in no input are listed in
// Missing, which is no error.
func Merge(inputs []MergeInput, replay Replayer) (Merged, error) {
	if len(inputs) == 0 {
		return Merged{}, errors.New("no results file to merge")
	}
	first := &inputs[0]
	fp := first.Header.ComputeFingerprint()
	for i := range inputs {
		in := &inputs[i]
		own := in.Header.ComputeFingerprint()
		if in.Header.Fingerprint != "" && in.Header.Fingerprint != own {
			return Merged{}, fmt.Errorf("%s: the header's fingerprint %s is not that of its fields (%s): the header was edited", in.Name, in.Header.Fingerprint, own)
		}
		if own != fp {
			return Merged{}, fmt.Errorf("%s and %s are results of different tournaments (fingerprints %s and %s): %s",
				first.Name, in.Name, fp, own, difference(&first.Header, &in.Header))
		}
	}
	schedule, err := first.Header.Schedule()
	if err != nil {
		return Merged{}, fmt.Errorf("%s: %w", first.Name, err)
	}
	m := Merged{Header: first.Header, Schedule: schedule}
	m.Header.Shard, m.Header.Fingerprint = nil, fp
	type place struct {
		name string
		line int
	}
	found := make(map[int]place, len(schedule))
	byGame := make(map[int]Record, len(schedule))
	names := first.Header.Names()
	for _, in := range inputs {
		if err := CheckRecords(in.Records, schedule, names, replay); err != nil {
			return Merged{}, fmt.Errorf("%s: %w", in.Name, err)
		}
		if in.Header.Start.Before(m.Header.Start) {
			m.Header.Start = in.Header.Start
		}
		if s := in.Header.Shard; s != nil {
			if err := s.Check(in.Records); err != nil {
				return Merged{}, fmt.Errorf("%s: %w", in.Name, err)
			}
		}
		for i, r := range in.Records {
			here := place{in.Name, i + 2}
			if before, dup := found[r.Game]; dup {
				if d := resultDifference(byGame[r.Game], r); d != "" {
					return Merged{}, fmt.Errorf("game %d is recorded twice with different results, at %s:%d and %s:%d (%s): keep one of them", r.Game, before.name, before.line, here.name, here.line, d)
				}
				m.Duplicates++
				continue
			}
			found[r.Game], byGame[r.Game] = here, r
		}
	}
	for _, p := range schedule {
		if r, ok := byGame[p.Game]; ok {
			m.Records = append(m.Records, r)
		} else {
			m.Missing = append(m.Missing, p.Game)
		}
	}
	return m, nil
}

// resultDifference says how two records of one game differ in what was
// played (moves, discs, outcome, winner, forfeits), "" when they agree:
// two runs of the same game by deterministic engines agree, whatever
// their start, duration or exit statuses.
func resultDifference(a, b Record) string {
	forfeit := func(r *Record) string {
		s := r.ForfeitBy
		if r.Forfeit != nil {
			s += ":" + string(r.Forfeit.Reason)
		}
		if r.WhiteForfeit != nil {
			s += ":" + string(r.WhiteForfeit.Reason)
		}
		return s
	}
	switch {
	case a.Played != b.Played:
		return fmt.Sprintf("played %v and %v", a.Played, b.Played)
	case a.Moves != b.Moves:
		return fmt.Sprintf("moves %s and %s", a.Moves, b.Moves)
	case a.Outcome != b.Outcome || a.Score != b.Score || a.BlackDiscs != b.BlackDiscs || a.WhiteDiscs != b.WhiteDiscs || a.Winner != b.Winner:
		return fmt.Sprintf("%s %d-%d and %s %d-%d", a.Outcome, a.BlackDiscs, a.WhiteDiscs, b.Outcome, b.BlackDiscs, b.WhiteDiscs)
	case forfeit(&a) != forfeit(&b):
		return fmt.Sprintf("forfeits %q and %q", forfeit(&a), forfeit(&b))
	}
	return ""
}

// difference names the first field that makes two headers different
// tournaments, as ComputeFingerprint sees them.
func difference(a, b *Header) string {
	switch {
	case a.Mode != b.Mode:
		return fmt.Sprintf("mode %s and %s", a.Mode, b.Mode)
	case a.Seed != b.Seed:
		return fmt.Sprintf("seed %d and %d", a.Seed, b.Seed)
	case a.Rounds != b.Rounds:
		return fmt.Sprintf("%d and %d rounds", a.Rounds, b.Rounds)
	case !slices.Equal(a.Names(), b.Names()):
		return fmt.Sprintf("engines %q and %q", a.Names(), b.Names())
	case !slices.Equal(a.Openings, b.Openings):
		return "other openings"
	case a.GenMoveMS != b.GenMoveMS || a.ReplyMS != b.ReplyMS:
		return fmt.Sprintf("time control %gms/%gms and %gms/%gms (genmove/reply)", a.GenMoveMS, a.ReplyMS, b.GenMoveMS, b.ReplyMS)
	case !sameSPRT(a.SPRTTest, b.SPRTTest):
		return fmt.Sprintf("sequential test %s and %s", sprtName(a.SPRTTest), sprtName(b.SPRTTest))
	}
	for i, e := range a.Engines {
		if f := b.Engines[i]; e != f {
			return fmt.Sprintf("engine %s: %q (seed flag %q, %s) and %q (seed flag %q, %s)", e.Name, e.Command, e.SeedFlag, e.speaks(), f.Command, f.SeedFlag, f.speaks())
		}
	}
	return "the headers differ"
}

func sameSPRT(a, b *SPRT) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func sprtName(t *SPRT) string {
	if t == nil {
		return "none"
	}
	return t.String()
}

// SequentialCut returns how many of recs, sorted by game, a run playing
// them one at a time in that order would have recorded before the test t
// stopped it: the shortest prefix on which t decides, len(recs) if none.
// A run asks the test before its first game and after each game
// (Runner.Stop), and so does this.
func (t SPRT) SequentialCut(recs []Record, a, b int) int {
	for n := 0; n <= len(recs); n++ {
		if t.Result(CountPairs(recs[:n], a, b)).Decided() {
			return n
		}
	}
	return len(recs)
}

// FormatGames lists game numbers (sorted) compactly for a person: "3,
// 7-9, 12".
func FormatGames(games []int) string {
	var parts []string
	for i := 0; i < len(games); {
		j := i
		for j+1 < len(games) && games[j+1] == games[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, strconv.Itoa(games[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", games[i], games[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
