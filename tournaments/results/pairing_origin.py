"""The pairing origin of games (``games.origins.Origin``, registered for ``Game.Origin.PAIRING`` and
for ``Pairing``, what holds those games, in ``TournamentsConfig.ready``): what the games app learns
of an event's game and of a pairing holding games, through direct calls.

* The officials of a pairing's game are its event's organisers and arbiters; once its round is
  closed its result no longer changes (confirmation, dispute, decision, report or record), nor does
  a record or a report change a pairing whose result an arbiter set (``ResultFixed``).
* The round, then the pairing, are locked above the game (``common.locking``'s order); a game is
  read with its link, pairing, round and event (its place: event, round, board, number) and listed
  by event, round, board and number; the players' vacations pause its correspondence clocks when
  the event allows them (``Event.vacations``).
* A game's result is carried to its pairing (``tournaments.results.game_results``).
* A pairing holds its games (``tournaments.results.game_creation``): one per game of the event's
  matches, none for a bye; they take submissions and reports while its round is published and open
  and not played on the service alone, reports only where the event allows unrecorded games
  (``SubmissionsClosed`` else).
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet, Value
from django.utils.translation import gettext as _

from accounts.policy import Action, can
from common import prepared
from common.locking import locked
from games.errors import ResultFixed, SubmissionsClosed
from games.models import Game
from games.origins import ANSWER, DECIDE, REPORT, TAKE, Officials, Place
from tournaments.locking import lock_pairing
from tournaments.models import Event, Pairing, PairingGame, PlayMode, Round
from tournaments.results import game_creation, game_results
from tournaments.rounds import play_mode, time_control

# What a pairing's game is read with (its link, pairing, round and event) and how games are listed.
_PLACE = "pairing_game__pairing__round__event"
_ORDER = (
    "pairing_game__pairing__round__event",
    "pairing_game__pairing__round__number",
    "pairing_game__pairing__board",
    "pairing_game__number",
    "pk",
)

# What a submission reads with a pairing (reopen): its round and event with the event's options, its players.
_SUBMITTED = ("round__event__game_options", "white__player", "black__player")


_ONE: prepared.Prepared[Pairing] = prepared.Prepared(
    lambda pk: Pairing.objects.select_related(*_SUBMITTED, "round__publication").filter(pk=pk).order_by(), int
)
# A game locked with its link and players (lock), once what is above it is.
_LOCKED_GAME: prepared.Prepared[Game] = prepared.Prepared(
    lambda pk: locked(Game.objects.select_related("pairing_game", "white", "black")).filter(pk=pk).order_by(),
    int,
)


def _read_with(obj: Any, path: str) -> bool:
    """Whether ``path`` (``a__b``) of relations was read with ``obj`` (``select_related``)."""
    for name in path.split("__"):
        if obj is None:
            return True
        cache = obj._state.fields_cache
        if name not in cache:
            return False
        obj = cache[name]
    return True


def _plain(games: QuerySet[Game]) -> bool:
    """Whether ``games`` is every game (``Game.objects.all()``), neither filtered nor joined."""
    query = games.all().query  # a manager's too
    return games.model is Game and not (
        query.where or query.annotations or query.select_related or query.is_sliced or query.select_for_update
    )


def pairing_of(game: Game) -> Pairing:
    """The pairing a game of the pairing origin belongs to (read with the game, else in a query)."""
    return game.pairing_game.pairing  # type: ignore[no-any-return]


def _link_read_with(game: Game | None) -> PairingGame | None:
    """The game's link to its pairing when it was read with the game (``select_related``), else None."""
    if game is None or not Game.pairing_game.is_cached(game):
        return None
    try:
        return game.pairing_game  # type: ignore[no-any-return]
    except PairingGame.DoesNotExist:
        return None


def _closed_round(round_: Round, change: str) -> str:
    if change == ANSWER:
        return _("round %(number)s is closed: its results can no longer be confirmed or disputed") % {
            "number": round_.number
        }
    if change in (DECIDE, REPORT):
        return _("round %(number)s is closed: its results can no longer change") % {"number": round_.number}
    return _("the round is closed: the result was not changed")


