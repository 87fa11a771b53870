package eval

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"unicode/utf8"

	"github.com/tcgothello/mcts/internal/atomicfile"
)

// A weights file, all integers little-endian:
//
//	offset  size  field
//	0       8     magic "TCGOEVAL"
//	8       4     format version (1)
//	12      4     pattern set (PatternSetID)
//	16      4     phases, 1..MaxPhases
//	20      4     weights per phase (CanonicalWeights)
//	24      4     encoding: 1 = int16 in 1/Scale disc, 2 = float32 in discs
//	28      4     scale: Scale for int16, 0 for float32
//	32      4     metadata length n, at most MaxMetadata
//	36      n     metadata, UTF-8 text
//	36+n    ...   phases*CanonicalWeights weights, phase by phase, in
//	              canonical order (layout.go)
//	end-4   4     CRC-32 (IEEE) of every byte before it
//
// The shipped set is int16 (3.4 MB at 15 phases); trainer checkpoints are
// float32, so that resuming continues from exactly the same weights.

// Format constants.
const (
	fileMagic   = "TCGOEVAL"
	fileVersion = 1
	headerSize  = 36
	// MaxMetadata bounds the metadata, so that a corrupt length cannot
	// make Read allocate without limit.
	MaxMetadata = 1 << 20
)

// Encodings of the weights in a file.
const (
	encInt16   = 1
	encFloat32 = 2
)

// ErrFormat is wrapped by every error about a file that is not a valid
// weights file for this program.
var ErrFormat = errors.New("invalid weights file")

// maxFileSize is the size of the largest valid file.
const maxFileSize = headerSize + MaxMetadata + MaxPhases*CanonicalWeights*4 + 4

// formatErr returns an ErrFormat error with a description.
func formatErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrFormat, fmt.Sprintf(format, args...))
}

// decoded is the content of a file: either ints or floats is set.
type decoded struct {
	phases int
	meta   string
	ints   []int16
	floats []float32
}

// decode parses and checks a whole file.
func decode(data []byte) (*decoded, error) {
	if len(data) < headerSize {
		return nil, formatErr("truncated: %d bytes, shorter than the %d-byte header", len(data), headerSize)
	}
	if string(data[:8]) != fileMagic {
		return nil, formatErr("bad magic %q, want %q", data[:8], fileMagic)
	}
	u32 := func(off int) uint32 { return binary.LittleEndian.Uint32(data[off:]) }
	if v := u32(8); v != fileVersion {
		return nil, formatErr("format version %d, this program reads version %d", v, fileVersion)
	}
	if id := u32(12); id != PatternSetID {
		return nil, formatErr("pattern set %d, this program has pattern set %d", id, PatternSetID)
	}
	phases := u32(16)
	if phases < 1 || phases > MaxPhases {
		return nil, formatErr("%d phases, want 1..%d", phases, MaxPhases)
	}
	if n := u32(20); n != CanonicalWeights {
		return nil, formatErr("%d weights per phase, want %d", n, CanonicalWeights)
	}
	enc, scale := u32(24), u32(28)
	var size int
	switch {
	case enc == encInt16 && scale == Scale:
		size = 2
	case enc == encFloat32 && scale == 0:
		size = 4
	case enc == encInt16:
		return nil, formatErr("int16 scale %d, want %d", scale, Scale)
	case enc == encFloat32:
		return nil, formatErr("float32 weights with scale %d, want 0", scale)
	default:
		return nil, formatErr("unknown encoding %d (1 = int16, 2 = float32)", enc)
	}
	metaLen := u32(32)
	if metaLen > MaxMetadata {
		return nil, formatErr("metadata of %d bytes, more than %d", metaLen, MaxMetadata)
	}
	count := int(phases) * CanonicalWeights
	want := headerSize + int(metaLen) + count*size + 4
	switch {
	case len(data) < want:
		return nil, formatErr("truncated: %d bytes, want %d", len(data), want)
	case len(data) > want:
		return nil, formatErr("%d unexpected bytes after the end", len(data)-want)
	}
	if sum, got := crc32.ChecksumIEEE(data[:want-4]), u32(want-4); sum != got {
		return nil, formatErr("checksum %08x, computed %08x: the file is corrupt", got, sum)
	}
	meta := data[headerSize : headerSize+metaLen]
	if !utf8.Valid(meta) {
		return nil, formatErr("metadata is not UTF-8 text")
	}
	d := &decoded{phases: int(phases), meta: string(meta)}
	body := data[headerSize+metaLen : want-4]
	if size == 2 {
		d.ints = make([]int16, count)
		for i := range d.ints {
			d.ints[i] = int16(binary.LittleEndian.Uint16(body[2*i:]))
		}
		return d, nil
	}
	d.floats = make([]float32, count)
	for i := range d.floats {
		v := math.Float32frombits(binary.LittleEndian.Uint32(body[4*i:]))
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return nil, formatErr("weight %d (phase %d) is %v", i%CanonicalWeights, i/CanonicalWeights, v)
		}
		d.floats[i] = v
	}
	return d, nil
}

