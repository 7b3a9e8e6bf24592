"""Play on the service, above ``games.records`` and ``games.live``.

Owns: a game played move by move with the server keeping the clocks: the play service (``service``:
a move under the game's lock, resigning, the end of play), a game as it stands (``state``: created
ready to play, who is to move, the clocks, the ply, the legal moves), its refusals (``errors``), what
the live streams are told (``announcements``), time controls (``clocks``), flags falling on time
(``flags``: the clocks' ticker's work, the time warning; the second step's Celery task ``tasks``: ``games.carry``; the clocks' sweep
``clock_sweep``), the second step of an end (``carrying``: the result carried to what the game
belongs to), games that never started (``aborts``), takebacks, draw offers (``draws``), challenges
to casual games, vacations, the arbiter's powers over a game in play (``arbitration``), the lists of
a player's games (``lists``), the words of a game's end (``endings``) and the legal moves offered
point by point (``picks``).

May import: the games' floor, ``games.records`` (the game's lock, the record writer, taking the
played record like a verified one) and ``games.live`` (the live events), ``accounts``, ``common``,
``arbiter``. Never the edges (``games.web``, ``games.api``) nor another app above games
(``tests/test_layout.py``).

In detail. A game on the service (``Game.on_service``) is a casual game created between two players
with a time control, or a pairing's game of a round played there. Each move names the ply it expects
and is checked by the arbiter under the game's lock; a stale ply is a 409 with the position. The
result is set from the arbiter's status when the ending move is stored; the finished game's record is
an export of its moves, verified afterwards like a submitted one. Time controls: Fischer ``5+3``,
correspondence ``3d/15d`` with its cap on banked time; vacations (30 days a year, where the event
allows) pause a player's correspondence clocks. No clock runs before both first moves: a casual game
whose first moves do not come within the start window is aborted, an event's clock started then. A
flag is checked on reading and ended at its moment by the clocks' ticker (``Game.flag_at``, no task a
move); the flags fallen together end together, 200 games a transaction under the games' own locks, by
the ticker and the sweep, their results carried after (``Game.to_carry`` marks a game ended on time whose result is still to be
carried, ``games.carry`` carries a batch). Draw offers where the game's rules allow a draw
(``GameSpec.draws``: offer, accept, decline, lapse when the opponent moves; ``DrawOffer``);
takebacks asked in a casual game, accepted or declined; challenges accepted, declined, withdrawn,
an open one taken by the first other player who accepts it; the arbiter's powers: give time,
adjudicate, annul. docs/play.md.
"""
