"""Hooks of the pairing services that other packages connect to: ``round_published``.

:data:`round_published` is sent, inside the transaction that holds the round's lock, when a round's
pairings become public: a round robin's when they are stored (it has no draft), a Swiss round's when
it is published (``tournaments.pairing.edits.publish_round``). The games of a round played on the
service are created then (``tournaments.results.pairing_games``).
"""

from __future__ import annotations

from django.dispatch import Signal

# Sent with sender=Round and the keyword argument round_ (the locked Round, its pairings stored).
round_published = Signal()
