"""Kiosk mode: the controller that keeps a public touch screen to itself, the admin's PIN pad and panel,
and the X11 request that takes the screen back.

May import: ``scenes.ui``, ``scenes.demo`` and ``game``.
"""
