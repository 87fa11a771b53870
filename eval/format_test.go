package eval

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// reseal recomputes the checksum of a file after a deliberate change, so
// that the test reaches the check it aims at.
func reseal(b []byte) []byte {
	n := len(b) - 4
	binary.LittleEndian.PutUint32(b[n:], crc32.ChecksumIEEE(b[:n]))
	return b
}

// setU32 returns a copy of b with the header field at off set to v.
func setU32(b []byte, off int, v uint32) []byte {
	c := slices.Clone(b)
	binary.LittleEndian.PutUint32(c[off:], v)
	return c
}

func TestFormatRoundTrip(t *testing.T) {
	can := randomCanonical(3, 30000, 9)
	w := newWeights(3, can, "trained by a test\n")
	var buf bytes.Buffer
	if err := w.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if want := headerSize + len(w.meta) + 3*CanonicalWeights*2 + 4; buf.Len() != want {
		t.Fatalf("int16 file of %d bytes, want %d", buf.Len(), want)
	}
	if got := string(buf.Bytes()[:8]); got != "TCGOEVAL" {
		t.Fatalf("magic %q", got)
	}
	// The first weight sits right after the metadata, little-endian.
	first := headerSize + len(w.meta)
	if got := int16(uint16(buf.Bytes()[first]) | uint16(buf.Bytes()[first+1])<<8); got != can[0] {
		t.Fatalf("first weight %d in the file, want %d", got, can[0])
	}
	r, err := Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if r.Phases() != 3 || r.Metadata() != w.meta || !slices.Equal(r.w, w.w) {
		t.Fatal("int16 weights changed through a file")
	}

	// Float32: exact, including values off the fixed-point grid.
	m := newModelCanonical(2, randomFloats(2, 11), "checkpoint")
	buf.Reset()
	if err := m.Write(&buf); err != nil {
		t.Fatal(err)
	}
	m2, err := ReadModel(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !m2.Equal(m) || m2.Meta != m.Meta {
		t.Fatal("float32 weights changed through a file")
	}
	// A float file loads as Weights, rounded; an int16 file as a Model.
	fw, err := Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	mw, _ := m.Weights()
	if !slices.Equal(fw.w, mw.w) {
		t.Fatal("a float32 file read as Weights differs from Model.Weights")
	}
	buf.Reset()
	w.Write(&buf)
	wm, err := ReadModel(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := wm.w[5], float32(w.w[5])/Scale; got != want {
		t.Fatalf("int16 file as a model: weight %v, want %v", got, want)
	}
}

// randomFloats returns random canonical float weights.
func randomFloats(phases int, seed uint64) []float32 {
	rng := rand.New(rand.NewPCG(seed, 4))
	out := make([]float32, phases*CanonicalWeights)
	for i := range out {
		out[i] = float32(rng.NormFloat64() * 5)
	}
	return out
}

func TestFormatErrors(t *testing.T) {
	var buf bytes.Buffer
	newModelCanonical(1, randomFloats(1, 3), "meta").Write(&buf)
	good := buf.Bytes()
	nan := slices.Clone(good)
	binary.LittleEndian.PutUint32(nan[headerSize+4+8:], math.Float32bits(float32(math.NaN())))
	badUTF8 := slices.Clone(good)
	badUTF8[headerSize] = 0xff
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "truncated"},
		{"short header", good[:20], "truncated"},
		{"magic", append([]byte("TCGOEVAX"), good[8:]...), "bad magic"},
		{"version", reseal(setU32(good, 8, 2)), "format version 2"},
		{"pattern set", reseal(setU32(good, 12, 7)), "pattern set 7"},
		{"no phases", reseal(setU32(good, 16, 0)), "0 phases"},
		{"too many phases", reseal(setU32(good, 16, 61)), "61 phases"},
		{"weights per phase", reseal(setU32(good, 20, 5)), "5 weights per phase"},
		{"encoding", reseal(setU32(good, 24, 3)), "unknown encoding 3"},
		{"int16 scale", reseal(setU32(setU32(good, 24, 1), 28, 100)), "int16 scale 100"},
		{"float scale", reseal(setU32(good, 28, 256)), "float32 weights with scale 256"},
		{"metadata length", reseal(setU32(good, 32, MaxMetadata+1)), "metadata of"},
		{"truncated body", good[:len(good)-100], "truncated"},
		{"trailing bytes", append(slices.Clone(good), 0), "1 unexpected bytes"},
		{"checksum", append(slices.Clone(good[:len(good)-1]), good[len(good)-1]^1), "checksum"},
		{"not a number", reseal(nan), "weight 2 (phase 0) is NaN"},
		{"metadata not UTF-8", reseal(badUTF8), "not UTF-8"},
	} {
		_, err := Read(bytes.NewReader(tc.data))
		if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
		if _, err := ReadModel(bytes.NewReader(tc.data)); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: ReadModel error %v", tc.name, err)
		}
	}
	// A reader that never ends is cut off after the largest valid size.
	if _, err := Read(endless{}); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "larger than any") {
		t.Errorf("endless input: error %v", err)
	}
}

