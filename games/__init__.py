"""The games app: a game whatever its origin (a pairing of an event, a casual game on the service,
an imported record), cut by concern as ``tournaments`` is. The only bridge to ``arbiter``.

The rooms, each importing only those below it (``tests/test_layout.py``):

* the edges: ``web`` (the pages, the page's board) and ``api`` (the REST API), with ``templatetags``;
  ``apps`` (what ``ready`` connects) and ``admin`` wire everything;
* ``play``: play on the service (a move, the clocks, flags, the end of play and its carrying,
  aborts, takebacks, draws, challenges, vacations, the arbiter's powers); it imports ``records`` and
  ``live``;
* ``records`` (records submitted and their verification, confirmation, reports, decisions,
  downloads, the record writer) and ``live`` (live events and their streams), side by side: neither
  imports the other, nor play;
* the floor, directly here: ``models`` (the schema), ``origins`` (the one interface an origin
  registers: what the games learn of it), ``errors``, ``results`` (pure: the result codes),
  ``choices`` (the registered games as Django sees them), ``options`` (a game's start options),
  ``roles`` (who a user is over a game, for ``accounts.policy``), ``signals`` (the hooks for
  optional listeners), ``messages`` (the arbiter's words in the reader's language); it imports
  none of the rooms above it.

May import: ``accounts``, ``common``, ``arbiter``, and ``config.celery`` from a task module. Never
``tournaments`` nor ``personal``, not even a model by string: what a game needs of its origin comes
through ``games.origins``.

The floor in detail. ``models``: a game whatever its origin (a pairing of an event, a game on the
service, an imported record); ``Game`` names no pairing: the link from a pairing to its games is the
tournaments' ``PairingGame``. ``origins``: the one ``Origin`` an app registers for the games it owns
and what holds them, asked by direct calls: a game's place (event, round, board, number in the match:
``Game.place``, what the API and the notices show), its officials, whether a change of its result is
allowed now (``ResultFixed``), locking it under the rows above it, vacations, its result carried to
what it belongs to, games read with their place and in order, whether records are taken by hand for
it at all (``takes_records``: no submission offered for a round played only on the service); of what
holds games, which submissions and reports name with a game number: its games, whether it takes
reports, reopening it for a submission (``SubmissionsClosed``); ``tournaments.results.pairing_origin``
registers it for the pairing. ``errors``: ``GameServiceError`` and the typed refusals ``ResultFixed``,
``PlayedOnService``, ``SubmissionsClosed``. ``choices``: the registered games as Django sees them:
form and API choices, the validators of the game and family columns, which have no ``choices`` so
that adding a game changes no migration, names of games, ends and scores. ``options``: a game's start
options (``Game.options``) as its spec declares them: checked, resolved when a game is created,
carried into its start and the tags its records must agree; the forms, the API and the pages read
them from here. ``roles``: a user's roles over a game, for ``accounts.policy``. ``signals``:
``result_changed`` and the play hooks, for optional listeners of other apps.
"""
