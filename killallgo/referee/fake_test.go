package referee

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/killallgo"
)

// fakeEnv names the environment variable that makes the test binary a
// fake program when it is 1: its first argument is the fake's script (see
// fake).
const fakeEnv = "KILLALLGO_REFEREE_FAKE"

// TestMain runs the test binary as a fake program when fakeEnv is set, so
// that the referee can start real processes without building one.
func TestMain(m *testing.M) {
	if os.Getenv(fakeEnv) == "1" {
		script := ""
		if len(os.Args) > 1 {
			script = os.Args[1]
		}
		os.Exit(fake(script, os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// fake is a console-protocol program that behaves as its script says.
// The script is "[badput;]R1,R2,...": think is answered with R1, then R2,
// and so on, then with uniformly random legal moves (seeded, so the same
// every time) once the list is used. Ri is a reply to send as it is ("3
// 4", "0 0", "hello"), or !exit (exit with status 3 at once), !sleep
// (answer after 3 s), !long (a line of 5000 bytes), !random (a random
// legal move). With badput, every put after start game is answered with an
// error. reset, time, put and start game otherwise get ok; quit and the
// end of the input end it.
func fake(script string, in io.Reader, out io.Writer) int {
	badPut := false
	if rest, ok := strings.CutPrefix(script, "badput;"); ok {
		badPut, script = true, rest
	}
	var replies []string
	if script != "" {
		replies = strings.Split(script, ",")
	}
	g := killallgo.NewGame()
	src := rand.NewPCG(1, 2)
	sc := bufio.NewScanner(in)
	w := bufio.NewWriter(out)
	say := func(s string) {
		w.WriteString(s + "\n")
		w.Flush()
	}
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "reset":
			g.Reset()
			say("ok")
		case "time":
			say("ok")
		case "start":
			_ = g.Start()
			say("ok")
		case "put":
			x, _ := strconv.Atoi(f[2])
			y, _ := strconv.Atoi(f[3])
			m, _ := killallgo.At(x, y)
			c := goban.Black
			if f[1] == "w" {
				c = goban.White
			}
			if badPut && g.Started() {
				say("error: refused")
				continue
			}
			if err := g.Put(m, c); err != nil {
				say("error: " + err.Error())
				continue
			}
			say("ok")
		case "think":
			c := goban.Black
			if f[1] == "w" {
				c = goban.White
			}
			r := "!random"
			if len(replies) > 0 {
				r, replies = replies[0], replies[1:]
			}
			switch r {
			case "!exit":
				return 3
			case "!sleep":
				time.Sleep(3 * time.Second)
				r = "!random"
			case "!long":
				say(strings.Repeat("9", 5000))
				continue
			}
			if r == "!random" {
				m := g.RandomMove(c, src)
				x, y := m.XY()
				r = fmt.Sprintf("%d %d", x, y)
			}
			var x, y int
			if _, err := fmt.Sscanf(r, "%d %d", &x, &y); err == nil {
				if m, ok := killallgo.At(x, y); ok {
					_ = g.Put(m, c)
				} else if x == 0 && y == 0 {
					_ = g.Pass(c)
				}
			}
			say(r)
		case "quit":
			return 0
		default:
			say("error: unknown command")
		}
	}
	return 0
}

// pipeFake returns an Endpoint of fake(script) run in a goroutine over
// pipes, without a process.
func pipeFake(name, script string) *Endpoint {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	exited := make(chan struct{})
	status := 0
	go func() {
		status = fake(script, inR, outW)
		outW.Close()
		inR.Close()
		close(exited)
	}()
	return &Endpoint{Name: name, In: inW, Out: outR, Exited: exited, Status: func() string {
		return "exit status " + strconv.Itoa(status)
	}}
}
