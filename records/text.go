package records

// This file reads the text records back: judge --record (match.WriteRecord)
// and judge tournament --record (a header line per game, then
// match.WriteGame's lines). The format was written for people, yet it can
// be read without ambiguity: every line is a fixed key and its value, and
// the only free text in the lines a game needs is an engine's name, which
// the judge records without white space (otp's safe form; a tournament's
// name= is one word), so " (player N)" after it and "(NAME): " in a
// forfeit line cannot be part of it. What a forfeit line says after the
// reason (the command, the bytes received) is not needed: GGF records only
// whether it was a timeout.

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// The lines that start a game's block: a match's round, a tournament's game.
var (
	roundLineRE = regexp.MustCompile(`^round ([0-9]+)$`)
	gameLineRE  = regexp.MustCompile(`^game ([0-9]+), round ([0-9]+), opening (\S*)$`)
	// playerRE is a match's player after its name: "alice (player 1)".
	playerRE = regexp.MustCompile(`^(\S+) \(player ([12])\)$`)
)

// forfeitReasons are the rules a forfeit line can name, otp's list.
var forfeitReasons = [...]otp.ForfeitReason{
	otp.ForfeitNoConnection, otp.ForfeitTimeout, otp.ForfeitDisconnected, otp.ForfeitWrongReply,
	otp.ForfeitMalformed, otp.ForfeitExtraData, otp.ForfeitTooLong, otp.ForfeitIllegalMove, otp.ForfeitIllegalPass,
}

// textGame is a game's block of a text record, as it is read.
type textGame struct {
	line         int    // of the block's first line
	label        string // "round 2", "game 5"
	round        int
	blackPlayer  int // a match's player number of black, 0 in a tournament
	opening      string
	black, white string
	facts        match.GameFacts
	result       string // the result line, checked once the names are known
	forfeits     []string
	seen         map[string]int // key -> how many times given
}

// readTextRecord reads a text record: a match's (it starts with "match:")
// or a tournament's (with "game N, round R, opening ...").
func readTextRecord(text string) ([]Game, error) {
	lines := strings.Split(text, "\n")
	var games []Game
	var cur *textGame
	finish := func() error {
		if cur == nil {
			return nil
		}
		g, err := cur.game()
		if err != nil {
			return atLine(cur.line, cur.label, err)
		}
		games = append(games, g)
		cur = nil
		return nil
	}
	tourney := !strings.HasPrefix(strings.TrimLeft(text, " \t\r\n"), "match: ")
	want := "round N"
	if tourney {
		want = "game N, round R, opening ..."
	}
	header := !tourney // the match's line is still to come
	for i, l := range lines {
		n := i + 1
		l = strings.TrimSuffix(l, "\r")
		if header && strings.HasPrefix(l, "match: ") {
			header = false
			continue // the players, rounds and start of the match
		}
		if strings.TrimSpace(l) == "" {
			if err := finish(); err != nil {
				return nil, err
			}
			continue
		}
		if m := roundLineRE.FindStringSubmatch(l); m != nil && !tourney {
			if err := finish(); err != nil {
				return nil, err
			}
			header = false
			round, _ := strconv.Atoi(m[1])
			cur = &textGame{line: n, label: "round " + m[1], round: round, seen: map[string]int{}}
			continue
		}
		if m := gameLineRE.FindStringSubmatch(l); m != nil && tourney {
			if err := finish(); err != nil {
				return nil, err
			}
			round, _ := strconv.Atoi(m[2])
			cur = &textGame{line: n, label: "game " + m[1], round: round, opening: m[3], seen: map[string]int{}}
			continue
		}
		if cur == nil {
			if !tourney && strings.HasPrefix(l, "player ") {
				continue // a player's tally at the end of a match
			}
			return nil, atLine(n, "", fmt.Errorf("%.40q: want a game's first line, %s", l, want))
		}
		if err := cur.add(l, tourney); err != nil {
			return nil, atLine(n, cur.label, err)
		}
	}
	if err := finish(); err != nil {
		return nil, err
	}
	return games, nil
}

