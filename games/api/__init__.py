"""The REST API of games, an edge: games and their submissions (``views``), play on the service
(``play``, with ``draws``, ``starts``, ``arbitration`` mixed in, a move's body read by ``moves``),
challenges (``challenges``),
vacations (``vacation``), the game-key and start-option fields (``fields``).

Thin: the services decide; refusals are answered by the one exception handler (``config.errors``).
May import every room of games (``records``, ``play``, ``live``, the floor), ``accounts``,
``common``, ``arbiter``; never ``games.web`` (``tests/test_layout.py``).

The addresses: ``/api/games/`` (``views``: submitting, confirming, disputing, deciding, the
submissions, ``/api/replay/``), ``/api/play/`` (``play``), ``/api/play/challenges/``
(``challenges``), ``/api/vacation/`` (``vacation``); docs/api.md.
"""
