package web

import (
	"embed"
	"fmt"
	"io/fs"
	"net/http"

	"go.uber.org/zap"
)

// static holds the page: HTML, CSS and JavaScript written by hand, with no
// build step and nothing fetched from elsewhere.
//
//go:embed static
var static embed.FS

// contentSecurity forbids the page any request outside this server, so a
// mistake in it cannot reach the network.
const contentSecurity = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

// pages maps the path of each game's page to its file; "/" is the list of
// the games (index.html), and the other assets are served under their own
// names.
var pages = map[string]string{
	"/othello":   "othello.html",
	"/go":        "go.html",
	"/killallgo": "killallgo.html",
	"/einstein":  "einstein.html",
}

// routes returns the mux of the page, its assets and the API.
func (s *Server) routes() (*http.ServeMux, error) {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		return nil, fmt.Errorf("web: embedded assets: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/", s.recovered(s.api))
	files := http.FileServerFS(sub)
	mux.Handle("/", s.recovered(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			// The page is only read; nothing here takes a POST.
			w.Header().Set("Allow", "GET, HEAD")
			s.refuse(w, r, http.StatusMethodNotAllowed, fmt.Sprintf("%s takes GET, not %s", r.URL.Path, r.Method))
			return
		}
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurity)
		h.Set("X-Content-Type-Options", "nosniff")
		// The assets change with the binary; a stale page would speak
		// an old API.
		h.Set("Cache-Control", "no-cache")
		if page, ok := pages[r.URL.Path]; ok {
			http.ServeFileFS(w, r, sub, page)
			return
		}
		files.ServeHTTP(w, r)
	}))
	return mux, nil
}

// recovered turns a panic in a handler into a 500 JSON answer and a log
// line, so that a bug shows as an error message, not a dropped connection.
func (s *Server) recovered(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.Error("handler panicked", zap.String("path", r.URL.Path), zap.Any("panic", p))
				writeError(w, http.StatusInternalServerError, "internal error: the server log has the details")
			}
		}()
		h(w, r)
	}
}
