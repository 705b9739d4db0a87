"""The front end's toolbox: the scene stack, widgets, theme, text fitting, input, tweens, assets and sound,
and the C heap's setting for a game that runs for days (heap).

May import: pygame, ``game`` (texts, paths) and each other. Never a table, a menu or the kiosk.
"""
