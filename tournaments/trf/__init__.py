"""TRF-2026 files: ``format`` (pure: parse, write, cut), ``io`` (export an event, import a file),
``pairing`` (the pairing state read from a TRF document: ``pair_trf`` and the reference corpus) and
``standings`` (pure: C.07 standings of a TRF document, ``standings_trf``). docs/pairing.md, "TRF".
"""
