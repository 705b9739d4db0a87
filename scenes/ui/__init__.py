"""The front end's toolbox: the scene stack, widgets, theme, text fitting, input, tweens, assets, sound and the
memory of a long run (``heap``: big blocks back to the system, the surface caches' sizes for the log).

May import: pygame, ``game`` (texts, paths) and each other. Never a table, a menu or the kiosk.
"""
