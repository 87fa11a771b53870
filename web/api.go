package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"reflect"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/tcgothello/mcts/othello"
)

// maxBody bounds a request body: the largest request, a load, is about
// 120 bytes.
const maxBody = 4 << 10

// maxWait bounds a long poll, under the usual proxy and browser timeouts;
// the page simply polls again.
const maxWait = 25 * time.Second

// handler is an API endpoint: it returns the JSON body of a success, or an
// error (a *requestError for the person's mistakes).
type handler func(r *http.Request) (any, error)

// api routes the JSON API. Unknown routes and wrong methods get a JSON
// error like every other refusal, rather than net/http's plain text.
func (s *Server) api(w http.ResponseWriter, r *http.Request) {
	method, h := s.route(r.URL.Path)
	if h == nil {
		s.refuse(w, r, http.StatusNotFound, fmt.Sprintf("unknown route %s: the API is described in docs/web.md", r.URL.Path))
		return
	}
	if r.Method != method {
		w.Header().Set("Allow", method)
		s.refuse(w, r, http.StatusMethodNotAllowed, fmt.Sprintf("%s takes %s, not %s", r.URL.Path, method, r.Method))
		return
	}
	if re := checkPost(r); re != nil {
		s.refuse(w, r, re.status, re.msg)
		return
	}
	v, err := h(r)
	if err != nil {
		var re *requestError
		if !errors.As(err, &re) {
			re = &requestError{http.StatusInternalServerError, err.Error()}
		}
		s.refuse(w, r, re.status, re.msg)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// route returns the method and handler of an API path, or a nil handler.
func (s *Server) route(path string) (method string, h handler) {
	for prefix, r := range map[string]func(string) (string, handler){
		"/api/go/":        s.goRoute,
		"/api/killallgo/": s.killAllRoute,
		"/api/einstein/":  s.einsteinRoute,
	} {
		if rest, ok := strings.CutPrefix(path, prefix); ok {
			return r(rest)
		}
	}
	switch path {
	case "/api/state":
		return http.MethodGet, s.getState
	case "/api/new":
		return http.MethodPost, s.postNew
	case "/api/move":
		return http.MethodPost, s.postMove
	case "/api/undo":
		return http.MethodPost, s.postUndo
	case "/api/load":
		return http.MethodPost, s.postLoad
	case "/api/settings":
		return http.MethodPost, s.postSettings
	case "/api/analyze":
		return http.MethodPost, s.postAnalyze
	case "/api/analyze/stop":
		return http.MethodPost, s.postAnalyzeStop
	}
	return "", nil
}

// refuse logs a refused request and answers it.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, status int, msg string) {
	s.log.Info("request refused", zap.String("method", r.Method), zap.String("path", r.URL.Path),
		zap.Int("status", status), zap.String("error", msg))
	writeError(w, status, msg)
}

// getState answers the current state; with ?wait=V it first waits, up to
// maxWait, until the version differs from V (longPoll).
func (s *Server) getState(r *http.Request) (any, error) {
	return longPoll(r, s.base, &s.mu, func() (uint64, chan struct{}) { return s.m.version, s.changed },
		func() any { return s.state() })
}

// snapshot returns the current state under the lock.
func (s *Server) snapshot() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state()
}

// newRequest is the body of POST /api/new; absent fields keep their value.
type newRequest struct {
	Color       *string  `json:"color"`
	ThinkMillis *float64 `json:"thinkMillis"`
}

// postNew starts a new game, stopping the engine's search if one runs.
func (s *Server) postNew(r *http.Request) (any, error) {
	var req newRequest
	if err := decode(r, &req, true); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	human, think := s.m.human, s.m.think
	if req.Color != nil {
		c, err := parseColor("color", *req.Color)
		if err != nil {
			return nil, err
		}
		human = c
	}
	if req.ThinkMillis != nil {
		d, err := thinkDuration(*req.ThinkMillis)
		if err != nil {
			return nil, err
		}
		think = d
	}
	s.stopSearch()
	s.stopAnalysis()
	s.m.newGame(human, think)
	s.settle()
	return s.state(), nil
}

// moveRequest is the body of POST /api/move.
type moveRequest struct {
	Move string `json:"move"`
}

