package records

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/tournament"
)

// Game is one game read from a record, and where.
type Game struct {
	// Line is the line of the file the game starts on.
	Line int
	// Label is how the record numbers it: "round 2", "game 5".
	Label string
	// Game is the game, replayed and checked against what the record
	// says of it.
	Game match.GameResult
}

// Note is something worth saying about a line that Read skipped (a last
// line cut short).
type Note struct {
	Line int
	Text string
}

// LineError is a record that cannot be read, with the line where it goes
// wrong (0: the file as a whole).
type LineError struct {
	Line int
	Err  error
}

// Error returns the error's message, without the line: the caller names
// the file and the line.
func (e *LineError) Error() string { return e.Err.Error() }

// Unwrap returns the error at the line.
func (e *LineError) Unwrap() error { return e.Err }

// atLine returns err at line, naming the game when label is not "".
func atLine(line int, label string, err error) error {
	if label != "" {
		err = fmt.Errorf("%s: %w", label, err)
	}
	return &LineError{Line: line, Err: err}
}

// notARecord is the message for a file that is none of the judge's records.
const notARecord = "not a record of the judge: want a tournament results file (--results), a --json summary of a match or a tournament, or a text --record"

// Read reads the games of one of the judge's records, whichever it is,
// as its content tells: a tournament results file (JSON lines starting
// with a results header), a JSON summary of a match or a tournament, or
// a text record of either. Every game is replayed and checked against
// what the record says of it; a record that is none of these or
// contradicts itself is refused with a *LineError. The notes say what was
// skipped: a results file's last line cut short by a judge killed while
// writing it.
func Read(data []byte) ([]Game, []Note, error) {
	body := bytes.TrimLeft(data, " \t\r\n")
	first := 1 + bytes.Count(data[:len(data)-len(body)], []byte("\n")) // the line body starts on
	switch {
	case len(body) == 0:
		return nil, nil, atLine(0, "", errors.New("empty: "+notARecord))
	case body[0] == '{':
		if isResultsHeader(data) {
			return readResultsLines(data)
		}
		games, err := readSummary(data)
		return games, nil, err
	case bytes.HasPrefix(body, []byte("match: ")), bytes.HasPrefix(body, []byte("game ")):
		games, err := readTextRecord(string(data))
		return games, nil, err
	case bytes.HasPrefix(body, []byte("(;")):
		return nil, nil, atLine(first, "", errors.New("a GGF game already: nothing to convert"))
	}
	return nil, nil, atLine(first, "", errors.New(notARecord))
}

// isResultsHeader reports whether the first line of data is a whole JSON
// object with a results file header's fields, and no summary's: a
// tournament summary holds the header's fields too, but the judge writes
// it indented, and compacted (jq -c) it has standings.
func isResultsHeader(data []byte) bool {
	line, _, _ := bytes.Cut(data, []byte("\n"))
	var keys map[string]json.RawMessage
	if json.Unmarshal(line, &keys) != nil {
		return false
	}
	_, version := keys["version"]
	_, mode := keys["mode"]
	_, standings := keys["standings"]
	return version && mode && !standings
}

// readResultsLines reads a tournament results file: a header line, then a
// game a line. A last line cut short (no newline, not JSON), which a
// judge killed while writing it leaves, is skipped with a note, as a
// resumed tournament skips it; blank lines are allowed.
func readResultsLines(data []byte) ([]Game, []Note, error) {
	lines := bytes.Split(data, []byte("\n"))
	// A tournament of another game holds no Othello games: its records
	// are the judge's --record file (SGF for Kill-All Go).
	var h struct {
		Game string `json:"game"`
	}
	if json.Unmarshal(lines[0], &h) == nil && !tournament.IsOthello(h.Game) {
		return nil, nil, atLine(1, "", fmt.Errorf("a results file of a %s tournament, not Othello: its games are in the record file the judge wrote (--record)", h.Game))
	}
	var games []Game
	var notes []Note
	for i, l := range lines[1:] {
		n := i + 2
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		var rec tournament.Record
		if err := json.Unmarshal(l, &rec); err != nil {
			if n == len(lines) {
				// The last line, without its newline.
				notes = append(notes, Note{n, "the last line is cut short (the judge was stopped while writing it): skipped"})
				break
			}
			return nil, nil, atLine(n, "", fmt.Errorf("not a game of a results file: %w", jsonError(err)))
		}
		g, err := recordGame(n, &rec)
		if err != nil {
			return nil, nil, err
		}
		games = append(games, g)
	}
	return games, notes, nil
}

// recordGame rebuilds the game of a tournament record on line n.
func recordGame(n int, rec *tournament.Record) (Game, error) {
	if rec.Game < 1 {
		return Game{}, atLine(n, "", fmt.Errorf("game number %d: not a game of a tournament", rec.Game))
	}
	label := fmt.Sprintf("game %d", rec.Game)
	g, err := rec.GameResult()
	if err != nil {
		return Game{}, atLine(n, label, err)
	}
	return Game{Line: n, Label: label, Game: g}, nil
}

