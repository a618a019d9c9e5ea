"""Wisconsin Schmier (seed 001) and Schmier (seed 003): ``rules`` (the rules classes and their
rule ids), ``tables`` (the deal tables of the save file), ``play`` (one deal replayed),
``exchange``, ``hands`` (what the referee knows of the hands), ``score``, ``explain``,
``playout`` (random legal games) and ``text`` (every sentence they say)."""
