"""The data migration to ratings per family: today's figures go to the family of their events."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0004_c07_tie_break_codes")]
AFTER = [("tournaments", "0006_remove_player_rating")]


@pytest.mark.django_db(transaction=True)
def test_ratings_move_to_their_families() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    Player, Event = old.get_model("tournaments", "Player"), old.get_model("tournaments", "Event")
    Round, Registration = old.get_model("tournaments", "Round"), old.get_model("tournaments", "Registration")
    RatingChange = old.get_model("tournaments", "RatingChange")
    ann = Player.objects.create(display_name="Ann", handle="ann", rating=1620, rated_games=3)
    bob = Player.objects.create(display_name="Bob", handle="bob", rating=1480, rated_games=0)
    Player.objects.create(display_name="Cid", handle="cid", rating=1700)  # never registered
    gipf = Event.objects.create(name="G", slug="g", game="gipf-standard")
    dvonn = Event.objects.create(name="D", slug="d", game="dvonn")
    Registration.objects.create(event=gipf, player=ann, rating=1600)
    Registration.objects.create(event=dvonn, player=ann, rating=1610)
    Registration.objects.create(event=dvonn, player=bob, rating=1480)
    g1, d1 = Round.objects.create(event=gipf, number=1), Round.objects.create(event=dvonn, number=1)
    RatingChange.objects.create(player=ann, round=g1, before=1600, after=1610, games=2)
    RatingChange.objects.create(player=ann, round=d1, before=1610, after=1620, games=1)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    Rating, RatingChange = (
        new.get_model("tournaments", "Rating"),
        new.get_model("tournaments", "RatingChange"),
    )
    assert sorted(Rating.objects.values_list("player__handle", "family", "rating", "rated_games")) == [
        ("ann", "dvonn", 1620, 1),  # the last DVONN change, one DVONN game
        ("ann", "gipf", 1610, 2),
        ("bob", "dvonn", 1480, 0),  # registered, no change: his rating of today
    ]
    assert sorted(RatingChange.objects.values_list("round__event__slug", "family")) == [
        ("d", "dvonn"),
        ("g", "gipf"),
    ]

    # Leave the database at the latest migrations for the tests that follow.
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
