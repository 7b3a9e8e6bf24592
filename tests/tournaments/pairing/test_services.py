"""Swiss services on stored events: each bye kind, late entries, withdrawals, forbidden pairs,
hand edits with their audit, publication, and a round that cannot be paired."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tournaments.errors import ServiceError
from tournaments.events import services as event_services
from tournaments.models import ByeRequest, Event, Pairing, PairingAudit, Registration, Round
from tournaments.pairing import checks, edits
from tournaments.pairing import services as pairing_services
from tournaments.pairing.state import EventState, PlayerState, RoundEntry
from tournaments.registration import byes as bye_services
from tournaments.registration import services as registration_services
from tournaments.results import services as result_services

pytestmark = pytest.mark.django_db

NAMES = "Ann 1900\nBob 1800\nCid 1700\nDan 1600\nEve 1500\nFay 1400"


@pytest.fixture
def organiser() -> User:
    return User.objects.create_user("olga", password="pw-olga-12345")


def new_swiss(organiser: User, names: str = NAMES, rounds: int = 5, **extra: object) -> Event:
    event = event_services.create_event(
        organiser,
        name="Dutch Open",
        game="gipf-standard",
        pairing_system="swiss-dutch",
        rounds=rounds,
        **extra,
    )
    registration_services.register_list(event, organiser, names)
    return event


def reg(event: Event, name: str) -> Registration:
    return event.registrations.get(player__display_name=name)


def start(event: Event, organiser: User) -> Round:
    round_ = event_services.start_event(event, organiser, top_seed_colour="white")
    return pairing_services.pair_round_now(round_.pk)


def play_round(round_: Round, organiser: User) -> None:
    for pairing in round_.pairings.exclude(black=None).filter(white_score=None):
        result_services.record_result(pairing, organiser, "1-0")
    result_services.close_round(round_, organiser)


def next_round(event: Event, organiser: User) -> Round:
    round_ = pairing_services.pair_next_round(Event.objects.get(pk=event.pk), organiser)
    return pairing_services.pair_round_now(round_.pk)


def byes(round_: Round) -> dict[str, tuple[str, int | None]]:
    return {
        p.white.player.display_name: (p.bye, p.white_score)
        for p in round_.pairings.filter(black=None).select_related("white__player")
    }


def paired_names(round_: Round) -> set[str]:
    names = set()
    for p in round_.pairings.exclude(black=None).select_related("white__player", "black__player"):
        names |= {p.white.player.display_name, p.black.player.display_name}
    return names


def test_pairing_allocated_bye_scores_the_configured_points(organiser: User) -> None:
    event = new_swiss(organiser, NAMES + "\nGus 1300", bye_points=1)
    round_ = start(event, organiser)
    assert byes(round_) == {"Gus": ("pab", 1)}
    assert Event.objects.get(pk=event.pk).top_seed_colour == "white"
    board1 = round_.pairings.get(board=1)
    assert (board1.white.pairing_number, board1.black.pairing_number) == (1, 4)


def test_requested_half_zero_and_full_byes_are_paired_around_and_scored(organiser: User) -> None:
    event = new_swiss(organiser)
    start_round = start(event, organiser)
    bye_services.request_bye(reg(event, "Ann"), organiser, 2, "half")
    bye_services.request_bye(reg(event, "Bob"), organiser, 2, "zero")
    bye_services.request_bye(reg(event, "Cid"), organiser, 2, "full")
    play_round(start_round, organiser)
    second = next_round(event, organiser)
    assert second.status == Round.Status.PAIRED
    requested = {name: value for name, value in byes(second).items() if value[0] != "pab"}
    assert requested == {"Ann": ("half", 1), "Bob": ("zero", 0), "Cid": ("full", 2)}
    pab = [name for name, (kind, _) in byes(second).items() if kind == "pab"]
    assert len(pab) == 1 and paired_names(second) | set(pab) == {"Dan", "Eve", "Fay"}


def test_half_point_byes_follow_the_organisers_rules(organiser: User) -> None:
    event = new_swiss(organiser)
    bye_services.update_settings(event, organiser, max_half_byes=1, half_bye_refused_rounds=[5])
    ann = reg(event, "Ann")
    with pytest.raises(ServiceError, match="not given in round 5"):
        bye_services.request_bye(ann, organiser, 5, "half")
    bye_services.request_bye(ann, organiser, 2, "half")
    with pytest.raises(ServiceError, match="already had the 1 half-point bye"):
        bye_services.request_bye(ann, organiser, 3, "half")
    bye_services.request_bye(ann, organiser, 3, "zero")  # an absence is always accepted
    with pytest.raises(ServiceError, match="already has a bye in round 3"):
        bye_services.request_bye(ann, organiser, 3, "full")
    with pytest.raises(ServiceError, match="does not exist"):
        bye_services.request_bye(ann, organiser, 6, "zero")
    with pytest.raises(ServiceError, match="not a bye"):
        bye_services.request_bye(ann, organiser, 4, "pab")
    first = start(event, organiser)
    with pytest.raises(ServiceError, match="already paired"):
        bye_services.request_bye(reg(event, "Bob"), organiser, 1, "zero")
    assert first.status == Round.Status.PAIRED


def test_withdrawn_players_are_no_longer_paired(organiser: User) -> None:
    event = new_swiss(organiser)
    first = start(event, organiser)
    registration_services.withdraw(reg(event, "Dan"), organiser)
    play_round(first, organiser)
    second = next_round(event, organiser)
    assert "Dan" not in paired_names(second) and "Dan" not in byes(second)
    assert byes(second).keys() and next(iter(byes(second).values()))[0] == "pab"


def test_forbidden_pair_is_respected_from_round_one(organiser: User) -> None:
    event = new_swiss(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600")
    pairing_services.add_forbidden_pair(event, organiser, reg(event, "Ann"), reg(event, "Cid"), "same club")
    with pytest.raises(ServiceError, match="already a forbidden pair"):
        pairing_services.add_forbidden_pair(event, organiser, reg(event, "Cid"), reg(event, "Ann"))
    with pytest.raises(ServiceError, match="two different players"):
        pairing_services.add_forbidden_pair(event, organiser, reg(event, "Cid"), reg(event, "Cid"))
    first = start(event, organiser)
    for pairing in first.pairings.select_related("white__player", "black__player"):
        assert {pairing.white.player.display_name, pairing.black.player.display_name} != {"Ann", "Cid"}


def test_late_entry_before_round_four_takes_its_rating_place_with_missed_round_byes(organiser: User) -> None:
    event = new_swiss(organiser)
    bye_services.update_settings(event, organiser, late_entry_bye="half")
    first = start(event, organiser)
    play_round(first, organiser)
    late = registration_services.add_late_entry(Event.objects.get(pk=event.pk), organiser, "Kim", 1750)
    assert late.pairing_number == 3  # after Ann 1900 and Bob 1800
    assert reg(event, "Cid").pairing_number == 4
    numbers = sorted(event.registrations.values_list("pairing_number", flat=True))
    assert numbers == list(range(1, 8))
    missed = Pairing.objects.get(round=first, white=late)
    assert (missed.bye, missed.white_score) == ("half", 1)
    second = next_round(event, organiser)
    assert "Kim" in paired_names(second) or byes(second).get("Kim", ("", 0))[0] == "pab"
    assert second.pairings.count() == 4


def test_late_entry_from_round_four_gets_the_next_number_and_zero_byes(organiser: User) -> None:
    event = new_swiss(organiser)
    round_ = start(event, organiser)
    for _ in range(2):
        play_round(round_, organiser)
        round_ = next_round(event, organiser)
    play_round(round_, organiser)
    late = registration_services.add_late_entry(Event.objects.get(pk=event.pk), organiser, "Kim", 2500)
    assert late.pairing_number == 7
    assert list(Pairing.objects.filter(white=late).values_list("bye", "white_score")) == [("zero", 0)] * 3
    fourth = next_round(event, organiser)
    assert fourth.status == Round.Status.PAIRED
    with pytest.raises(ServiceError, match="round robin"):
        rr = event_services.create_event(organiser, name="RR", game="dvonn", pairing_system="round-robin")
        registration_services.add_late_entry(rr, organiser, "Lou")


def test_hand_edit_lists_broken_rules_and_keeps_an_audit(organiser: User) -> None:
    event = new_swiss(organiser, "Ann 1900\nBob 1800\nCid 1700\nDan 1600\nEve 1500")
    first = start(event, organiser)
    play_round(first, organiser)
    second = next_round(event, organiser)
    before = edits.round_boards(second)
    first_pairs = [
        (p.white.pairing_number, p.black.pairing_number) for p in first.pairings.exclude(black=None)
    ]
    pab_before = [p.white.pairing_number for p in first.pairings.filter(bye="pab")][0]
    rematch = first_pairs[0]
    others = sorted({1, 2, 3, 4, 5} - set(rematch) - {pab_before})
    edited_pairs = [rematch, (others[0], pab_before)]
    edited_byes = [(others[1], "pab")] if len(others) > 1 else []
    audit = edits.edit_pairings(second, organiser, edited_pairs, edited_byes, reason="arbiter's choice")
    assert audit.before == before and audit.user == organiser
    assert audit.after == {"pairs": [list(p) for p in edited_pairs], "byes": [list(b) for b in edited_byes]}
    assert any("rematch" in v for v in audit.violations)
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


def test_round_without_a_valid_pairing_reports_it_and_can_be_retried(organiser: User) -> None:
    event = new_swiss(organiser, "Ann 1900\nBob 1800", rounds=3)
    first = start(event, organiser)
    play_round(first, organiser)
    second = next_round(event, organiser)
    assert second.status == Round.Status.PENDING
    assert second.pairing_error.startswith("no valid pairing exists")
    assert second.pairing_progress == 0
    ByeRequest.objects.create(registration=reg(event, "Ann"), round_number=2, kind="zero")
    pairing_services.retry_pairing(second, organiser)
    second = pairing_services.pair_round_now(second.pk)
    assert second.status == Round.Status.PAIRED and second.pairing_progress == 100
    assert byes(second) == {"Ann": ("zero", 0), "Bob": ("pab", 2)}
