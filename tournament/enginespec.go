package tournament

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ParseEngineSpec reads how a tournament's command line names and starts
// an engine: "name=NAME [seed[=FLAG]] [proto=otp|nboard [depth=N]]
// cmd=COMMAND ARGS...". The command is kept as written, quotes and
// spacing included, for engineproc.SplitCommand; a bare "seed" means the
// flag --seed; proto=otp, the default, is recorded as "" (EngineInfo); a
// depth is for an NBoard engine, 1 to MaxDepth.
func ParseEngineSpec(s string) (EngineInfo, error) {
	var e EngineInfo
	seen := map[string]bool{} // the keys given, each at most once
	for rest := strings.TrimLeft(s, specSpace); rest != ""; rest = strings.TrimLeft(rest, specSpace) {
		tok := rest
		if i := strings.IndexAny(rest, specSpace); i >= 0 {
			tok = rest[:i]
		}
		if cmd, ok := strings.CutPrefix(rest, "cmd="); ok {
			e.Command = strings.TrimSpace(cmd)
			if e.Command == "" {
				return e, errors.New("empty cmd=")
			}
			if e.Name == "" {
				return e, errors.New("no name= before cmd=")
			}
			if e.Depth > 0 && e.Protocol != ProtocolNBoard {
				return e, errors.New("depth= is for an NBoard engine: give proto=nboard")
			}
			return e, nil
		}
		rest = rest[len(tok):]
		key, val, hasVal := strings.Cut(tok, "=")
		if seen[key] {
			// Say which key: the last one winning would hide the first.
			return e, fmt.Errorf("%s given twice in one spec (%q): give it once", key, tok)
		}
		seen[key] = true
		switch key {
		case "name":
			if val == "" {
				return e, errors.New("empty name")
			}
			e.Name = val
		case "seed":
			e.SeedFlag = "--seed"
			if hasVal {
				if !strings.HasPrefix(val, "-") {
					return e, fmt.Errorf("seed=%s: want a flag such as --seed", val)
				}
				e.SeedFlag = val
			}
		case "proto":
			switch val {
			case ProtocolOTP:
				e.Protocol = ""
			case ProtocolNBoard:
				e.Protocol = val
			default:
				return e, fmt.Errorf("proto=%s: want proto=%s or proto=%s", val, ProtocolOTP, ProtocolNBoard)
			}
		case "depth":
			d, err := strconv.Atoi(val)
			if err != nil || d < 1 || d > MaxDepth {
				return e, fmt.Errorf("depth=%s: want a whole number of plies from 1 to %d", val, MaxDepth)
			}
			e.Depth = d
		default:
			return e, fmt.Errorf("%q: want name=, seed, proto=, depth= or cmd=", tok)
		}
	}
	return e, errors.New("no cmd=")
}

// MaxDepth is the deepest depth= an engine spec takes: NBoard's depths
// count plies, and a game has 60.
const MaxDepth = 60

// specSpace separates the words of an engine spec before its cmd=.
const specSpace = " \t\r\n"

// CheckProtocols refuses an engine that speaks another protocol than OTP
// in a game other than Othello, whose programs speak its own.
func CheckProtocols(game string, engines []EngineInfo) error {
	for _, e := range engines {
		if e.Protocol != "" && !IsOthello(game) {
			return fmt.Errorf("%s: proto=%s is for Othello; %s program speaks its game's own protocol", e.Name, e.Protocol, GameWithArticle(game))
		}
	}
	return nil
}