// readSummary reads a JSON summary, of a tournament (it has standings) or
// of a match (it has players), each game with the line it starts on.
func readSummary(data []byte) ([]Game, error) {
	keys, raws, err := summaryGames(data)
	if err != nil {
		return nil, err
	}
	var games []Game
	switch {
	case keys["standings"]:
		for _, r := range raws {
			var rec tournament.Record
			if err := json.Unmarshal(r.raw, &rec); err != nil {
				return nil, atLine(r.line+lineOffset(r.raw, err), "", fmt.Errorf("not a game of a tournament summary: %w", jsonError(err)))
			}
			g, err := recordGame(r.line, &rec)
			if err != nil {
				return nil, err
			}
			games = append(games, g)
		}
	case keys["players"]:
		for _, r := range raws {
			var s match.GameSummary
			if err := json.Unmarshal(r.raw, &s); err != nil {
				return nil, atLine(r.line+lineOffset(r.raw, err), "", fmt.Errorf("not a round of a match summary: %w", jsonError(err)))
			}
			if s.Round < 1 {
				return nil, atLine(r.line, "", fmt.Errorf("round number %d: not a round of a match", s.Round))
			}
			label := fmt.Sprintf("round %d", s.Round)
			g, err := s.GameResult()
			if err != nil {
				return nil, atLine(r.line, label, err)
			}
			games = append(games, Game{Line: r.line, Label: label, Game: g})
		}
	default:
		return nil, atLine(1, "", errors.New("a JSON object with neither a match summary's players nor a tournament summary's standings: "+notARecord))
	}
	return games, nil
}

// rawGame is one element of a summary's games, undecoded, with the line it
// starts on.
type rawGame struct {
	line int
	raw  json.RawMessage
}

// summaryGames reads a JSON object, one and nothing after it: the names
// of its fields, and the elements of its games array with their lines,
// for errors to name.
func summaryGames(data []byte) (map[string]bool, []rawGame, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	fail := func(err error) error {
		line := lineAt(data, dec.InputOffset())
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			line = lineAt(data, se.Offset)
		case errors.Is(err, io.ErrUnexpectedEOF):
			line = lineAt(data, int64(len(data)))
		}
		return atLine(line, "", fmt.Errorf("not a JSON summary: %w", jsonError(err)))
	}
	if tok, err := dec.Token(); err != nil {
		return nil, nil, fail(err)
	} else if tok != json.Delim('{') {
		return nil, nil, fail(errors.New("not a JSON object"))
	}
	keys := map[string]bool{}
	var games []rawGame
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, fail(err)
		}
		key, _ := tok.(string)
		keys[key] = true
		if key != "games" {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return nil, nil, fail(err)
			}
			continue
		}
		if tok, err := dec.Token(); err != nil {
			return nil, nil, fail(err)
		} else if tok != json.Delim('[') {
			return nil, nil, fail(errors.New("games is not an array"))
		}
		for dec.More() {
			start := dec.InputOffset()
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return nil, nil, fail(err)
			}
			// The element starts after the white space and comma that
			// InputOffset leaves before it.
			skip := bytes.IndexFunc(data[start:], func(r rune) bool { return !strings.ContainsRune(" \t\r\n,", r) })
			games = append(games, rawGame{line: lineAt(data, start+int64(max(skip, 0))), raw: raw})
		}
		if _, err := dec.Token(); err != nil {
			return nil, nil, fail(err)
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, nil, fail(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		if err == nil {
			err = errors.New("data after the JSON object")
		}
		return nil, nil, fail(err)
	}
	return keys, games, nil
}

// lineAt returns the line of data that the byte at off is on.
func lineAt(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return 1 + bytes.Count(data[:off], []byte("\n"))
}

// lineOffset returns how many lines into raw the decoding error err is,
// when it says.
func lineOffset(raw []byte, err error) int {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return lineAt(raw, te.Offset) - 1
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return lineAt(raw, se.Offset) - 1
	}
	return 0
}

// jsonError says what a JSON decoding error says, in the record's terms:
// "json: cannot unmarshal string into Go struct field Record.game of type
// int" names Go's types, which a user need not know.
func jsonError(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("the file ends inside the JSON (cut short?)")
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		// The path of JSON names, without the Go names of embedded
		// structs (GameFacts.black_discs): the record's names are lower
		// case.
		var path []string
		for f := range strings.SplitSeq(te.Field, ".") {
			if f != "" && !unicode.IsUpper(rune(f[0])) {
				path = append(path, f)
			}
		}
		return fmt.Errorf("field %s: a JSON %s where a %s belongs", strings.Join(path, "."), te.Value, jsonKind(te.Type.Kind().String()))
	}
	return err
}

// jsonKind names a Go kind as JSON would.
func jsonKind(kind string) string {
	switch {
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"), strings.HasPrefix(kind, "float"):
		return "number"
	case kind == "bool":
		return "boolean"
	case kind == "slice", kind == "array":
		return "array"
	case kind == "struct", kind == "map", kind == "ptr":
		return "object"
	}
	return kind
}
