// Package docs holds the project's documentation; its only Go code is this
// test, which checks that what a reader of a clone follows leads somewhere
// inside the clone.
package docs

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// repoRoot is the repository, one level up from this package.
const repoRoot = ".."

// markdownLink matches an inline link or image, [text](target).
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestLinksStayInTheRepository follows every relative link of every
// Markdown file: its file must exist inside the repository, and a #fragment
// must name a heading of the Markdown file it points to.
func TestLinksStayInTheRepository(t *testing.T) {
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	pages := markdownFiles(t, root)
	if len(pages) < 5 {
		t.Fatalf("found %d Markdown files under %s, want the README and docs/", len(pages), root)
	}
	for _, page := range pages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, page)
		for _, m := range markdownLink.FindAllStringSubmatch(string(text), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path, fragment, _ := strings.Cut(target, "#")
			file := page
			if path != "" {
				file = filepath.Join(filepath.Dir(page), filepath.FromSlash(path))
			}
			if r, err := filepath.Rel(root, file); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
				t.Errorf("%s: link %q leads outside the repository", rel, target)
				continue
			}
			if _, err := os.Stat(file); err != nil {
				t.Errorf("%s: link %q: %v", rel, target, err)
				continue
			}
			if fragment != "" && strings.HasSuffix(file, ".md") && !headingSlugs(t, file)[fragment] {
				t.Errorf("%s: link %q: no heading of %s has the anchor #%s", rel, target, filepath.Base(file), fragment)
			}
		}
	}
}

// TestNoPathsOutsideTheRepository looks through the text a user reads (the
// Markdown files and every Go file, whose strings include the --help texts)
// for paths into the course's shared folder, which a clone does not have.
func TestNoPathsOutsideTheRepository(t *testing.T) {
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	// The pieces are joined so that this file does not match itself.
	forbidden := []string{"../" + "shared", "shared/" + "data", "PROTOCOL" + ".md"}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") && name != ".ci" || name == "bin") {
				return filepath.SkipDir
			}
			return nil
		}
		if ext := filepath.Ext(path); ext != ".md" && ext != ".go" && ext != ".sh" && d.Name() != "Dockerfile" && d.Name() != "run" {
			return nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for i, line := range strings.Split(string(text), "\n") {
			for _, f := range forbidden {
				if strings.Contains(line, f) {
					t.Errorf("%s:%d mentions %q, outside the repository: %s", rel, i+1, f, strings.TrimSpace(line))
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// markdownFiles lists the Markdown files of the repository, outside hidden
// directories and the build output.
func markdownFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "bin") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// headingSlugs returns the anchors of a Markdown file's headings, made as
// GitHub makes them: lower case, punctuation dropped, spaces as hyphens.
func headingSlugs(t *testing.T, file string) map[string]bool {
	t.Helper()
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	slugs := map[string]bool{}
	inCode := false
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "```") {
			inCode = !inCode
		}
		if inCode || !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#")))
		var b strings.Builder
		for _, r := range h {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
				b.WriteRune(r)
			}
		}
		slugs[b.String()] = true
	}
	return slugs
}
