"""Computer players and the solver: from random to provably optimal.

Here: the scorecard players and the level dial (``players``), Jackpot's players (``jackpot_players``), the
optimal player and move advice (``solver``) and the solver's tables (``solver_tables``, which needs numpy
to build).

May import: ``game.engine``, ``game.rules`` and the top of ``game``. Never storage of games or pygame.
"""
