package tournament

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/tcgothello/mcts/internal/atomicfile"
	"github.com/tcgothello/mcts/match"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// resultsVersion is the results file format's version, in its header.
const resultsVersion = 1

// EngineInfo is how a tournament names and starts an engine.
type EngineInfo struct {
	Name    string `json:"name"`
	Command string `json:"command"`
	// SeedFlag is the flag before a seed when the engine accepts one
	// (e.g. --seed), empty if it does not.
	SeedFlag string `json:"seed_flag,omitempty"`
	// Protocol is what the engine speaks: "" for OTP (so that OTP
	// engines' files are as they were before there was another) or
	// ProtocolNBoard.
	Protocol string `json:"protocol,omitempty"`
	// Depth, for an NBoard engine, is sent as "set depth" before its
	// first move; 0 sends none.
	Depth int `json:"depth,omitempty"`
}

// The protocols an engine may speak (EngineInfo.Protocol), as an engine
// spec's proto= names them.
const (
	ProtocolOTP    = "otp"
	ProtocolNBoard = "nboard"
)

// speaks describes the engine's protocol and depth, for a message.
func (e EngineInfo) speaks() string {
	switch {
	case e.Protocol == "":
		return "OTP"
	case e.Depth > 0:
		return fmt.Sprintf("%s at depth %d", e.Protocol, e.Depth)
	}
	return e.Protocol
}

// Header is the first line of a results file: what the tournament is, so
// that a resumed run plays the same schedule. Every field but Version,
// Start, Shard and Fingerprint is part of the tournament's fingerprint
// (ComputeFingerprint): a field added here that runs of one tournament may
// differ in must be left out there.
type Header struct {
	Version int `json:"version"`
	// Game is the game played, "" for Othello (so that Othello files
	// and their fingerprints stay as they were before there were other
	// games): GameKillAllGo or GameEinstein.
	Game      string       `json:"game,omitempty"`
	Mode      string       `json:"mode"`
	Seed      uint64       `json:"seed"`
	Rounds    int          `json:"rounds"`
	Engines   []EngineInfo `json:"engines"`
	Openings  []string     `json:"openings"`
	GenMoveMS float64      `json:"genmove_ms"`
	ReplyMS   float64      `json:"reply_ms"`
	// TimeBasis is "cpu" when each move was charged the CPU time of its
	// engine (--time-basis cpu), WallCapMS the wall-clock cap of a move
	// then; both are absent for the wall clock, the course's rule, so
	// that files written before the flag existed keep their fingerprints.
	TimeBasis string    `json:"time_basis,omitempty"`
	WallCapMS float64   `json:"wall_cap_ms,omitempty"`
	Start     time.Time `json:"start"`
	// SPRTTest is the sequential test that ends the tournament early, when
	// one does: a merge of shards applies it as a single run would.
	SPRTTest *SPRT `json:"sprt_test,omitempty"`
	// Fingerprint identifies the tournament (ComputeFingerprint), written
	// by CreateResults and RewriteHeader; files written before it existed
	// have none, and their fingerprint is computed from their fields.
	Fingerprint string `json:"fingerprint,omitempty"`
	// Shard is the part of the tournament this file holds, nil for the
	// whole of it.
	Shard *Shard `json:"shard,omitempty"`
}

// TimeBasisName returns the clock the moves were charged by, as
// --time-basis names it: "wall" when TimeBasis is absent.
func (h *Header) TimeBasisName() string {
	if h.TimeBasis == "" {
		return "wall"
	}
	return h.TimeBasis
}

// Names returns the engines' names, in order.
func (h *Header) Names() []string {
	names := make([]string, len(h.Engines))
	for i, e := range h.Engines {
		names[i] = e.Name
	}
	return names
}

