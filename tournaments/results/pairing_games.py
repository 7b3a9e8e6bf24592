"""The games of pairings, on the tournament side: what the games app learns of an event's game and
what the event does to its games.

* The pairing origin (``games.origins``, registered for ``Game.Origin.PAIRING`` in
  ``TournamentsConfig.ready``): the officials of a pairing's game are its event's organisers and
  arbiters; once its round is closed its result no longer changes (confirmation, dispute, decision
  or record), nor does a record change a pairing whose result an arbiter set; the round, then the
  pairing, are locked above the game; a record of a pairing's game names its round; the players'
  vacations pause its correspondence clocks when the event allows them (``Event.vacations``).
* A pairing holds its games through :class:`~tournaments.models.PairingGame` rows (the games app
  knows nothing of pairings): :func:`create_games` is the one place that creates a pairing's games
  with their links, and :class:`PairingHolder` (registered for ``Pairing``) answers the games app's
  submissions and reports for a pairing: its games, and whether they take one now. The origin says
  where a game stands (:meth:`PairingOrigin.place`: event, round, board, number) and what to read with
  it and how to list games (``related``, ``ordering``: through ``Game.pairing_game``).
* A round played on the service (``tournaments.rounds.play_mode``: on the service, or both) has its
  games created when its pairings become public (:func:`on_round_published`, on
  ``tournaments.pairing.signals.round_published``), ready to play with the round's time control
  and the event's game options (``games.play.playable``; every game of a pairing carries the
  event's options, ``Game.options``, which its records must agree, P-27): game 1 with the pairing's colours, game 2 of a match swapped, none for
  a bye or a pairing forfeited already. On the service alone, the clocks run from publication and
  its games take no record or result by hand (:meth:`PairingHolder.closed`); in both, a game's clock
  starts with its first move there, and a record by hand is taken only before that move
  (``games.confirmation.hand_record_refusal``).
* A game's result becomes the pairing's once every game of the pairing has one
  (:func:`on_game_finished`, listening to ``games.signals.game_finished``;
  :func:`tournaments.results.services.apply_result`).
* Closing a round (:func:`on_round_closing`, on ``tournaments.results.signals.round_closing``)
  refuses while a game of it is disputed or a result submitted without a record awaits its
  confirmation, makes its unanswered provisional results official, and ends play on the service of
  a game still in play (its pairing's result was set by an official).
* A corrected result of a closed round (:func:`on_result_corrected`, on
  ``tournaments.results.signals.result_corrected``): each game's official result agrees with the
  corrected pairing. A game whose result changes is set the way an arbiter's decision with a result
  sets it (``games.decisions``): the result with no record behind it, no submission official, state
  ``DECIDED``, a :class:`~games.models.Decision` row naming the correction and its reason, open
  disputes closed by it, and the players told through ``games.signals.result_changed`` (kind
  ``decided``). A game whose result is unchanged is left alone.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.policy import Action, can
from arbiter import registry
from config.locking import locked
from games import origins
from games.confirmation import lock_game, rests_on_report, stop_play
from games.decisions import settle
from games.errors import GameServiceError
from games.models import Decision, Game
from games.play import playable
from games.results import DOUBLE_FORFEIT, FORFEITS
from games.services import games_of, submit_record
from games.signals import DECIDED, result_changed
from tournaments.core.codes import first_named_is_white
from tournaments.errors import ServiceError
from tournaments.events.game_options import options_of
from tournaments.locking import lock_pairing
from tournaments.models import Event, Pairing, PairingGame, PlayMode, Round
from tournaments.results.services import apply_result
from tournaments.rounds import play_mode, time_control


def pairing_of(game: Game) -> Pairing:
    """The pairing a game of the pairing origin belongs to (read with the game through
    ``PairingOrigin.related``, else in a query)."""
    return game.pairing_game.pairing  # type: ignore[no-any-return]


def _link_read_with(game: Game | None) -> PairingGame | None:
    """The game's link to its pairing when it was read with the game (``select_related``), else None."""
    if game is None or not Game.pairing_game.is_cached(game):
        return None
    try:
        return game.pairing_game  # type: ignore[no-any-return]
    except PairingGame.DoesNotExist:
        return None


