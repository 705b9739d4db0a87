"""Jackpot's table: the table scene (``jackpot_table``) and its parts (the painter ``jackpot_paint``, the
hand-over ``jackpot_handoff``, the words over the picker ``jackpot_heading`` and ``jackpot_words``, the round's
end ``jackpot_round``, the cursor and what the big rack lights ``jackpot_aim``, the racks' layout and tile drops
``jackpot_racks``), the rack (``rack_view``, holding its layout ``rack_layout``, the tiles and their flights
``rack_flights``, the painter ``rack_paint`` with the frame's layers ``rack_frame``) and the art
(``jackpot_art``; the symbol dice's looks and pictures, handed to the dice tray, ``jackpot_dice``).

May import: ``scenes.table`` (the shell), ``scenes.dice``, ``scenes.ui``, ``scenes.persist`` and ``game``; not
``scenes.scorecard``.
"""
