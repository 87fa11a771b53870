package tournament

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A merge with a sequential test counts what a single run would have: up
// to where the test decides, if no game before is missing.
func TestMergedCounted(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 400, Alpha: 0.05, Beta: 0.05} // 5 pairs won twice decide it
	var recs []Record
	for round := 1; round <= 6; round++ {
		recs = append(recs, won(2*round-1, round, 0, 1, 0, true), won(2*round, round, 1, 0, 0, true))
	}
	m := Merged{Header: Header{SPRTTest: &test}, Records: recs}
	counted, r, complete := m.Counted()
	if len(counted) != 10 || r == nil || r.Verdict != AcceptH1.String() || !complete {
		t.Errorf("all 12 games: counted %d, test %+v, complete %v; want 10, H1 accepted, complete", len(counted), r, complete)
	}
	// Game 3 missing: a single run would have stopped there, undecided.
	m = Merged{Header: Header{SPRTTest: &test}, Records: append(recs[:2:2], recs[3:]...), Missing: []int{3}}
	counted, r, complete = m.Counted()
	if len(counted) != 11 || r == nil || complete {
		t.Errorf("game 3 missing: counted %d, test %+v, complete %v; want all 11, incomplete", len(counted), r, complete)
	}
	m = Merged{Records: recs, Missing: []int{13}}
	if counted, r, complete := m.Counted(); len(counted) != 12 || r != nil || complete {
		t.Errorf("no test, game 13 missing: counted %d, test %+v, complete %v; want 12, none, incomplete", len(counted), r, complete)
	}
}

// The merged file goes to a new file or over an earlier merge of the same
// tournament, never over an input or another file.
func TestCheckMergeOutput(t *testing.T) {
	dir := t.TempDir()
	h := Header{Mode: RoundRobin.String(), Seed: 1, Rounds: 1, Engines: []EngineInfo{{Name: "a", Command: "x"}, {Name: "b", Command: "y"}}, Openings: []string{"f5d6c3d3c4"}}
	fp := h.ComputeFingerprint()
	input, earlier, notes := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "merged.jsonl"), filepath.Join(dir, "notes.txt")
	if err := WriteResults(input, h, nil); err != nil {
		t.Fatal(err)
	}
	if err := WriteResults(earlier, h, nil); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(notes, []byte("notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "new.jsonl"), ""},
		{earlier, ""},
		{input, "is one of the files to merge"},
		{notes, "is not a results file of this tournament"},
	} {
		err := CheckMergeOutput(c.path, []string{input}, fp)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", filepath.Base(c.path), err, c.want)
		}
	}
	if err := CheckMergeOutput(earlier, []string{input}, "another"); err == nil {
		t.Error("over another tournament's merge: no error")
	}
	if _, err := ReadMergeInputs([]string{input, notes}); err == nil || !strings.HasPrefix(err.Error(), notes+": ") {
		t.Errorf("ReadMergeInputs of a file that is not a results file: %v, want an error naming it", err)
	}
	if in, err := ReadMergeInputs([]string{input}); err != nil || len(in) != 1 || in[0].Name != input || in[0].Header.ComputeFingerprint() != fp {
		t.Errorf("ReadMergeInputs: %+v, %v", in, err)
	}
}
