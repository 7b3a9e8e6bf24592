"""Notices: players and officials are told when a result of their game is submitted, disputed or decided,
or when play on the service ended it ("… is over: 1-0 · Anna Vermeer resigned", ``games.play.endings``).

The rules at home here:

* a change of a game's result (``games.signals.result_changed``: submitted, disputed, decided,
  annulled) writes one notice for each player
  of the game with an account and for each organiser and arbiter of the event, except the user who
  made the change, in the same transaction as the change;
* each notice is written in its recipient's language and delivered to every channel he has, his
  e-mail included (``accounts.notices.notify``, ``personal.delivery``), once the transaction commits;
* a user reads and marks only his own notices.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from accounts.models import Notice
from accounts.notices import (
    GAME_END,
    RESULT_ANNULLED,
    RESULT_DECIDED,
    RESULT_DISPUTED,
    RESULT_SUBMITTED,
    delivered_on_commit,
    notify,
    written,
)
from games import origins
from games.models import Game
from games.play.endings import result_line
from games.records.decisions import ROLE_ORGANISER, role_of
from games.signals import ANNULLED, DECIDED, DISPUTED, ENDED, SUBMITTED, kept


def recipients(game: Game, actor: object = None) -> dict[int, str]:
    """The game's players with accounts and the event's organisers and arbiters, but not ``actor``:
    each one's notice language ("" for the site's default), read with them."""
    ids = {uid for uid in (game.white.user_id, game.black.user_id) if uid is not None}
    ids |= origins.officials(game)  # a game on the service has no event: none
    ids.discard(getattr(actor, "pk", None))
    users = get_user_model().objects.filter(pk__in=ids, is_active=True).order_by("pk")
    return dict(users.values_list("pk", "notice_preference__language"))


def _name(user: object) -> str:
    if user is None:
        return _("someone")
    player = getattr(user, "player", None) if getattr(user, "pk", None) else None
    return str(player) if player is not None else str(getattr(user, "get_username", lambda: "")())


def describe(game: Game, kind: str, actor: object, detail: str) -> str:
    """The notice's sentence: who did what to which game, and what it means."""
    place = game.place
    if place.event is None:  # a game on the service: "Ann – Bob (Played on the service)"
        where = str(game)
    else:
        where = _("%(white)s – %(black)s, %(event)s round %(round)s board %(board)s") % {
            "white": game.white,
            "black": game.black,
            "event": place.event_name,
            "round": place.round,
            "board": place.board,
        }
    if kind == ENDED:  # play on the service ended: how, in the one wording (games.play.endings)
        return _("%(game)s is over: %(ending)s") % {"game": where, "ending": result_line(game)}
    if kind == SUBMITTED:
        outcome = detail or _("the result is %(result)s (%(state)s)") % {
            "result": game.result,
            "state": Game.State(game.state).label,  # (get_state_display costs a tenth of a notice)
        }
        return _("%(actor)s submitted a record of %(game)s: %(outcome)s") % {
            "actor": _name(actor),
            "game": where,
            "outcome": outcome,
        }
    if kind == DISPUTED:
        return _("%(actor)s disputed the result of %(game)s: “%(reason)s”; the arbiter decides") % {
            "actor": _name(actor),
            "game": where,
            "reason": detail,
        }
    if kind == ANNULLED:
        return _("The arbiter annulled %(game)s: it has no result and is unrated (%(reason)s)") % {
            "game": where,
            "reason": detail,
        }
    if kind == DECIDED and role_of(actor, game) == ROLE_ORGANISER:
        return _("The organiser decided %(game)s: the result is %(result)s%(reason)s") % {
            "game": where,
            "result": game.result,
            "reason": f" ({detail})" if detail else "",
        }
    if kind == DECIDED:
        return _("The arbiter decided %(game)s: the result is %(result)s%(reason)s") % {
            "game": where,
            "result": game.result,
            "reason": f" ({detail})" if detail else "",
        }
    return _("The result of %(game)s changed") % {"game": where}


#: the kind of the notice of each change of a result (a confirmation writes none)
KIND_OF = {
    ENDED: GAME_END,
    SUBMITTED: RESULT_SUBMITTED,
    DISPUTED: RESULT_DISPUTED,
    DECIDED: RESULT_DECIDED,
    ANNULLED: RESULT_ANNULLED,
}


