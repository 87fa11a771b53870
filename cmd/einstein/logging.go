package main

import (
	"io"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// defaultLogLevel keeps the programs quiet unless something goes wrong:
// the runner's stdout is its results, an agent's stdout is the protocol,
// and a thousand rounds should not print thousands of lines to stderr.
const defaultLogLevel = "warn"

// newLogger returns a logger writing human-readable lines at level and
// above to w (stderr: never stdout, which carries the protocol or the
// results).
func newLogger(level string, w io.Writer) (*zap.Logger, error) {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, err
	}
	enc := zap.NewDevelopmentEncoderConfig()
	enc.EncodeTime = zapcore.ISO8601TimeEncoder
	enc.EncodeCaller = nil
	enc.StacktraceKey = ""
	return zap.New(zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.Lock(zapcore.AddSync(w)), lvl)), nil
}
