"""The coach as pure game code: what it teaches, worked out from the solver without a window (issue 35).

Here: the coach at a table, weighing each choice of a person against the best and keeping the slips
(``coach``); the advice for one position (options, odds, reasons) worked out in a thread of its own, the
newest position winning (``advice``); the odds of a hold (``odds``); its line of why (``reasons``); the
upper bonus's chance (``bonus``); a slip as plain data, for the records and Practice (``slips``); and the
turn-by-turn review of a finished game (``review``).

May import: ``game.bots`` (the solver and the players), ``game.engine``, ``game.rules`` and the top of
``game`` (errors, paths). Never pygame or ``scenes``: the table, the command line and Practice show what
this package says.
"""
