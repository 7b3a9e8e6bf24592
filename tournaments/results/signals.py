"""Hooks of the results service that other apps connect to: ``round_closing``.

:data:`round_closing` is sent by :func:`tournaments.results.services.close_round` inside its
transaction, once the round is known to be complete and before it is marked closed. A receiver may
raise a :class:`~tournaments.errors.ServiceError` to refuse the close (its message names what is
wrong); whatever it writes commits with the close. The games of the round use it
(``tournaments.results.pairing_games``) to refuse a round with disputed games and to make
unanswered provisional results official.
"""

from __future__ import annotations

from django.dispatch import Signal

# Sent with sender=Round and the keyword argument round_ (the locked Round being closed).
round_closing = Signal()

# Sent by tournaments.results.corrections.correct_result inside its transaction, after the pairing's
# result changed in a closed round, with sender=Pairing and the keyword arguments pairing (locked),
# codes (the new result codes, one per game), user, reason and correction (the ResultCorrection).
# tournaments.results.pairing_games makes each game's official result agree with the corrected pairing.
result_corrected = Signal()
