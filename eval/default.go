package eval

import (
	"bytes"
	_ "embed"
	"sync"
)

// defaultFile is the weight set shipped in every binary that uses Default:
// written by cmd/train (its metadata says how; see docs/eval.md).
//
//go:embed default.weights
var defaultFile []byte

// defaultWeights parses the embedded file once; the result is read-only.
var defaultWeights = sync.OnceValues(func() (*Weights, error) { return parseWeights(defaultFile) })

// Default returns the weights shipped in the binary. Every call returns the
// same read-only Weights, safe for concurrent use. The error can only be a
// defect of the build (a damaged embedded file), which TestDefault catches.
func Default() (*Weights, error) { return defaultWeights() }

// Open returns the weights a command line names: the embedded set for "",
// else the file's.
func Open(path string) (*Weights, error) {
	if path == "" {
		return Default()
	}
	return Load(path)
}

// DefaultModel returns the shipped weights as a new float32 Model, the
// starting point of a trainer that refines them (td's fit).
func DefaultModel() (*Model, error) { return ReadModel(bytes.NewReader(defaultFile)) }

// OpenModel returns the model a command line names: the embedded set for
// "", else the file's.
func OpenModel(path string) (*Model, error) {
	if path == "" {
		return DefaultModel()
	}
	return LoadModel(path)
}
