"""The coach (``coach``, ``coach_reasons``), pure Python, waiting here while it moves into ``game``. The tables
themselves are in their rooms: the shell every table shares in ``scenes.table``, the dice in ``scenes.dice``,
the scorecard tables in ``scenes.scorecard``, Jackpot's in ``scenes.jackpot``.

May import: ``game``.
"""
