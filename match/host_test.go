package match

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/tcgothello/mcts/match/matchtest"
	"github.com/tcgothello/mcts/othello"
	"github.com/tcgothello/mcts/otp"
)

// TestMain lets the test binary double as an engine for Hosting.Engines:
// "fake-engine NAME MODE IP PORT" plays well as NAME, MODE being good
// (exit after quit), linger (stay a minute after quit, to be killed),
// exit (exit at once with status 3, never connecting) or late:DURATION
// (wait that long, then connect and play well). It writes a line to
// stderr, which the judge keeps in its log.
func TestMain(m *testing.M) {
	if len(os.Args) == 6 && os.Args[1] == "fake-engine" {
		os.Exit(fakeEngineMain(os.Args[2], os.Args[3], net.JoinHostPort(os.Args[4], os.Args[5])))
	}
	os.Exit(m.Run())
}

func fakeEngineMain(name, mode, addr string) int {
	fmt.Fprintf(os.Stderr, "fake engine %s on stderr\n", name)
	wait, late := strings.CutPrefix(mode, "late:")
	switch delay, err := time.ParseDuration(wait); {
	case mode == "exit":
		return 3
	case late && err != nil:
		fmt.Fprintln(os.Stderr, err)
		return 2
	case late:
		time.Sleep(delay)
	}
	e := &matchtest.Engine{Name: name}
	err := e.Start(addr)
	if err == nil {
		e.Wait()
	}
	if mode == "linger" {
		time.Sleep(time.Minute)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// fakeEngine is the command line of this test binary as an engine.
func fakeEngine(t *testing.T, name, mode string) []string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return []string{exe, "fake-engine", name, mode}
}

// hostLimits are testLimits with a connect time that a process started on
// a busy machine can meet.
var hostLimits = Limits{Connect: 5 * time.Second, GenMove: testLimits.GenMove, Reply: testLimits.Reply}

// hosted is what a test saw of Host.
type hosted struct {
	res   Result
	err   error
	logs  *observer.ObservedLogs
	ended *Result // the result as Ended saw it
}

// host hosts a match of rounds on loopback as h says, with hostLimits,
// connect being called with the address once the judge listens.
func host(t *testing.T, rounds int, h Hosting, connect func(addr string)) hosted {
	t.Helper()
	core, logs := observer.New(zap.DebugLevel)
	var got hosted
	h.Host = "127.0.0.1"
	h.Listening = func(a net.Addr) {
		if connect != nil {
			connect(a.String())
		}
	}
	h.Ended = func(r *Result) error {
		got.ended = new(*r)
		got.ended.Players = r.Players
		return nil
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	m := &Match{Rounds: rounds, Limits: hostLimits, Log: zap.New(core)}
	got.res, got.err = m.Host(ctx, h)
	if m.NoShow != [2]string{} {
		t.Errorf("Host changed the match's NoShow to %q", m.NoShow)
	}
	got.logs = logs
	return got
}

// wantStanding checks a player's name, quit flag and games won and lost.
func wantStanding(t *testing.T, p PlayerResult, name string, quit bool, win, lose int) {
	t.Helper()
	if p.Name != name || p.Quit != quit || p.Win != win || p.Lose != lose {
		t.Errorf("player %+v, want %s quit %v won %d lost %d", p, name, quit, win, lose)
	}
}

// referenceStandings returns what the reference game between two
// FirstMove engines gives player 1 and 2 over two rounds: each plays it
// once as black.
func referenceStandings() (win, lose int) {
	_, final := matchtest.Reference()
	if final.Score() == 0 {
		return 0, 0
	}
	return 1, 1
}

// TestHostPlayersConnect hosts a match of players that connect on their
// own: the first to connect is player 1; Ended sees the result before Host
// returns it; the files hold the record and the summary.
func TestHostPlayersConnect(t *testing.T) {
	dir := t.TempDir()
	files := Files{Record: filepath.Join(dir, "games.ggf"), RecordGGF: true, Summary: filepath.Join(dir, "summary.json")}
	h := host(t, 2, Hosting{Files: files}, func(addr string) {
		for _, name := range []string{"alice", "bob"} {
			e := &matchtest.Engine{Name: name}
			if err := e.Start(addr); err != nil {
				t.Error(err)
				return
			}
			t.Cleanup(e.Close) // Start returns once connected: alice first
		}
	})
	if h.err != nil {
		t.Fatal(h.err)
	}
	win, lose := referenceStandings()
	wantStanding(t, h.res.Players[0], "alice", true, win, lose)
	wantStanding(t, h.res.Players[1], "bob", true, win, lose)
	if h.ended == nil || h.ended.Players != h.res.Players || len(h.ended.Games) != 2 {
		t.Errorf("Ended saw %+v, want the result returned", h.ended)
	}
	moves, final := matchtest.Reference()
	ggf, err := os.ReadFile(files.Record)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(ggf), "\n"), "\n")
	for i, l := range lines {
		g, err := othello.ParseGGF(l)
		if err != nil {
			t.Fatal(err)
		}
		replay, err := g.Game()
		if err != nil || othello.FormatMoves(replay.Moves()) != othello.FormatMoves(moves) || replay.Position() != final {
			t.Errorf("round %d of the GGF record: %v, moves %v; want the reference game", i+1, err, replay.Moves())
		}
	}
	var s Summary
	data, err := os.ReadFile(files.Summary)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &s); err != nil || len(lines) != 2 || len(s.Games) != 2 || s.Players[0].Name != "alice" || s.Players[1].Usage != nil {
		t.Errorf("%d GGF games, summary %+v (%v); want 2 and 2 games, alice first, no usage for a player the judge did not start", len(lines), s, err)
	}
}

