// Package consoletest is a program of the 2013 Kill-All Go console
// protocol (package console) for tests: it answers as a script says,
// illegal moves, late replies and exits included, and otherwise plays
// seeded random legal moves.
package consoletest

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/tcgothello/mcts/goban"
	"github.com/tcgothello/mcts/killallgo"
)

// Fake is a console-protocol program that behaves as its script says,
// for tests of what plays such programs (the referee, a tournament).
// The script is "[prompt;][badput;]R1,R2,...": think is answered with R1, then R2,
// and so on, then with uniformly random legal moves (seeded, so the same
// every time) once the list is used. Ri is a reply to send as it is ("3
// 4", "0 0", "hello"), or !exit (exit with status 3 at once), !sleep
// (answer after 3 s), !long (a line of 5000 bytes), !random (a random
// legal move). With badput, every put after start game is answered with an
// error. With prompt, it behaves as a program on the course's 2013
// template: it writes the prompt ">" before reading each command and
// answers ">ok" for ok, so that its lines read ">>ok" and ">4 3". reset,
// time, put and start game otherwise get ok; quit and the end of the
// input end it.
func Fake(script string, in io.Reader, out io.Writer) int {
	prompt, okReply := "", "ok"
	if rest, ok := strings.CutPrefix(script, "prompt;"); ok {
		prompt, okReply, script = ">", ">ok", rest
	}
	if script == "!gone" {
		return 3
	}
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
	for {
		w.WriteString(prompt)
		w.Flush()
		if !sc.Scan() {
			break
		}
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "reset":
			g.Reset()
			say(okReply)
		case "time":
			say(okReply)
		case "start":
			_ = g.Start()
			say(okReply)
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
			say(okReply)
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
