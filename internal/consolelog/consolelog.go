// Package consolelog makes the human-readable zap logger the commands
// write to stderr: ISO 8601 times, the level, the message and its fields,
// without callers or stack traces (a log line is for the operator, not a
// debugger).
package consolelog

import (
	"io"

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
