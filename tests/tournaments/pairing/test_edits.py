"""Hand edits of a draft round: the broken rules listed, the audit kept, published rounds frozen."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.conftest import make_swiss, next_round, play_round, start
from tournaments.errors import ServiceError
from tournaments.models import PairingAudit
from tournaments.pairing import edits

pytestmark = pytest.mark.django_db


def test_hand_edit_lists_broken_rules_and_keeps_an_audit(organiser: User) -> None:
    event = make_swiss(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600\nEve 1500")
    first = start(event, organiser)
    # Round 1 of five: 5 gets the bye, then 1-3 and 4-2 (the top seed has White, colours alternate).
    assert [(p.white.pairing_number, p.black.pairing_number) for p in first.pairings.exclude(black=None)] == [
        (1, 3),
        (4, 2),
    ]
    assert [p.white.pairing_number for p in first.pairings.filter(bye="pab")] == [5]
    play_round(first, organiser)
    second = next_round(event, organiser)
    before = edits.round_boards(second)
    # 1-3 again (a rematch), 2 against 5 (who had the bye), and 4 gets a pairing-allocated bye.
    edited_pairs = [(1, 3), (2, 5)]
    edited_byes = [(4, "pab")]
    audit = edits.edit_pairings(second, organiser, edited_pairs, edited_byes, reason="arbiter's choice")
    assert audit.before == before and audit.user == organiser
    assert audit.after == {"pairs": [list(p) for p in edited_pairs], "byes": [list(b) for b in edited_byes]}
    assert any("1 - 3: rematch" in v for v in audit.violations)
    assert PairingAudit.objects.filter(round=second).count() == 1
    # A player twice cannot be stored; nothing changes.
    with pytest.raises(ServiceError, match="appears 2 times"):
        edits.edit_pairings(second, organiser, [(1, 2), (1, 3)], [])
    assert edits.round_boards(second) == audit.after
    # Published rounds are frozen.
    edits.publish_round(second, organiser)
    with pytest.raises(ServiceError, match="published"):
        edits.edit_pairings(second, organiser, edited_pairs, edited_byes)
    with pytest.raises(ServiceError, match="already published"):
        edits.publish_round(second, organiser)
