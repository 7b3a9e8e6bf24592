"""An event's own set of potentials (issue 18, docs/rules.md P-27): set on the event form and through
the API by the event's officials before it starts, shown on the event page, carried into the start
of the games of its pairings on the service, and checked against the [Potentials] tag of every
record submitted for them.

The records are those of docs/rules.md ("GIPF with potentials", hand-worked records): White's loaded
ZÈRTZ piece comes in on b2 pushing Black's GIPF-piece to c3, and two turns later its potential jumps
c3 and lands on d4 (valid, 3 plies, unfinished). At ply 1 of a standard game there are 42 (dot,
direction) pushes, each with a basic piece or a loaded piece of each kind in hand: with Y3 alone
42 + 42 = 84 moves, 42 of them bringing a loaded YINSH piece and none another kind.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import translation

from arbiter import registry
from games.messages import arbiter_message
from games.models import Game, SubmittedRecord
from games.play import service, state
from games.records import services, writer
from tests.conftest import event_form_data, make_event, start
from tests.conftest import token_client as api_of
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts
from tournaments.events import game_options
from tournaments.models import Event, Pairing

pytestmark = pytest.mark.django_db

MOVES = "1. Za1-c3 Zi5-h5 2. Z:b2-d4 *"


def record(potentials: str | None) -> str:
    tag = "" if potentials is None else f'[Potentials "{potentials}"]\n'
    return f'[Game "GIPF standard with potentials"]\n{tag}[Result "*"]\n\n{MOVES}\n'


def submitted(organiser: User, commit: Any, text: str, potentials: str = "Z6") -> SubmittedRecord:
    event = make_event(organiser, "Ann 1900\nBob 1800", game="gipf-pot-standard", potentials=potentials)
    round_ = start(event, organiser)
    pairing = Pairing.objects.get(round=round_, white__player__display_name="Ann")
    made = commit(services.submit_record, pairing, organiser, text, 1)
    return SubmittedRecord.objects.get(pk=made.pk)


# ---------------------------------------------------------------- records against the event's set


def test_a_record_with_the_events_set_is_accepted(organiser: User, commit: Any) -> None:
    made = submitted(organiser, commit, record("Z6"))
    assert made.status == SubmittedRecord.Status.VALID, made.error_reason
    assert made.game.options == {"potentials": "Z6"}


def test_the_same_set_written_by_colour_is_the_same_set(organiser: User, commit: Any) -> None:
    made = submitted(organiser, commit, record("White Z6; Black Z6"))
    assert made.status == SubmittedRecord.Status.VALID, made.error_reason


def test_a_record_with_another_set_is_refused_naming_the_tag_and_both_sets(
    organiser: User, commit: Any
) -> None:
    made = submitted(organiser, commit, record("Z6 Y6"))
    assert registry.replay(record("Z6 Y6")).valid  # a valid game of its own set
    assert made.status == SubmittedRecord.Status.INVALID
    assert made.error_reason == (
        "the record's [Potentials] tag says Z6 Y6, but this game is played with Z6 (its event's)"
    )
    assert made.game.result == ""
    with translation.override("uk"):
        assert arbiter_message(made) == (
            "тег [Potentials] запису каже Z6 Y6, але цю партію грають із Z6 (як у її турнірі)"
        )


def test_a_record_without_the_tag_is_read_with_every_kind_and_refused(organiser: User, commit: Any) -> None:
    made = submitted(organiser, commit, record(None))
    assert made.status == SubmittedRecord.Status.INVALID
    assert made.error_reason == (
        "the record has no [Potentials] tag, so it is read with T6 Z6 D6 Y6 P6, but this game is played "
        "with Z6 (its event's)"
    )
    with translation.override("uk"):
        assert arbiter_message(made) == (
            "у записі немає тегу [Potentials], тож його прочитано з T6 Z6 D6 Y6 P6, але цю партію "
            "грають із Z6 (як у її турнірі)"
        )


def test_an_event_without_a_set_takes_each_records_own(organiser: User, commit: Any) -> None:
    made = submitted(organiser, commit, record("Z6 Y6"), potentials="")
    assert made.status == SubmittedRecord.Status.VALID, made.error_reason
    assert made.game.options == {}


# ---------------------------------------------------------------- games on the service


def test_a_game_on_the_service_starts_with_the_events_set(organiser: User, commit: Any) -> None:
    event = make_event(organiser, "", game="gipf-pot-standard", play_mode="service", potentials="Y3")
    players_with_accounts(event, organiser, ["Ann", "Bob"])
    round_ = commit(start, event, organiser)
    (game,) = games_of_round(round_)
    assert game.on_service and game.options == {"potentials": "Y3"}
    assert "set=Y3/Y3 hand=Y3/Y3" in game.position
    moves = state.legal_moves(game)
    assert len(moves) == 84
    loaded = [move for move in moves if move[0].isupper()]
    assert len(loaded) == 42 and {move[0] for move in loaded} == {"Y"}
    # the record written when play ends names the set, so it passes the event's check
    text = writer.record_of(game, "")
    assert '[Potentials "Y3"]' in text


def test_a_game_played_on_the_service_is_verified_against_the_set(organiser: User, commit: Any) -> None:
    event = make_event(organiser, "", game="gipf-pot-standard", play_mode="service", potentials="Z6")
    users = players_with_accounts(event, organiser, ["Ann", "Bob"])
    round_ = commit(start, event, organiser)
    (game,) = games_of_round(round_)
    white = users[game.white.display_name]
    black = users[game.black.display_name]
    for ply, (user, move) in enumerate([(white, "Za1-c3"), (black, "Zi5-h5"), (white, "Z:b2-d4")]):
        game.refresh_from_db()
        commit(service.make_move, game, user, move, ply)
    game.refresh_from_db()
    commit(service.resign, game, black)
    played = SubmittedRecord.objects.get(game=game, kind=SubmittedRecord.Kind.PLAYED)
    assert played.status == SubmittedRecord.Status.VALID, played.error_reason
    assert '[Potentials "Z6"]' in played.text
    assert Game.objects.get(pk=game.pk).result == "1-0"


# ---------------------------------------------------------------- the event form, the page, the API


def form_data(**changes: str) -> dict[str, str]:
    data = event_form_data("Potentials club", "gipf-pot-standard", potentials="Z6 Y6")
    return data | changes


@pytest.mark.parametrize(
    ("game", "potentials", "error"),
    [
        ("gipf-pot-standard", "Z7", "a player has 3 to 6 ZÈRTZ-potentials, not 7"),
        ("gipf-pot-standard", "Z2", "a player has 3 to 6 ZÈRTZ-potentials, not 2"),
        ("gipf-pot-standard", "X6", "&#x27;X6&#x27; is not a kind and count of potentials like Z6"),
        ("gipf-pot-standard", "Z6 Z5", "the ZÈRTZ-potentials are named twice"),
        ("gipf-ult-standard", "Z6", "Ultimate GIPF standard is played with 3 potentials of each kind"),
        ("gipf-standard", "Z6", "GIPF standard is played without a set of potentials"),
    ],
)
def test_the_event_form_refuses_a_set_naming_what_is_wrong(
    client: Client, organiser: User, game: str, potentials: str, error: str
) -> None:
    client.force_login(organiser)
    response = client.post(reverse("tournaments:event-create"), form_data(game=game, potentials=potentials))
    assert response.status_code == 400
    assert error in response.content.decode()
    assert not Event.objects.exists()


def test_the_event_form_sets_and_the_page_shows_the_set(client: Client, organiser: User) -> None:
    client.force_login(organiser)
    response = client.post(
        reverse("tournaments:event-create"), form_data(potentials="White Z6 Y6; Black  Y6")
    )
    assert response.status_code == 302
    event = Event.objects.get()
    assert game_options.options_of(event).get("potentials", "") == "White Z6 Y6; Black Y6"
    page = client.get(event.get_absolute_url()).content.decode()
    assert "<dt>Potentials</dt><dd>White Z6 Y6; Black Y6</dd>" in page
    edit = reverse("tournaments:event-edit", args=[event.slug])
    assert 'value="White Z6 Y6; Black Y6"' in client.get(edit).content.decode()
    assert client.post(edit, form_data(potentials="")).status_code == 302
    assert game_options.options_of(Event.objects.get()).get("potentials", "") == ""
    page = client.get(event.get_absolute_url()).content.decode()
    assert "not set: each game's record names it (T6 Z6 D6 Y6 P6 without)" in page


def test_a_gipf_event_shows_no_potentials(client: Client, organiser: User) -> None:
    event = make_event(organiser, "", game="gipf-standard")
    assert "<dt>Potentials</dt>" not in client.get(event.get_absolute_url()).content.decode()


def test_the_api_sets_the_set_and_refuses_a_wrong_one(organiser: User) -> None:
    event = make_event(organiser, "", game="gipf-pot-standard")
    url = f"/api/events/{event.slug}/game-options/"
    answer = api_of(organiser).post(url, {"potentials": "D4 P5"}, format="json")
    assert answer.status_code == 200 and answer.json()["potentials"] == "D4 P5"
    assert api_of(None).get(f"/api/events/{event.slug}/").json()["potentials"] == "D4 P5"
    refused = api_of(organiser).post(url, {"potentials": "D4 Q5"}, format="json")
    assert refused.status_code == 400
    assert "'Q5' is not a kind and count of potentials like Z6" in str(refused.json())
    too_many = api_of(organiser).post(url, {"potentials": "Y9"}, format="json")
    assert too_many.status_code == 400 and "a player has 3 to 6 YINSH-potentials, not 9" in str(
        too_many.json()
    )
    assert game_options.options_of(Event.objects.get(pk=event.pk)).get("potentials", "") == "D4 P5"


def test_only_the_events_officials_change_the_set_and_only_before_it_starts(organiser: User) -> None:
    event = make_event(organiser, "Ann 1900\nBob 1800", game="gipf-pot-standard", potentials="Z6")
    url = f"/api/events/{event.slug}/game-options/"
    assert api_of(None).post(url, {"potentials": "Y6"}, format="json").status_code == 401
    stranger = User.objects.create_user("sam", password="pw-sam-12345")
    assert api_of(stranger).post(url, {"potentials": "Y6"}, format="json").status_code == 403
    client = Client()
    client.force_login(stranger)
    edit = reverse("tournaments:event-edit", args=[event.slug])
    assert client.post(edit, form_data(potentials="Y6")).status_code == 403
    assert game_options.options_of(Event.objects.get(pk=event.pk)).get("potentials", "") == "Z6"
    start(event, organiser)
    late = api_of(organiser).post(url, {"potentials": "Y6"}, format="json")
    assert late.status_code == 400
    assert "the event has started: its game options can no longer change" in str(late.json())
    assert game_options.options_of(Event.objects.get(pk=event.pk)).get("potentials", "") == "Z6"
