package main

import (
	"fmt"
	"io"
	"os"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// newLogger returns a logger writing human-readable lines at level to file
// (appended) or, if file is empty, to stderr; never to stdout, which is the
// protocol channel in stdin mode. It also returns the writer it logs to and
// a function that flushes and closes it.
func newLogger(level, file string, stderr io.Writer) (*zap.Logger, io.Writer, func(), error) {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, nil, nil, err
	}
	out, closeOut := stderr, func() {}
	if file != "" {
		f, err := os.OpenFile(file, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("log file: %w", err)
		}
		out, closeOut = f, func() { _ = f.Close() }
	}
	enc := zap.NewDevelopmentEncoderConfig()
	enc.EncodeTime = zapcore.ISO8601TimeEncoder
	enc.EncodeCaller = nil
	enc.StacktraceKey = ""
	core := zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.Lock(zapcore.AddSync(out)), lvl)
	log := zap.New(core)
	return log, out, func() { _ = log.Sync(); closeOut() }, nil
}
