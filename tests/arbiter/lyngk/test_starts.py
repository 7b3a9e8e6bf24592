"""The LYNGK start (L-4, docs/rules.md LK-5): the start option drawn or given, the [Setup] tag written
and read back, a record without one refused, and wrong placements named."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from arbiter import registry
from arbiter.errors import ArbiterError, InvalidOptionError
from tests.arbiter.lyngk.support import S1, S2, described, record


def _setup_of(position: str) -> str:
    """The placements of a start's position text, read by hand: columns a to i, each from its lower end."""
    counts = [1, 4, 7, 6, 7, 6, 7, 4, 1]
    columns = position.split()[-1].split("/")
    assert [len(column.split(",")) for column in columns] == counts
    return " ".join(
        f"{letter}{number}:{cell}"
        for letter, column in zip("abcdefghi", columns, strict=True)
        for number, cell in enumerate(column.split(","), start=1)
    )


def test_a_random_start_is_drawn_with_8_of_each_colour_and_3_jokers() -> None:
    resolved = registry.resolve_options("lyngk", {"start": "random"}, 7)
    word, setup = resolved["start"].split(maxsplit=1)
    assert word == "random"
    letters = Counter(token.split(":")[1] for token in setup.split())
    assert letters == {"I": 8, "B": 8, "R": 8, "G": 8, "K": 8, "J": 3}
    assert _setup_of(registry.start("lyngk", resolved)) == setup  # the game starts from the start drawn
    assert registry.resolve_options("lyngk", {}, 7) == resolved  # none agreed: random, the variant's own
    assert registry.resolve_options("lyngk", {"start": "random"}, 8) != resolved  # each seed its own


def test_starts_drawn_at_random_differ_and_spread() -> None:
    """Every arrangement equally likely: over 400 draws each point holds a joker about 3 times in 43."""
    jokers = Counter()
    for seed in range(400):
        setup = registry.resolve_options("lyngk", {}, seed)["start"].split()[1:]
        jokers.update(token[:2] for token in setup if token.endswith(":J"))
    assert sum(jokers.values()) == 1200 and len(jokers) == 43
    assert max(jokers.values()) < 60  # expected 27.9 a point


def test_an_organisers_placements_are_the_start_and_the_setup_tag() -> None:
    shuffled = S2.split()
    random.Random(3).shuffle(shuffled)
    given = " ".join(token.upper() for token in shuffled)  # any order, either case
    resolved = registry.resolve_options("lyngk", {"start": given}, 0)
    assert resolved == {"start": S2}
    assert _setup_of(registry.start("lyngk", resolved)) == S2
    assert registry.option_tags("lyngk", resolved) == {"Setup": S2}
    assert registry.option_tags("lyngk", {"start": "random " + S1}) == {"Setup": S1}
    assert registry.option_tags("lyngk", {"start": "random"}) == {}  # not drawn yet: no start to state
    assert registry.tag_options("lyngk", {"Setup": given}) == {"start": S2}
    assert registry.tag_options("lyngk", {}) == {}


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("fixed", "the start is random or the 43 placements (a1:J b1:I …), not 'fixed'"),
        (S1.replace("a1:J", "a1:X"), "the setup's a1:X: a piece is one of I, B, R, G, K or J, like a1:J"),
        (S1.replace("a1:J", "z9:J"), "the setup's z9:J: z9 is not a point of the LYNGK board"),
        (S1.replace("b1:I", "a1:I"), "the setup names a1 twice"),
        (S1.replace(" i1:K", ""), "the setup leaves 1 points empty: i1"),
        (S1.replace("a1:J", "a1:I"), "a game has 8 pieces of each colour and 3 jokers; found ivory 9"),
    ],
)
def test_a_wrong_start_is_refused_naming_what_is_wrong(value: str, reason: str) -> None:
    with pytest.raises(ArbiterError) as caught:
        registry.start("lyngk", registry.resolve_options("lyngk", {"start": value}, 0))
    assert caught.value.reason.startswith(reason)


def test_an_unknown_option_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match="unknown option 'potentials'"):
        registry.start("lyngk", {"potentials": "Z"})


def test_a_record_states_its_start_and_reads_back() -> None:
    text = registry.random_record("lyngk", 11)
    verdict = registry.replay(text)
    assert verdict.valid and verdict.termination == "stacks" and verdict.tags["Setup"].count(":") == 43
    assert '[Game "lyngk"]' in text
    assert described(text.replace("lyngk", "LYNGK")).startswith("valid")  # the name is read too
    without = "\n".join(line for line in text.splitlines() if not line.startswith("[Setup"))
    assert described(without) == (
        "a LYNGK record states its start in its [Setup] tag, the 43 placements (a1:J b1:I …): there is no fixed start"
    )
    assert "the setup names a1 twice" in described(record("1. c1-c2", S1.replace("b1:I", "a1:I")))


def test_the_game_tag_must_name_lyngk() -> None:
    verdict = registry.replay(record("1. c1-c2").replace('"lyngk"', '"tzaar"'), "lyngk")
    assert not verdict.valid and verdict.error is not None
    assert "the Game tag says 'tzaar', not LYNGK" in verdict.error.reason
