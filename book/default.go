package book

import (
	"bytes"
	_ "embed"
	"sync"
)

// defaultFile is the book shipped in every binary that uses Default:
// written by cmd/book (docs/book.md has the command that rebuilt it).
//
//go:embed default.book
var defaultFile []byte

// DefaultName names the embedded book in errors and logs.
const DefaultName = "the embedded book"

// defaultBook parses the embedded file once; the result is only read.
var defaultBook = sync.OnceValues(func() (*Book, error) { return Parse(bytes.NewReader(defaultFile), DefaultName) })

// Default returns the book shipped in the binary. Every call returns the
// same Book, which must not be added to. The error can only be a defect of
// the build (a damaged embedded file), which TestDefault catches.
func Default() (*Book, error) { return defaultBook() }

// Off is the name that asks Open for no book.
const Off = "off"

// Embedded is the name that asks Open for the embedded book (Default).
const Embedded = "embedded"

// Open returns the book a command line names: the embedded book for ""
// or Embedded, none (nil) for Off, else the file's. A nil Book has no
// positions.
func Open(name string) (*Book, error) {
	switch name {
	case "", Embedded:
		return Default()
	case Off:
		return nil, nil
	}
	return Load(name)
}
