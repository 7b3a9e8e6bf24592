"""The Swiss organiser's pages: a Dutch event run through the web pages from creation to the final
standings, then the refusals (anonymous, another event's organiser, bad input) and TRF in and out.

Pairing runs as a Celery task queued with ``delay_on_commit`` (eager in the test settings); the
``client`` fixture runs it when each request ends, as its commit would. Expected values come from the rules, worked out here:
results follow the ratings (the higher rated player wins), byes score what their kind is worth.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import event_form_data
from tests.tournaments.web.conftest import snapshot, texts, url
from tournaments.events import services as event_services
from tournaments.models import (
    ByeRequest,
    Event,
    ForbiddenPair,
    Pairing,
    PairingAudit,
    Registration,
    Round,
    RoundPublication,
    Standing,
    SwissSettings,
)
from tournaments.pairing import edits
from tournaments.results import services as result_services

PLAYERS = "Ann 2000\nBob 1900\nCid 1800\nDan 1700\nEve 1600\nFay 1500\nGus 1400\n"
RATING = {
    "Ann": 2000,
    "Bob": 1900,
    "Cid": 1800,
    "Dan": 1700,
    "Eve": 1600,
    "Fay": 1500,
    "Gus": 1400,
    "Hal": 1750,
}
# Half-points of each bye kind in the event below (a win is 2, the pairing-allocated bye a win).
BYE_VALUE = {"pab": 2, "half": 1, "full": 2, "zero": 0}


def boards(event: Event, number: int) -> list[Pairing]:
    return list(
        Pairing.objects.filter(round__event=event, round__number=number)
        .select_related("white__player", "black__player")
        .order_by("board")
    )


def name(registration: Registration | None) -> str:
    assert registration is not None
    return registration.player.display_name


def numbers_of(event: Event) -> dict[str, int | None]:
    return dict(event.registrations.values_list("player__display_name", "pairing_number"))


class Scorer:
    """The test's own score sheet: results by rating, byes by their kind."""

    def __init__(self) -> None:
        self.points: dict[str, int] = {}
        self.met: set[frozenset[str]] = set()
        self.pab: set[str] = set()

    def add(self, player: str, half_points: int) -> None:
        self.points[player] = self.points.get(player, 0) + half_points

    def play_round(self, client, event: Event, number: int) -> None:
        """Enter the round's results through the round form (higher rating wins) and close it."""
        data = {}
        for pairing in boards(event, number):
            if pairing.is_bye:
                self.add(name(pairing.white), BYE_VALUE[pairing.bye])
                if pairing.bye == "pab":
                    self.pab.add(name(pairing.white))
                continue
            white, black = name(pairing.white), name(pairing.black)
            self.met.add(frozenset({white, black}))
            winner = white if RATING[white] > RATING[black] else black
            self.add(winner, 2)
            self.add(white if winner == black else black, 0)
            data[f"board{pairing.board}_game1"] = "1-0" if winner == white else "0-1"
        response = client.post(url("round-results", event.slug, number), data)
        assert response.status_code == 302, response.content.decode()[:3000]
        response = client.post(url("round-close", event.slug, number), {"confirmed": "yes"})
        assert "closed" in texts(response)
        assert Round.objects.get(event=event, number=number).status == Round.Status.CLOSED


def publish(client, event: Event, number: int) -> None:
    response = client.post(url("swiss-round-publish", event.slug, number), {"confirmed": "yes"})
    assert response.status_code == 302
    assert f"round {number} are published" in texts(response)


def assert_valid_round(event: Event, number: int, scorer: Scorer, absent: set[str]) -> list[Pairing]:
    """The Dutch hard rules, checked on the stored round: everyone once, no rematch, one PAB at most."""
    pairings = boards(event, number)
    seen = [name(p.white) for p in pairings] + [name(p.black) for p in pairings if not p.is_bye]
    assert len(seen) == len(set(seen))
    expected = {name(r) for r in event.registrations.select_related("player") if r.is_active_in(number)}
    assert set(seen) == expected
    for pairing in pairings:
        if not pairing.is_bye:
            assert frozenset({name(pairing.white), name(pairing.black)}) not in scorer.met
    pab = [name(p.white) for p in pairings if p.bye == "pab"]
    assert len(pab) == (len(expected - absent) % 2)
    assert not set(pab) & scorer.pab
    return pairings


