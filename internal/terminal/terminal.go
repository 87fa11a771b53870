// Package terminal tells whether a file is a terminal, so that a program
// can prompt a person typing at one and stay silent to a program piping
// into it.
package terminal
