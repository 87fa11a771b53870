package web

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// requestError is a request the server refuses, with its HTTP status.
type requestError struct {
	status int
	msg    string
}

func (e *requestError) Error() string { return e.msg }

// badRequest is a request that cannot mean anything: malformed JSON, an
// unknown colour, a square off the board.
func badRequest(format string, args ...any) error {
	return &requestError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

// conflict is a well-formed request that the game's state forbids: an
// illegal move, a move while the engine thinks, an undo with nothing to
// take back.
func conflict(format string, args ...any) error {
	return &requestError{http.StatusConflict, fmt.Sprintf(format, args...)}
}

// errorBody is the JSON of every refused request.
type errorBody struct {
	Error string `json:"error"`
}

// writeError answers a refused request with its status and a JSON body
// {"error": "..."}.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, errorBody{msg})
}

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	// An error here is the client going away; there is no one to tell.
	_ = json.NewEncoder(w).Encode(v)
}