// Compatible reports why a results file written under h cannot be resumed
// under now, nil if it can: the schedule (mode, seed, engine names, which
// engines take a seed and with what flag, openings) and the shard must be
// the same. now may have more rounds, which extends the tournament: a
// longer schedule starts with the shorter one. Commands and limits may
// change, say after moving the engines' programs (ChangedCommands names
// them).
func (h *Header) Compatible(now *Header) error {
	switch {
	case h.Version != resultsVersion:
		return fmt.Errorf("results file version %d, want %d", h.Version, resultsVersion)
	case GameName(h.Game) != GameName(now.Game):
		return fmt.Errorf("results file is of %s, not %s", GameName(h.Game), GameName(now.Game))
	case h.Mode != now.Mode:
		return fmt.Errorf("results file has mode %s, not %s", h.Mode, now.Mode)
	case h.Seed != now.Seed:
		return fmt.Errorf("results file has seed %d, not %d", h.Seed, now.Seed)
	case h.Rounds > now.Rounds:
		return fmt.Errorf("results file has %d rounds, more than %d", h.Rounds, now.Rounds)
	case !slices.Equal(h.Names(), now.Names()):
		return fmt.Errorf("results file has engines %q, not %q", h.Names(), now.Names())
	case !slices.Equal(h.Openings, now.Openings):
		return errors.New("results file has other openings")
	case !sameShard(h.Shard, now.Shard):
		return fmt.Errorf("results file holds %s, not %s", shardName(h.Shard), shardName(now.Shard))
	case h.TimeBasisName() != now.TimeBasisName():
		// Games charged by two clocks are not of one tournament.
		return fmt.Errorf("results file was played with --time-basis %s, not %s", h.TimeBasisName(), now.TimeBasisName())
	}
	// The seeds recorded depend on which engines take one.
	for i, e := range h.Engines {
		if f := now.Engines[i].SeedFlag; e.SeedFlag != f {
			return fmt.Errorf("results file has engine %s with seed flag %q, not %q", e.Name, e.SeedFlag, f)
		}
	}
	return nil
}

// ChangedCommands describes each engine whose command differs between a
// results file's header h and the run now resuming it (Compatible: the
// same engines), one line each, none when nothing changed.
func (h *Header) ChangedCommands(now *Header) []string {
	var out []string
	for i, e := range h.Engines {
		if i >= len(now.Engines) {
			continue
		}
		n := now.Engines[i]
		if e.Command != n.Command {
			out = append(out, fmt.Sprintf("engine %s: command %q in the results file, %q now", e.Name, e.Command, n.Command))
		}
		if e.Protocol != n.Protocol || e.Depth != n.Depth {
			out = append(out, fmt.Sprintf("engine %s: %s in the results file, %s now", e.Name, e.speaks(), n.speaks()))
		}
	}
	return out
}

// Schedule returns the schedule of the tournament h describes, as the
// run that wrote it played it: Schedule over its openings, with no seed
// for an engine that takes none. It refuses a tournament of more than
// MaxGames games (CheckSize).
func (h *Header) Schedule() ([]Pairing, error) {
	mode, err := ParseMode(h.Mode)
	if err != nil {
		return nil, err
	}
	if err := CheckSize(mode, len(h.Engines), h.Rounds); err != nil {
		return nil, err
	}
	openings := make([]Opening, len(h.Openings))
	for i, o := range h.Openings {
		if !IsOthello(h.Game) {
			openings[i].Text = o // the game's package reads it when it plays
			continue
		}
		if openings[i].Moves, err = othello.ParseMoves(o); err != nil {
			return nil, fmt.Errorf("opening %d: %w", i+1, err)
		}
	}
	schedule := Schedule(mode, len(h.Engines), h.Rounds, openings, h.Seed)
	for i := range schedule {
		// An engine that takes no seed gets none, and none is recorded.
		if p := &schedule[i]; h.Engines[p.Black].SeedFlag == "" {
			p.BlackSeed = 0
		}
		if p := &schedule[i]; h.Engines[p.White].SeedFlag == "" {
			p.WhiteSeed = 0
		}
	}
	return schedule, nil
}

// Record is one finished game, as a line of the results file.
type Record struct {
	Game    int    `json:"game"`
	Round   int    `json:"round"`
	Opening string `json:"opening"`
	// OpeningIndex is the opening's index in the openings list.
	OpeningIndex int `json:"opening_index"`
	// BlackEngine and WhiteEngine index the header's engines.
	BlackEngine int    `json:"black_engine"`
	WhiteEngine int    `json:"white_engine"`
	Black       string `json:"black"`
	White       string `json:"white"`
	// BlackSeed and WhiteSeed are the seeds given, 0 for an engine that
	// takes none.
	BlackSeed uint64 `json:"black_seed,omitempty"`
	WhiteSeed uint64 `json:"white_seed,omitempty"`
	// GameFacts hold the game itself: Played is false when the game could
	// not start (an engine never connected or did not answer name), Note
	// says why. ForfeitBy is "black", "white", or "both" when neither
	// engine could play: Forfeit is then black's and WhiteForfeit white's.
	match.GameFacts
	WhiteForfeit *otp.Forfeit `json:"white_forfeit,omitempty"`
	// Winner is the winning engine's index, -1 for a draw.
	Winner int `json:"winner"`
	// BlackExit and WhiteExit are the engine processes' exit statuses when
	// not a clean exit (a crash, or a kill after the game).
	BlackExit string `json:"black_exit,omitempty"`
	WhiteExit string `json:"white_exit,omitempty"`
	// Restarted names the engines that crashed or were disqualified in an
	// earlier game and were started afresh for this one: the first game of
	// the engine started after that forfeit was recorded (Runner.Run).
	Restarted []string  `json:"restarted,omitempty"`
	Start     time.Time `json:"start"`
	// Resources are what the engine processes used.
	Resources
}