class PairingOrigin:
    # A pairing's game is read with its link, pairing, round and event, and listed by event, round,
    # board and number.
    related: tuple[str, ...] = ("pairing_game__pairing__round__event",)
    above: tuple[str, ...] = ("pairing_game__pairing",)  # the pairing and its round's id
    locked_related: tuple[str, ...] = ("pairing_game",)  # its pairing, round and event: lock_above's
    ordering: tuple[str, ...] = (
        "pairing_game__pairing__round__event",
        "pairing_game__pairing__round__number",
        "pairing_game__pairing__board",
        "pairing_game__number",
    )

    def place(self, game: Game) -> origins.Place:
        link = getattr(game, "pairing_game", None)
        if link is None:
            return origins.Place()
        round_ = link.pairing.round
        return origins.Place(
            round_.event.slug, round_.event.name, round_.number, link.pairing.board, link.number
        )

    def organiser_not_arbiter(self, game: Game, user_id: int) -> bool:
        event = pairing_of(game).round.event
        return not event.arbiters.filter(pk=user_id).exists() and event.organisers.filter(pk=user_id).exists()

    def officials(self, game: Game) -> frozenset[int]:
        event = pairing_of(game).round.event
        # one query of the two appointment tables
        organisers = Event.organisers.through.objects.filter(event_id=event.pk).values_list(
            "user_id", flat=True
        )
        arbiters = Event.arbiters.through.objects.filter(event_id=event.pk).values_list("user_id", flat=True)
        return frozenset(organisers.union(arbiters))

    def refusal(self, game: Game, change: str) -> str:
        pairing = pairing_of(game)
        round_ = pairing.round
        if round_.status == Round.Status.CLOSED:
            if change == origins.ANSWER:
                return _("round %(number)s is closed: its results can no longer be confirmed or disputed") % {
                    "number": round_.number
                }
            if change in (origins.DECIDE, origins.REPORT):
                return _("round %(number)s is closed: its results can no longer change") % {
                    "number": round_.number
                }
            return _("the round is closed: the result was not changed")
        if change == origins.TAKE and pairing.source == Pairing.Source.ARBITER:
            return _("an arbiter decided this game: the result was not changed")
        if change == origins.REPORT and pairing.source == Pairing.Source.ARBITER:
            return _("an arbiter decided this game: its result is final")
        return ""

    def lock_above(self, game_id: int, read: Game | None = None) -> Pairing:
        # the pairing and its round, as read with the game (a game's pairing never changes) or else
        # in one query, then locked in the lock order
        link = _link_read_with(read)
        if link is not None and PairingGame.pairing.is_cached(link):
            pairing_id, round_id = link.pairing_id, link.pairing.round_id
        else:
            pairing_id, round_id = PairingGame.objects.values_list("pairing_id", "pairing__round_id").get(
                game_id=game_id
            )
        return lock_pairing(pairing_id, round_id)  # with its round and event

    def attach(self, game: Game, above: object) -> None:
        game.pairing_game.pairing = above  # the pairing locked above it, with its round and event

    def round_number(self, game: Game) -> int | None:
        return pairing_of(game).round.number

    def vacations_allowed(self, game: Game) -> bool:
        return bool(pairing_of(game).round.event.vacations)


def create_games(pairing: Pairing) -> list[Game]:
    """The pairing's games in order (game 1 first), those missing created now with their links: the
    one place a pairing's games are created (on first use, or when a round played on the service is
    published). One per game of the event's matches, game 2 of a match with the colours swapped,
    ready to play there when the round is played on the service; a bye has none (``GameServiceError``)."""
    if pairing.black_id is None:
        raise GameServiceError(_("a bye has no games"))
    round_ = pairing.round
    event = round_.event
    mode = play_mode(round_)
    found = {}
    for link in PairingGame.objects.filter(pairing=pairing).select_related("game"):
        link.pairing = pairing  # what is above the game, known to whoever locks it (lock_game)
        found[link.number] = link.game
    games, options = [], None
    for number in range(1, event.games_per_pairing + 1):
        game = found.get(number)
        if game is None:
            first, second = pairing.white.player, pairing.black.player  # type: ignore[union-attr]
            white, black = (first, second) if first_named_is_white(number - 1) else (second, first)
            options = options_of(event) if options is None else options  # its game options (P-27)
            fields: dict[str, object] = {
                "game": event.game,
                "options": options,
                "white": white,
                "black": black,
                "rated": event.rated,
            }
            if mode != PlayMode.ELSEWHERE:
                fields |= playable(
                    event.game, time_control(round_), clock_running=mode == PlayMode.SERVICE, options=options
                )
            game = _create_game(pairing, number, fields)
        games.append(game)
    return games


