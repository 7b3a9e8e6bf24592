"""The points a player picks on the board to make each legal move (``arbiter.engine.LegalMove.points``),
worked by hand from the boards: a GIPF push is its dot and the spot beside it on the pushed line, a
DVONN placement its space."""

from __future__ import annotations

from arbiter import registry


def test_a_gipf_push_is_picked_by_its_dot_and_the_spot_beside_it() -> None:
    moves = {move.notation: move.points for move in registry.legal_moves(registry.start("gipf-standard"))}
    # the corner dot a1 enters through b2, where a GIPF-piece stands at the start: pushed on to c3
    assert moves["a1-c3"] == ("a1", "b2")
    # a2 enters towards b3 (empty) and towards b2 (its piece pushed on to c2)
    assert moves["a2-b3"] == ("a2", "b3") and moves["a2-c2"] == ("a2", "b2")
    # e1 enters the centre column through e2, where the start has a piece: it moves on to e3
    assert moves["e1-e3"] == ("e1", "e2")


def test_a_dvonn_placement_is_picked_by_its_space() -> None:
    moves = {move.notation: move.points for move in registry.legal_moves(registry.start("dvonn"))}
    assert moves["c3"] == ("c3",) and moves["k5"] == ("k5",)
    after = registry.play(registry.start("dvonn"), "c3").position
    assert "c3" not in {move.notation for move in registry.legal_moves(after)}
