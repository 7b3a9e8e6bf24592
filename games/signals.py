"""Hooks of the games app that other apps connect to: ``result_changed``.

:data:`result_changed` is sent inside the transaction that changed a game's result, with
``sender=Game`` and the keyword arguments ``game`` (the locked game), ``kind`` (``"submitted"``: a
verified record was taken, ``"disputed"``: the opponent disputed it, ``"decided"``: an arbiter
decided), ``actor`` (the user who did it, or ``None``) and ``detail`` (a sentence for people: what
the record did, the reason of the dispute or of the decision). The accounts app turns it into
notices and e-mails. Keeping the hook here lets the games side know nothing about accounts.
"""

from __future__ import annotations

from django.dispatch import Signal

SUBMITTED, DISPUTED, DECIDED = "submitted", "disputed", "decided"

result_changed = Signal()
