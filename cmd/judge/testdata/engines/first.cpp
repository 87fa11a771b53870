// An OTP engine in C++ for the sandbox's tests: it plays the first legal
// move, row by row, as a student's first engine might. Built by the test.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Game {
	int b[8][8];
	int side;
	void start() {
		std::memset(b, 0, sizeof b);
		b[3][3] = b[4][4] = 2;
		b[3][4] = b[4][3] = 1;
		side = 1;
	}
	std::vector<std::pair<int, int>> flips(int x, int y, int c) const {
		std::vector<std::pair<int, int>> out;
		if (b[x][y]) return out;
		for (int dx = -1; dx <= 1; dx++)
			for (int dy = -1; dy <= 1; dy++) {
				if (!dx && !dy) continue;
				std::vector<std::pair<int, int>> run;
				int i = x + dx, j = y + dy;
				while (i >= 0 && i < 8 && j >= 0 && j < 8 && b[i][j] == 3 - c) {
					run.push_back({i, j});
					i += dx, j += dy;
				}
				if (!run.empty() && i >= 0 && i < 8 && j >= 0 && j < 8 && b[i][j] == c)
					out.insert(out.end(), run.begin(), run.end());
			}
		return out;
	}
	void play(int x, int y) {
		if (x != 8) {
			for (auto [i, j] : flips(x, y, side)) b[i][j] = side;
			b[x][y] = side;
		}
		side = 3 - side;
	}
};

}  // namespace

int main(int argc, char** argv) {
	if (argc < 3) return 2;
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	sockaddr_in addr{};
	addr.sin_family = AF_INET;
	addr.sin_port = htons(std::atoi(argv[2]));
	inet_pton(AF_INET, argv[1], &addr.sin_addr);
	if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return 1;
	Game g;
	g.start();
	char buf[1024];
	for (;;) {
		ssize_t n = read(fd, buf, 1023);
		if (n <= 0) return 0;
		buf[n] = 0;
		std::istringstream lines{std::string(buf)};
		std::string line;
		while (std::getline(lines, line)) {
			std::istringstream words(line);
			std::string cmd;
			if (!(words >> cmd)) continue;
			std::string reply = cmd;
			if (cmd == "name") {
				reply = "name cpp-first";
			} else if (cmd == "clear_board") {
				g.start();
			} else if (cmd == "play") {
				int x, y;
				words >> x >> y;
				g.play(x, y);
			} else if (cmd == "genmove") {
				int mx = 8, my = 0;
				for (int x = 0; x < 8 && mx == 8; x++)
					for (int y = 0; y < 8; y++)
						if (!g.flips(x, y, g.side).empty()) {
							mx = x, my = y;
							break;
						}
				g.play(mx, my);
				reply = "genmove " + std::to_string(mx) + " " + std::to_string(my);
			} else if (cmd == "final_score") {
				int s = 0;
				for (auto& row : g.b)
					for (int v : row) s += v == 1 ? 1 : v == 2 ? -1 : 0;
				reply = "final_score " + std::to_string(s);
			} else if (cmd != "quit") {
				reply = "unknown command";
			}
			write(fd, reply.data(), reply.size());
			if (cmd == "quit") {
				close(fd);
				return 0;
			}
		}
	}
}