// TestHostStartsEngines hosts a match between two engines the judge
// starts: their output goes to their logs, the lingering one is killed,
// and each player's figures join its result after Ended.
func TestHostStartsEngines(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	h := host(t, 2, Hosting{Engines: [][]string{fakeEngine(t, "alice", "good"), fakeEngine(t, "bob", "linger")}, EngineLogDir: dir}, nil)
	if h.err != nil {
		t.Fatal(h.err)
	}
	win, lose := referenceStandings()
	wantStanding(t, h.res.Players[0], "alice", true, win, lose)
	wantStanding(t, h.res.Players[1], "bob", true, win, lose)
	for i, name := range []string{"alice", "bob"} {
		log, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("engine%d.log", i+1)))
		if want := "fake engine " + name + " on stderr"; err != nil || !strings.Contains(string(log), want) {
			t.Errorf("engine%d.log: %q, %v; want it to hold %q", i+1, log, err, want)
		}
		u := h.res.Players[i].Usage
		if u == nil || u.WallMS <= 0 || u.ThinkMS <= 0 || u.ThinkMS > u.WallMS {
			t.Errorf("player %d's usage %+v, want a wall time and a thinking time within it", i+1, u)
		}
		if h.ended == nil || h.ended.Players[i].Usage != nil {
			t.Errorf("Ended saw player %d's usage: the engines stopped before it", i+1)
		}
	}
	if h.logs.FilterMessageSnippet("killing it").Len() != 1 {
		t.Errorf("the lingering engine was not killed, or not it alone: %v", h.logs.FilterMessageSnippet("killing it").All())
	}
}

// With Engines, the first is player 1 even when it connects after the
// second, and after half the connect time (which the judge once gave it
// alone, seating whoever came first after that).
func TestHostEngineSeatsFollowOrder(t *testing.T) {
	t.Parallel()
	// Past half the connect time, with 2 s left for alice to start and
	// connect on a busy machine under the race detector (1 s was not).
	late := fmt.Sprintf("late:%v", hostLimits.Connect*6/10)
	h := host(t, 1, Hosting{Engines: [][]string{fakeEngine(t, "alice", late), fakeEngine(t, "bob", "good")}, EngineLogDir: t.TempDir()}, nil)
	if h.err != nil {
		t.Fatal(h.err)
	}
	if len(h.res.Games) != 1 || h.res.Games[0].Black != "alice" || h.res.Players[0].Name != "alice" || !h.res.Players[0].Quit {
		t.Errorf("players %+v; want alice, started first, as player 1 and black in round 1", h.res.Players)
	}
}

