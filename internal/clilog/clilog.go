// Package clilog makes the logger of the project's programs: zap's
// human-readable console lines, with an ISO 8601 time and neither caller
// nor stack trace, which mean nothing to the person reading a program's
// stderr.
package clilog

import (
	"io"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// New returns a logger writing lines at level and above to w, which it
// locks, so that goroutines may log at once.
func New(w io.Writer, level zapcore.Level) *zap.Logger {
	enc := zap.NewDevelopmentEncoderConfig()
	enc.EncodeTime = zapcore.ISO8601TimeEncoder
	enc.EncodeCaller = nil
	enc.StacktraceKey = ""
	return zap.New(zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.Lock(zapcore.AddSync(w)), level))
}
