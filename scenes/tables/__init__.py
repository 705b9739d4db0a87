"""The game tables: the play scene every table shares, each family's table, the dice tray, the Jackpot
rack and art, the scorecard, box help and the coach.

May import: ``scenes.ui``, the engine and rules of ``game``, and each other.
"""
