"""What every app shares below it, with the people of ``accounts`` (the floor: it imports no app above
it, nor names their models by string; ``tests/test_layout.py``):

* ``locking``: the one lock order, ``locked``, the retry of a transaction that lost a deadlock;
* ``sweep``: the sweep that queues lost work again, each app registering its own work in its
  ``ready``; queueing after commit;
* ``cache_faults``: a cache that cannot be reached never fails a request (logged, nothing locked or
  throttled);
* ``redis_faults``: Redis inside a request fails fast (the cache, the live events' publisher, the
  broker): one attempt, ``REDIS_TIMEOUT`` at most, a server that failed refused at once for
  ``REDIS_RETRY_AFTER`` seconds; a Redis failure logged in one line;
* ``client``: the client's address, ``X-Forwarded-For`` read through ``TRUSTED_PROXIES`` only;
* ``arrival``: when a request arrived, the moment a move is judged at;
* the API's shapes every app's edge shares: ``answers`` (the one error body), ``pagination`` (the
  one pagination: limit and offset, both bounded) and ``schema`` (an operation's usual answers, the
  check of a request's body);
* ``fields``: the model fields every app's records share (``done_by``, who did it).
"""
