"""Hooks of the results service that other apps connect to: ``round_closing``.

:data:`round_closing` is sent by :func:`tournaments.results.services.close_round` inside its
transaction, once the round is known to be complete and before it is marked closed. A receiver may
raise a :class:`~tournaments.errors.ServiceError` to refuse the close (its message names what is
wrong); whatever it writes commits with the close. The games app uses it to refuse a round with
disputed games and to make unanswered provisional results official. Keeping the hook here lets the
tournaments side know nothing about games (imports point one way).
"""

from __future__ import annotations

from django.dispatch import Signal

# Sent with sender=Round and the keyword argument round_ (the locked Round being closed).
round_closing = Signal()
