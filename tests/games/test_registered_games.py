"""The Django side reads the registry: a game registered at run time (``tests/arbiter/fake_game.py``)
is offered by the forms and the API, validated, rated in a family of its own and named on the
pages, and adding it changes no migration (game keys and families are validated, not choices)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from arbiter import registry
from arbiter.spec import GameSpec
from games.api.views import ReplaySerializer
from games.choices import game_choices, score_text, termination_name, validate_family, validate_game
from games.models import Game
from tests.arbiter import fake_game
from tests.conftest import make_event
from tournaments.models import Event, Rating, RatingChange, RatingList
from tournaments.ratings.families import families, family_of
from tournaments.web.forms.events import EventForm
from tournaments.web.forms.trf import TrfImportForm


@pytest.fixture
def pebbles() -> Iterator[GameSpec]:
    with fake_game.registered() as spec:
        yield spec


def test_no_game_or_family_column_has_choices() -> None:
    fields = [
        Event._meta.get_field("game"),
        Game._meta.get_field("game"),
        Rating._meta.get_field("family"),
        RatingChange._meta.get_field("family"),
        RatingList._meta.get_field("family"),
    ]
    assert [field.choices for field in fields] == [None] * 5


@pytest.mark.django_db
def test_adding_a_game_changes_no_migration(pebbles: GameSpec) -> None:
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)  # exits 1 when a migration is due


def test_forms_and_the_api_offer_a_registered_game(pebbles: GameSpec) -> None:
    assert ("pebbles", "Pebbles") in EventForm().fields["game"].choices
    assert ("pebbles", "Pebbles") in TrfImportForm().fields["game"].choices
    assert "pebbles" in ReplaySerializer().fields["game"].choices
    assert [key for key, _name in game_choices()][:4] == [
        "gipf-basic",
        "gipf-standard",
        "gipf-tournament",
        "dvonn",
    ]
    validate_game("pebbles")
    validate_family("pebbles")


def test_an_unregistered_game_is_refused() -> None:
    with pytest.raises(ValidationError):
        validate_game("pebbles")
    with pytest.raises(ValidationError):
        validate_family("pebbles")
    form = EventForm(data={"name": "Pebble night", "game": "pebbles"})
    assert not form.is_valid() and "game" in form.errors


def test_a_game_registered_from_the_settings(settings) -> None:
    settings.GAME_PACKAGES = ["tests.arbiter.fake_game"]
    apps.get_app_config("games").ready()
    try:
        assert "pebbles" in registry.game_keys()
    finally:
        registry.unregister(fake_game.SPEC)


def test_an_event_of_a_registered_game_has_a_rating_list_of_its_own(
    pebbles: GameSpec, organiser: User, client: Client
) -> None:
    event = make_event(organiser, game="pebbles")
    event.full_clean()
    assert family_of(event.game) == "pebbles" and "pebbles" in families()
    assert event.game_name == "Pebbles"
    assert "Pebbles" in client.get(event.get_absolute_url()).content.decode()
    page = client.get("/ratings/pebbles/")
    assert page.status_code == 200 and "Pebbles rating list" in page.content.decode()


@translation.override("en")
def test_terminations_and_scores_are_named_by_the_games() -> None:
    assert termination_name("no-reserve") == "no piece left in reserve"
    assert termination_name("no-gipf-piece", "gipf-tournament") == "no GIPF-piece left on the board"
    assert termination_name("score", "dvonn") == "stack totals at the end"
    assert termination_name("resignation", "dvonn") == "resignation"
    assert termination_name("checkmate") == "checkmate"
    assert score_text("dvonn", "9-7") == "stack score 9-7"
    assert score_text("gipf-standard", "9-7") == "9-7"


@translation.override("en")
def test_a_registered_games_own_end_is_named(pebbles: GameSpec) -> None:
    assert termination_name("last-pebble", "pebbles") == "took the last pebble"


def test_names_are_translated() -> None:
    with translation.override("uk"):
        assert termination_name("no-reserve") == "у резерві не лишилося фішок"
        assert score_text("dvonn", "9-7") == "рахунок стовпчиків 9-7"
