// Package web lets people play every game of the project in a browser: an
// HTTP server with a small JSON API per game (documented in docs/web.md)
// and pages embedded in the binary, so the search program needs no files
// next to it and the pages make no request outside the server. "/" lists
// the games; /othello plays the Othello engine, /go is Go for two people
// with the course's scoring (gogame.go, SGF in gosgf.go), /killallgo and
// /einstein play the Kill-All Go and Einstein engines (killallgo.go,
// einstein.go). What they share is here once: the guards, the error
// shape, the body limits, the long poll and the engine in a goroutine
// (room.go).
//
// The Othello page: the server owns one game. The person plays one colour; the engine plays
// the other in a goroutine, so that every request (a new game, an undo, a
// poll) is answered while the engine thinks. The page drives the same
// engine (an thinking.Thinker) through the same move choice as the judge front
// end, otp.Chooser: forced moves without a search, a hard deadline, a legal
// fallback when the search fails. Forced passes are played by the server
// and announced in the state.
//
// For analysis, the state keeps the engine's expected result of every
// position it searched, as black's, for the page's plot, and on the
// person's request the engine analyses their position with the same
// Chooser and the page shows its value of each legal move; neither
// changes the game.
package web
