"""The command line of referee: thin over the engine in ``referee``."""
