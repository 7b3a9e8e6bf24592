"""Challenges to casual games on the service, outside any event.

The rules at home here:

* a signed-in user whose account is linked to a player (``accounts.policy``: ``CHALLENGE_PLAYER``)
  challenges another player with an account to a game of the registry (a game key, variant
  included), with a time control as ``games.play.clocks`` reads them, rated or not, choosing his colour
  (white, black or random);
* the player challenged accepts it (the game is created through ``games.play.state.create_service_game``,
  its clock running; a random colour is drawn then) or declines it (``ANSWER_CHALLENGE``); the
  challenger may withdraw it (``WITHDRAW_CHALLENGE``); each only while it is open: an answered or
  withdrawn challenge is a :class:`ChallengeClosed` conflict (409) naming what became of it;
* a challenge may carry the start options its game declares (``games.options``; docs/rules.md P-27:
  agreed per casual game), checked with the arbiter's own reading of each; the game starts with
  them (``Game.options``) and its record names them;
* an *open* challenge names no one (``challenged`` empty): every other player with an account sees
  it (:func:`open_to_all`) and the first to accept it plays it (the challenge row is locked: a second
  acceptance is a 409); only its challenger may withdraw it, and it is not declined (one player's
  "no" would close it for all);
* the opponent is named by his handle, or by his name when one player with an account bears it
  (:func:`suggestions` offers them as one types);
* bad input names its problem (400): an unknown player, oneself, a player without an account, an
  unknown game, a bad time control, an unknown colour, an option the game does not take.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.errors import Conflict, NotFound
from accounts.models import Player
from accounts.policy import Action, require
from arbiter import registry
from common.locking import locked
from games import options as game_options
from games.errors import GameServiceError
from games.models import Challenge, Game
from games.play import clocks, state


class ChallengeClosed(Conflict):
    """The challenge was answered or withdrawn already (409)."""


def player_of(user: object) -> Player:
    """The player the user's account is linked to; refused without one."""
    player = Player.objects.filter(user_id=getattr(user, "pk", None)).first()
    if player is None:
        raise GameServiceError(_("your account is not linked to a player: claim your player first"))
    return player


def _opponent(text: str) -> Player:
    """The player named by ``text``: his handle, else his name if one player with an account bears it."""
    found = Player.objects.filter(handle=text).first()
    if found is None:
        named = list(Player.objects.filter(display_name__iexact=text, user__isnull=False)[:2])
        found = named[0] if len(named) == 1 else None
    if found is None:
        raise GameServiceError(_("there is no player “%(handle)s”") % {"handle": text[:80]})
    return found


def challenge(
    user: object,
    opponent: str | None,
    game_key: str,
    time_control: str = "",
    rated: bool = False,
    colour: str = "random",
    options: Mapping[str, str] | None = None,
) -> Challenge:
    """``user``'s player challenges the player named ``opponent`` (his handle or name; empty or None:
    an open challenge, to anyone) with the start ``options`` agreed (those its game declares, by
    name; an empty one: the variant's own)."""
    require(user, Action.CHALLENGE_PLAYER)
    challenger = player_of(user)
    name = (opponent or "").strip()
    challenged = _opponent(name) if name else None  # None: an open challenge
    if challenged is not None and challenged.pk == challenger.pk:
        raise GameServiceError(_("you cannot challenge yourself"))
    if challenged is not None and challenged.user_id is None:
        raise GameServiceError(
            _("%(player)s has no account: he cannot answer a challenge") % {"player": challenged}
        )
    if game_key not in registry.game_keys():
        raise GameServiceError(
            _("there is no game “%(game)s”: use one of %(games)s")
            % {"game": str(game_key)[:40], "games": ", ".join(registry.game_keys())}
        )
    if colour not in Challenge.Colour.values:
        raise GameServiceError(
            _("“%(colour)s” is not a colour: use one of %(colours)s")
            % {"colour": str(colour)[:20], "colours": ", ".join(Challenge.Colour.values)}
        )
    control = clocks.parse(time_control)
    agreed = game_options.checked(game_key, dict(options or {}))
    return Challenge.objects.create(
        challenger=challenger,
        challenged=challenged,
        open_to_all=challenged is None,
        game=game_key,
        time_control="" if control is None else control.text,
        rated=bool(rated),
        colour=colour,
        options=agreed,
    )


def _open(challenge_id: int) -> Challenge:
    """The challenge, locked; refused unless it is still open."""
    found = locked(Challenge.objects.select_related("challenger")).filter(pk=challenge_id).first()
    if found is None:
        raise NotFound(_("there is no such challenge"))
    if found.status != Challenge.Status.OPEN:
        raise ChallengeClosed(
            _("this challenge is no longer open: it was %(status)s")
            % {"status": found.get_status_display().lower()}
        )
    return found


