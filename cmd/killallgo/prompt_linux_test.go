package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/tcgothello/mcts/internal/terminal/ptytest"
)

// promptArgs keep the program small: no command here searches.
var promptArgs = []string{"--seed", "3", "--log-level", "error", "--arena", "131072"}

// promptInput is what the tests type: two set-up commands and quit.
const promptInput = "reset\ntime 3\nquit\n"

// TestPromptAtTerminal: with its input a terminal, the program writes the
// template's prompt ">" before reading each command, as a person at the
// seed's sample session sees it.
func TestPromptAtTerminal(t *testing.T) {
	control, tty := ptytest.Open(t)
	if _, err := io.WriteString(control, promptInput); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if code := run(promptArgs, tty, &out, io.Discard); code != exitOK {
		t.Fatalf("exit status %d", code)
	}
	if want := ">ok\n>ok\n>"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}

// TestNoPromptFromPipe: with its input a pipe, as a referee runs it, the
// program writes its replies alone.
func TestNoPromptFromPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		io.WriteString(w, promptInput)
		w.Close()
	}()
	var out strings.Builder
	if code := run(promptArgs, r, &out, io.Discard); code != exitOK {
		t.Fatalf("exit status %d", code)
	}
	if want := "ok\nok\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}
