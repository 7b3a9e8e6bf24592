"""The tournaments app: events as clients of games, one Django app cut into packages by concern.

The packages, each saying more in its own docstring: ``core`` (the pure floor), the features
``events``, ``registration``, ``pairing``, ``results``, ``standings``, ``ratings``, ``trf``,
``autopilot`` (the steps an event takes by itself, above the features) and ``telling`` (what an event
tells, below the features that call it), and the edges ``web``, ``api``, ``templatetags`` and
``management``. No package imports another in a loop, and ``core`` imports none of them
(``tests/test_layout.py``).

The modules directly here, shared by the packages:

* ``models``: the schema of events: events (their games' options, ``EventGameOptions`` in
  ``event_options``: GIPF with potentials' set of potentials, docs/rules.md P-27), registrations,
  rounds (``Round.is_draft``), pairings (``Pairing.objects.visible_to(user)``), a pairing's games
  (``PairingGame``, in ``game_links``: the pairing, game ``number`` of its match, the game;
  ``pairing.games``, in order with ``Pairing.objects.with_games()``; from a game
  ``game.pairing_game.pairing``), Swiss bye rules and requests, publication and audit, standings,
  rating changes (the rating lists in ``rating_models``, the autopilot in ``autopilot_models``);
* ``rounds``: what an event's rounds allow next (next unpaired round, last closed round, can pair
  next, can finish, registration open): read-only questions asked by services and pages alike; where
  a round's games are played (``play_mode``: elsewhere, on the service, both; the round's choice else
  the event's) and their ``time_control``; the players the service cannot seat (``without_account``,
  flagged to the organisers on the overview, the players list, the round and the publish
  confirmation);
* ``starts``: when a round's games start, and the grace for their first moves; ``signals``: the hook
  of an event's steps, for listeners above the packages that take them;
* ``work``: the work the database still owes (stale marks written with the write that needs them,
  "being updated" on the pages); ``sweep`` and ``tasks``: the tournaments' sweep work (standings,
  ratings, pairings), run by ``common.sweep`` from Celery beat or a request on the embedded default;
  ``locking``: the lock order's levels of events (event, round, pairing) and the mark of a round being
  paired (an advisory lock on PostgreSQL, gone with a killed worker);
* ``integrity``: ``create_or_refuse``, an insert that collides with a concurrent one on a unique
  constraint becomes a ``ServiceError`` ("already registered", "an event with this name exists"),
  never a 500;
* ``confirmations``: what an irreversible action (close, publish, finish, withdraw) will do: the pages'
  confirmation page and the API's 400 ``confirmation_required`` until ``confirm`` is sent;
* ``errors``: the tournament side's name for the project's error base (``accounts.errors``).

May import ``games`` (never the other way round: the games learn of events only through the origin
registered in ``games.origins``), ``accounts``, ``common``, ``arbiter``, and ``config.celery`` from a
task module; never ``personal``: an event tells people through ``accounts.notices``.
"""