def on_result_changed(
    sender: object, game: Game, kind: str, actor: object = None, detail: str = "", **kwargs: object
) -> list[Notice]:
    """Receiver of ``result_changed``: the notices of a change (delivered to every channel once the
    transaction commits, ``accounts.notices.notify``); a confirmation writes none."""
    notice_kind = KIND_OF.get(kind)
    if notice_kind is None:
        return []
    if kind == ENDED and game.termination == "forfeit":  # no first move within its grace (issue 36)
        notice_kind = Notice.FORFEIT
    state = kept("personal.notices", _write_kept)
    if state is not None:  # several games' changes in one transaction: written once, at its end
        _keep(state, game, notice_kind, kind, actor, detail or "")
        return []
    users = recipients(game, actor)
    return notify(
        list(users),
        notice_kind,
        lambda: describe(game, kind, actor, detail or ""),
        game.get_absolute_url(),
        {"game": game.pk, "result": game.result},
        languages={pk: language or "" for pk, language in users.items()},
    )


def unread_count(user: object) -> int:
    if not getattr(user, "is_authenticated", False):
        return 0
    return Notice.objects.filter(recipient_id=getattr(user, "pk", None), read=False).count()


def notices_of(user: object) -> list[Notice]:
    return list(Notice.objects.filter(recipient_id=getattr(user, "pk", None))[:200])


def mark_read(user: object, notice_ids: Iterable[int] | None = None) -> int:
    """Mark the user's own notices read (all of them when ``notice_ids`` is ``None``)."""
    notices = Notice.objects.filter(recipient_id=getattr(user, "pk", None), read=False)
    if notice_ids is not None:
        notices = notices.filter(pk__in=list(notice_ids))
    return notices.update(read=True)


def _keep(state: dict[str, Any], game: Game, notice_kind: str, kind: str, actor: object, detail: str) -> None:
    """A change's notices kept for :func:`_write_kept`: their recipients' ids (an event's officials
    read once a block) and their sentence in each of the site's languages, as the change leaves the
    game now."""
    place = origins.place(game)
    key = (game.origin, place.event) if place.event is not None else None
    known: dict[Any, frozenset[int]] = state.setdefault("officials", {})
    officials = known.get(key) if key is not None else None
    if officials is None:
        officials = frozenset(origins.officials(game))
        if key is not None:
            known[key] = officials
    ids = {uid for uid in (game.white.user_id, game.black.user_id) if uid is not None} | officials
    ids.discard(getattr(actor, "pk", None))
    languages = {code for code, _name in settings.LANGUAGES} | {settings.LANGUAGE_CODE}
    texts = {
        language: written(lambda: describe(game, kind, actor, detail), language) for language in languages
    }
    params = {"game": game.pk, "result": game.result}
    state.setdefault("changes", []).append((ids, notice_kind, texts, game.get_absolute_url(), params))


def _write_kept(state: dict[str, Any]) -> None:
    """The notices of the changes kept in a block (``games.signals.together``): their recipients and
    languages read in one query, the notices written in one and delivered once the transaction
    commits (``accounts.notices.delivered_on_commit``)."""
    changes: list[tuple[set[int], str, dict[str, str], str, dict[str, Any]]] = state.get("changes", [])
    wanted = set().union(*(ids for ids, *_rest in changes))
    if not wanted:
        return
    active = get_user_model().objects.filter(pk__in=wanted, is_active=True)
    users = {
        pk: language or settings.LANGUAGE_CODE
        for pk, language in active.values_list("pk", "notice_preference__language")
    }
    written_now = Notice.objects.bulk_create(
        [
            Notice(
                recipient_id=uid,
                kind=notice_kind,
                text=texts.get(users[uid], texts[settings.LANGUAGE_CODE]),
                link=link[:300],
                params=params,
            )
            for ids, notice_kind, texts, link, params in changes
            for uid in sorted(ids)
            if uid in users
        ]
    )
    delivered_on_commit([notice.pk for notice in written_now if notice.pk is not None])
