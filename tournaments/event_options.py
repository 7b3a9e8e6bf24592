"""An event's own options for its games, and its rounds': a model of the tournaments app
(``tournaments.models`` exports it), in a module of its own.

The options are those the event's game declares (its spec's start options, docs/rules.md P-27). A
round may have options of its own, over the event's, for every board of that round (one start for
all its boards, docs/tournaments.md). The games created for the event's pairings carry them into
their start and their records' check (``Game.options``, ``games.options``);
``tournaments.events.game_options`` reads, checks and sets them.
"""

from __future__ import annotations

from django.db import models


class EventGameOptions(models.Model):
    """The start options of an event's games (by name, as its game declares them); no row, or an empty
    dict: the game key's own start, and any set each game's record agrees (P-24). ``rounds``: a
    round's own options over them, by the round's number (``{"2": {"start": "..."}}``), each resolved
    when set; keyed by number, so that a round not paired yet may have them."""

    event = models.OneToOneField(
        "tournaments.Event", on_delete=models.CASCADE, primary_key=True, related_name="game_options"
    )
    options = models.JSONField(default=dict, blank=True)
    rounds = models.JSONField(default=dict, blank=True)

    class Meta:
        app_label = "tournaments"

    def __str__(self) -> str:
        return f"{self.event_id}: {self.options}"
