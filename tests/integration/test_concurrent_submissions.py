"""Both players of one game submit different real records for it, fifty submissions at once, on
PostgreSQL with a real worker verifying them: every submission is kept, exactly one is official, the
game's result is that submission's, and the disagreement is a dispute for the arbiter, not a silent
replacement."""

from __future__ import annotations

from collections import Counter

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache

from accounts.models import Player
from games.models import Dispute, Game, SubmittedRecord
from tests.conftest import make_swiss, shared_path, start
from tests.integration.conftest import Workers, wait_for
from tests.integration.test_concurrency import at_once, logged_in
from tournaments.pairing.edits import publish_round

pytestmark = pytest.mark.integration


def record(number: str, white: str, black: str, attempt: int) -> str:
    """A shared GIPF standard record (standard-01 ends 1-0, standard-04 ends 0-1 by their tags and the
    shared README) with the players' names, made unique by a comment."""
    text = shared_path("records", "gipf", f"standard-{number}.txt").read_text(encoding="utf-8")
    text = text.replace('[White "reference"]', f'[White "{white}"]').replace(
        '[Black "reference"]', f'[Black "{black}"]'
    )
    return f"{text.rstrip()} {{attempt {attempt}}}\n"


def test_fifty_different_records_from_both_players_at_once(workers: Workers) -> None:
    organiser = User.objects.create_user("org", password="pw-organiser-1")
    event = make_swiss(organiser, "Ann 1900\nBob 1800", rounds=1, game="gipf-standard")
    round_ = start(event, organiser)
    publish_round(round_, organiser)
    pairing = round_.pairings.get()
    white, black = pairing.white.player, pairing.black.player  # type: ignore[union-attr]
    users = {}
    for player in (white, black):
        users[player.pk] = User.objects.create_user(player.handle, password="pw-player-12345")
        Player.objects.filter(pk=player.pk).update(user=users[player.pk])
    clients = {pk: logged_in(user) for pk, user in users.items()}
    workers.start()
    cache.clear()

    sent = [
        record("01", white.display_name, black.display_name, i)
        if i % 2 == 0
        else record("04", white.display_name, black.display_name, i)
        for i in range(50)
    ]

    def submit(i: int) -> int:
        client = clients[white.pk if i % 2 == 0 else black.pk]
        payload = {"pairing": pairing.pk, "record": sent[i]}
        return client.post("/api/games/submit/", payload, content_type="application/json").status_code

    codes = at_once(50, submit)
    assert Counter(codes) == {202: 50}, codes

    stored = SubmittedRecord.objects.filter(game__pairing_game__pairing=pairing)
    wait_for(
        lambda: not stored.filter(status=SubmittedRecord.Status.PENDING).exists(),
        timeout=240,
        what="the worker to verify all fifty records",
    )
    # Every submission kept, none twice, each with its sender.
    assert sorted(text.strip() for text in stored.values_list("text", flat=True)) == sorted(
        t.strip() for t in sent
    )
    by_sender = Counter(stored.values_list("submitted_by__username", flat=True))
    assert by_sender == {white.handle: 25, black.handle: 25}
    assert set(stored.values_list("status", flat=True)) == {SubmittedRecord.Status.VALID}
    # Exactly one official submission, and the game's result is its result.
    official = stored.get(official=True)
    game = Game.objects.get(pairing_game__pairing=pairing)
    official_result = "1-0" if [t.strip() for t in sent].index(official.text.strip()) % 2 == 0 else "0-1"
    assert game.result == official_result
    # The other player's records disagree: the game is disputed, for the arbiter to decide.
    assert game.state == Game.State.DISPUTED
    assert Dispute.objects.filter(game=game, decision=None).exists()