// bothForfeited is Record.ForfeitBy when neither engine could play.
const bothForfeited = "both"

// Faulted returns the engines that broke a rule in the game: none, one,
// or both when neither could play.
func (r *Record) Faulted() []int {
	switch r.ForfeitBy {
	case othello.Black.String():
		return []int{r.BlackEngine}
	case othello.White.String():
		return []int{r.WhiteEngine}
	case bothForfeited:
		return []int{r.BlackEngine, r.WhiteEngine}
	}
	return nil
}

// newRecord builds the record of a game from its pairing and result.
func newRecord(p Pairing, names []string, played *Played) Record {
	g := &played.Game
	r := Record{
		Game: p.Game, Round: p.Round, Opening: p.OpeningText(), OpeningIndex: p.Opening,
		BlackEngine: p.Black, WhiteEngine: p.White, Black: names[p.Black], White: names[p.White],
		BlackSeed: p.BlackSeed, WhiteSeed: p.WhiteSeed, GameFacts: g.Facts(), Winner: -1,
		BlackExit: played.Exits[othello.Black], WhiteExit: played.Exits[othello.White], Start: g.Start.UTC(),
		Resources: Resources{BlackUsage: played.Usage[othello.Black], WhiteUsage: played.Usage[othello.White]},
	}
	if played.Moves != "" {
		r.Moves = played.Moves // a game other than Othello's, in its own notation
	}
	if c, ok := g.Outcome.Winner(); ok {
		r.Winner = p.Black
		if c == othello.White {
			r.Winner = p.White
		}
	}
	if f := played.Forfeits; f[othello.Black] != nil && f[othello.White] != nil {
		r.Forfeit, r.WhiteForfeit, r.ForfeitBy = f[othello.Black], f[othello.White], bothForfeited
	}
	return r
}

// Replayer replays the moves of a record of a game played, from its
// opening, by the rules of the tournament's game, and reports how the
// record is not a game of those rules: an illegal move, moves after the
// game's end, a game not over without a forfeit, an outcome the moves do
// not make. Each game has its own (ReplayOthello here; kaggame's and
// einsteingame's Replay), which package director picks by the header's
// game.
type Replayer func(r *Record) error

// ReplayOthello is Othello's Replayer: the record's facts rebuilt from
// its moves (match.GameFacts.GameResult), every move legal, the discs and
// the outcome those of the final board.
func ReplayOthello(r *Record) error {
	_, err := r.GameResult()
	return err
}

// CheckRecords checks the records of a results file, in the order
// ReadResults returns them (record i on line i+2, after the header),
// against the schedule its header implies: each must be a game of the
// schedule (its number, round, engines and their names, colours,
// opening, seeds), name a winner that played it as its outcome says, be
// a game of the rules, its moves replayed by replay (unless the game was
// not played), and come once. Resuming trusts the records for the
// standings and skips their games, so a forged or misplaced one (a line
// rewritten to win 64-0 in three moves) would count a game that was never
// played and hide the real one: the error names the line.
func CheckRecords(recs []Record, schedule []Pairing, names []string, replay Replayer) error {
	seen := make(map[int]int, len(recs)) // game -> line
	for i := range recs {
		r, line := &recs[i], i+2
		if r.Game < 1 || r.Game > len(schedule) {
			return fmt.Errorf("line %d: game %d is not in the schedule of %d games", line, r.Game, len(schedule))
		}
		if first, dup := seen[r.Game]; dup {
			return fmt.Errorf("line %d: game %d again (first on line %d)", line, r.Game, first)
		}
		seen[r.Game] = line
		if err := r.matches(&schedule[r.Game-1], names); err != nil {
			return fmt.Errorf("line %d: game %d: %w", line, r.Game, err)
		}
		if r.Played {
			if err := replay(r); err != nil {
				return fmt.Errorf("line %d: game %d is no game of the rules: %w", line, r.Game, err)
			}
		}
	}
	return nil
}

