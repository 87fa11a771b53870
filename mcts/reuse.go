package mcts

import "slices"

// Tree reuse: after the engine's move and the opponent's reply, the new
// position is a grandchild of the last search's root (a child after a
// pass), and the subtree below it holds visits already paid for. reuse
// keeps that subtree instead of starting afresh.
//
// Mostly it leaves the subtree where it is: the new root's node is copied
// to index 0, its children stay in their block, and the rest of the old
// tree becomes unreachable, its slots unused until a compaction. That
// costs nothing whatever the subtree's size, where moving it cost about
// 100 ns a node (a second's tree keeps some 400,000 to 1,000,000 nodes:
// 4-8% of the next second's search, more after pondering). The arena's
// slots after the last node in use are still free, and the next search
// grows the tree there. Once unreachable nodes could crowd the arena
// (compactWhen), reuse compacts instead: it moves the subtree to the
// front of the arena.
//
// The compaction is in place, without a second arena, because of how the arena
// grows: a node's children form one block, allocated when the node was
// expanded, after the block holding the node itself. Taking the subtree's
// blocks in the order of their old positions and packing them from index
// 1 moves every block to a position no higher than its old one (the blocks
// before it fit below it), and never over a block not yet moved (its end
// is at most the next block's old start). A parent is always in an earlier
// block, so it has moved, at a known place, by the time its children's
// block moves and its link to them is rewritten.

// reuseBlock is one block of children in the subtree being kept: its old
// start and size, the old index of its parent and the old start of the
// parent's own block, and (once moved) its new start.
type reuseBlock struct {
	start, size, parent, parentBlock, newStart uint32
}

// descendant returns the node of the last search's tree whose position is
// st, one or two plies below its root, and true; or false.
func (s *Searcher[S, M, G]) descendant(st S) (uint32, bool) {
	root := &s.nodes[0]
	for i := uint32(0); i < uint32(root.nchild); i++ {
		c := root.first + i
		s.cur = s.root
		s.game.Play(&s.cur, s.nodes[c].move)
		if s.cur == st {
			return c, true
		}
		nd := &s.nodes[c]
		for j := uint32(0); j < uint32(nd.nchild); j++ {
			g := nd.first + j
			s.child = s.cur
			s.game.Play(&s.child, s.nodes[g].move)
			if s.child == st {
				return g, true
			}
		}
	}
	return 0, false
}

// reuse makes the subtree of the last search below st the new tree, and
// returns the visits it keeps; 0 when there is nothing to keep (no earlier
// tree, st neither its root nor one or two plies below it, or not expanded
// there).
func (s *Searcher[S, M, G]) reuse(st S) int64 {
	if !s.cfg.Reuse || !s.treeValid || s.cfg.Algorithm != UCT {
		return 0
	}
	if st == s.root {
		// The same position again (a second search in a row, or a
		// pondered position after the opponent's forced move): the whole
		// tree stays where it is.
		return s.keepRoot()
	}
	c, ok := s.descendant(st)
	if !ok || s.nodes[c].nchild == 0 {
		return 0
	}
	// The new root's node goes to index 0; its children stay in their
	// block, wherever it is.
	s.nodes[0] = s.nodes[c]
	var noMove M
	s.nodes[0].move = noMove
	if s.sumSq != nil {
		s.sumSq[0] = s.sumSq[c]
	}
	s.root = st
	if s.compactWhen(c) {
		s.compact(c)
	}
	return s.keepRoot()
}

// compact moves the subtree below node c, whose node has been copied to
// index 0 as the new root, to the front of the arena, right after it.
func (s *Searcher[S, M, G]) compact(c uint32) {
	s.compactions++
	// Gather the subtree's blocks, depth first.
	blocks := s.reuseBlocks[:0]
	stack := append(s.reuseStack[:0], [2]uint32{c, 0})
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nd := &s.nodes[top[0]]
		if nd.nchild == 0 {
			continue
		}
		blocks = append(blocks, reuseBlock{start: nd.first, size: uint32(nd.nchild), parent: top[0], parentBlock: top[1]})
		for i := uint32(0); i < uint32(nd.nchild); i++ {
			stack = append(stack, [2]uint32{nd.first + i, nd.first})
		}
	}
	slices.SortFunc(blocks, func(a, b reuseBlock) int { return int(a.start) - int(b.start) })

	// Nothing below index 1 belongs to the subtree.
	next := uint32(1)
	for i := range blocks {
		b := &blocks[i]
		copy(s.nodes[next:next+b.size], s.nodes[b.start:b.start+b.size])
		if s.sumSq != nil {
			copy(s.sumSq[next:next+b.size], s.sumSq[b.start:b.start+b.size])
		}
		b.newStart = next
		parent := uint32(0) // the new root
		if b.parent != c {
			j, _ := slices.BinarySearchFunc(blocks[:i], b.parentBlock, func(x reuseBlock, start uint32) int {
				return int(x.start) - int(start)
			})
			parent = blocks[j].newStart + (b.parent - b.parentBlock)
		}
		s.nodes[parent].first = next
		next += b.size
	}
	s.used = next
	s.reuseBlocks, s.reuseStack = blocks, stack
}

// Bounds of reuse in place (compactWhen).
const (
	// slotsPerVisit bounds the unreachable part of the arena: a kept
	// subtree holds fewer nodes than visits (a node is expanded after
	// ExpandVisits visits, so an Othello search makes about 0.85 nodes an
	// iteration), so while the slots in use stay within this many times
	// the new root's visits, at least a quarter of them are the live tree.
	// The resident memory then stays within a few times the tree's own,
	// as when every reuse compacted.
	slotsPerVisit = 4
	// roomFactor asks the free slots to hold this many times what the
	// last search added: the next search, given the same time, must not
	// fill the arena because of nodes nobody can reach.
	roomFactor = 2
)

// compactWhen reports whether reusing the subtree of node c must move it
// to the front of the arena rather than leave it in place: when the slots
// in use pass slotsPerVisit times its visits, or when the free slots could
// not take roomFactor times the last search's growth.
func (s *Searcher[S, M, G]) compactWhen(c uint32) bool {
	used, free := uint64(s.used), uint64(len(s.nodes))-uint64(s.used)
	return used > slotsPerVisit*uint64(s.nodes[c].visits) || free < roomFactor*uint64(s.grown)
}

// keepRoot readies the tree at index 0 for a new search from it and returns
// its visits, 0 when it was never expanded (a fresh start then costs
// nothing more). Children pruned as inner nodes were judged by the inner
// rule, and a pruned root child by the last search's; at the root pruning
// starts again with its warm-up.
func (s *Searcher[S, M, G]) keepRoot() int64 {
	root := &s.nodes[0]
	if root.nchild == 0 {
		return 0
	}
	for i := uint32(0); i < uint32(root.nchild); i++ {
		s.nodes[root.first+i].flags &^= flagPruned
	}
	return int64(root.visits)
}
