"""One rule set for engine output and hand edits: every broken rule named, blocking ones apart."""

from __future__ import annotations

from tournaments.pairing import checks
from tournaments.pairing.state import EventState, PlayerState, RoundEntry


def test_check_pairings_names_every_rule() -> None:
    def p(number: int, history: list[RoundEntry], **extra: object) -> PlayerState:
        return PlayerState(number=number, name=f"P{number}", history=history, **extra)

    state = EventState(
        system="swiss-dutch",
        players=[
            p(1, [RoundEntry(2, "w", "1"), RoundEntry(3, "w", "1")]),
            p(2, [RoundEntry(1, "b", "0"), RoundEntry(None, None, "U")]),
            p(3, [RoundEntry(4, "b", "0"), RoundEntry(1, "b", "0")]),
            p(4, [RoundEntry(3, "w", "1"), RoundEntry(5, "b", "1")]),
            p(5, [RoundEntry(None, None, "U"), RoundEntry(4, "w", "0")]),
            p(6, [], available=False, absent_code="H"),
            p(7, [], available=False),
        ],
        round_to_pair=3,
        total_rounds=5,
        forbidden_pairs=[(3, 4)],
    )
    check = checks.check_pairings(state, [(1, 3), (4, 3)], [])
    assert check.blocking == ["player 3 appears 2 times"]
    check = checks.check_pairings(state, [(1, 2), (4, 3), (7, 5)], [(5, "pab")])
    assert check.blocking == ["player 5 appears 2 times"]
    check = checks.check_pairings(state, [(1, 2), (4, 3), (5, 7)], [(2, "pab")])
    assert check.blocking == ["player 2 appears 2 times"]
    check = checks.check_pairings(state, [(1, 2), (4, 3)], [(5, "pab")])
    text = " | ".join(check.violations)
    assert "1 - 2: rematch" in text
    assert "4 - 3: a forbidden pair" in text and "4 - 3: rematch" in text
    assert "1 gets white a third time in a row" in text
    assert "3 gets black a third time in a row" in text
    assert "5 gets a pairing-allocated bye but already had" in text
    assert "player 6 (P6) is missing" in text
    assert "player 7" not in text  # withdrawn: not expected
    check = checks.check_pairings(state, [(2, 1), (3, 4), (5, 7)], [(6, "half")])
    assert any("player 7 (P7) has withdrawn but is paired" in v for v in check.violations)
    assert not any("6 gets" in v for v in check.violations)
