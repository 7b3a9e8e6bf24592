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
"""
