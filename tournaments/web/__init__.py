"""Server-rendered pages: ``urls``, ``views/`` and ``forms/`` split by page group."""
