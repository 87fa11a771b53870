package tournament

// Merging results files as judge tournament merge does: reading them,
// counting what a single run would have counted, and checking that the
// merged file may be written where it is asked.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
)

// ReadMergeInputs reads the results files named, for Merge. An error
// names the file it is about; an input whose last line was cut short
// says so (MergeInput.Cut), for the merge to name it.
func ReadMergeInputs(files []string) ([]MergeInput, error) {
	inputs := make([]MergeInput, 0, len(files))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err // the path is in the error
		}
		h, recs, cut, err := readResults(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		inputs = append(inputs, MergeInput{Name: name, Header: h, Records: recs, Cut: cut})
	}
	return inputs, nil
}

// ReadResultsFile reads the results file at path (ReadResults); an error
// names the file.
func ReadResultsFile(path string) (Header, []Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Header{}, nil, err // the path is in the error
	}
	h, recs, err := ReadResults(bytes.NewReader(data))
	if err != nil {
		return h, recs, fmt.Errorf("%s: %w", path, err)
	}
	return h, recs, nil
}

// Counted returns the games a single run of the whole tournament would
// have counted in its standings, where its sequential test stands on them
// (nil without a test), and whether the merge is complete. Without a
// test it is every game found, complete when none is missing. With one,
// a single run plays in game order and stops where the test decides: if
// it decides before the first missing game, the games up to there are
// counted and the merge is complete, the later ones being games a single
// run would not have played.
func (m *Merged) Counted() (counted []Record, test *SPRTResult, complete bool) {
	counted, complete = m.Records, len(m.Missing) == 0
	t := m.Header.SPRTTest
	if t == nil {
		return counted, nil, complete
	}
	prefix := counted
	if len(m.Missing) > 0 {
		prefix = counted[:countBefore(counted, m.Missing[0])]
	}
	n := t.SequentialCut(prefix, 0, 1)
	if r := t.Result(CountPairs(prefix[:n], 0, 1)); r.Decided() {
		counted, complete = prefix[:n], true
	}
	r := t.Result(CountPairs(counted, 0, 1))
	return counted, &r, complete
}

// countBefore returns how many of recs, sorted by game, come before game.
func countBefore(recs []Record, game int) int {
	n := 0
	for n < len(recs) && recs[n].Game < game {
		n++
	}
	return n
}

// CheckMergeOutput refuses an output path that is one of the inputs, or an
// existing file that is not a results file of the tournament fingerprint
// (an earlier merge's output is replaced): a merge never changes its
// inputs, nor overwrites what it did not write.
func CheckMergeOutput(path string, inputs []string, fingerprint string) error {
	out, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	for _, in := range inputs {
		if fi, err := os.Stat(in); err == nil && os.SameFile(fi, out) {
			return fmt.Errorf("--results %s is one of the files to merge: name a new file", path)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	h, _, err := ReadResults(f)
	if err != nil || h.ComputeFingerprint() != fingerprint {
		return fmt.Errorf("--results %s exists and is not a results file of this tournament: name another, or remove it", path)
	}
	return nil
}
