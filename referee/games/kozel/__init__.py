"""Kozel (RULES.md, seed 004): ``rules`` (the ``Kozel`` rules class, its rule ids and the
series), ``cards`` (card order, the beat), ``play`` (one game replayed), ``score``,
``explain``, ``playout`` (random legal series) and ``text`` (its notation and sentences)."""