// matches reports how the record differs from its scheduled game p.
func (r *Record) matches(p *Pairing, names []string) error {
	opening := p.OpeningText()
	winner := map[string]int{"black wins": p.Black, "white wins": p.White, "draw": -1}
	w, known := winner[r.Outcome]
	switch {
	case p.Game != r.Game:
		return fmt.Errorf("the schedule's game at its place is %d", p.Game) // a bug, not the file
	case r.Round != p.Round:
		return fmt.Errorf("round %d, the schedule says %d", r.Round, p.Round)
	case r.BlackEngine != p.Black || r.WhiteEngine != p.White:
		return fmt.Errorf("engines %d (black) and %d (white), the schedule says %d and %d", r.BlackEngine, r.WhiteEngine, p.Black, p.White)
	case r.Black != names[p.Black] || r.White != names[p.White]:
		return fmt.Errorf("names %q (black) and %q (white), the schedule says %q and %q", r.Black, r.White, names[p.Black], names[p.White])
	case r.Opening != opening || r.OpeningIndex != p.Opening:
		return fmt.Errorf("opening %s (#%d), the schedule says %s (#%d)", r.Opening, r.OpeningIndex, opening, p.Opening)
	case r.BlackSeed != p.BlackSeed || r.WhiteSeed != p.WhiteSeed:
		return fmt.Errorf("seeds %d and %d, the schedule says %d and %d", r.BlackSeed, r.WhiteSeed, p.BlackSeed, p.WhiteSeed)
	case !known:
		return fmt.Errorf("outcome %q, want black wins, white wins or draw", r.Outcome)
	case r.Winner != w:
		return fmt.Errorf("winner %d, but the outcome %q makes it %d", r.Winner, r.Outcome, w)
	}
	switch r.ForfeitBy {
	case "", othello.Black.String(), othello.White.String(), bothForfeited:
	default:
		return fmt.Errorf("forfeit by %q, want black, white or both", r.ForfeitBy)
	}
	return nil
}

// ErrNoHeader reports a results file without a whole header line whose
// start is a header's: the judge was stopped while creating it, so it
// holds no game and a new tournament may overwrite it. A file that does
// not start as a header does is never taken for one.
var ErrNoHeader = errors.New("results file has no complete header line")

// headerStart is how every header line begins: CreateResults writes the
// Header with json.Marshal, which writes the fields in order, Version
// first. Only a file that starts so, or is empty, or is cut within these
// bytes, can be a header cut short.
const headerStart = `{"version":`

// maxHeaderLine bounds a results file's header line. It holds the
// engines' command lines and every opening of the tournament, some 15
// bytes an opening: 64 MiB is room for millions of openings, more than any
// tournament plays, so a longer line is no header the judge wrote.
const maxHeaderLine = 64 << 20

// maxRecordLine bounds a game's line. The longest games (400 plies of
// Kill-All Go) and their forfeits' details, each reply quoted at most
// otp.DefaultMaxReply bytes, take a few kilobytes: a megabyte is a file
// that is not a results file.
const maxRecordLine = 1 << 20

// errLineTooLong is readLine's error for a line over its bound.
var errLineTooLong = errors.New("line too long")

// readLine returns the next line of br with its '\n' (a last line has
// none), or errLineTooLong once it has read more than max bytes of a line
// without its end: a file that is no results file is not read into
// memory a line at a time.
func readLine(br *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for {
		chunk, err := br.ReadSlice('\n')
		line = append(line, chunk...)
		if len(bytes.TrimSuffix(line, []byte("\n"))) > max {
			return nil, errLineTooLong
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, err
		}
	}
}

// ReadResults reads a results file: its header and the finished games, in
// the order written. A last line cut short (the judge was killed while
// writing it) is ignored; that game is played again. A line longer than
// any the judge writes is an error naming it.
func ReadResults(r io.Reader) (Header, []Record, error) {
	h, recs, _, err := readResults(r)
	return h, recs, err
}

// ErrNotResults is ReadResults' error for a file whose first line is no
// results header: a file that is not a results file at all.
var ErrNotResults = errors.New("not a tournament results header")