// endless is a reader of zero bytes without end.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestFormatCorruption cuts the file at every length and flips bytes all
// over it: every such file is refused, none is read as weights.
func TestFormatCorruption(t *testing.T) {
	var buf bytes.Buffer
	newWeights(1, randomCanonical(1, 500, 4), "m").Write(&buf)
	good := buf.Bytes()
	rng := rand.New(rand.NewPCG(5, 6))
	// Every length through the header and the metadata, the last few
	// bytes, and lengths at random in between.
	var lengths, offsets []int
	for n := 0; n < headerSize+8; n++ {
		lengths = append(lengths, n, len(good)-1-n)
		offsets = append(offsets, n, len(good)-1-n)
	}
	for i := 0; i < 300; i++ {
		lengths = append(lengths, rng.IntN(len(good)))
		offsets = append(offsets, rng.IntN(len(good)))
	}
	for _, n := range lengths {
		if _, err := decode(good[:n]); !errors.Is(err, ErrFormat) {
			t.Fatalf("file cut at %d of %d bytes: error %v", n, len(good), err)
		}
	}
	for _, off := range offsets {
		bad := slices.Clone(good)
		bad[off] ^= byte(1 + rng.IntN(255))
		if _, err := decode(bad); !errors.Is(err, ErrFormat) {
			t.Fatalf("byte %d changed: error %v", off, err)
		}
	}
}

func TestLoadSave(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "w.bin")
	w := newWeights(2, randomCanonical(2, 100, 8), "saved")
	if err := w.Save(path); err != nil {
		t.Fatal(err)
	}
	r, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.w, w.w) {
		t.Fatal("weights changed through Save and Load")
	}
	m := newModelCanonical(2, randomFloats(2, 1), "model")
	mpath := filepath.Join(dir, "m.bin")
	if err := m.Save(mpath); err != nil {
		t.Fatal(err)
	}
	if m2, err := LoadModel(mpath); err != nil || !m2.Equal(m) {
		t.Fatalf("model through Save and LoadModel: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d files in the directory after two saves, want 2 (no temporary left)", len(entries))
	}
	// Errors name the file.
	os.WriteFile(filepath.Join(dir, "bad"), []byte("nonsense"), 0o644)
	if _, err := Load(filepath.Join(dir, "bad")); err == nil || !strings.Contains(err.Error(), "bad: ") || !errors.Is(err, ErrFormat) {
		t.Errorf("Load of a bad file: %v", err)
	}
	if _, err := LoadModel(filepath.Join(dir, "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("LoadModel of a missing file: %v", err)
	}
	if err := w.Save(filepath.Join(dir, "no", "such", "dir")); err == nil {
		t.Error("Save into a missing directory succeeded")
	}
}
