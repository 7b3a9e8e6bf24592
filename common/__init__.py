"""What every app shares below it, with the people of ``accounts`` (the floor: it imports no app above
it): ``locking`` (the one lock order, ``locked``, the retry of a transaction that lost a deadlock),
``sweep`` (the sweep that queues lost work again, each app registering its own work in its
``ready``; queueing after commit), ``cache_faults`` (a cache that cannot be reached never fails a
request) and ``client`` (the client's address, through ``TRUSTED_PROXIES`` only)."""
