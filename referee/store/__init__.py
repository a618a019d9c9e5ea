"""The save file on disk: reading and writing it (tomli, tomli-w, tomlkit), where a key
is written, one writer at a time (the lock), the redo record, the seats' keys."""
