"""``{% updating_of event as updating %}``: what of an event is being computed now
(``tournaments.work.event_updating``), for the "being updated" notice of the event pages."""

from __future__ import annotations

from django import template

from tournaments.models import Event
from tournaments.work import Updating, event_updating

register = template.Library()


@register.simple_tag
def updating_of(event: Event) -> Updating:
    return event_updating(event)
