"""Rebuilding a family's rating list from its whole history (``manage.py recompute_ratings``).

Rule held here: the family's history is one timeline of rating periods, each closed round of the
family's rated events at the moment it closed (``Round.closed_at``) and each rated casual game at
the moment its result first became final (``CasualPeriod.settled_at``); at the same moment rounds
come first (by event, then number), then casual games (by game). The rebuild replays the timeline
in that order, each period through :func:`tournaments.ratings.services.rate_period`, the step
incremental rating uses, from the same starting figures (a player's registration rating in the
event of his first rated game, else the list's initial rating; a casual game has no registration);
so it gives exactly the figures stored period by period. A casual game enters only while it is
rated with a final played result (:func:`tournaments.ratings.services.rated_game`). Every rating
change of the family is replaced; a rating row of a player without rated games keeps its figure
with 0 games. One transaction.

``since`` (a corrected result's round, or a casual game whose result changed) rebuilds only from
that period on, in the same order: the periods before it are unchanged, so each player's figures
before it are read from his stored rating changes (the last ``after`` and the sum of ``games``)
instead of being rated again; the rest is as the whole rebuild, which it equals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from django.db import transaction
from django.db.models import Q

from games.models import Game
from tournaments.models import CasualPeriod, Pairing, Rating, RatingChange, Registration, Round
from tournaments.ratings.elo import PlayerRating
from tournaments.ratings.families import games_of
from tournaments.ratings.services import (
    Period,
    games_from,
    rate_period,
    rated_games_of,
    rules_for,
    store_ratings,
    unrated_games,
    without_unrecorded,
    write_changes,
)

ROUND, GAME = 0, 1  # at the same moment, rounds before casual games
_EARLIEST = datetime.min.replace(tzinfo=UTC)


@dataclass(frozen=True, order=True)
class Step:
    """One rating period of the timeline: a round (``kind`` ROUND, ``first`` its event, ``second`` its
    number) or a casual game (``kind`` GAME, ``first`` the game); ordered by moment, then the rest."""

    at: datetime
    kind: int
    first: int
    second: int
    pk: int = field(compare=False)  # the round's or the game's


def timeline(family: str) -> list[Step]:
    """The family's rating periods in the rebuild's order."""
    steps = [
        Step(closed_at or _EARLIEST, ROUND, event_id, number, pk)
        for pk, event_id, number, closed_at in Round.objects.filter(
            status=Round.Status.CLOSED, event__game__in=games_of(family), event__rated=True
        ).values_list("pk", "event_id", "number", "closed_at")
    ]
    steps += [
        Step(at, GAME, game_id, 0, game_id)
        for game_id, at in CasualPeriod.objects.filter(family=family).values_list("game_id", "settled_at")
    ]
    return sorted(steps)


def rated_after(family: str, at: datetime, game_id: int | None = None) -> bool:
    """Whether a period after a place in the family's timeline is rated already: the place of a
    round closed at ``at`` (rounds come first at the same moment), or with ``game_id`` that of the
    casual game final at ``at`` (games at the same moment in the order of their ids)."""
    later = Q(round__closed_at__gt=at)
    if game_id is None:
        later |= Q(game__rating_period__settled_at__gte=at)
    else:
        later |= Q(game__rating_period__settled_at__gt=at)
        later |= Q(game__rating_period__settled_at=at, game_id__gt=game_id)
    return RatingChange.objects.filter(family=family).filter(later).exists()


def recompute_family(family: str, since: Round | Game | None = None) -> int:
    """Rebuild every rating of ``family`` (from the round or casual game ``since`` on when given);
    returns the number of rating periods rated."""
    rules = rules_for(family)
    with transaction.atomic():
        Rating.objects.select_for_update().filter(family=family).exists()  # lock the list first
        ordered = timeline(family)
        start = _start_of(ordered, since)
        steps = ordered[start:]
        round_steps = [step for step in steps if step.kind == ROUND]
        unrated_reports = set(
            Round.objects.filter(
                pk__in=[step.pk for step in round_steps], event__rate_unrecorded=False
            ).values_list("pk", flat=True)
        )
        rows: dict[int, list[tuple[int, int, int, str]]] = {step.pk: [] for step in round_steps}
        pairings = Pairing.objects.filter(round_id__in=list(rows)).exclude(black=None)
        for round_id, pairing_id, first, second, results in pairings.order_by(
            "round_id", "board"
        ).values_list("round_id", "pk", "white__player_id", "black__player_id", "results"):
            rows[round_id].append((pairing_id, first, second, results))
        # Games resting on a result without a record are rated only where the event says so; games
        # marked unrated (annulled) never are.
        unrecorded = unrated_games(list(rows), [pk for pk in rows if pk in unrated_reports])
        seeds: dict[int, dict[int, int]] = {step.first: {} for step in round_steps}
        for event_id, player, rating in Registration.objects.filter(event_id__in=list(seeds)).values_list(
            "event_id", "player_id", "rating"
        ):
            seeds[event_id][player] = rating
        casual = rated_games_of([step.pk for step in steps if step.kind == GAME])
        state = _state_before(ordered[:start])
        periods: list[Period] = []
        for step in steps:
            if step.kind == ROUND:
                games = games_from(without_unrecorded(rows[step.pk], unrecorded))
                period = rate_period(step.pk, rules, games, state, seeds[step.first]) if games else None
            else:
                game = casual.get(step.pk)
                period = rate_period(None, rules, [game], state, {}, game_id=step.pk) if game else None
            if period is not None:
                periods.append(period)
                state.update(period.after)
        if start == 0:
            RatingChange.objects.filter(family=family).delete()
        else:
            RatingChange.objects.filter(family=family).filter(
                Q(round_id__in=[step.pk for step in round_steps])
                | Q(game_id__in=[step.pk for step in steps if step.kind == GAME])
            ).delete()
        write_changes(family, periods)
        Rating.objects.filter(family=family).exclude(player_id__in=list(state)).update(rated_games=0)
        store_ratings(family, state)
    return len(periods)


def _start_of(ordered: list[Step], since: Round | Game | None) -> int:
    """The index of ``since`` in the family's timeline (0 without it or when it is not in it: the
    whole history is rebuilt then)."""
    if since is None:
        return 0
    kind = ROUND if isinstance(since, Round) else GAME
    for index, step in enumerate(ordered):
        if step.kind == kind and step.pk == since.pk:
            return index
    return 0


def _state_before(steps: list[Step]) -> dict[int, PlayerRating]:
    """Every player's rating and rated games after the periods ``steps`` (in the timeline's order),
    read from their stored rating changes."""
    position = {(step.kind, step.pk): index for index, step in enumerate(steps)}
    rounds = [step.pk for step in steps if step.kind == ROUND]
    games = [step.pk for step in steps if step.kind == GAME]
    found = RatingChange.objects.filter(Q(round_id__in=rounds) | Q(game_id__in=games)).values_list(
        "round_id", "game_id", "player_id", "after", "games"
    )
    rows = sorted(
        found,
        key=lambda row: position[(ROUND, row[0]) if row[0] is not None else (GAME, row[1])],
    )
    state: dict[int, PlayerRating] = {}
    for _round_id, _game_id, player, after, games_played in rows:
        known = state.get(player)
        state[player] = PlayerRating(after, (known.games if known else 0) + games_played)
    return state