// postMove plays the person's move; the engine then thinks in the
// background.
func (s *Server) postMove(r *http.Request) (any, error) {
	var req moveRequest
	if err := decode(r, &req, false); err != nil {
		return nil, err
	}
	if req.Move == "" {
		return nil, badRequest(`move is missing: want {"move": "d3"}`)
	}
	mv, err := othello.ParseSquare(strings.TrimSpace(req.Move))
	if err != nil {
		return nil, badRequest("move: %v", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.m.play(mv); err != nil {
		return nil, err
	}
	s.stopAnalysis()
	s.settle()
	return s.state(), nil
}

// postUndo takes back the person's last move and what followed it.
func (s *Server) postUndo(r *http.Request) (any, error) {
	var req struct{}
	if err := decode(r, &req, true); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m.lastHumanMove() < 0 {
		// Refused before stopping the search, which must go on.
		return nil, conflict("nothing to undo: you have not played a move in this game")
	}
	s.stopSearch()
	s.stopAnalysis()
	s.m.undo()
	s.settle()
	return s.state(), nil
}

// loadRequest is the body of POST /api/load.
type loadRequest struct {
	// Board is the 64-character board of docs/data.md.
	Board string `json:"board"`
	// Side is the side to move: "X" or "black", "O" or "white".
	Side string `json:"side"`
	// Color is the person's colour; absent keeps it.
	Color *string `json:"color"`
}

// postLoad starts a game from a position given as a board string.
func (s *Server) postLoad(r *http.Request) (any, error) {
	var req loadRequest
	if err := decode(r, &req, false); err != nil {
		return nil, err
	}
	side, err := parseColor("side", req.Side)
	if err != nil {
		return nil, err
	}
	pos, err := othello.ParseBoard64(strings.TrimSpace(req.Board), side)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	human := s.m.human
	if req.Color != nil {
		if human, err = parseColor("color", *req.Color); err != nil {
			return nil, err
		}
	}
	if pos.Player|pos.Opponent == 0 {
		// No game reaches an empty board: every move adds a disc.
		return nil, badRequest("board: no discs: a position of a game has at least the four it starts with")
	}
	s.stopSearch()
	s.stopAnalysis()
	if err := s.m.load(pos, human); err != nil {
		return nil, err // unreachable: ParseBoard64 made a valid position
	}
	s.settle()
	return s.state(), nil
}

// settingsRequest is the body of POST /api/settings and of the other
// games' settings.
type settingsRequest struct {
	ThinkMillis *float64 `json:"thinkMillis"`
}

// thinkDuration reads a think time a person chose, in milliseconds: a
// number in MinThinkMillis..MaxThinkMillis, a fraction rounded to the
// nearest millisecond.
func thinkDuration(ms float64) (time.Duration, error) {
	if math.IsNaN(ms) || ms < MinThinkMillis || ms > MaxThinkMillis {
		return 0, badRequest("thinkMillis %s is out of range: want the engine's think time in milliseconds, %d to %d (%g s to %g s)",
			strconv.FormatFloat(ms, 'f', -1, 64), MinThinkMillis, MaxThinkMillis, float64(MinThinkMillis)/1000, float64(MaxThinkMillis)/1000)
	}
	return time.Duration(math.Round(ms)) * time.Millisecond, nil
}

// requiredThink reads the think time of a settings request, which must
// have one.
func requiredThink(ms *float64) (time.Duration, error) {
	if ms == nil {
		return 0, badRequest(`thinkMillis is missing: want {"thinkMillis": 1000}, the think time in milliseconds`)
	}
	return thinkDuration(*ms)
}

// postSettings changes the think time from the engine's next search on;
// a search already running keeps its deadline.
func (s *Server) postSettings(r *http.Request) (any, error) {
	var req settingsRequest
	if err := decode(r, &req, false); err != nil {
		return nil, err
	}
	think, err := requiredThink(req.ThinkMillis)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m.think = think
	s.bump()
	return s.state(), nil
}

// postAnalyze has the engine analyse the person's position, with its
// think time, in the background: the values of the legal moves appear in
// the state's analysis, and the position's expected result in its
// evaluations. The game does not change.
func (s *Server) postAnalyze(r *http.Request) (any, error) {
	var req struct{}
	if err := decode(r, &req, true); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.m.over():
		return nil, conflict("the game is over: there is no move to analyse")
	case s.m.thinking:
		return nil, conflict("the engine is thinking about its own move: wait for it")
	case !s.m.humanToMove():
		return nil, conflict("it is the engine's turn: the analysis is of your moves")
	case s.m.analysing():
		return nil, conflict("the engine is already analysing this position")
	case s.closed:
		return nil, &requestError{http.StatusServiceUnavailable, "the server is shutting down: the engine no longer searches"}
	}
	s.startAnalysis()
	s.bump()
	return s.state(), nil
}

// postAnalyzeStop stops a running analysis, or hides a finished one.
func (s *Server) postAnalyzeStop(r *http.Request) (any, error) {
	var req struct{}
	if err := decode(r, &req, true); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m.analysis == nil {
		return nil, conflict("there is no analysis to stop")
	}
	s.stopAnalysis()
	s.bump()
	return s.state(), nil
}

// parseColor reads a colour: "black" or "X", "white" or "O", any case.
func parseColor(field, v string) (othello.Color, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "black", "x", "b":
		return othello.Black, nil
	case "white", "o", "w":
		return othello.White, nil
	case "":
		return othello.Black, badRequest(`%s is missing: want "black" or "white"`, field)
	}
	return othello.Black, badRequest(`%s %q: want "black" (X) or "white" (O)`, field, v)
}

