// Package consolelog makes the human-readable zap logger the commands
// write to stderr: ISO 8601 times, the level, the message and its fields,
// without callers or stack traces (a log line is for the operator, not a
// debugger).
package consolelog

import (
	"fmt"
	"io"
	"os"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// New returns a logger writing lines at level ("debug", "info", "warn",
// "error") and above to w, serialised by a lock.
func New(level string, w io.Writer) (*zap.Logger, error) {
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

// Open returns a logger writing lines at level and above to the file
// named file, appended to, or to stderr if file is empty; never to
// stdout, which is a protocol channel for some programs. It also returns
// the writer it logs to (for output that goes with the logs) and a
// function that flushes the log and closes the file.
func Open(level, file string, stderr io.Writer) (*zap.Logger, io.Writer, func(), error) {
	if _, err := zapcore.ParseLevel(level); err != nil {
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
	log, err := New(level, out)
	if err != nil {
		closeOut()
		return nil, nil, nil, err
	}
	return log, out, func() { _ = log.Sync(); closeOut() }, nil
}
