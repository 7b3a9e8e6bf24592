"""TRF-2026 files: ``format`` (pure parse, write, cut), ``io`` (export an event, import a file),
``pairing`` (the pairing state of a document) and ``standings`` (C.07 standings of a document)."""
