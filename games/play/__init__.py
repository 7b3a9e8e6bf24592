"""Play on the service, above ``games.records`` and ``games.live``.

Owns: a game played move by move with the server keeping the clocks: the play service (``service``:
a move under the game's lock, resigning, the end of play), a game as it stands (``state``: created
ready to play, who is to move, the clocks, the ply, the legal moves), its refusals (``errors``), what
the live streams are told (``announcements``), time controls (``clocks``), flags falling on time
(``flags``, their Celery tasks ``tasks``: ``games.flag``, ``games.carry``; the clocks' sweep
``clock_sweep``), the second step of an end (``carrying``: the result carried to what the game
belongs to), games that never started (``aborts``), takebacks, draw offers (``draws``), challenges
to casual games, vacations, the arbiter's powers over a game in play (``arbitration``), the lists of
a player's games (``lists``) and the words of a game's end (``endings``).

May import: the games' floor, ``games.records`` (the game's lock, the record writer, taking the
played record like a verified one) and ``games.live`` (the live events), ``accounts``, ``common``,
``arbiter``. Never the edges (``games.web``, ``games.api``) nor another app above games
(``tests/test_layout.py``).
"""
