"""Records submitted and their verification: beside ``games.live``, below ``games.play``.

Owns: submitting a game's record (or, where the event allows it, a result without one) and its
verification by the arbiter (``services``, the Celery task ``tasks``: ``games.verify_record``, sent
only when none is due, ``scheduling``; the records a task holds, ``claims``; the verifications a lost
task left, ``sweep``); whose word a result rests on (``confirmation``:
provisional, confirmed, disputed, official; the game's lock, ``lock_game``); results without a
record (``reports``); the arbiter's decision (``decisions``); a game's record as downloaded
(``downloads``) and the record written from the moves played on the service (``writer``).

May import: the games' floor (``games.models``, ``origins``, ``errors``, ``results``, ``choices``,
``options``, ``signals``, ``messages``), ``accounts``, ``common``, ``arbiter``. Never ``games.play``,
``games.live``, the edges (``games.web``, ``games.api``) nor another app above games
(``tests/test_layout.py``).

In detail: every submitted record is kept; a provisional result waits for the opponent's
confirmation or dispute, and a later record that disagrees opens a dispute; a game on the service
takes no record by hand once played there, and its result played there is official at once. A result
without a record (where the event allows it, ``Event.unrecorded_results``) is kept as a submission of
kind ``result``: a player's is provisional until the opponent confirms or an arbiter decides, an
official's is official; the round closes only once they are confirmed, and they are rated only with
``Event.rate_unrecorded``. A game's record is downloaded by URL, every game, with the tags of its
event, round, date, players, time control, result and termination (docs/downloads.md).
"""
