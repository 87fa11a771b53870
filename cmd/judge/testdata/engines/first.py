#!/usr/bin/env python3
"""An OTP engine in Python for the sandbox's tests: it plays the first
legal move, row by row, as a student's first engine might."""
import socket
import sys

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def start():
    b = [[0] * 8 for _ in range(8)]
    b[3][3] = b[4][4] = 2  # white
    b[3][4] = b[4][3] = 1  # black
    return b


def flips(b, x, y, c):
    if b[x][y]:
        return []
    out = []
    for dx, dy in DIRS:
        i, j, run = x + dx, y + dy, []
        while 0 <= i < 8 and 0 <= j < 8 and b[i][j] == 3 - c:
            run.append((i, j))
            i, j = i + dx, j + dy
        if run and 0 <= i < 8 and 0 <= j < 8 and b[i][j] == c:
            out += run
    return out


def main():
    conn = socket.create_connection((sys.argv[1], int(sys.argv[2])))
    board, side, history = start(), 1, []

    def play(x, y):
        nonlocal side
        history.append(([row[:] for row in board], side))
        if (x, y) != (8, 0):
            for i, j in flips(board, x, y, side):
                board[i][j] = side
            board[x][y] = side
        side = 3 - side

    while True:
        data = conn.recv(1023)
        if not data:
            return
        for line in data.decode().replace("\0", "").splitlines():
            words = line.split()
            if not words:
                continue
            cmd = words[0].lower()
            reply = cmd
            if cmd == "name":
                reply = "name python-first"
            elif cmd == "clear_board":
                board, side, history = start(), 1, []
            elif cmd == "play":
                play(int(words[1]), int(words[2]))
            elif cmd == "genmove":
                legal = [(x, y) for x in range(8) for y in range(8) if flips(board, x, y, side)]
                x, y = legal[0] if legal else (8, 0)
                play(x, y)
                reply = "genmove %d %d" % (x, y)
            elif cmd == "undo":
                if history:
                    board, side = history.pop()
            elif cmd == "final_score":
                score = sum(r.count(1) - r.count(2) for r in board)
                reply = "final_score %d" % score
            elif cmd != "quit":
                reply = "unknown command"
            conn.sendall(reply.encode())
            if cmd == "quit":
                conn.close()
                return


main()
