package otp

import (
	"context"
	"net"
	"time"

	"go.uber.org/zap"
)

// PlayJudge is an engine's whole match against a judge: it connects to
// the judge at addr, retrying for within (DialJudge), and serves s on the
// connection (ServeConn) until quit, logging the connection and the end
// of the match to log (nil for none). It returns nil after quit, and
// otherwise why the match ended.
func PlayJudge(ctx context.Context, s *Session, addr string, within time.Duration, log *zap.Logger) error {
	if log == nil {
		log = zap.NewNop()
	}
	conn, err := DialJudge(ctx, addr, within, log)
	if err != nil {
		return err
	}
	defer func(c net.Conn) { _ = c.Close() }(conn)
	log.Info("connected to the judge", zap.String("addr", addr))
	if err := ServeConn(ctx, s, conn); err != nil {
		return err
	}
	log.Info("quit: match over")
	return nil
}
