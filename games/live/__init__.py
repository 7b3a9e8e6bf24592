"""Live events: the streams of games and players, beside ``games.records`` and below ``games.play``.

Owns: a game's live events, stored and published after commit, never refusing a move
(``game_events``), many of them published at once (``batch``), each player's own stream
(``player_events``), the process's open streams and the Redis subscriber feeding them (``fanout``),
serving a stream under ASGI without a thread or a connection each (``streams``) and opening them a
few at a time (``stream_gate``).

May import: the games' floor (``games.models``), ``accounts``, ``common``, ``arbiter``. Never
``games.play``, ``games.records``, the edges (``games.web``, ``games.api``) nor another app above
games (``tests/test_layout.py``): play tells the streams, the streams never ask play.

In detail: a player's own stream tells him of his challenges, games started, his moves to make and
games ended; a process serves at most ``EVENT_STREAMS_MAX`` streams, and its one Redis subscriber
reconnects by itself; the events of many games' ends (``game_events.together``, ``batch``) are
published in one storage transaction and one Redis pipeline. Served under ASGI only: the server and
the connection budget are docs/deployment.md's.
"""
