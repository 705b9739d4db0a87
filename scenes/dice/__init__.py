"""The dice: the tray every table throws on (``dice_tray``, which shows the faces the engine drew and decides
nothing), how a die is seen and drawn (``dice_sight``, ``dice_render``, ``dice_die``, ``dice_spots``), the cup
(``dice_cup``), flat dice pictures for the title, the icons and Challenge's markers (``die_art``), and the
physics that throws them (``physics``). A table hands the tray what its dice look like (``Look``s and a picture
for a symbol), so Jackpot's symbol dice are data, not a kind of tray.

May import: ``scenes.ui`` and each other; not ``game`` (the dice know no rules) nor any table's room.
"""
