"""The table shell every kind of game shares: the play scene that shows a table's controller (``play_scene``:
the menu, undo, the computers' pace, the first say on input), the first game's walkthrough (``walkthrough``) and
the confetti of a cheer or a win (``celebration``, which the game-over screen throws too). Each kind's table is
in its own room (``scenes.scorecard``, ``scenes.jackpot``) and builds on this one.

May import: ``scenes.dice``, ``scenes.ui``, ``scenes.persist``, ``scenes.speaking`` and ``game``; not a kind's
table room (a kind's table hands the shell what it needs).
"""