// encode returns a whole file holding ints (int16) or floats (float32).
func encode(phases int, meta string, ints []int16, floats []float32) ([]byte, error) {
	if len(meta) > MaxMetadata {
		return nil, fmt.Errorf("metadata of %d bytes, more than %d", len(meta), MaxMetadata)
	}
	if !utf8.ValidString(meta) {
		return nil, errors.New("metadata is not UTF-8 text")
	}
	enc, scale, size := uint32(encInt16), uint32(Scale), 2
	if floats != nil {
		enc, scale, size = encFloat32, 0, 4
	}
	count := phases * CanonicalWeights
	b := make([]byte, 0, headerSize+len(meta)+count*size+4)
	b = append(b, fileMagic...)
	for _, v := range []uint32{fileVersion, PatternSetID, uint32(phases), CanonicalWeights, enc, scale, uint32(len(meta))} {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	b = append(b, meta...)
	for _, v := range ints {
		b = binary.LittleEndian.AppendUint16(b, uint16(v))
	}
	for _, v := range floats {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
	}
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b)), nil
}

// readAll reads a whole file from r, refusing more than any valid file holds.
func readAll(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileSize {
		return nil, formatErr("larger than any weights file (%d bytes at most)", maxFileSize)
	}
	return data, nil
}

// Read reads weights from r. A float32 file (a trainer checkpoint) is
// rounded to fixed point.
func Read(r io.Reader) (*Weights, error) {
	data, err := readAll(r)
	if err != nil {
		return nil, err
	}
	return parseWeights(data)
}

// parseWeights decodes a whole file into Weights.
func parseWeights(data []byte) (*Weights, error) {
	d, err := decode(data)
	if err != nil {
		return nil, err
	}
	ints := d.ints
	if ints == nil {
		if ints, err = quantize(d.floats); err != nil {
			return nil, err
		}
	}
	return newWeights(d.phases, ints, d.meta), nil
}

// Load reads weights from the file at path.
func Load(path string) (*Weights, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	w, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return w, nil
}

// Write writes the weights to w in the int16 encoding.
func (w *Weights) Write(wr io.Writer) error {
	b, err := encode(w.phases, w.meta, w.canonicalValues(), nil)
	if err != nil {
		return err
	}
	_, err = wr.Write(b)
	return err
}

// Save writes the weights to the file at path (see saveFile).
func (w *Weights) Save(path string) error {
	b, err := encode(w.phases, w.meta, w.canonicalValues(), nil)
	if err != nil {
		return err
	}
	return saveFile(path, b)
}

// ReadModel reads a model from r. An int16 file gives the model its
// fixed-point values.
func ReadModel(r io.Reader) (*Model, error) {
	data, err := readAll(r)
	if err != nil {
		return nil, err
	}
	d, err := decode(data)
	if err != nil {
		return nil, err
	}
	floats := d.floats
	if floats == nil {
		floats = make([]float32, len(d.ints))
		for i, v := range d.ints {
			floats[i] = float32(v) / Scale
		}
	}
	return newModelCanonical(d.phases, floats, d.meta), nil
}

// LoadModel reads a model from the file at path.
func LoadModel(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := ReadModel(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// Write writes the model to w in the float32 encoding.
func (m *Model) Write(w io.Writer) error {
	b, err := encode(m.phases, m.Meta, nil, m.canonicalValues())
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Save writes the model to the file at path (see saveFile).
func (m *Model) Save(path string) error {
	b, err := encode(m.phases, m.Meta, nil, m.canonicalValues())
	if err != nil {
		return err
	}
	return saveFile(path, b)
}

// saveFile writes b to a temporary file beside path and renames it over
// path, so that an interrupted save leaves the old file whole.
func saveFile(path string, b []byte) error {
	if err := atomicfile.Write(path, b, 0o644); err != nil { // weights are not secret
		return fmt.Errorf("save %s: %w", path, err)
	}
	return nil
}
