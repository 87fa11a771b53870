package web

import (
	"fmt"
	"mime"
	"net"
	"net/http"
	"strings"
)

// The API has no authentication: whoever can reach the server can play.
// What it must refuse is a request that a browser sends on behalf of
// another web site, since the person did not ask for it. Three checks
// cover the ways such a request arrives:
//
//   - a form or a "simple" fetch from another site: it cannot set
//     Content-Type: application/json without a CORS preflight, which this
//     server never grants, so every POST must carry that type, bodiless
//     ones included;
//   - any other cross-site request: modern browsers say so in
//     Sec-Fetch-Site, older ones send an Origin that differs from Host
//     (http.CrossOriginProtection reads both);
//   - DNS rebinding, where another site's name is made to resolve to
//     127.0.0.1 so that its page becomes same-origin with this one: the
//     request then names that site in its Host header, which a server on
//     loopback refuses.

// checkPost reports why a state-changing request must be refused: sent by
// another site, or without a JSON content type. Safe methods (GET, HEAD,
// OPTIONS) pass, since they change nothing.
func checkPost(r *http.Request) *requestError {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return nil
	}
	if err := http.NewCrossOriginProtection().Check(r); err != nil {
		return &requestError{http.StatusForbidden, fmt.Sprintf(
			"cross-site request refused (Origin %q, Sec-Fetch-Site %q): only the page served here may change the game",
			r.Header.Get("Origin"), r.Header.Get("Sec-Fetch-Site"))}
	}
	ct := r.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != "application/json" {
		return &requestError{http.StatusUnsupportedMediaType,
			fmt.Sprintf("content type %q: send JSON with Content-Type: application/json, even with an empty body", ct)}
	}
	return nil
}

// loopbackHosts wraps h, for a server listening on loopback only, so that
// it answers only requests addressed to this machine by a loopback name
// ("localhost", 127.0.0.1, [::1], with any port): a request naming any
// other host reached it through DNS rebinding. s logs and answers the
// refusals.
func (s *Server) loopbackHosts(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isLoopbackHost(r.Host) {
			s.refuse(w, r, http.StatusForbidden, fmt.Sprintf(
				"host %q refused: this server listens on loopback and answers only to localhost, 127.0.0.1 or [::1]", r.Host))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// isLoopbackHost reports whether host, a Host header with or without a
// port, names this machine's loopback interface.
func isLoopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	} else {
		// No port; a bracketed IPv6 literal keeps its brackets.
		host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	}
	if strings.EqualFold(strings.TrimSuffix(host, "."), "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
