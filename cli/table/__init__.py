"""The table mode: show the table, ask for the next entry, check it, save it, repeat.

Every line is drawn by rich (``cli.render``); prompt_toolkit is imported only once the first
prompt is on the screen (``cli.reader``). Every accepted entry is saved
atomically by the session before the next prompt; Ctrl-C, Ctrl-D, ``quit``, SIGHUP (the
terminal closed) and SIGTERM are held back while an entry is being checked and saved, so none
of them can lose an accepted entry or leave half a file.

The package, one module a part (nothing is imported here, so that a part imports another
without a cycle):

* ``run``: ``referee play [FILE]`` — open or start the game, the signals, the table's life;
* ``loop``: ``Table``, the prompt loop and the dispatch of the commands typed at it;
* ``base``: ``TableBase``, what every part uses: the output, the entry path (check, save,
  say what it proved), the questions asked inside a command;
* ``undo``, ``claim``, ``edit``, ``tools``: the commands (``undo``/``redo``; ``claim``;
  ``edit``; ``explain``, ``analyze``, ``hint``), each a mixin over ``TableBase``;
* ``signals``: SIGTERM/SIGHUP while a line is edited, signals held while an entry is saved;
* ``words``: the help text, the command words, what Tab offers.
"""
