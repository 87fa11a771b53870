# A small image holding the course's programs: /usr/local/bin/search and judge
# (Othello), golegal (the Go legal-move map), killallgo (7x7 Kill-All Go),
# einstein (Einstein Würfelt Nicht's runner and reference agents) and samegame
# (the SameGame solver, search, replay and two-player games).
#
#   docker build -t tcgothello .
#   docker run --rm tcgothello                      # the judge's help
#   docker run --rm tcgothello judge --host 127.0.0.1 \
#       --engine "search --time 300ms" --engine "search --time 300ms" 0 2
#   docker run --rm -p 8000:8000 tcgothello judge 8000     # host a classic match
#   docker run --rm --network host tcgothello search 127.0.0.1 8000
#   docker run --rm -p 127.0.0.1:7122:7122 tcgothello search --http :7122   # every game in a browser

# Build: static binaries, no cgo, so that any small base image runs them.
FROM golang:1.26-bookworm AS build
# GOAMD64=v3 makes move generation about 25% faster (docs/performance.md) but
# the binaries then need an x86-64-v3 CPU (AVX2, BMI2): opt in with
#   docker build --build-arg GOAMD64=v3 -t tcgothello .
ARG GOAMD64=v1
ENV GOAMD64=${GOAMD64}
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN for p in search judge golegal killallgo einstein samegame; do \
      CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/$p ./cmd/$p || exit 1; \
    done

# Run: a slim Debian, so that people can still open a shell in it.
FROM debian:bookworm-slim
COPY --from=build /out/search /out/judge /out/golegal /out/killallgo /out/einstein /out/samegame /usr/local/bin/
RUN useradd --create-home --uid 10001 player
USER player
WORKDIR /home/player
CMD ["judge", "--help"]
