"""The permission policy in templates: ``{% load policy %}`` then
``{% if pairing in user|may:"submit record" %}`` shows a link or button exactly where the view and
the service let ``user`` in (``accounts.policy.can``; the action by its value in ``Action``)."""

from __future__ import annotations

from dataclasses import dataclass

from django import template

from accounts.policy import Action, can

register = template.Library()


@dataclass(frozen=True)
class Allowed:
    """What ``user`` may take ``action`` on: ``obj in allowed`` asks the policy."""

    user: object
    action: Action

    def __contains__(self, obj: object) -> bool:
        return can(self.user, self.action, obj)


@register.filter
def may(user: object, action: str) -> Allowed:
    return Allowed(user, Action(action))
