"""The reference corpus: every round of every tournament in ../shared/pairing/dutch/ reproduced.

For round r the file is cut as ../shared/pairing/README.md says (rounds 1..r-1, the round-r
entries of players who were not available, XXR and XXC), then paired from the TRF document, as
``manage.py pair_trf`` does (``tournaments.trf.pairing``). Pairs, colours and the
pairing-allocated bye must equal the file's round r. One file also goes through the database
path: imported as a stored event, its next round paired by the service that pairs stored events.

Everything here runs on the compiled matcher (``PAIRING_MATCHER=compiled``), and the small corpus
on the pure-Python fallback (networkx) as well: one file in the fast suite, the others marked slow
and ``fallback``. The large corpus (../shared/pairing/
dutch-large/, 180-500 players, all 114 rounds) is checked on the compiled path, marked slow.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.conftest import shared_path
from tournaments.models import Round
from tournaments.pairing import matching
from tournaments.pairing import services as pairing_services
from tournaments.trf.format import TrfDocument, cut_before_round, parse_trf, write_trf
from tournaments.trf.io import import_event
from tournaments.trf.pairing import pair_next_round

FAST = [
    "t01-p6-r5-d0",
    "t02-p7-r5-d0",
    "t03-p8-r5-d0",
    "t04-p9-r6-d0",
    "t05-p12-r6-d0",
    "t06-p13-r7-d0",
    "t07-p16-r6-d0",
    "t08-p17-r7-d0",
    "t09-p20-r7-d5",
    "t10-p24-r7-d0",
    "t11-p25-r8-d0",
    "t12-p31-r7-d3",
    "t13-p32-r9-d0",
    "t14-p40-r8-d0",
    "t15-p45-r9-d5",
    "t16-p50-r7-d0",
]
SLOW = [
    "t17-p63-r9-d0",
    "t18-p64-r8-d30",
    "t19-p80-r9-d0",
    "t20-p99-r9-d3",
    "t21-p120-r10-d0",
    "t22-p150-r9-d20",
]

# The large corpus, every file (114 rounds, 180-500 players) on the compiled matcher: about 5
# minutes of CPU with the warm-started matcher (docs/pairing.md).
LARGE = [
    "t23-p180-r9-d0",
    "t24-p200-r9-d10",
    "t25-p220-r10-d0",
    "t26-p250-r9-d5",
    "t27-p280-r9-d0",
    "t28-p300-r11-d0",
    "t29-p320-r9-d20",
    "t30-p350-r9-d0",
    "t31-p400-r9-d3",
    "t32-p450-r10-d0",
    "t33-p500-r9-d0",
    "t34-p500-r11-d8",
]
FALLBACK = "t12-p31-r7-d3"


@pytest.fixture(autouse=True)
def compiled_matcher(monkeypatch: pytest.MonkeyPatch) -> None:
    assert matching.compiled_available(), "tournaments.pairing._blossom is not built (scripts/install)"
    monkeypatch.setenv("PAIRING_MATCHER", "compiled")


def reference_round(document: TrfDocument, round_number: int) -> tuple[list[tuple[int, int]], list[int]]:
    pairs, pab = [], []
    for player in document.players:
        entry = player.rounds.get(round_number)
        if entry is None:
            continue
        if entry.is_game and entry.colour == "w":
            pairs.append((player.number, entry.opponent or 0))
        elif not entry.is_game and entry.code == "U":
            pab.append(player.number)
    return sorted(pairs), pab


def check_file(name: str, corpus: str = "dutch") -> int:
    document = parse_trf(shared_path("pairing", corpus, f"{name}.trf").read_text())
    mismatches = []
    for round_number in range(1, document.last_round + 1):
        cut = write_trf(cut_before_round(document, round_number))
        paired = pair_next_round(cut)
        got = (sorted(paired.pairs), [n for n, kind in paired.byes if kind == "pab"])
        expected = reference_round(document, round_number)
        if got != expected:
            mismatches.append(
                f"round {round_number}: only in file {sorted(set(expected[0]) - set(got[0]))} bye {expected[1]}; "
                f"only ours {sorted(set(got[0]) - set(expected[0]))} bye {got[1]}"
            )
    assert not mismatches, f"{name}: " + " | ".join(mismatches)
    return document.last_round


@pytest.mark.parametrize("name", FAST)
def test_corpus_file_is_reproduced(name: str) -> None:
    check_file(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", SLOW)
def test_big_corpus_file_is_reproduced(name: str) -> None:
    check_file(name)


def test_a_corpus_file_on_the_networkx_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAIRING_MATCHER", "networkx")
    assert matching.selected_matcher() == "networkx"
    check_file(FALLBACK)


@pytest.mark.slow
@pytest.mark.fallback
@pytest.mark.parametrize("name", [name for name in FAST + SLOW if name != FALLBACK])
def test_corpus_file_on_the_networkx_fallback(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole small corpus on the pure-Python matcher too (about 11 minutes of CPU: scripts/test
    runs these beside the rest of the suite, on the second core)."""
    monkeypatch.setenv("PAIRING_MATCHER", "networkx")
    assert matching.selected_matcher() == "networkx"
    check_file(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", LARGE)
def test_large_corpus_file_is_reproduced(name: str) -> None:
    check_file(name, "dutch-large")


@pytest.mark.django_db
def test_a_corpus_file_through_the_database_path(organiser: User) -> None:
    """t08 (17 players, 7 rounds) has a pairing-allocated bye every round and a forfeit; the small
    files have no requested byes or withdrawals (only the large ones do)."""
    document = parse_trf(shared_path("pairing", "dutch", "t08-p17-r7-d0.trf").read_text())
    codes = {entry.code for player in document.players for entry in player.rounds.values()}
    assert {"U", "+", "-"} <= codes
    for round_number in range(1, document.last_round + 1):
        event = import_event(write_trf(cut_before_round(document, round_number)), organiser)
        assert event.round_set.count() == round_number - 1
        pending = pairing_services.pair_next_round(event, organiser)
        assert pending.number == round_number and pending.status == Round.Status.PENDING
        paired = pairing_services.pair_round_now(pending.pk)
        assert paired.status == Round.Status.PAIRED, paired.pairing_error
        games = paired.pairings.exclude(black=None).select_related("white", "black")
        got = (
            sorted((p.white.pairing_number, p.black.pairing_number) for p in games),  # type: ignore[union-attr]
            [p.white.pairing_number for p in paired.pairings.filter(bye="pab").select_related("white")],
        )
        assert got == reference_round(document, round_number), f"round {round_number}"


def test_corpus_has_163_rounds() -> None:
    total = 0
    for name in FAST + SLOW:
        total += parse_trf(shared_path("pairing", "dutch", f"{name}.trf").read_text()).last_round
    assert total == 163


def test_large_corpus_has_114_rounds_all_checked() -> None:
    rounds = {
        path.stem: parse_trf(path.read_text()).last_round
        for path in sorted(shared_path("pairing", "dutch-large").glob("*.trf"))
    }
    assert sum(rounds.values()) == 114
    assert sorted(rounds) == sorted(LARGE)
