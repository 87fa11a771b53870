package engineproc

import (
	"errors"
	"fmt"
	"os/exec"

	"mvdan.cc/sh/v3/shell"
)

// SplitCommand splits an engine's command line into the program and its
// arguments as a POSIX shell would: quotes ('a b', "a b"), backslash
// escapes and $VARIABLES from the judge's environment, so that
// --engine "bin/search --name 'a b'" passes "a b" as one argument. Shell
// syntax that is no part of one command (;, |, &&, >, $(...)) is an
// error, never run: the judge starts the program itself, with no shell.
// mvdan.cc/sh is the parser behind shfmt: it knows every quoting rule of
// the POSIX shell, which a splitter written here would get subtly wrong.
func SplitCommand(line string) ([]string, error) {
	args, err := shell.Fields(line, nil)
	if err != nil {
		return nil, fmt.Errorf("command %q: %w", line, err)
	}
	if len(args) == 0 || args[0] == "" {
		return nil, errors.New("empty command")
	}
	return args, nil
}

// CheckProgram reports why the program of argv (SplitCommand) cannot be
// started: not found, on the PATH or at its path, or not executable. The
// judge checks every engine before the first game, so that a typo fails at
// once rather than when that engine's first game comes, after others
// were played.
func CheckProgram(argv []string) error {
	if _, err := exec.LookPath(argv[0]); err != nil {
		return fmt.Errorf("program %q cannot be started: %w", argv[0], err)
	}
	return nil
}
