// Package layers holds no code: its test checks that the project's imports
// flow one way, commands -> protocols and judges -> engines -> rules, as
// docs/layout.md describes, so that an engine can be
// tested, benchmarked and reused without any protocol in its build.
package layers

import (
	"errors"
	"go/build"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// module is the project's import path; repoRoot is its directory, two
// levels up from this package.
const (
	module   = "github.com/tcgothello/mcts"
	repoRoot = "../.."
)

// layer is a package's place in the import order: a package may import
// packages of its own layer or of lower ones, never of a higher one.
type layer int

// The layers, lowest first.
const (
	shared   layer = iota // internal helpers every layer may use: files, clocks, plurals
	rules                 // a game's rules (and game records); know nothing of search
	engines               // searches, solvers, evaluations, the players built on them
	protocol              // protocols, front ends, judges, matches, tournaments, processes
	commands              // cmd/*, and the tests of the repository as a whole
)

// String names the layer in a failure.
func (l layer) String() string {
	return [...]string{"shared", "rules", "engine", "protocol", "command"}[l]
}

// layers places every package by its path relative to the module; a
// package not listed takes its nearest listed parent's layer (eval/td is
// eval's, tournament/kaggame is tournament's).
var layers = map[string]layer{
	"internal": shared,

	"othello":  rules,
	"goban":    rules,
	"einstein": rules,
	"samegame": rules,
	"sgf":      rules,

	"mcts":    engines,
	"engine":  engines,
	"endgame": engines,
	"eval":    engines,
	// book is Othello knowledge the player uses, as eval is; book/build
	// grows it with the player's search.
	"book":     engines,
	"thinking": engines,
	"player":   engines,
	// killallgo is the game as the shared search plays it (it implements
	// mcts.Game), so it sits with the engines, above mcts.
	"killallgo":          engines,
	"einstein/agent":     engines,
	"samegame/search":    engines,
	"samegame/solve":     engines,
	"samegame/versus":    engines,
	"killallgo/player":   engines,
	"killallgo/selfplay": engines,

	"otp":             protocol,
	"nboard":          protocol,
	"gtp":             protocol,
	"match":           protocol,
	"tournament":      protocol,
	"records":         protocol,
	"web":             protocol,
	"engineproc":      protocol,
	"einstein/runner": protocol,
	// samegame/batch runs the solver and the searches over a board file
	// and keeps the results file: a front end, as einstein/runner is.
	"samegame/batch":      protocol,
	"killallgo/console":   protocol,
	"killallgo/gtpengine": protocol,
	"killallgo/referee":   protocol,

	"cmd":     commands,
	"docs":    commands,
	"scripts": commands,
}

// layerOf returns the layer of the package at rel (a path relative to the
// module) and false when neither it nor a parent is listed.
func layerOf(rel string) (layer, bool) {
	for p := rel; p != "." && p != "/" && p != ""; p = path.Dir(p) {
		if l, ok := layers[p]; ok {
			return l, true
		}
	}
	return 0, false
}

// TestImportsFlowDownward reads the imports of every package of the module
// (its non-test files, what a program that uses it builds) and fails on
// every import of a package of a higher layer, and on a package no layer
// names, so that a new package is placed on purpose.
func TestImportsFlowDownward(t *testing.T) {
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	imports := moduleImports(t, root)
	if _, ok := imports["othello"]; !ok || len(imports) < 20 {
		t.Fatalf("found %d packages under %s, want the whole module", len(imports), root)
	}
	var rels []string
	for rel := range imports {
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	for _, rel := range rels {
		from, ok := layerOf(rel)
		if !ok {
			t.Errorf("package %s has no layer: add it to layers", rel)
			continue
		}
		for _, dep := range imports[rel] {
			to, ok := layerOf(dep)
			if !ok {
				continue // reported as a package of its own
			}
			if to > from {
				t.Errorf("%s (%v) imports %s (%v): imports must flow from commands to protocols to engines to rules", rel, from, dep, to)
			}
		}
	}
}

// TestLayerOf checks the placement the test relies on, on packages whose
// layer is known.
func TestLayerOf(t *testing.T) {
	for rel, want := range map[string]layer{
		"othello": rules, "eval/td": engines, "killallgo": engines,
		"killallgo/console/consoletest": protocol, "tournament/kaggame": protocol,
		"internal/lineread": shared, "cmd/judge": commands,
	} {
		if got, ok := layerOf(rel); !ok || got != want {
			t.Errorf("layerOf(%q) = %v, %v; want %v", rel, got, ok, want)
		}
	}
	if l, ok := layerOf("nosuchpackage"); ok {
		t.Errorf("layerOf(nosuchpackage) = %v, want no layer", l)
	}
}

// moduleImports returns, for every package directory under root, its
// imports inside the module, both as paths relative to the module.
func moduleImports(t *testing.T, root string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if p != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "bin") {
			return filepath.SkipDir
		}
		if _, err := os.Stat(filepath.Join(p, "go.mod")); p != root && err == nil {
			return filepath.SkipDir // a module of its own (deploy/k8s)
		}
		pkg, err := build.ImportDir(p, 0)
		var noGo *build.NoGoError
		if errors.As(err, &noGo) {
			return nil
		}
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		var deps []string
		for _, imp := range pkg.Imports {
			if dep, ok := strings.CutPrefix(imp, module+"/"); ok {
				deps = append(deps, dep)
			}
		}
		out[rel] = deps
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
