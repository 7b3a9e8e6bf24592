"""Notices of challenges to casual games (issue 31): the player challenged is told at once.

The rules at home here:

* a challenge sent to a player by name gives him a notice (kind ``challenge``) in his language
  (``accounts.notices.language_of``), linking the Play page at the challenge; an open challenge tells
  no one (the Play page lists it);
* an answer tells the other side: the challenger hears that his challenge was accepted (linking
  the game) or declined; a withdrawn challenge's unread notice is taken back; the one who answered
  or withdrew has his own unread notice of it cleared;
* the notices reach every channel of their recipient (``accounts.notices.notify``): his notices,
  his stream, the header's count, and an e-mail unless he muted the kind ``challenge``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import Notice, Player
from accounts.notices import notify
from games.models import Challenge


def link_of(challenge: Challenge) -> str:
    return f"{reverse('games:challenges')}#challenge-{challenge.pk}"


def _what(challenge: Challenge) -> str:
    control = challenge.time_control or _("no clock")
    return f"{challenge.game_name} ({control})"


def _tell(
    player: Player | None, challenge: Challenge, link: str, text_of: Callable[[], str]
) -> Notice | None:
    """A notice to the player's account, written in his language by ``text_of()``."""
    user_id = player.user_id if player is not None else None
    found = notify(
        [user_id], Notice.CHALLENGE, text_of, link, {"challenge": challenge.pk, "game": challenge.played_id}
    )
    return found[0] if found else None


def _clear(player: Player | None, challenge: Challenge) -> None:
    if player is not None and player.user_id is not None:
        Notice.objects.filter(
            recipient_id=player.user_id, kind=Notice.CHALLENGE, link=link_of(challenge), read=False
        ).delete()


def on_challenge_saved(sender: object, instance: Challenge, created: bool, **kwargs: object) -> None:
    """Receiver of a challenge's ``post_save``: the notices of its sending and of its answer."""
    challenger, challenged = instance.challenger, instance.challenged if instance.challenged_id else None
    if created:
        _tell(
            challenged,
            instance,
            link_of(instance),
            lambda: (
                _("%(player)s challenges you to %(game)s") % {"player": challenger, "game": _what(instance)}
            ),
        )
        return
    status = instance.status
    if status == Challenge.Status.ACCEPTED and instance.played_id is not None:
        _clear(challenged, instance)
        _tell(
            challenger,
            instance,
            instance.played.get_absolute_url(),  # type: ignore[union-attr]
            lambda: (
                _("%(player)s accepted your challenge to %(game)s: the game has begun")
                % {"player": challenged, "game": _what(instance)}
            ),
        )
    elif status == Challenge.Status.DECLINED:
        _clear(challenged, instance)
        _tell(
            challenger,
            instance,
            link_of(instance),
            lambda: (
                _("%(player)s declined your challenge to %(game)s")
                % {"player": challenged, "game": _what(instance)}
            ),
        )
    elif status == Challenge.Status.WITHDRAWN:
        _clear(challenged, instance)