// An engine that exits without connecting loses every round, with its
// exit in the forfeit, and costs the other engine none of its connect
// time.
func TestHostEngineExits(t *testing.T) {
	t.Parallel()
	start := time.Now()
	h := host(t, 2, Hosting{Engines: [][]string{fakeEngine(t, "alice", "exit"), fakeEngine(t, "bob", "good")}, EngineLogDir: t.TempDir()}, nil)
	if h.err != nil {
		t.Fatal(h.err)
	}
	p := h.res.Players[0]
	if p.Forfeit == nil || p.Forfeit.Reason != otp.ForfeitNoConnection || p.Forfeit.Detail != "exited before connecting: exit status 3" {
		t.Errorf("player 1's forfeit %v, want no connection: exited before connecting: exit status 3", p.Forfeit)
	}
	wantStanding(t, h.res.Players[1], "bob", true, 2, 0)
	if got := h.res.NeverPlayed(); len(got) != 1 || got[0] != 0 {
		t.Errorf("NeverPlayed %v, want player 1 (index 0)", got)
	}
	if took := time.Since(start); took >= hostLimits.Connect {
		t.Errorf("the match took %v: the judge waited out the connect time %v for an engine that had exited", took, hostLimits.Connect)
	}
}

// A missing engine program is found before anything starts: no port is
// taken, no engine started.
func TestHostEngineMissing(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-engine")
	h := Hosting{Engines: [][]string{fakeEngine(t, "alice", "good"), {missing}}}
	if err := h.CheckEngines(); err == nil || !strings.Contains(err.Error(), "engine 2: program") || !strings.Contains(err.Error(), missing) {
		t.Errorf("CheckEngines: %v, want engine 2 and its program named", err)
	}
	one := Hosting{Engines: h.Engines[:1]}
	if err := one.CheckEngines(); err == nil || !strings.Contains(err.Error(), "1 engine: want two") {
		t.Errorf("CheckEngines of one engine: %v, want it refused", err)
	}
	listened := false
	h.Listening = func(net.Addr) { listened = true }
	m := &Match{Rounds: 1, Limits: hostLimits}
	if _, err := m.Host(t.Context(), h); err == nil || !strings.Contains(err.Error(), "engine 2: program") || listened {
		t.Errorf("Host: %v, listened %v; want the error of CheckEngines, before listening", err, listened)
	}
}

// A file that cannot be written is found before anything starts, naming
// it: the match is not played for its record to be lost at the end. A
// file that can be is neither created nor changed by the check.
func TestHostFilesUnwritable(t *testing.T) {
	dir := t.TempDir()
	notDir := filepath.Join(dir, "plain")
	if err := os.WriteFile(notDir, []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		files Files
		want  string
	}{
		{Files{Record: filepath.Join(dir, "missing", "games.txt")}, "record " + filepath.Join(dir, "missing", "games.txt") + ": stat " + filepath.Join(dir, "missing") + ": no such file"},
		{Files{Summary: filepath.Join(notDir, "s.json")}, "json summary " + filepath.Join(notDir, "s.json") + ": " + notDir + " is not a directory"},
		{Files{Record: dir}, "record " + dir + ": is a directory"},
	} {
		listened := false
		h := Hosting{Host: "127.0.0.1", Files: c.files, Listening: func(net.Addr) { listened = true }}
		m := &Match{Rounds: 1, Limits: hostLimits}
		if _, err := m.Host(t.Context(), h); err == nil || !strings.Contains(err.Error(), c.want) || listened {
			t.Errorf("Host with %+v: %v, listened %v; want %q before listening", c.files, err, listened, c.want)
		}
	}
	ok := Files{Record: notDir, Summary: filepath.Join(dir, "new.json")}
	if err := ok.Check(); err != nil {
		t.Errorf("Check of writable files: %v", err)
	}
	if got, _ := os.ReadFile(notDir); string(got) != "kept" {
		t.Errorf("the existing file became %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the check left %d entries in the directory, want the one file", len(entries))
	}
}

// TestHostPortTaken: a port in use is an error, and nothing is played.
func TestHostPortTaken(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	m := &Match{Rounds: 1, Limits: hostLimits}
	res, err := m.Host(t.Context(), Hosting{Host: "127.0.0.1", Port: ln.Addr().(*net.TCPAddr).Port,
		Ended: func(*Result) error { t.Error("Ended called"); return nil }})
	if err == nil || !strings.Contains(err.Error(), "address already in use") || len(res.Games) != 0 {
		t.Errorf("Host on a taken port: %v, %d games; want the bind error and none", err, len(res.Games))
	}
}
