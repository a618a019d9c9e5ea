"""The history of a game: a session adding and taking back entries, editing an entry,
the entries a claim writes, and the game scored under other house rules."""