// add reads one line of the block.
func (t *textGame) add(l string, tourney bool) error {
	key, value, ok := strings.Cut(l, ":")
	if !ok {
		return fmt.Errorf("%.40q: want KEY: VALUE", l)
	}
	value = strings.TrimPrefix(value, " ")
	if key != "forfeit" {
		if t.seen[key] > 0 {
			return fmt.Errorf("%s given twice", key)
		}
		t.seen[key]++
	}
	switch {
	case key == "opening" && !tourney:
		t.opening = value
	case key == "black" || key == "white":
		name := value
		if !tourney {
			m := playerRE.FindStringSubmatch(value)
			if m == nil {
				return fmt.Errorf("%s %.40q: want NAME (player N)", key, value)
			}
			name = m[1]
			if key == "black" {
				t.blackPlayer, _ = strconv.Atoi(m[2])
			}
		}
		if name == "" || strings.ContainsAny(name, " \t") {
			return fmt.Errorf("%s %.40q: want a name without white space", key, value)
		}
		if key == "black" {
			t.black = name
		} else {
			t.white = name
		}
	case key == "moves":
		t.facts.Played, t.facts.Moves = true, value
	case key == "not played":
		t.facts.Note = value
	case key == "score":
		f := &t.facts
		if _, err := fmt.Sscanf(value, "%d-%d (%d)", &f.BlackDiscs, &f.WhiteDiscs, &f.Score); err != nil ||
			fmt.Sprintf("%d-%d (%+d)", f.BlackDiscs, f.WhiteDiscs, f.Score) != value {
			return fmt.Errorf("score %.40q: want BLACK-WHITE (+DIFFERENCE)", value)
		}
	case key == "result":
		t.result = value
	case key == "forfeit":
		t.forfeits = append(t.forfeits, value)
	case tourney && (key == "exit" || key == "restarted after a forfeit" || key == "resources"):
		// An engine's exit status, a restart, what the engines used:
		// nothing a game record holds.
	default:
		return fmt.Errorf("%.40q: not a line of a game's record", l)
	}
	return nil
}

// game checks the block whole and rebuilds its game.
func (t *textGame) game() (Game, error) {
	for _, key := range []string{"black", "white", "result"} {
		if t.seen[key] == 0 {
			return Game{}, fmt.Errorf("no %s line", key)
		}
	}
	played, unplayed := t.seen["moves"] > 0, t.seen["not played"] > 0
	switch {
	case played == unplayed:
		return Game{}, errors.New("want either a moves line or a not played line")
	case played && t.seen["score"] == 0:
		return Game{}, errors.New("no score line")
	}
	how, err := t.readResult()
	if err != nil {
		return Game{}, err
	}
	// A game not played is won without play or, in a tournament, by the
	// forfeit of the engine that could not play: any result goes.
	switch {
	case played && len(t.forfeits) > 1:
		return Game{}, errors.New("two forfeit lines in a game played")
	case played && (how == " by forfeit") != (len(t.forfeits) == 1):
		return Game{}, fmt.Errorf("result %q with %d forfeit lines", t.result, len(t.forfeits))
	}
	if played && len(t.forfeits) == 1 {
		if err := t.readForfeit(t.forfeits[0]); err != nil {
			return Game{}, err
		}
	}
	g, err := t.facts.GameResult(t.opening)
	if err != nil {
		return Game{}, err
	}
	g.Round, g.BlackPlayer, g.Black, g.White = t.round, t.blackPlayer, t.black, t.white
	return Game{Line: t.line, Label: t.label, Game: g}, nil
}

// readResult reads the result line, "draw" or "COLOUR (NAME) wins" and how
// ("", " by forfeit", " without play"), into the outcome; it returns how.
func (t *textGame) readResult() (string, error) {
	if t.result == match.Draw.String() {
		t.facts.Outcome = t.result
		return "", nil
	}
	for _, c := range []othello.Color{othello.Black, othello.White} {
		name := t.black
		if c == othello.White {
			name = t.white
		}
		rest, ok := strings.CutPrefix(t.result, fmt.Sprintf("%s (%s) wins", c, name))
		if ok && (rest == "" || rest == " by forfeit" || rest == " without play") {
			t.facts.Outcome = c.String() + " wins"
			return rest, nil
		}
	}
	return "", fmt.Errorf("result %.60q: want draw, or black (NAME) or white (NAME) wins, by forfeit or without play", t.result)
}

// readForfeit reads a forfeit line, "COLOUR (NAME): [COMMAND: ]REASON...",
// into the facts.
func (t *textGame) readForfeit(v string) error {
	for _, c := range []othello.Color{othello.Black, othello.White} {
		name := t.black
		if c == othello.White {
			name = t.white
		}
		rest, ok := strings.CutPrefix(v, fmt.Sprintf("%s (%s): ", c, name))
		if !ok {
			continue
		}
		reason, ok := forfeitReason(rest)
		if !ok {
			return fmt.Errorf("forfeit %.60q: no rule the judge knows", rest)
		}
		t.facts.ForfeitBy, t.facts.Forfeit = c.String(), &otp.Forfeit{Reason: reason}
		return nil
	}
	return fmt.Errorf("forfeit %.60q: want black (NAME) or white (NAME), then the rule broken", v)
}

// forfeitReason finds the rule in a forfeit's text as otp.Forfeit.Error
// writes it: the reason first, or after the command and ": " (the judge's
// commands hold no colon).
func forfeitReason(s string) (otp.ForfeitReason, bool) {
	candidates := []string{s}
	if _, after, ok := strings.Cut(s, ": "); ok {
		candidates = append(candidates, after)
	}
	for _, c := range candidates {
		for _, r := range forfeitReasons {
			rest, ok := strings.CutPrefix(c, string(r))
			if ok && (rest == "" || strings.HasPrefix(rest, " (") || strings.HasPrefix(rest, ";") || strings.HasPrefix(rest, " after ")) {
				return r, true
			}
		}
	}
	return "", false
}
