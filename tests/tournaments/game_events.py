"""Shared by the per-game event tests (``test_<game>_event.py``, ``test_<game>_swiss.py``): the event
form of a rated event played on the service, the event created through it, a game played turn by
turn through the play API, a round's records checked and the round closed, a round played elsewhere
from submitted records, and the standings, ratings and rating list published at the end.

Each game's own expected values stay in its test; these helpers hold the steps, and the checks
every game's event makes the same way with their hand-worked values (the players are new: 1,500
each and K 40, so four players' ratings add up to 6,000, and a first round of a win and a draw
leaves 1,520, 1,480, 1,500 and 1,500).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from arbiter import registry
from games.models import Game, SubmittedRecord
from games.play import service, state
from games.records.services import submit_record
from tests.conftest import CommittingClient, boards, event_form_data, next_round, start
from tests.tournaments.results.test_rounds_on_service import games_of_round, players_with_accounts, points
from tournaments.models import Event, Pairing, Rating, Round
from tournaments.pairing import edits
from tournaments.results import services as result_services

NAMES = ["Ann", "Bob", "Cid", "Dan"]


def event_form(name: str, game: str, **fields: str) -> dict[str, str]:
    """The event form of a rated round robin of single games on the service, 3d/15d, but for ``fields``."""
    return event_form_data(
        name, game, **{"rated": "on", "play_mode": "service", "time_control": "3d/15d", **fields}
    )


def created_on_the_form(web: Client, form: dict[str, str]) -> Event:
    """The event the organiser (signed in on ``web``) creates on the event form, its game offered there."""
    assert f'value="{form["game"]}"' in web.get(reverse("tournaments:event-create")).content.decode()
    answer = web.post(reverse("tournaments:event-create"), form)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    return Event.objects.get(name=form["name"])


def round_robin_rounds(
    event: Event, organiser: User, met: set[frozenset[str]]
) -> Iterator[tuple[int, Round]]:
    """The three rounds of four players' round robin, each paired as it is reached: two boards, no
    bye; the pairs that meet added to ``met``."""
    for number in (1, 2, 3):
        round_ = start(event, organiser) if number == 1 else next_round(event, organiser)
        pairs = boards(round_)
        assert len(pairs) == 2 and all(black is not None for _, black in pairs)
        met |= {frozenset((white, str(black))) for white, black in pairs}
        yield number, round_


def play_out(game: Game, users: dict[str, User], choose: Callable[[Game], str]) -> None:
    """Turns chosen by ``choose``, each made on the service by the player to move, until the rules
    end the game."""
    while True:
        game.refresh_from_db()
        mover = state.player_to_move(game)
        if mover is None:
            return
        service.make_move(game, users[mover.display_name], choose(game), state.ply_of(game))


def round_robin_created(
    organiser: User, capture: Any, form: dict[str, str]
) -> tuple[CommittingClient, Event, dict[str, User]]:
    """The organiser signed in, the event created on the form, the four players registered with
    accounts: the organiser's client, the event, the accounts by name."""
    web = CommittingClient(capture)
    web.force_login(organiser)
    event = created_on_the_form(web, form)
    return web, event, players_with_accounts(event, organiser, NAMES)


def play_through_the_api(game: Game, clients: dict[str, Any], moves: list[str]) -> None:
    """``moves`` played in turn through the play API, each by the player the game says is to move."""
    for ply, move in enumerate(moves):
        seen = clients["ann"].get(f"/api/play/{game.pk}/").json()
        answer = clients[seen["to_move"]].post(
            f"/api/play/{game.pk}/move/", {"move": move, "expected_ply": ply}
        )
        assert answer.status_code == 201, answer.json()


def random_moves(key: str, seed: int) -> list[str]:
    """The moves of the game's random record of ``seed``."""
    _verdict, plies = registry.replay_traced(registry.random_record(key, seed))
    return [step.move for step in plies]


def close_played_round(round_: Round, organiser: User, capture: Any) -> None:
    """Every game of the round played here has its record verified and applied; the round closed."""
    records = SubmittedRecord.objects.filter(game__pairing_game__pairing__round=round_)
    assert {(r.kind, r.status, r.applied) for r in records} == {("played", "valid", True)}
    with capture(execute=True):
        result_services.close_round(Round.objects.get(pk=round_.pk), organiser)


def ratings(family: str) -> dict[str, tuple[int, int]]:
    return {
        row.player.display_name: (row.rating, row.rated_games)
        for row in Rating.objects.filter(family=family).select_related("player")
    }


def published(web: Client, event: Event, standing: dict[str, int], family: str, title: str) -> None:
    """The final standing in the API; every player rated after 3 games, the ratings adding up to
    what the four new players brought; the family's rating list alone, its page naming the game."""
    rows = web.get(reverse("api:event-standings", args=[event.slug])).json()
    assert {row["name"]: row["points_half"] for row in rows} == standing
    rated = ratings(family)
    assert set(rated) == set(NAMES) and {games for _, games in rated.values()} == {3}
    assert sum(rating for rating, _ in rated.values()) == 4 * 1500
    assert set(Rating.objects.values_list("family", flat=True)) == {family}
    page = web.get(reverse("tournaments:rating-list", args=[family]))
    assert page.status_code == 200 and title in page.content.decode()


def first_swiss_round_closed(
    event: Event, round_: Round, organiser: User, commit: Any, family: str, first: list[Any]
) -> None:
    """Board 1 won by White, board 2 drawn, both verified from the play; after the round White of
    board 1 has 1,520 and Black 1,480, board 2's players 1,500 (K 40, new players)."""
    pairings = list(round_.pairings.order_by("board"))
    assert [(p.results, p.white_score, p.black_score, p.source) for p in pairings] == [
        ("1-0", 2, 0, Pairing.Source.VERIFIED),
        ("1/2-1/2", 1, 1, Pairing.Source.VERIFIED),
    ]
    commit(result_services.close_round, round_, organiser)
    (w1, b1), (w2, b2) = first
    assert points(event, 1) == {w1: 2, b1: 0, w2: 1, b2: 1}
    assert ratings(family) == {w1: (1520, 1), b1: (1480, 1), w2: (1500, 1), b2: (1500, 1)}


def second_round_elsewhere(
    event: Event, organiser: User, commit: Any, key: str, first: list[Any], seeds: tuple[int, int]
) -> list[Any]:
    """Round 2 played elsewhere: no game on the service, no rematch of round 1, each board's random
    record of its seed submitted and verified; the round closed. Its boards."""
    second_round = next_round(event, organiser)
    edits.set_round_play(second_round, organiser, "elsewhere", "")
    edits.publish_round(second_round, organiser)
    assert games_of_round(second_round) == []
    second = boards(second_round)
    assert {frozenset(pair) for pair in second}.isdisjoint({frozenset(pair) for pair in first})  # no rematch
    for pairing, seed in zip(second_round.pairings.order_by("board"), seeds, strict=True):
        assert pairing.black is not None
        names = {"White": pairing.white.player.display_name, "Black": pairing.black.player.display_name}
        commit(submit_record, pairing, organiser, registry.random_record(key, seed, names), 1)
    assert {
        r.status for r in SubmittedRecord.objects.filter(game__pairing_game__pairing__round=second_round)
    } == {"valid"}
    commit(result_services.close_round, second_round, organiser)
    return second