def _close(found: Challenge, status: str) -> Challenge:
    found.status = status
    found.answered_at = timezone.now()
    found.save(update_fields=["status", "answered_at", "played", "challenged"])
    return found


def accept(challenge: Challenge, user: object) -> Game:
    """The player challenged accepts (any player but its challenger an open one): the game is
    created, its clock running. An open challenge accepted by another meanwhile is a 409."""
    accepter = None
    if challenge.open_to_all:
        accepter = player_of(user)
        if accepter.pk == challenge.challenger_id:
            raise GameServiceError(_("this is your own challenge: wait for an opponent, or withdraw it"))
    if challenge.challenged_id is None or not challenge.open_to_all:  # taken already: 409 below
        require(user, Action.ANSWER_CHALLENGE, challenge)
    with transaction.atomic():
        found = _open(challenge.pk)
        if accepter is not None:
            found.challenged = accepter
        colour = found.colour
        if colour == Challenge.Colour.RANDOM:
            colour = random.SystemRandom().choice([Challenge.Colour.WHITE, Challenge.Colour.BLACK])
        white, black = (
            (found.challenger, found.challenged)
            if colour == Challenge.Colour.WHITE
            else (found.challenged, found.challenger)
        )
        found.played = state.create_service_game(
            white, black, found.game, found.time_control, found.rated, found.options
        )
        _close(found, str(Challenge.Status.ACCEPTED))
        return found.played


def decline(challenge: Challenge, user: object) -> Challenge:
    if challenge.open_to_all:
        raise GameServiceError(_("an open challenge is not declined: leave it to the other players"))
    require(user, Action.ANSWER_CHALLENGE, challenge)
    with transaction.atomic():
        return _close(_open(challenge.pk), str(Challenge.Status.DECLINED))


def withdraw(challenge: Challenge, user: object) -> Challenge:
    require(user, Action.WITHDRAW_CHALLENGE, challenge)
    with transaction.atomic():
        return _close(_open(challenge.pk), str(Challenge.Status.WITHDRAWN))


def challenges_of(user: object) -> QuerySet[Challenge]:
    """The challenges the user's player sent or received, and the open ones (those taken already
    too: a late acceptance is told it was accepted), newest first."""
    pk = getattr(user, "pk", None)
    if pk is None:
        return Challenge.objects.none()
    return (
        Challenge.objects.filter(Q(challenger__user_id=pk) | Q(challenged__user_id=pk) | Q(open_to_all=True))
        .select_related("challenger", "challenged", "played")
        .order_by("-created_at", "-pk")
    )


def open_to_all(user: object) -> QuerySet[Challenge]:
    """The open challenges of other players the user's player may accept, newest first."""
    return (
        challenges_of(user)
        .filter(challenged__isnull=True, status=Challenge.Status.OPEN)
        .exclude(challenger__user_id=getattr(user, "pk", None))
    )


LISTED_TO = ("me", "anyone")


def listed(user: object, to: str = "", status: str = "") -> QuerySet[Challenge]:
    """The challenges the user's player sent or received and the open ones still open, only those
    sent ``to`` ``me`` (named) or ``anyone`` (open ones, mine too), only in ``status``; an unknown
    filter is refused, named."""
    found = challenges_of(user)
    if to and to not in LISTED_TO:
        raise GameServiceError(
            _("“%(to)s” is not whom a challenge is sent to: use one of %(choices)s")
            % {"to": to[:20], "choices": ", ".join(LISTED_TO)}
        )
    if status and status not in Challenge.Status.values:
        raise GameServiceError(
            _("“%(status)s” is not a challenge's state: use one of %(states)s")
            % {"status": status[:20], "states": ", ".join(Challenge.Status.values)}
        )
    pk = getattr(user, "pk", None)
    found = found.exclude(
        ~Q(challenger__user_id=pk) & ~Q(challenged__user_id=pk) & ~Q(status=Challenge.Status.OPEN)
    )
    if to == "me":
        found = found.filter(challenged__user_id=pk, open_to_all=False)
    elif to == "anyone":
        found = found.filter(open_to_all=True)
    return found.filter(status=status) if status else found


SUGGESTIONS = 10


def suggestions(user: object, text: str) -> list[dict[str, str]]:
    """Up to :data:`SUGGESTIONS` players with an account whose handle or name holds ``text`` (two
    letters at least), other than the user's own, by name: ``handle`` and ``name``."""
    text = (text or "").strip()[:80]
    if len(text) < 2:
        return []
    found = (
        Player.objects.filter(user__isnull=False)
        .filter(Q(handle__icontains=text) | Q(display_name__icontains=text))
        .exclude(user_id=getattr(user, "pk", None))
        .order_by("display_name", "handle")
    )
    return [{"handle": p.handle, "name": p.display_name} for p in found[:SUGGESTIONS]]