def _create_game(pairing: Pairing, number: int, fields: dict[str, object]) -> Game:
    """Game ``number`` of the pairing and its link, or the one a concurrent first use created."""
    try:
        with transaction.atomic():
            game = Game.objects.create(origin=Game.Origin.PAIRING, **fields)
            PairingGame.objects.create(pairing=pairing, number=number, game=game)
    except IntegrityError:  # the link's unique (pairing, number): created meanwhile
        return PairingGame.objects.select_related("game").get(pairing=pairing, number=number).game
    return game


class PairingHolder:
    """A pairing holds its games (``games.origins.Holder``): one per game of the event's matches,
    game 2 of a match with the colours swapped, none for a bye; they take submissions and reports
    while its round is published and open, reports only where the event allows unrecorded games."""

    def games(self, pairing: Pairing) -> list[Game]:
        return create_games(pairing)

    def reread(self, pairing: Pairing) -> Pairing:
        # with its event's options, which its games are created with (create_games)
        related = ("round__event__game_options", "white__player", "black__player")
        return Pairing.objects.select_related(*related).get(pk=pairing.pk)

    def has_games(self, pairing: Pairing) -> bool:
        return pairing.black_id is not None

    def closed(self, pairing: Pairing) -> str:
        if play_mode(pairing.round) == PlayMode.SERVICE:
            return _(
                "round %(number)s is played on the service: its games' results come from play there, "
                "not from records or results submitted by hand"
            ) % {"number": pairing.round.number}
        if pairing.round.status == Round.Status.CLOSED:
            return _("round %(number)s is closed: ask an arbiter") % {"number": pairing.round.number}
        if pairing.round.is_draft:
            return _("round %(number)s is not published yet: its pairings may still change") % {
                "number": pairing.round.number
            }
        return ""

    def takes_reports(self, pairing: Pairing) -> bool:
        return bool(pairing.round.event.unrecorded_results)

    def visible_to(self, user: object) -> QuerySet[Pairing]:
        # with what a submission reads of a pairing: its round and event, its players
        return Pairing.objects.visible_to(user).select_related(
            "round__event", "white__player", "black__player"
        )

    def one_visible_to(self, pk: object, user: object) -> Pairing | None:
        # Pairing.objects.visible_to's rule for one pairing: a draft round's only for its event's managers
        related = ("round__event", "round__publication", "white__player", "black__player")
        pairing = Pairing.objects.select_related(*related).filter(pk=pk).first()
        if pairing is None or (
            pairing.round.is_draft and not can(user, Action.MANAGE_EVENT, pairing.round.event)
        ):
            return None
        return pairing


def existing_games(pairing: Pairing) -> list[Game]:
    """The pairing's games that exist so far (none are created here), game 1 first."""
    return list(pairing.games.select_related("pairing_game").order_by("pairing_game__number"))


def on_round_published(sender: object, round_: Round, **kwargs: object) -> None:
    """A round played on the service is public: its games are created, ready to play."""
    if play_mode(round_) == PlayMode.ELSEWHERE:
        return
    pairings = (
        round_.pairings.filter(black__isnull=False, white_score=None)  # no bye, nothing forfeited
        .select_related("round__event", "white__player", "black__player")
        .order_by("board")
    )
    for pairing in pairings:
        games_of(pairing)


