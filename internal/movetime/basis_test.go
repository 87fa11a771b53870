package movetime

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
)

// clock is a CPU time read from a list, one value a reading; ok false
// past its end.
type clock struct{ readings []time.Duration }

func (c *clock) CPUTime() (time.Duration, bool) {
	if len(c.readings) == 0 {
		return 0, false
	}
	v := c.readings[0]
	c.readings = c.readings[1:]
	return v, true
}

// A move is charged its wall time by the wall clock (the reply came
// within the limit: in time), its CPU time by CPU time, and its wall time
// where the CPU time cannot be read; the wait is the limit or the cap.
func TestMoveLate(t *testing.T) {
	s := time.Second
	cpu := Rule{Basis: CPU}
	for _, c := range []struct {
		name     string
		rule     Rule
		clock    *clock
		elapsed  time.Duration
		wait     time.Duration
		late     bool
		contains string
	}{
		{"wall", Rule{}, nil, 9 * s, 10 * s, false, ""},
		{"cpu in time", cpu, &clock{[]time.Duration{5 * s, 14 * s}}, 25 * s, 30 * s, false, ""},
		{"cpu over", cpu, &clock{[]time.Duration{5 * s, 15*s + time.Millisecond}}, 11 * s, 30 * s, true, "used 10.001s of CPU time, over the limit of 10s"},
		{"cpu with a cap", Rule{Basis: CPU, WallCap: 12 * s}, &clock{[]time.Duration{0, s}}, 11 * s, 12 * s, false, ""},
		{"cpu unreadable at the end", cpu, &clock{[]time.Duration{0}}, 11 * s, 30 * s, true, "could not be read"},
		{"cpu unreadable, in time by the wall", cpu, &clock{}, 9 * s, 30 * s, false, ""},
		{"cpu without a clock", cpu, nil, 12 * s, 30 * s, true, "replied after 12s"},
	} {
		var cl Clock
		if c.clock != nil {
			cl = c.clock
		}
		m := c.rule.Start(10*s, cl)
		if m.Wait() != c.wait {
			t.Errorf("%s: wait %v, want %v", c.name, m.Wait(), c.wait)
		}
		why, late := m.Late(c.elapsed)
		if late != c.late || !strings.Contains(why, c.contains) {
			t.Errorf("%s: late %v (%q), want %v (%q)", c.name, late, why, c.late, c.contains)
		}
		if (m.CapNote() != "") != c.rule.ByCPU() {
			t.Errorf("%s: cap note %q", c.name, m.CapNote())
		}
	}
}

// liveCPU is a host whose engines' CPU time can be read, or not.
type liveCPU struct{ err error }

func (l liveCPU) LiveCPUTime() error { return l.err }

// CPU time is refused where a host cannot read it, with its reason; the
// wall clock needs nothing.
func TestRuleCheck(t *testing.T) {
	no := liveCPU{errors.New("not on plan9")}
	if err := (Rule{}).Check(no); err != nil {
		t.Errorf("wall: %v", err)
	}
	if err := (Rule{Basis: CPU}).Check(liveCPU{}); err != nil {
		t.Errorf("cpu where it can be read: %v", err)
	}
	if err := (Rule{Basis: CPU}).Check(no); err == nil || !strings.Contains(err.Error(), "--time-basis cpu: not on plan9") {
		t.Errorf("cpu where it cannot be read: %v", err)
	}
}

// The flags: wall by default, cpu with or without a cap; a basis not
// known, a cap without cpu or under the limit refused.
func TestFlags(t *testing.T) {
	s := time.Second
	for _, c := range []struct {
		args []string
		want Rule
		err  string
	}{
		{nil, Rule{Basis: Wall}, ""},
		{[]string{"--time-basis", "cpu"}, Rule{Basis: CPU}, ""},
		{[]string{"--time-basis", "cpu", "--wall-cap", "20s"}, Rule{Basis: CPU, WallCap: 20 * s}, ""},
		{[]string{"--time-basis", "CPU"}, Rule{}, `--time-basis "CPU": want wall`},
		{[]string{"--wall-cap", "20s"}, Rule{}, "--wall-cap is for --time-basis cpu"},
		{[]string{"--time-basis", "cpu", "--wall-cap", "9s"}, Rule{}, "--wall-cap 9s: want at least the move's limit, 10s"},
	} {
		fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
		f := AddFlags(fs)
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		r, err := f.Rule(10 * s)
		if c.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), c.err) {
				t.Errorf("%q: %v, want %q", c.args, err, c.err)
			}
			continue
		}
		if err != nil || r != c.want {
			t.Errorf("%q: %+v, %v; want %+v", c.args, r, err, c.want)
		}
	}
}
