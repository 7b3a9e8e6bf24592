"""What every app shares below it, with the people of ``accounts`` (the floor: it imports no app above
it): ``locking`` (the one lock order, ``locked``, the retry of a transaction that lost a deadlock),
``sweep`` (the sweep that queues lost work again, each app registering its own work in its
``ready``; queueing after commit), ``cache_faults`` (a cache that cannot be reached never fails a
request), ``client`` (the client's address, through ``TRUSTED_PROXIES`` only), ``arrival`` (a
request's arrival), and the API's shapes every app's edge shares: ``answers`` (the one error body)
and ``pagination`` (the one pagination)."""
