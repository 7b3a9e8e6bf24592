"""What every page's navigation shows a signed-in user: his player and his unread notices."""

from __future__ import annotations

from django.http import HttpRequest

from personal.claims import player_of
from personal.notices import unread_count


def account(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"nav_player": player_of(user), "unread_notices": unread_count(user)}
