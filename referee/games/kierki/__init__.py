"""Kierki (RULES.md, seed 000): ``rules`` (the ``Kierki`` rules class and its rule ids),
``play`` (one deal replayed), ``outcome`` (deals recorded as an outcome), ``explain``,
``playout`` (random legal games) and ``text`` (every sentence it says)."""
