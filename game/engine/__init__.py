"""The engine: a match in progress and the one API everyone plays through.

Here: actions (``actions``), one seat's card (``card``), the scorecard state and the base every family's
state shares (``state``), Challenge's common rolls (``challenge``), Jackpot's state (``jackpot_state``), a
match's totals, winners and results' rows (``results``), the session with its replayable log (``session``)
and where its dice come from (``dice_source``: seeded, a fixed tape, far away).

May import: ``game.rules`` and the top of ``game`` (errors, paths). Never computer players, storage or
pygame.
"""
