"""Live events: the streams of games and players, beside ``games.records`` and below ``games.play``.

Owns: a game's live events, stored and published after commit, never refusing a move
(``game_events``), many of them published at once (``batch``), each player's own stream
(``player_events``), the process's open streams and the Redis subscriber feeding them (``fanout``),
serving a stream under ASGI without a thread or a connection each (``streams``) and opening them a
few at a time (``stream_gate``).

May import: the games' floor (``games.models``), ``accounts``, ``common``, ``arbiter``. Never
``games.play``, ``games.records``, the edges (``games.web``, ``games.api``) nor another app above
games (``tests/test_layout.py``): play tells the streams, the streams never ask play.
"""
