"""The scorecard games' tables: the table (``table``: the tray, the hold row, Roll and the card) with its parts
(where they stand, ``table_layout``; its painter, ``table_paint``; the keys' and pad's focus, ``table_focus``;
a box's help, ``box_help``; the cheers and a filled box in view, ``moments``), the card itself (``scorecard``),
and Challenge's table with its painter (``challenge_table``, ``challenge_paint``).

May import: ``scenes.table`` (the shell), ``scenes.dice``, ``scenes.ui``, ``scenes.persist`` and ``game`` (the
coach is ``game.coach``); not ``scenes.jackpot``.
"""
