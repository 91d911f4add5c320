import pytest

from satdoku import Geometry, UsageError
from satdoku.kinds.classic import sudoku


@pytest.mark.parametrize("shape", ["2x2", "2x3", "3x2", "3x3", "3x4", "4x4", "5x5", "10x10"])
def test_units_partition_the_grid(shape):
    g = Geometry.parse(shape)
    n = g.size
    for family in (g.rows, g.cols, g.boxes):
        assert len(family) == n
        assert sorted(c for unit in family for c in unit) == list(range(n * n))
    # a box holds box_rows consecutive rows and box_cols consecutive columns
    for box in g.boxes:
        rows = {c // n for c in box}
        cols = {c % n for c in box}
        assert len(rows) == g.box_rows and len(cols) == g.box_cols
        assert max(rows) - min(rows) == g.box_rows - 1
        assert max(cols) - min(cols) == g.box_cols - 1
        assert len({g.box_index(c // n, c % n) for c in box}) == 1


def test_peers_of_a_9x9_cell():
    puzzle = sudoku(Geometry(3, 3), [0] * 81)
    assert all(len(p) == 20 for p in puzzle.peers)
    assert 1 in puzzle.peers[0] and 9 in puzzle.peers[0] and 10 in puzzle.peers[0]
    assert 13 not in puzzle.peers[0]


@pytest.mark.parametrize(("size", "shape"), [(4, "2x2"), (9, "3x3"), (16, "4x4"), (100, "10x10")])
def test_square_sizes_are_inferred(size, shape):
    assert str(Geometry.for_size(size)) == shape


@pytest.mark.parametrize("size", [6, 8, 12])
def test_non_square_sizes_need_a_box(size):
    with pytest.raises(UsageError, match="--box"):
        Geometry.for_size(size)


@pytest.mark.parametrize("text", ["3", "3x", "axb", "0x3", "3x30"])
def test_bad_box_shapes(text):
    with pytest.raises(UsageError):
        Geometry.parse(text)


def test_a_long_lived_process_keeps_few_peer_tables():
    from satdoku import model

    shapes = [Geometry(r, c) for r in range(1, 6) for c in range(1, 6) if r * c > 1]
    assert len(shapes) > model.PEER_TABLES
    for g in shapes:
        puzzle = sudoku(g, [0] * g.size**2)
        assert all(
            len(p) == 3 * (g.size - 1) - (g.box_rows - 1) - (g.box_cols - 1) for p in puzzle.peers
        )
    assert model._peers.cache_info().currsize <= model.PEER_TABLES
