"""The screens around the tables: title, new game, settings, records, rules, game over, roll-off,
dialogs, F1 help and the first-game walkthrough.

May import: ``scenes.ui``, the dice (``scenes.dice``), the shell's celebration (``scenes.table``), the speech
(``scenes.speaking``) and ``game`` (the coach is ``game.coach``).
"""