@pytest.mark.django_db
def test_dutch_event_through_the_web_pages(client, organiser) -> None:
    assert client.post(reverse("login"), {"username": "olga", "password": "pw-olga-12345"}).status_code == 302

    # --- creation, players, bye rules
    response = client.post(
        url("event-create"),
        event_form_data("Haarlem Dutch Open", "gipf-standard", pairing_system="swiss-dutch", rounds="5"),
    )
    assert response.status_code == 302
    event = Event.objects.get(name="Haarlem Dutch Open")
    assert event.organisers.filter(pk=organiser.pk).exists() and event.rounds == 5
    response = client.post(url("registrations", event.slug), {"action": "paste", "players": PLAYERS})
    assert "7 players registered." in texts(response)

    page = client.get(url("swiss-settings", event.slug))
    assert page.status_code == 200 and "Rounds without half-point byes" in page.content.decode()
    response = client.post(
        url("swiss-settings", event.slug),
        {"max_half_byes": "1", "half_bye_refused_rounds": ["5"], "late_entry_bye": "zero", "bye_points": "2"},
    )
    assert response.status_code == 302 and "Swiss settings saved." in texts(response)
    settings = SwissSettings.objects.get(event=event)
    assert (settings.max_half_byes, settings.half_bye_refused_rounds, settings.late_entry_bye) == (
        1,
        [5],
        "zero",
    )

    # --- start: round 1 by the Dutch rules. S1 = 1 2 3 against S2 = 4 5 6, the odd 7 gets the
    # pairing-allocated bye; the top seed has white and colours alternate down the boards.
    response = client.post(url("event-start", event.slug), {"top_seed_colour": "white"})
    assert response["Location"] == url("round-detail", event.slug, 1)
    assert numbers_of(event) == {"Ann": 1, "Bob": 2, "Cid": 3, "Dan": 4, "Eve": 5, "Fay": 6, "Gus": 7}
    round_1 = boards(event, 1)
    assert [(p.white.pairing_number, p.black.pairing_number if p.black else p.bye) for p in round_1] == [
        (1, 4),
        (5, 2),
        (3, 6),
        (7, "pab"),
    ]
    assert round_1[-1].white_score == 2

    # a draft: the organiser sees it marked, the public does not see the boards
    page = client.get(url("round-detail", event.slug, 1)).content.decode()
    assert "Draft pairings" in page and "Publish pairings" in page and "Dan" in page
    public = Client()  # an anonymous visitor
    page = public.get(url("round-detail", event.slug, 1)).content.decode()
    assert "not published yet" in page and "data pairings" not in page
    publish(client, event, 1)
    page = public.get(url("round-detail", event.slug, 1)).content.decode()
    assert "not published yet" not in page and "data pairings" in page and "Draft" not in page

    # --- byes: Cid asks for a half-point bye in round 2; a second one and one in round 5 are refused
    cid, eve, dan = (event.registrations.get(player__display_name=n) for n in ("Cid", "Eve", "Dan"))
    response = client.post(
        url("swiss-byes", event.slug), {"registration": cid.pk, "round_number": "2", "kind": "half"}
    )
    assert response.status_code == 302 and "Cid: half-point bye in round 2." in texts(response)
    response = client.post(
        url("swiss-byes", event.slug), {"registration": cid.pk, "round_number": "3", "kind": "half"}
    )
    assert response.status_code == 400 and "already had the 1 half-point bye" in response.content.decode()
    response = client.post(
        url("swiss-byes", event.slug), {"registration": dan.pk, "round_number": "5", "kind": "half"}
    )
    assert response.status_code == 400 and "not given in round 5" in response.content.decode()
    # an absence recorded and cancelled again
    response = client.post(
        url("swiss-byes", event.slug), {"registration": eve.pk, "round_number": "2", "kind": "zero"}
    )
    assert response.status_code == 302
    absence = ByeRequest.objects.get(registration=eve)
    page = client.get(url("swiss-byes", event.slug)).content.decode()
    assert "Zero-point bye (absent)" in page and "Half-point bye" in page
    response = client.post(url("swiss-bye-cancel", event.slug, absence.pk))
    assert "cancelled" in texts(response)
    assert list(ByeRequest.objects.filter(registration__event=event).values_list("round_number", "kind")) == [
        (2, "half")
    ]

    scorer = Scorer()
    scorer.play_round(client, event, 1)
    # Ann, Bob and Cid won; Gus had the bye worth a win
    assert scorer.points == {"Ann": 2, "Dan": 0, "Bob": 2, "Eve": 0, "Cid": 2, "Fay": 0, "Gus": 2}

    # --- round 2: Cid is not paired and scores a draw; six players, so no pairing-allocated bye
    response = client.post(url("round-pair-next", event.slug))
    assert response["Location"] == url("round-detail", event.slug, 2)
    round_2 = assert_valid_round(event, 2, scorer, absent={"Cid"})
    assert [(name(p.white), p.bye, p.white_score) for p in round_2 if p.is_bye] == [("Cid", "half", 1)]

    # --- a hand edit of the draft: Ann against Dan again (they met in round 1), their opponents together
    games = [p for p in round_2 if not p.is_bye]
    ann_board = next(p for p in games if "Ann" in (name(p.white), name(p.black)))
    dan_board = next(p for p in games if "Dan" in (name(p.white), name(p.black)))
    assert ann_board.pk != dan_board.pk
    ann_opponent = ann_board.black if name(ann_board.white) == "Ann" else ann_board.white
    dan_opponent = dan_board.black if name(dan_board.white) == "Dan" else dan_board.white
    assert ann_opponent is not None and dan_opponent is not None
    new_pairs = [(1, 4), (ann_opponent.pairing_number, dan_opponent.pairing_number)]
    new_pairs += [
        (p.white.pairing_number, p.black.pairing_number)  # type: ignore[union-attr]
        for p in games
        if p.pk not in (ann_board.pk, dan_board.pk)
    ]
    edit_url = url("swiss-round-edit", event.slug, 2)
    page = client.get(edit_url).content.decode()
    assert "Preview" in page and "Save these pairings" not in page
    form = {"reason": "Ann and Dan asked to replay"}
    for index, (white, black) in enumerate(new_pairs, start=1):
        form[f"board{index}_white"], form[f"board{index}_black"] = str(white), str(black)
    form["bye1_player"], form["bye1_kind"] = "3", "half"
    before = edits.round_boards(Round.objects.get(event=event, number=2))

    # saving without a preview of these boards only previews them
    response = client.post(edit_url, {**form, "action": "save"})
    assert response.status_code == 200 and "previewed" in response.content.decode()
    assert not PairingAudit.objects.exists()
    assert "The boards changed since the preview" in texts(response)

    response = client.post(edit_url, {**form, "action": "preview"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "1 - 4: rematch, they have already played each other" in page
    assert "Save these pairings" in page
    assert not PairingAudit.objects.exists()
    assert edits.round_boards(Round.objects.get(event=event, number=2)) == before
    previewed = response.context["form"]["previewed"].value()

    response = client.post(edit_url, {**form, "previewed": previewed, "action": "save"})
    assert response.status_code == 302 and response["Location"] == url("round-detail", event.slug, 2)
    assert "saved, breaking" in texts(response)
    audit = PairingAudit.objects.get()
    assert audit.user == organiser and audit.reason == "Ann and Dan asked to replay"
    assert audit.before == before
    assert audit.after == {"pairs": [list(p) for p in new_pairs], "byes": [[3, "half"]]}
    assert "1 - 4: rematch, they have already played each other" in audit.violations
    page = client.get(url("round-detail", event.slug, 2)).content.decode()
    assert "Hand edits of the pairings" in page and "Ann and Dan asked to replay" in page and "olga" in page
    assert "Hand edits of the pairings" not in public.get(url("round-detail", event.slug, 2)).content.decode()
    scorer.met.discard(frozenset({"Ann", "Dan"}))  # the rematch was the arbiter's decision

    publish(client, event, 2)
    assert RoundPublication.objects.filter(round__event=event, round__number=2).exists()
    # published: no more edits, and publishing twice is refused
    response = client.post(edit_url, {**form, "previewed": previewed, "action": "save"})
    assert response.status_code == 400 and "is published" in response.content.decode()
    assert PairingAudit.objects.count() == 1
    response = client.post(url("swiss-round-publish", event.slug, 2), {"confirmed": "yes"})
    assert "already published" in texts(response)
    scorer.play_round(client, event, 2)
    # edited round 2 closed: editing it is refused as well
    response = client.post(edit_url, {**form, "action": "preview"})
    assert response.status_code == 400 and "already closed" in response.content.decode()

    # --- late entry before round 3: Hal (1750) is ranked between Cid and Dan, his two missed
    # rounds are zero-point byes (the event's choice)
    page = client.get(url("swiss-late-entry", event.slug)).content.decode()
    assert "misses 2 rounds" in page and "zero-point byes" in page
    response = client.post(url("swiss-late-entry", event.slug), {"name": "Hal", "rating": "1750"})
    assert response.status_code == 302
    assert "Hal joined with pairing number 4 and 2 byes" in texts(response)
    assert numbers_of(event) == {
        "Ann": 1, "Bob": 2, "Cid": 3, "Hal": 4, "Dan": 5, "Eve": 6, "Fay": 7, "Gus": 8,
    }  # fmt: skip
    hal_byes = Pairing.objects.filter(white__player__display_name="Hal", round__event=event).order_by(
        "round__number"
    )
    assert [(p.round.number, p.bye, p.white_score) for p in hal_byes] == [(1, "zero", 0), (2, "zero", 0)]
    scorer.add("Hal", 0)

    # --- a forbidden pair: the two leaders who have not met yet (so the top bracket would pair them)
    leaders = sorted(scorer.points, key=lambda n: (-scorer.points[n], -RATING[n]))
    first = leaders[0]
    second = next(n for n in leaders[1:] if frozenset({first, n}) not in scorer.met)
    first_reg = event.registrations.get(player__display_name=first)
    second_reg = event.registrations.get(player__display_name=second)
    response = client.post(
        url("swiss-forbidden-pairs", event.slug),
        {"first": first_reg.pk, "second": second_reg.pk, "reason": "same club"},
    )
    assert response.status_code == 302 and "will not be paired" in texts(response)
    response = client.post(
        url("swiss-forbidden-pairs", event.slug),
        {"first": second_reg.pk, "second": first_reg.pk, "reason": "again"},
    )
    assert response.status_code == 400 and "already a forbidden pair" in response.content.decode()
    page = client.get(url("swiss-forbidden-pairs", event.slug)).content.decode()
    assert first in page and second in page and "same club" in page

    client.post(url("round-pair-next", event.slug))
    round_3 = assert_valid_round(event, 3, scorer, absent=set())
    assert frozenset({first, second}) not in {
        frozenset({name(p.white), name(p.black)}) for p in round_3 if not p.is_bye
    }
    # the edit preview names the forbidden pair when the organiser tries to pair them by hand
    response = client.post(
        url("swiss-round-edit", event.slug, 3),
        {
            "board1_white": str(first_reg.pairing_number),
            "board1_black": str(second_reg.pairing_number),
            "action": "preview",
        },
    )
    assert "a forbidden pair" in response.content.decode()
    publish(client, event, 3)
    scorer.play_round(client, event, 3)

    # --- Fay withdraws after round 3: not paired in rounds 4 and 5
    fay = event.registrations.get(player__display_name="Fay")
    response = client.post(
        url("registrations", event.slug), {"action": "withdraw", "confirmed": "yes", "registration": fay.pk}
    )
    assert "Fay withdrawn from round 4 on." in texts(response)

    for number in (4, 5):
        client.post(url("round-pair-next", event.slug))
        pairings = assert_valid_round(event, number, scorer, absent=set())
        assert "Fay" not in {name(p.white) for p in pairings} | {name(p.black) for p in pairings if p.black}
        publish(client, event, number)
        scorer.play_round(client, event, number)

    # --- TRF download of the running event
    response = public.get(url("event-trf", event.slug))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    text = response.content.decode()
    assert "XXR 5" in text and "XXP" in text and "Haarlem Dutch Open" in text

    response = client.post(url("event-finish", event.slug), {"confirmed": "yes"})
    assert response["Location"] == url("standings", event.slug)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED

    # final points: the test's own score sheet; Fay scored nothing after withdrawing
    stored = {
        s.registration.player.display_name: s.points
        for s in Standing.objects.filter(event=event, after_round=5)
    }
    assert stored == scorer.points
    assert sum(stored.values()) == sum(
        2 * len([p for p in boards(event, n) if not p.is_bye])
        + sum(BYE_VALUE[p.bye] for p in boards(event, n) if p.is_bye)
        for n in range(1, 6)
    )
    assert Pairing.objects.filter(round__event=event, round__number__gte=4, white=fay).count() == 0


# --------------------------------------------------------------------------- refusals


def write_requests(event: Event, bye: ByeRequest, pair: ForbiddenPair) -> list[tuple[str, dict]]:
    ann, bob = (event.registrations.get(player__display_name=n) for n in ("Ann", "Bob"))
    edit = {"board1_white": "1", "board1_black": "2", "board2_white": "3", "board2_black": "4"}
    edit |= {"board3_white": "5", "board3_black": "6"}
    return [
        (
            url("swiss-settings", event.slug),
            {"max_half_byes": "3", "late_entry_bye": "half", "bye_points": "1"},
        ),
        (url("swiss-byes", event.slug), {"registration": ann.pk, "round_number": "3", "kind": "zero"}),
        (url("swiss-bye-cancel", event.slug, bye.pk), {}),
        (url("swiss-late-entry", event.slug), {"name": "Intruder", "rating": "2400"}),
        (
            url("swiss-forbidden-pairs", event.slug),
            {"first": ann.pk, "second": event.registrations.last().pk},
        ),
        (url("swiss-forbidden-pair-remove", event.slug, pair.pk), {}),
        (url("swiss-round-edit", event.slug, 1), {**edit, "action": "preview"}),
        (url("swiss-round-edit", event.slug, 1), {**edit, "action": "save", "previewed": "1-2;3-4;5-6|"}),
        (url("swiss-round-publish", event.slug, 1), {}),
    ]


def test_anonymous_users_are_sent_to_sign_in_and_nothing_changes(client, swiss_running) -> None:
    event, _owner, _rival, bye, pair = swiss_running
    before = snapshot()
    requests = write_requests(event, bye, pair)
    requests.append((url("trf-import"), {}))
    for target, data in requests:
        response = client.post(target, data)
        assert response.status_code == 302, target
        assert response["Location"].startswith(reverse("login")), target
    assert snapshot() == before
    for name_ in ("swiss-settings", "swiss-byes", "swiss-late-entry", "swiss-forbidden-pairs"):
        assert client.get(url(name_, event.slug)).status_code == 302


def test_another_events_organiser_is_refused_with_403_and_nothing_changes(client, swiss_running) -> None:
    event, _owner, rival, bye, pair = swiss_running
    client.force_login(rival)
    before = snapshot()
    for target, data in write_requests(event, bye, pair):
        response = client.post(target, data)
        assert response.status_code == 403, target
        assert "Not allowed" in response.content.decode()
    for name_ in ("swiss-settings", "swiss-byes", "swiss-late-entry", "swiss-forbidden-pairs"):
        assert client.get(url(name_, event.slug)).status_code == 403
    assert client.get(url("swiss-round-edit", event.slug, 1)).status_code == 403
    assert snapshot() == before
    # the draft stays hidden from him; the organiser's controls are not shown
    page = client.get(url("round-detail", event.slug, 1)).content.decode()
    assert "not published yet" in page and "Publish pairings" not in page


def test_write_views_take_posts_only(client, swiss_running) -> None:
    event, owner, _rival, bye, pair = swiss_running
    client.force_login(owner)
    for target in (
        url("swiss-bye-cancel", event.slug, bye.pk),
        url("swiss-forbidden-pair-remove", event.slug, pair.pk),
    ):
        assert client.get(target).status_code == 405


def test_bad_input_gives_4xx_and_stores_nothing(client, swiss_running) -> None:
    event, owner, _rival, bye, pair = swiss_running
    client.force_login(owner)
    before = snapshot()
    cid, dan = (event.registrations.get(player__display_name=n) for n in ("Cid", "Dan"))
    cases = [
        (
            url("swiss-settings", event.slug),
            {"max_half_byes": "-1", "late_entry_bye": "zero", "bye_points": "2"},
        ),
        (
            url("swiss-settings", event.slug),
            {"max_half_byes": "1", "late_entry_bye": "never", "bye_points": "2"},
        ),
        (
            url("swiss-settings", event.slug),
            {"max_half_byes": "1", "late_entry_bye": "zero", "bye_points": "7"},
        ),
        (
            url("swiss-settings", event.slug),
            {
                "max_half_byes": "1",
                "half_bye_refused_rounds": ["9"],
                "late_entry_bye": "zero",
                "bye_points": "2",
            },
        ),
        # the limit: Cid already has his half-point bye
        (url("swiss-byes", event.slug), {"registration": cid.pk, "round_number": "3", "kind": "half"}),
        # round 1 is already paired; round 9 does not exist; nonsense values
        (url("swiss-byes", event.slug), {"registration": dan.pk, "round_number": "1", "kind": "zero"}),
        (url("swiss-byes", event.slug), {"registration": dan.pk, "round_number": "9", "kind": "zero"}),
        (url("swiss-byes", event.slug), {"registration": "999999", "round_number": "x", "kind": "gift"}),
        (url("swiss-late-entry", event.slug), {"name": "", "rating": "-5"}),
        (url("swiss-late-entry", event.slug), {"name": "Ann"}),  # already registered
        (url("swiss-forbidden-pairs", event.slug), {"first": cid.pk, "second": cid.pk}),
        (url("swiss-forbidden-pairs", event.slug), {"first": "abc", "second": ""}),
        # a player twice and a half-filled board
        (
            url("swiss-round-edit", event.slug, 1),
            {"board1_white": "1", "board1_black": "1", "board2_white": "2", "action": "preview"},
        ),
        (
            url("swiss-round-edit", event.slug, 1),
            {"board1_white": "1", "board1_black": "77", "action": "save"},
        ),
    ]
    for target, data in cases:
        response = client.post(target, data)
        assert response.status_code == 400, (target, data, response.status_code)
    response = client.post(
        url("swiss-round-edit", event.slug, 1),
        {"board1_white": "1", "board1_black": "1", "action": "save", "previewed": "1-1|"},
    )
    assert response.status_code == 400 and "appears 2 times" in response.content.decode()
    assert snapshot() == before
    # pages of other systems, rounds and objects that do not exist
    rr = event_services.create_event(owner, name="Round robin", game="dvonn", pairing_system="round-robin")
    assert client.get(url("swiss-settings", rr.slug)).status_code == 404
    assert client.post(url("swiss-bye-cancel", event.slug, 999999)).status_code == 404
    assert client.post(url("swiss-round-publish", event.slug, 7)).status_code == 404


def test_editing_a_round_with_results_or_closed_is_refused(client, swiss_running) -> None:
    event, owner, _rival, _bye, _pair = swiss_running
    client.force_login(owner)
    round_1 = Round.objects.get(event=event, number=1)
    first = round_1.pairings.exclude(black=None).first()
    result_services.record_result(first, owner, "1-0")
    response = client.get(url("swiss-round-edit", event.slug, 1))
    assert response.status_code == 302 and "results have been entered" in texts(response).lower()
    response = client.post(
        url("swiss-round-edit", event.slug, 1), {"board1_white": "1", "board1_black": "4", "action": "save"}
    )
    assert response.status_code == 400 and "results have been entered" in response.content.decode().lower()
    for pairing in round_1.pairings.exclude(black=None).filter(white_score=None):
        result_services.record_result(pairing, owner, "1-0")
    result_services.close_round(round_1, owner)
    response = client.post(
        url("swiss-round-edit", event.slug, 1),
        {"board1_white": "1", "board1_black": "4", "action": "preview"},
    )
    assert response.status_code == 400 and "already closed" in response.content.decode()
    assert not PairingAudit.objects.exists()


def test_players_page_of_a_running_swiss_event_registers_late_entries(client, swiss_running) -> None:
    event, owner, rival, _bye, _pair = swiss_running
    client.force_login(rival)
    before = snapshot()
    response = client.post(
        url("registrations", event.slug), {"action": "register", "name": "Gil", "rating": "1650"}
    )
    assert response.status_code == 403 and snapshot() == before
    client.force_login(owner)
    page = client.get(url("registrations", event.slug)).content.decode()
    assert "late entry page" in page and "Paste a list" not in page
    response = client.post(
        url("registrations", event.slug), {"action": "paste", "players": "Gil 1650\nHan 1600"}
    )
    assert response["Location"] == url("swiss-late-entry", event.slug) and "one at a time" in texts(response)
    assert snapshot() == before
    response = client.post(
        url("registrations", event.slug), {"action": "register", "name": "Gil", "rating": "1650"}
    )
    assert response.status_code == 302
    # ranked by rating: Ann Bob Cid Dan (1700) Gil (1650) Eve Fay; round 1 was paired: a zero-point bye
    assert numbers_of(event)["Gil"] == 5 and numbers_of(event)["Fay"] == 7
    gil = Pairing.objects.get(round__event=event, white__player__display_name="Gil")
    assert (gil.round.number, gil.bye, gil.white_score) == (1, "zero", 0)
    # withdrawal keeps working on the same page
    dan = event.registrations.get(player__display_name="Dan")
    response = client.post(
        url("registrations", event.slug), {"action": "withdraw", "confirmed": "yes", "registration": dan.pk}
    )
    assert "Dan withdrawn from round 2 on." in texts(response)
