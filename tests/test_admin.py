"""Every model has a working admin, and results, standings and ratings are read-only there: they
change only through the services (the admin once accepted "0-1" with scores 2–2 and recomputed
nothing)."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth.models import User
from django.urls import reverse

from tests.conftest import make_event, play_round, start
from tournaments.models import Pairing, Rating, Standing

PROJECT_APPS = ("tournaments", "games")

# Written only by the services: the admin shows them and refuses every write.
READ_ONLY = {
    "tournaments.pairing",
    "tournaments.pairinggame",
    "tournaments.eventgameoptions",
    "tournaments.standing",
    "tournaments.rating",
    "tournaments.ratingchange",
    "tournaments.casualperiod",
    "tournaments.resultcorrection",
    "tournaments.tiebreakchange",
    "tournaments.autopilotstep",
    "tournaments.webhook",
    "tournaments.webhookdelivery",
    "games.game",
    "games.submittedrecord",
    "games.move",
    "games.dispute",
    "games.decision",
    "games.timegiven",
    "games.vacation",
    "games.challenge",
    "games.drawoffer",
}


def test_every_project_model_is_registered() -> None:
    admin.autodiscover()  # as the site's URLs do (config.admin_app): not when Django starts
    missing = [
        model.__name__
        for app in PROJECT_APPS
        for model in apps.get_app_config(app).get_models()
        if model not in admin.site._registry
    ]
    assert missing == []


def test_the_admin_checks_discover_the_admin_modules_and_check_them() -> None:
    # Django's checks of the registered admins run on admin.py modules imported first (config.admin_app)
    from django.contrib.admin import AdminSite, ModelAdmin

    from config.admin_app import check_discovered_admin

    class Broken(ModelAdmin):  # type: ignore[type-arg]
        list_display = ["no_such_field"]

    site = AdminSite(name="checked")
    site.register(Standing, Broken)
    found = {(message.id, message.obj) for message in check_discovered_admin(None)}
    assert ("admin.E108", Broken) in found
    assert all(model in admin.site._registry for model in apps.get_app_config("games").get_models())


@pytest.mark.django_db
def test_admin_pages_render(admin_client) -> None:  # type: ignore[no-untyped-def]
    for app in PROJECT_APPS:
        for model in apps.get_app_config(app).get_models():
            meta = model._meta
            changelist = reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
            assert admin_client.get(changelist).status_code == 200, changelist
            add = reverse(f"admin:{meta.app_label}_{meta.model_name}_add")
            expected = 403 if meta.label_lower in READ_ONLY else 200
            assert admin_client.get(add).status_code == expected, add


@pytest.fixture
def closed_round(organiser: User, commit: Any) -> Pairing:
    event = make_event(organiser, "Ann\nBob", name="Admin night")
    round_ = start(event, organiser)
    commit(play_round, round_, organiser)
    return round_.pairings.get()


@pytest.mark.django_db
def test_the_admin_cannot_change_a_result(admin_client, closed_round: Pairing) -> None:  # type: ignore[no-untyped-def]
    pairing = closed_round
    url = reverse("admin:tournaments_pairing_change", args=[pairing.pk])
    page = admin_client.get(url)
    assert page.status_code == 200  # shown…
    text = page.content.decode()
    assert 'name="_save"' not in text  # …with no save button
    assert "correct" in text.lower() and "reason" in text  # and the note says where results change
    posted = admin_client.post(
        url,
        {"board": 1, "results": "0-1", "white_score": 2, "black_score": 2, "source": "reported"},
    )
    assert posted.status_code == 403
    pairing.refresh_from_db()
    assert (pairing.results, pairing.white_score, pairing.black_score) == ("1-0", 2, 0)
    delete = admin_client.post(
        reverse("admin:tournaments_pairing_delete", args=[pairing.pk]), {"post": "yes"}
    )
    assert delete.status_code == 403
    assert Pairing.objects.filter(pk=pairing.pk).exists()


@pytest.mark.django_db
def test_the_admin_cannot_change_standings_ratings_or_a_game(admin_client, closed_round: Pairing) -> None:  # type: ignore[no-untyped-def]
    from games.records.services import games_of

    standing = Standing.objects.filter(event=closed_round.round.event).first()
    rating = Rating.objects.first()
    (game,) = games_of(closed_round)
    assert standing is not None and rating is not None
    for name, obj, data in (
        ("tournaments_standing", standing, {"rank": 9, "points": 9}),
        ("tournaments_rating", rating, {"rating": 3000, "rated_games": 1}),
        ("games_game", game, {"result": "0-1"}),
    ):
        url = reverse(f"admin:{name}_change", args=[obj.pk])
        assert admin_client.post(url, data).status_code == 403, name
    standing.refresh_from_db()
    rating.refresh_from_db()
    game.refresh_from_db()
    assert (standing.points, rating.rating, game.result) == (2, 1520, "")


@pytest.mark.django_db
def test_the_round_inline_shows_results_read_only(admin_client, closed_round: Pairing) -> None:  # type: ignore[no-untyped-def]
    page = admin_client.get(reverse("admin:tournaments_round_change", args=[closed_round.round_id]))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'name="pairings-0-results"' not in text
    assert 'name="status"' not in text
