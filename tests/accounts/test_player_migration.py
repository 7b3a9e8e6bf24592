"""The move of Player to ``accounts``: the rows and every key to them survive the migration."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [
    ("tournaments", "0013_event_unrecorded_results"),
    ("games", "0004_submission_kind"),
    ("accounts", "0001_claim_codes_and_notices"),
]
AFTER = [
    ("tournaments", "0014_player_in_accounts"),
    ("games", "0005_player_in_accounts"),
    ("accounts", "0002_player"),
]


@pytest.mark.django_db(transaction=True)
def test_players_and_their_keys_survive_the_move() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    Player, Event = old.get_model("tournaments", "Player"), old.get_model("tournaments", "Event")
    Registration, Round = old.get_model("tournaments", "Registration"), old.get_model("tournaments", "Round")
    Pairing, Game = old.get_model("tournaments", "Pairing"), old.get_model("games", "Game")
    User = old.get_model("auth", "User")
    ann = Player.objects.create(
        display_name="Ann", handle="ann", user=User.objects.create(username="ann"), fide_id=123
    )
    bob = Player.objects.create(display_name="Bob", handle="bob")
    event = Event.objects.create(name="E", slug="e", game="dvonn")
    white = Registration.objects.create(event=event, player=ann)
    black = Registration.objects.create(event=event, player=bob)
    pairing = Pairing.objects.create(
        round=Round.objects.create(event=event, number=1), board=1, white=white, black=black
    )
    Game.objects.create(pairing=pairing, game="dvonn", white=ann, black=bob)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    Player = new.get_model("accounts", "Player")
    assert sorted(Player.objects.values_list("handle", "fide_id", "user__username")) == [
        ("ann", 123, "ann"),
        ("bob", None, None),
    ]
    assert sorted(new.get_model("tournaments", "Registration").objects.values_list("player__handle")) == [
        ("ann",),
        ("bob",),
    ]
    game = new.get_model("games", "Game").objects.get()
    assert (game.white.handle, game.black.handle) == ("ann", "bob")
    # A new player after the move takes the next number, in the same table.
    assert Player.objects.create(display_name="Cid", handle="cid").pk > bob.pk

    # Leave the database at the latest migrations for the tests that follow.
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
