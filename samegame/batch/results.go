package batch

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// maxResultLine bounds a line of a results file: a sequence of a 20x20
// board's at most 200 moves takes under a kilobyte, so a megabyte is a
// file that is not a results file.
const maxResultLine = 1 << 20

// Results is the results file of a resumable search run (--resume): the
// lines of the boards it already has, and the file open for appending the
// new ones. A nil *Results is no file: nothing done, nothing kept.
type Results struct {
	path string
	done map[int]string
	f    *os.File
}

// settingsPrefix starts the line of a results file that names the settings
// its results were searched with (Search.Settings).
const settingsPrefix = "# settings: "

// OpenResults reads the results file at path, if it exists, and opens it
// for appending, creating it if need be. Its results must have been
// searched with settings (Search.Settings): a file whose settings line
// says otherwise is refused, naming both, and so is a file with results
// but no settings line (written before the line was), which says what
// line to add if its results were searched so; a file without results
// gets the line. The caller holds the file's lock (tournament.LockResults)
// so that two runs cannot append to it at once. A line that is not
// "N SCORE MOVES NODES SECONDS" (blank and '#' lines aside), or longer
// than any such line, is an error naming it, and the file is left as it is.
// A last line without its newline was cut short (the run was killed while
// writing it, or the disk filled): it is cut off, and its board searched
// again, so that the next line does not run on from it.
func OpenResults(path, settings string) (*Results, error) {
	done := map[int]string{}
	hasSettings := false
	whole := -1 // the length of the file's whole lines, when it is longer
	if data, err := os.ReadFile(path); err == nil {
		if n := bytes.LastIndexByte(data, '\n') + 1; n < len(data) && cutShort(string(data[n:])) {
			data, whole = data[:n], n
		}
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		sc.Buffer(make([]byte, 0, 64*1024), maxResultLine)
		i := 0
		for sc.Scan() {
			i++
			line := strings.TrimSpace(sc.Text())
			if got, ok := strings.CutPrefix(line, strings.TrimSpace(settingsPrefix)); ok {
				if got = strings.TrimSpace(got); got != settings {
					return nil, fmt.Errorf("%s: line %d: its results were searched with other settings, which a resumed run would mix in:\n  the file: %s\n  this run: %s\nresume with the file's settings, or name another file", path, i, got, settings)
				}
				hasSettings = true
				continue
			}
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			f := strings.Fields(line)
			n, err := strconv.Atoi(f[0])
			if len(f) != 5 || err != nil {
				return nil, fmt.Errorf("%s: line %d: want N SCORE MOVES NODES SECONDS, got %q", path, i, line)
			}
			if _, err := strconv.Atoi(f[1]); err != nil {
				return nil, fmt.Errorf("%s: line %d: score %q is not a number", path, i, f[1])
			}
			if !hasSettings {
				return nil, fmt.Errorf("%s: line %d: a result with no settings line above it (the file was written before runs recorded their settings); if its results were searched with this run's settings, add this line at its top:\n%s%s", path, i, settingsPrefix, settings)
			}
			done[n] = line
		}
		// The scanner stops at a line over its bound: without this check
		// the boards after it would be searched again and appended after
		// that line.
		if errors.Is(sc.Err(), bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s: line %d: over %d bytes, longer than any line of a results file", path, i+1, maxResultLine)
		} else if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s: line %d: %w", path, i+1, err)
		}
	} else if !os.IsNotExist(err) {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	if whole >= 0 {
		if err := f.Truncate(int64(whole)); err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: cutting off its last line, cut short: %w", path, err)
		}
	}
	if !hasSettings {
		if _, err := fmt.Fprintf(f, "%s%s\n", settingsPrefix, settings); err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return &Results{path: path, done: done, f: f}, nil
}

// cutShort reports whether a last line without its newline can be the
// start of a line this package writes, a '#' line or a result's first
// fields, and not a file of another kind, which is refused whole.
func cutShort(last string) bool {
	f := strings.Fields(last)
	if len(f) == 0 || strings.HasPrefix(f[0], "#") {
		return true
	}
	_, err := strconv.Atoi(f[0])
	return err == nil && len(f) <= 5
}

// Done returns the line of board n and its score when the file has it.
func (r *Results) Done(n int) (line string, score int, ok bool) {
	if r == nil {
		return "", 0, false
	}
	line, ok = r.done[n]
	if !ok {
		return "", 0, false
	}
	score, _ = strconv.Atoi(strings.Fields(line)[1]) // checked by OpenResults
	return line, score, true
}

// Add appends a board's line to the file.
func (r *Results) Add(line string) error {
	if r == nil {
		return nil
	}
	if _, err := fmt.Fprintln(r.f, line); err != nil {
		return fmt.Errorf("%s: %w", r.path, err)
	}
	return nil
}

// Close closes the file.
func (r *Results) Close() error {
	if r == nil {
		return nil
	}
	return r.f.Close()
}
