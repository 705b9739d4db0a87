"""Computer players and the solver: from random to provably optimal.

Here: every level in one list (``levels``), the scorecard players (``players``), Jackpot's players
(``jackpot_players``), the optimal player and the dial (``optimal``), move advice (``solver``), and the
solver's numpy model (``solver_model``) and tables (``solver_tables``; numpy is needed to build them).

May import: ``game.engine``, ``game.rules`` and the top of ``game``. Never storage of games or pygame.
"""
