"""referee: the rules engine. Pure Python: no printing, no terminal, no command line."""

__version__ = "0.1.0"
