package einstein

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tcgothello/mcts/internal/plural"
)

// String returns the position as Parse reads it: the five rows from north
// to south, each square as "." (empty), "R<n>" (red cube n) or "B<n>"
// (blue cube n), then a line "turn T red" or "turn T blue" naming the turn
// in progress and the side to move:
//
//	R1 R2 R3 .  .
//	R4 R5 .  .  .
//	R6 .  .  .  B6
//	.  .  .  B5 B4
//	.  .  B3 B2 B1
//	turn 1 red
func (p Position) String() string {
	var sb strings.Builder
	for s := range Square(Squares) {
		c, n := p.At(s)
		switch c {
		case Red:
			fmt.Fprintf(&sb, "R%d", n)
		case Blue:
			fmt.Fprintf(&sb, "B%d", n)
		default:
			sb.WriteString(". ")
		}
		if s.Col() < Size {
			sb.WriteByte(' ')
		} else {
			// Trailing blanks of an empty last square help nobody.
			sb.WriteString("\n")
		}
	}
	fmt.Fprintf(&sb, "turn %d %v\n", p.Turn(), p.ToMove())
	return strings.ReplaceAll(sb.String(), ". \n", ".\n")
}

// Parse reads a position written as String writes it. Squares are
// separated by white space; blank lines are ignored. Any placement of at
// most six cubes a side, numbered 1 to 6 without repetition, is accepted;
// the winner follows from the board (a red cube on (5,5) or no blue cube
// left: red; a blue cube on (1,1) or no red cube left: blue), and a board
// on which both sides would have won is refused.
func Parse(s string) (Position, error) {
	p := emptyPosition()
	row := 0
	turnSeen := false
	for i, line := range strings.Split(s, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		where := fmt.Sprintf("line %d", i+1)
		if turnSeen {
			return p, fmt.Errorf("%s: text after the turn line", where)
		}
		if row == Size {
			if len(fields) != 3 || fields[0] != "turn" {
				return p, fmt.Errorf("%s: want \"turn T red\" or \"turn T blue\" after the board", where)
			}
			t, err := strconv.Atoi(fields[1])
			if err != nil || t < 1 || t > maxTurn {
				return p, fmt.Errorf("%s: turn %q: want a number from 1 to %d", where, fields[1], maxTurn)
			}
			p.ply = uint16(2 * (t - 1))
			switch fields[2] {
			case "red":
			case "blue":
				p.ply++
			default:
				return p, fmt.Errorf("%s: side %q: want red or blue", where, fields[2])
			}
			turnSeen = true
			continue
		}
		if len(fields) != Size {
			return p, fmt.Errorf("%s: %s in row %d, want %d", where, plural.Of(len(fields), "square"), row+1, Size)
		}
		for col, f := range fields {
			if f == "." {
				continue
			}
			c := None
			if len(f) == 2 {
				switch f[0] {
				case 'R':
					c = Red
				case 'B':
					c = Blue
				}
			}
			if c == None || f[1] < '1' || f[1] > '0'+Cubes {
				return p, fmt.Errorf("%s: square %q: want ., R1 to R6 or B1 to B6", where, f)
			}
			n := int(f[1] - '0')
			if s, ok := p.Where(c, n); ok {
				return p, fmt.Errorf("%s: %s again (it is on %v)", where, f, s)
			}
			p.put(c, n, Sq(row+1, col+1))
		}
		row++
	}
	if !turnSeen {
		return p, fmt.Errorf("want %d rows of %d squares and a turn line, got %s", Size, Size, plural.Of(row, "row"))
	}
	var won [3]bool
	if c, _ := p.At(Goal(Red)); c == Red || p.left[Blue] == 0 {
		won[Red] = true
		p.winner = Red
	}
	if c, _ := p.At(Goal(Blue)); c == Blue || p.left[Red] == 0 {
		won[Blue] = true
		p.winner = Blue
	}
	if won[Red] && won[Blue] {
		return p, fmt.Errorf("both sides have won on this board")
	}
	return p, nil
}

// maxTurn bounds the turn number Parse accepts, so that the ply count fits
// its field with room to spare. No game comes close: every move takes a
// cube at least one step nearer to its goal corner, so a side makes at
// most 35 moves (7+6+5+6+5+5 steps short of the corner from its start
// squares, and the winning one), and it passes in two turns running only
// after losing a cube in between, because its most advanced cube (largest
// row+column for red) can always move.
const maxTurn = 1000
