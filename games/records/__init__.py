"""Records submitted and their verification: beside ``games.live``, below ``games.play``.

Owns: submitting a game's record (or, where the event allows it, a result without one) and its
verification by the arbiter (``services``, the Celery task ``tasks``: ``games.verify_record``, and
the verifications a lost task left, ``sweep``); whose word a result rests on (``confirmation``:
provisional, confirmed, disputed, official; the game's lock, ``lock_game``); results without a
record (``reports``); the arbiter's decision (``decisions``); a game's record as downloaded
(``downloads``) and the record written from the moves played on the service (``writer``).

May import: the games' floor (``games.models``, ``origins``, ``errors``, ``results``, ``choices``,
``options``, ``signals``, ``messages``), ``accounts``, ``common``, ``arbiter``. Never ``games.play``,
``games.live``, the edges (``games.web``, ``games.api``) nor another app above games
(``tests/test_layout.py``).
"""
