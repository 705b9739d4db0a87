"""Play with family far away, in the window: the screen that signs in to Matrix, starts a game with far seats and
lists the games one is in (``far_away``). The account, the lobby's thread and the protocol are ``game.online``'s.

May import: ``scenes.ui`` and ``game``.
"""
