package tournament

import (
	"errors"
	"fmt"
	"strings"
)

// ParseEngineSpec reads how a tournament's command line names and starts
// an engine: "name=NAME [seed[=FLAG]] cmd=COMMAND ARGS...". The command is
// kept as written, quotes and spacing included, for
// engineproc.SplitCommand; a bare "seed" means the flag --seed.
func ParseEngineSpec(s string) (EngineInfo, error) {
	var e EngineInfo
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
			return e, nil
		}
		rest = rest[len(tok):]
		key, val, hasVal := strings.Cut(tok, "=")
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
		default:
			return e, fmt.Errorf("%q: want name=, seed or cmd=", tok)
		}
	}
	return e, errors.New("no cmd=")
}

// specSpace separates the words of an engine spec before its cmd=.
const specSpace = " \t\r\n"
