package tournament

import "strings"

// The games a tournament plays. The schedule, the results file, resume,
// standings, Elo, the sequential test, shards and merge are the same for
// every game; a game brings its openings (read by its own package), the
// way one game is refereed, and its record format (package
// tournament/director wires them).
const (
	// GameOthello is Othello over the OTP protocol, the judge's first
	// game: a results header names it "" (Header.Game).
	GameOthello = "othello"
	// GameKillAllGo is 7x7 Kill-All Go between programs of the 2013
	// console protocol, refereed by killallgo/referee; its openings are
	// handicap layouts.
	GameKillAllGo = "killallgo"
	// GameEinstein is Einstein Würfelt Nicht between programs of the
	// course's byte protocol; its openings are start layouts.
	GameEinstein = "einstein"
)

// Games lists the games, Othello first.
var Games = []string{GameOthello, GameKillAllGo, GameEinstein}

// IsOthello reports whether a header's Game is Othello's ("" or
// GameOthello).
func IsOthello(game string) bool { return game == "" || game == GameOthello }

// GameName returns a header's Game as people name it: "othello" for "".
func GameName(game string) string {
	if game == "" {
		return GameOthello
	}
	return game
}

// GameWithArticle returns the game's name with "a" or "an" before it, as
// English says it: "an einstein", "a killallgo", "an othello".
func GameWithArticle(game string) string {
	name := GameName(game)
	if strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