def demo_play(pairing: Pairing, user: object, seed: int) -> None:
    """Play random legal games for a pairing and submit them (demo data)."""
    for number, game in enumerate(games_of(pairing), start=1):
        tags = {
            "Event": pairing.round.event.name,
            "Round": str(pairing.round.number),
            "White": game.white.display_name,
            "Black": game.black.display_name,
        }
        text = registry.random_record(game.game, seed + number, tags)
        submit_record(pairing, user, text, number)


def pairing_results(game: Game) -> list[str] | None:
    """The result codes of the pairing's games when every game has one, else ``None``."""
    pairing = pairing_of(game)
    if pairing.round.event.games_per_pairing == 1:  # the game is the pairing's one game
        return [game.result] if game.result else None
    games = list(pairing.games.order_by("pairing_game__number"))
    if len(games) < pairing.round.event.games_per_pairing or any(not g.result for g in games):
        return None
    return [g.result for g in games]


def on_game_finished(sender: object, game: Game, source: str, **kwargs: object) -> str:
    """A pairing's game has its result: once every game of the pairing has one, it becomes the
    pairing's result ("" when done, else why not yet); a refusal is a ``GameServiceError``."""
    if game.origin != Game.Origin.PAIRING:
        return ""
    codes = pairing_results(game)
    if codes is None:
        return _("waiting for the other game of the match")
    try:
        # the game is locked (game_finished), so are its round and pairing, read with it after
        apply_result(pairing_of(game), codes, source, locked=True)
    except ServiceError as exc:
        raise GameServiceError(str(exc)) from exc
    return ""


def _boards(games: list[Game]) -> str:
    return ", ".join(
        _("board %(board)s (%(white)s – %(black)s)")
        % {"board": pairing_of(game).board, "white": game.white, "black": game.black}
        for game in games
    )


def on_round_closing(sender: object, round_: Round, **kwargs: object) -> None:
    """Refuse to close a round with a disputed game; make its unanswered provisional results official."""
    games = list(
        locked(Game.objects.filter(pairing_game__pairing__round=round_))
        .select_related("pairing_game__pairing", "white", "black")
        .order_by("pairing_game__pairing__board", "pairing_game__number")
    )
    disputed = [game for game in games if game.state == Game.State.DISPUTED]
    if disputed:
        raise GameServiceError(
            ngettext(
                "a result is disputed on %(boards)s: the arbiter decides before the round closes",
                "results are disputed on %(boards)s: the arbiter decides before the round closes",
                len(disputed),
            )
            % {"boards": _boards(disputed)}
        )
    unconfirmed = [g for g in games if g.state == Game.State.PROVISIONAL and rests_on_report(g)]
    if unconfirmed:
        raise GameServiceError(
            ngettext(
                "a result submitted without a record awaits confirmation on %(boards)s: the opponent "
                "confirms it or the arbiter decides before the round closes",
                "results submitted without a record await confirmation on %(boards)s: the opponents "
                "confirm them or the arbiter decides before the round closes",
                len(unconfirmed),
            )
            % {"boards": _boards(unconfirmed)}
        )
    Game.objects.filter(pk__in=[g.pk for g in games if g.state == Game.State.PROVISIONAL]).update(
        state=Game.State.OFFICIAL
    )
    for game in games:  # a result the arbiter set while play went on: play there ends with the round
        stop_play(game)


_KIND = {DOUBLE_FORFEIT: Decision.Kind.BOTH_LOSE}


def on_result_corrected(
    sender: object, pairing: Pairing, codes: list[str], user: object, reason: str, **kwargs: object
) -> None:
    for game, code in zip(games_of(pairing), codes, strict=False):
        game = lock_game(game.pk)
        if game.result == code:
            continue
        game.result, game.termination, game.plies, game.score, game.record = code, "", 0, "", ""
        decision = settle(
            game,
            None,
            decided_by=user if getattr(user, "is_authenticated", False) else None,
            kind=_KIND.get(code, Decision.Kind.FORFEIT if code in FORFEITS else Decision.Kind.OTHER),
            reason=_("Result corrected after the round closed: %(reason)s") % {"reason": reason},
        )
        result_changed.send(
            sender=Game, game=game, kind=DECIDED, actor=decision.decided_by, detail=decision.reason
        )