// decode reads the JSON object of a POST body into v, refusing unknown
// fields, trailing data and bodies too large; checkPost has already checked
// the content type. An empty body is accepted only if optional.
func decode(r *http.Request, v any, optional bool) error {
	return decodeLimit(r, v, optional, maxBody)
}

// decodeLimit is decode with a body limit of its own, for the requests
// that carry a record.
func decodeLimit(r *http.Request, v any, optional bool, limit int) error {
	body, err := io.ReadAll(io.LimitReader(r.Body, int64(limit)+1))
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return &requestError{http.StatusRequestTimeout, "the request body did not arrive in time"}
	}
	if err != nil {
		return badRequest("reading the request body: %v", err)
	}
	if len(body) > limit {
		return &requestError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is over %d bytes", limit)}
	}
	if len(bytes.TrimSpace(body)) == 0 {
		if optional {
			return nil
		}
		return badRequest("the request body is empty: want a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badRequest("malformed JSON: %s", jsonProblem(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return badRequest("malformed JSON: more data after the object")
	}
	if key := duplicateKey(body); key != "" {
		// encoding/json keeps the last of two values silently; a client
		// sending two meant one of them, and cannot know which counted.
		return badRequest("malformed JSON: field %q given twice: give each field once", key)
	}
	return nil
}

// duplicateKey returns the first key that an object of the JSON text data
// (which decodes) has twice, or "". Keys are compared as encoding/json
// matches them to fields, without regard to case: "size" and "Size"
// would fill the same field.
func duplicateKey(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	// One entry per open object or array: the keys seen (nil for an
	// array), and whether the object's next token is a key.
	type level struct {
		keys  map[string]bool
		isKey bool
	}
	var stack []level
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		top := len(stack) - 1
		if top >= 0 && stack[top].keys != nil {
			if stack[top].isKey {
				k, _ := tok.(string) // the key of a member; '}' ends the object below
				if _, end := tok.(json.Delim); !end {
					if stack[top].keys[strings.ToLower(k)] {
						return k
					}
					stack[top].keys[strings.ToLower(k)] = true
					stack[top].isKey = false
					continue
				}
			} else {
				stack[top].isKey = true // after this value comes a key
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, level{keys: map[string]bool{}, isKey: true})
		case json.Delim('['):
			stack = append(stack, level{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
	}
}

// jsonProblem describes a decoding error in the API's terms rather than
// Go's.
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" {
			return "want a JSON object, got " + te.Value
		}
		return fmt.Sprintf("field %q: want a %s, got %s", te.Field, jsonKind(te.Type.Kind()), te.Value)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonKind names a Go kind as JSON does.
func jsonKind(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Struct, reflect.Map:
		return "object"
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		// 9.5 and 1e30 are numbers too: the refusal says which ones fit.
		return "whole number"
	}
	return "number"
}
