package main

import "context"

func runPlay(ctx context.Context, e env, args []string) int { return exitError }
