package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestParseOptionsDefaults(t *testing.T) {
	o, err := parseOptions([]string{"8000"}, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if o.port != 8000 || o.rounds != 2 || o.host != "" {
		t.Errorf("port %d rounds %d host %q, want 8000 2 \"\"", o.port, o.rounds, o.host)
	}
	if o.limits.Connect != 10*time.Second || o.limits.GenMove != 10*time.Second || o.limits.Reply != time.Second {
		t.Errorf("limits %+v, want the classic 10s connect, 10s genmove, 1s reply", o.limits)
	}
}

func TestParseOptions(t *testing.T) {
	tests := []struct {
		args    []string
		wantErr string
		rounds  int
	}{
		{args: []string{"8000", "5"}, rounds: 5},
		{args: []string{"--host", "127.0.0.1", "0", "1", "--genmove-time", "2s"}, rounds: 1},
		{args: []string{"--engine", "a", "--engine", "b x", "0"}, rounds: 2},
		{args: []string{}, wantErr: "want PORT"},
		{args: []string{"1", "2", "3"}, wantErr: "want PORT"},
		{args: []string{"http"}, wantErr: "port"},
		{args: []string{"70000"}, wantErr: "port"},
		{args: []string{"--", "8000", "-1"}, wantErr: "rounds"},
		{args: []string{"8000", "0"}, wantErr: `rounds "0": want a number 1 or more`},
		{args: []string{"--engine", "a", "8000"}, wantErr: "--engine given 1 time: give it twice"},
		{args: []string{"--engine", "a", "--engine", "b", "--engine", "c", "8000"}, wantErr: "--engine given 3 times"},
		{args: []string{"8000", "two"}, wantErr: "rounds"},
		{args: []string{"--engine", "a", "8000"}, wantErr: "twice"},
		{args: []string{"--engine", " ", "--engine", "b", "8000"}, wantErr: "empty"},
		{args: []string{"--engine", "a 'b", "--engine", "b", "8000"}, wantErr: "closing quote"},
		{args: []string{"--engine", "a $(b)", "--engine", "b", "8000"}, wantErr: "command substitution"},
		{args: []string{"--reply-time", "0s", "8000"}, wantErr: "positive"},
		{args: []string{"--log-level", "loud", "8000"}, wantErr: "log-level"},
		{args: []string{"--bogus", "8000"}, wantErr: "unknown flag"},
	}
	for _, tc := range tests {
		o, err := parseOptions(tc.args, &bytes.Buffer{})
		switch {
		case tc.wantErr == "" && err != nil:
			t.Errorf("parseOptions(%q) error %v, want none", tc.args, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("parseOptions(%q) error %v, want one mentioning %q", tc.args, err, tc.wantErr)
		case tc.wantErr == "" && o.rounds != tc.rounds:
			t.Errorf("parseOptions(%q) rounds %d, want %d", tc.args, o.rounds, tc.rounds)
		}
	}
}

func TestHelp(t *testing.T) {
	var out bytes.Buffer
	_, err := parseOptions([]string{"--help"}, &out)
	if !errors.Is(err, errHelp) {
		t.Fatalf("--help error %v, want errHelp", err)
	}
	for _, want := range []string{"PORT [ROUNDS]", "--host", "--engine", "--engine-log-dir", "--record", "--json", "--openings",
		"--log-level", "--connect-time", "--genmove-time", "--reply-time", "time stamp: hh:mm:ss", "QUIT:<0|1>"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("--help does not mention %q", want)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), []string{"--help"}, &stdout, &stderr, nil); code != 0 || stdout.Len() == 0 {
		t.Errorf("run --help: status %d, %d bytes of help; want 0 and the help on stdout", code, stdout.Len())
	}
	if code := run(t.Context(), []string{"--nope"}, &stdout, &stderr, nil); code != 2 {
		t.Errorf("run --nope: status %d, want 2", code)
	}
}
