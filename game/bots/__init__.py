"""Computer players and the solver: from random to provably optimal.

Here: every level in one list (``levels``), the scorecard players (``players``), Jackpot's players
(``jackpot_players``), the optimal player and the dial (``optimal``), move advice (``solver``), and the
solver's turn in pure Python (``solver_turn``) and its table files (``solver_file``), and the numpy
builder of the tables (``solver_model``, ``solver_tables``: numpy is needed only to build them). The coach
that explains the solver's advice lives in :mod:`game.coach`.

May import: ``game.engine``, ``game.rules`` and the top of ``game``. Never storage of games or pygame.
"""
