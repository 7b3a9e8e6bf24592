"""Template filters of the game pages: who may submit a pairing's record (the submit view's rule)."""

from __future__ import annotations

from django import template

from games.services import can_submit
from tournaments.models import Pairing

register = template.Library()


@register.filter
def may_submit(pairing: Pairing, user: object) -> bool:
    """``{% if pairing|may_submit:user %}``: the Submit link shows exactly where the submit view
    lets ``user`` in (``games.services.can_submit``); a bye has no game to submit."""
    if pairing.black_id is None or not getattr(user, "is_authenticated", False):
        return False
    return can_submit(pairing, user)