// readResults is ReadResults, and whether a last line cut short was
// ignored.
func readResults(r io.Reader) (h Header, recs []Record, cut bool, err error) {
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		max := maxRecordLine
		if n == 1 {
			max = maxHeaderLine
		}
		line, err := readLine(br, max)
		if errors.Is(err, errLineTooLong) {
			return h, nil, false, fmt.Errorf("line %d: over %d bytes, longer than any line of a results file", n, max)
		}
		if len(line) > 0 && line[len(line)-1] != '\n' {
			if n == 1 && !bytes.HasPrefix(line, []byte(headerStart)) && !bytes.HasPrefix([]byte(headerStart), line) {
				return h, nil, false, fmt.Errorf("line 1: %w", ErrNotResults)
			}
			cut = n > 1
			break // an unfinished last line
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return h, nil, false, err
		}
		if n == 1 {
			if err := json.Unmarshal(line, &h); err != nil {
				return h, nil, false, fmt.Errorf("line 1: %w (%v)", ErrNotResults, err)
			}
			if h.Version == 0 {
				return h, nil, false, fmt.Errorf("line 1: %w (no version)", ErrNotResults)
			}
			continue
		}
		var rec Record
		if err := json.Unmarshal(line, &rec); err != nil {
			return h, nil, false, fmt.Errorf("line %d: %w", n, err)
		}
		recs = append(recs, rec)
	}
	if h.Version == 0 {
		return h, nil, false, ErrNoHeader
	}
	return h, recs, cut, nil
}

// ResultsFile appends finished games to a results file as they end, one
// JSON object a line after the header, each written in one call and synced
// so that a killed judge loses at most the games in progress.
type ResultsFile struct {
	f *os.File
}

// shardName names a header's shard for messages.
func shardName(s *Shard) string {
	if s == nil {
		return "the whole tournament"
	}
	return "shard " + s.String()
}

// ErrResultsLocked is LockResults' error when another judge holds the
// results file.
var ErrResultsLocked = errors.New("another judge is writing this results file")

// CreateResults starts a new results file at path with its header, its
// fingerprint computed.
func CreateResults(path string, h Header) (*ResultsFile, error) {
	h.Version = resultsVersion
	h.Fingerprint = h.ComputeFingerprint()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, err
	}
	rf := &ResultsFile{f: f}
	if err := rf.writeLine(h); err != nil {
		f.Close()
		return nil, err
	}
	return rf, nil
}

// AppendResults opens an existing results file to add games to it. If its
// last line was cut short, it is cut off first so the file stays valid.
func AppendResults(path string) (*ResultsFile, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	end := int64(len(data))
	for end > 0 && data[end-1] != '\n' {
		end--
	}
	if err := f.Truncate(end); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(end, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return &ResultsFile{f: f}, nil
}

// RewriteHeader replaces the header line of the results file at path by h,
// keeping the games: a tournament extended with more rounds records them,
// so that a later resume with fewer rounds is refused rather than dropping
// games. The new file replaces the old one by a rename, so a kill leaves
// one or the other whole.
func RewriteHeader(path string, h Header) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	i := bytes.IndexByte(data, '\n')
	if i < 0 {
		return ErrNoHeader
	}
	h.Version = resultsVersion
	h.Fingerprint = h.ComputeFingerprint()
	line, err := json.Marshal(h)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(append(line, '\n'), data[i+1:]...), fi.Mode().Perm())
}

// WriteResults writes a whole results file at path, the header (its
// fingerprint computed) then recs, replacing any file there by a rename,
// so that an interruption leaves the old file or the new one whole.
func WriteResults(path string, h Header, recs []Record) error {
	h.Version = resultsVersion
	h.Fingerprint = h.ComputeFingerprint()
	var b bytes.Buffer
	for _, v := range append([]any{h}, anySlice(recs)...) {
		line, err := json.Marshal(v)
		if err != nil {
			return err
		}
		b.Write(append(line, '\n'))
	}
	return atomicfile.Write(path, b.Bytes(), 0o644)
}

// anySlice returns recs as values of any.
func anySlice(recs []Record) []any {
	out := make([]any, len(recs))
	for i, r := range recs {
		out[i] = r
	}
	return out
}

// Add appends one finished game.
func (rf *ResultsFile) Add(r Record) error { return rf.writeLine(r) }

func (rf *ResultsFile) writeLine(v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := rf.f.Write(append(data, '\n')); err != nil {
		return err
	}
	return rf.f.Sync()
}

// Close closes the file.
func (rf *ResultsFile) Close() error { return rf.f.Close() }

// GameResult rebuilds the game the record holds, as
// match.GameFacts.GameResult does, with its round, engines' names, opening
// and start: a game lost by both engines unplayed is no game, and comes
// back unplayed.
func (r *Record) GameResult() (match.GameResult, error) {
	g, err := r.GameFacts.GameResult(r.Opening)
	if err != nil {
		return match.GameResult{}, err
	}
	g.Round, g.Black, g.White, g.Start = r.Round, r.Black, r.White, r.Start
	return g, nil
}
