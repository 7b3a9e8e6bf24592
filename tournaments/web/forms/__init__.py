"""Forms of the pages: they validate and convert; the services write."""