class PairingOrigin:
    """An event's pairing and its games."""

    # -- a game of a pairing

    def place(self, game: Game) -> Place:
        link = getattr(game, "pairing_game", None)
        if link is None:
            return Place()
        round_ = link.pairing.round
        return Place(
            round_.event.slug,
            round_.event.name,
            round_.number,
            link.pairing.board,
            link.number,
            time_control(round_),
        )

    def officials(self, game: Game) -> Officials:
        event_id = pairing_of(game).round.event_id
        # one query of the two appointment tables, each row with its role (0 organiser, 1 arbiter)
        organisers = Event.organisers.through.objects.filter(event_id=event_id).annotate(role=Value(0))
        arbiters = Event.arbiters.through.objects.filter(event_id=event_id).annotate(role=Value(1))
        rows = organisers.values_list("user_id", "role").union(arbiters.values_list("user_id", "role"))
        found: tuple[set[int], set[int]] = (set(), set())
        for user_id, role in rows:
            found[role].add(user_id)
        return Officials(frozenset(found[0]), frozenset(found[1]))

    def check(self, game: Game, change: str) -> None:
        pairing = pairing_of(game)
        if pairing.round.status == Round.Status.CLOSED:
            raise ResultFixed(_closed_round(pairing.round, change))
        if pairing.source == Pairing.Source.ARBITER:
            if change == TAKE:
                raise ResultFixed(_("an arbiter decided this game: the result was not changed"))
            if change == REPORT:
                raise ResultFixed(_("an arbiter decided this game: its result is final"))

    def lock(self, games: QuerySet[Game], game_id: int, read: Game | None) -> Game:
        # the pairing and its round, as read with the game (a game's pairing never changes) or else
        # in one query, locked in the lock order; then the game, its pairing the one just locked
        link = _link_read_with(read)
        if link is not None and PairingGame.pairing.is_cached(link):
            pairing_id, round_id = link.pairing_id, link.pairing.round_id
        else:
            pairing_id, round_id = PairingGame.objects.values_list("pairing_id", "pairing__round_id").get(
                game_id=game_id
            )
        pairing = lock_pairing(pairing_id, round_id)  # with its round and event
        if _plain(games):  # the statement composed once a process
            game = _LOCKED_GAME.first(game_id)
            if game is None:
                raise Game.DoesNotExist(f"no game {game_id}")
        else:
            game = locked(games.select_related("pairing_game", "white", "black")).get(pk=game_id)
        game.pairing_game.pairing = pairing
        return game

    def lock_all(self, games: QuerySet[Game], reads: list[Game]) -> dict[int, Game]:
        # what each game is under, as read with it or else in one query; then the rounds, the
        # pairings and the games locked, each level in one query in the order of ids
        above: dict[int, tuple[int, int]] = {}
        for read in reads:
            link = _link_read_with(read)
            if link is not None and PairingGame.pairing.is_cached(link):
                above[read.pk] = (link.pairing_id, link.pairing.round_id)
        missing = [read.pk for read in reads if read.pk not in above]
        links = PairingGame.objects.filter(game_id__in=missing)
        for game_id, pairing_id, round_id in links.values_list("game_id", "pairing_id", "pairing__round_id"):
            above[game_id] = (pairing_id, round_id)
        round_ids = sorted({round_id for _pairing, round_id in above.values()})
        rounds = locked(Round.objects.select_related("event")).filter(pk__in=round_ids).order_by("pk")
        by_round = {round_.pk: round_ for round_ in rounds}
        pairing_ids = sorted({pairing_id for pairing_id, _round in above.values()})
        pairings = {p.pk: p for p in locked(Pairing.objects.all()).filter(pk__in=pairing_ids).order_by("pk")}
        for pairing in pairings.values():
            pairing.round = by_round[pairing.round_id]
        held = locked(games.select_related("pairing_game", "white", "black")).filter(pk__in=sorted(above))
        found = {game.pk: game for game in held.order_by("pk")}
        for game in found.values():
            game.pairing_game.pairing = pairings[game.pairing_game.pairing_id]
        return found

    def takes_records(self, game: Game) -> bool:
        return play_mode(pairing_of(game).round) != PlayMode.SERVICE

    def vacations_allowed(self, game: Game) -> bool:
        return bool(pairing_of(game).round.event.vacations)

    def result_set(self, game: Game, source: str) -> str:
        return game_results.carry_to_pairing(game, pairing_of(game), source)

    def with_place(self, games: QuerySet[Any], via: str) -> QuerySet[Any]:
        return games.select_related(via + _PLACE)

    def in_order(self, games: QuerySet[Any]) -> QuerySet[Any]:
        return games.order_by(*_ORDER)

    # -- a pairing holding games

    def games(self, pairing: Pairing) -> list[Game]:
        return game_creation.create_games(pairing)

    def has_games(self, pairing: Pairing) -> bool:
        return pairing.black_id is not None

    def takes_reports(self, pairing: Pairing) -> bool:
        return bool(pairing.round.event.unrecorded_results)

    def reopen(self, pairing: Pairing, report: bool) -> Pairing:
        # with its event's options, which its games are created with (create_games): read again unless
        # read with them (one_visible_to: the submission's own read, a moment before)
        if not all(_read_with(pairing, path) for path in _SUBMITTED):
            pairing = Pairing.objects.select_related(*_SUBMITTED).get(pk=pairing.pk)
        if report and pairing.black_id is None:
            raise SubmissionsClosed(_("a bye has no game to report"))
        round_ = pairing.round
        if play_mode(round_) == PlayMode.SERVICE:
            raise SubmissionsClosed(
                _(
                    "round %(number)s is played on the service: its games' results come from play there, "
                    "not from records or results submitted by hand"
                )
                % {"number": round_.number}
            )
        if round_.status == Round.Status.CLOSED:
            raise SubmissionsClosed(
                _("round %(number)s is closed: ask an arbiter") % {"number": round_.number}
            )
        if round_.is_draft:
            raise SubmissionsClosed(
                _("round %(number)s is not published yet: its pairings may still change")
                % {"number": round_.number}
            )
        return pairing

    def visible_to(self, user: object) -> QuerySet[Pairing]:
        # with what a submission reads of a pairing: its round and event, its players
        return Pairing.objects.visible_to(user).select_related(
            "round__event", "white__player", "black__player"
        )

    def one_visible_to(self, pk: object, user: object) -> Pairing | None:
        # Pairing.objects.visible_to's rule for one pairing: a draft round's only for its event's managers
        key = prepared.key_value(Pairing, pk)
        pairing = None if key is None else _ONE.first(key)
        if pairing is None or (
            pairing.round.is_draft and not can(user, Action.MANAGE_EVENT, pairing.round.event)
        ):
            return None
        return pairing
