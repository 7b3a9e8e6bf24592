"""The link from a pairing to its games moves to the tournaments side (tournaments 0019, games
0011): every game that named a pairing is linked to it with its number, a game of no pairing stays
unlinked, and going back names the pairings on the games again."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0018_play_mode_and_time_control"), ("games", "0010_game_on_service")]
AFTER = [("tournaments", "0019_pairing_game"), ("games", "0011_game_without_pairing_key")]


def _migrate(targets: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


@pytest.mark.django_db(transaction=True)
def test_the_games_of_pairings_keep_their_pairing_and_number() -> None:
    executor = _migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    Player, Event = old.get_model("accounts", "Player"), old.get_model("tournaments", "Event")
    Registration, Round = old.get_model("tournaments", "Registration"), old.get_model("tournaments", "Round")
    Pairing, Game = old.get_model("tournaments", "Pairing"), old.get_model("games", "Game")
    ann, bob, cid, dan = (
        Player.objects.create(display_name=n, handle=n.lower()) for n in ("Ann", "Bob", "Cid", "Dan")
    )
    event = Event.objects.create(name="Match night", slug="match-night", game="dvonn", games_per_pairing=2)
    a, b, c, d = (Registration.objects.create(event=event, player=p) for p in (ann, bob, cid, dan))
    round_ = Round.objects.create(event=event, number=1)
    first = Pairing.objects.create(round=round_, board=1, white=a, black=b)
    second = Pairing.objects.create(round=round_, board=2, white=c, black=d)
    # Game 2 of board 1 written first: the number, not the order of the rows, says which game it is.
    b1g2 = Game.objects.create(pairing=first, number=2, game="dvonn", white=bob, black=ann)
    b1g1 = Game.objects.create(pairing=first, number=1, game="dvonn", white=ann, black=bob)
    b2g1 = Game.objects.create(pairing=second, number=1, game="dvonn", white=cid, black=dan)
    casual = Game.objects.create(origin="service", game="dvonn", white=dan, black=ann)

    executor = _migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    PairingGame = new.get_model("tournaments", "PairingGame")
    assert sorted(PairingGame.objects.values_list("game_id", "pairing_id", "number")) == sorted(
        [(b1g2.pk, first.pk, 2), (b1g1.pk, first.pk, 1), (b2g1.pk, second.pk, 1)]
    )
    assert not PairingGame.objects.filter(game_id=casual.pk).exists()
    assert new.get_model("games", "Game").objects.count() == 4
    assert "pairing" not in {f.name for f in new.get_model("games", "Game")._meta.get_fields()}

    executor = _migrate(BEFORE)  # and back
    old = executor.loader.project_state(BEFORE).apps
    assert sorted(old.get_model("games", "Game").objects.values_list("pk", "pairing_id", "number")) == sorted(
        [(b1g2.pk, first.pk, 2), (b1g1.pk, first.pk, 1), (b2g1.pk, second.pk, 1), (casual.pk, None, 1)]
    )

    # Leave the database at the latest migrations for the tests that follow.
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
