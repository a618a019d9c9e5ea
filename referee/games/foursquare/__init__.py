"""Foursquare (RULES.md, seed 002): ``rules`` (the ``Foursquare`` rules class and its rule
ids), ``play`` (one game replayed), ``explain`` and ``text`` (every sentence it says)."""
