package tournament

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// This file splits a tournament over several runs (shards) that may play
// on different machines, and says what a tournament is: the fingerprint
// that a merge of the shards' results files checks they share.

// Shard is one part of a tournament split in N: the games of the schedule
// whose 0-based index (game number less one) is K modulo N. The schedule
// itself never depends on N, so a tournament may be split again
// differently and its parts still merge.
type Shard struct {
	K, N int
}

// ParseShard reads "K/N", 0 <= K < N.
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("shard %q: want K/N, e.g. 0/4", s)
	}
	var sh Shard
	var err1, err2 error
	sh.K, err1 = strconv.Atoi(k)
	sh.N, err2 = strconv.Atoi(n)
	switch {
	case err1 != nil || err2 != nil:
		return Shard{}, fmt.Errorf("shard %q: want K/N, two whole numbers", s)
	case sh.N < 1:
		return Shard{}, fmt.Errorf("shard %q: N must be 1 or more", s)
	case sh.K < 0 || sh.K >= sh.N:
		return Shard{}, fmt.Errorf("shard %q: K must be from 0 to %d", s, sh.N-1)
	}
	return sh, nil
}

// String returns "K/N", as ParseShard reads it.
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// MarshalText writes the shard as "K/N" (a JSON string in a header).
func (s Shard) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads "K/N".
func (s *Shard) UnmarshalText(b []byte) error {
	sh, err := ParseShard(string(b))
	if err != nil {
		return err
	}
	*s = sh
	return nil
}

// Holds reports whether the game numbered game (from 1) is the shard's.
func (s Shard) Holds(game int) bool { return (game-1)%s.N == s.K }

// Of returns the games of schedule that are the shard's, in order.
func (s Shard) Of(schedule []Pairing) []Pairing {
	var out []Pairing
	for _, p := range schedule {
		if s.Holds(p.Game) {
			out = append(out, p)
		}
	}
	return out
}

// Check reports the first record of a results file (record i on line
// i+2, as ReadResults returns them) that is not a game of the shard.
func (s Shard) Check(recs []Record) error {
	for i, r := range recs {
		if !s.Holds(r.Game) {
			return fmt.Errorf("line %d: game %d is not a game of shard %s", i+2, r.Game, s)
		}
	}
	return nil
}

// sameShard reports whether two headers' shards are the same part: both
// whole tournaments (nil) or the same K/N.
func sameShard(a, b *Shard) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// fingerprintHex is how many hexadecimal digits of the SHA-256 a
// fingerprint keeps: 64 bits, short enough to compare by eye, and the
// chance that two different tournaments share one (2^-64) is nil.
const fingerprintHex = 16

// ComputeFingerprint returns the fingerprint of the tournament h
// describes: the first digits of the SHA-256 of its header in JSON, less
// what differs between the runs of one tournament's shards (the version,
// the start, the shard, the fingerprint itself). So every other field of
// the header is part of it: what decides which games are played and how
// (mode, seed, rounds, engines with their commands and seed flags,
// openings, time limits, a sequential test that stops it). A field added
// with omitempty leaves the fingerprints of older files as they were. Two
// results files with the same fingerprint come from the same tournament,
// whichever shard, machine or start.
func (h *Header) ComputeFingerprint() string {
	c := *h
	c.Version, c.Start, c.Shard, c.Fingerprint = 0, time.Time{}, nil, ""
	data, err := json.Marshal(c)
	if err != nil {
		panic(err) // plain fields, finite numbers (JSON has no others): cannot fail
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])[:fingerprintHex]
}
