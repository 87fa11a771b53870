module github.com/tcgothello/mcts

go 1.26.0

require (
	github.com/chromedp/chromedp v0.22.1
	github.com/spf13/pflag v1.0.10
	go.uber.org/zap v1.28.0
	mvdan.cc/sh/v3 v3.14.1
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	go.uber.org/multierr v1.10.0 // indirect
)
