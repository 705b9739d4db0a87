"""Files the game keeps: where they live and how they are written so that nothing is lost.

Here: atomic writes and damaged files set aside (``storage``), the autosave (``saves``), the records
(``records``; the SQLite file itself: ``records_db``; its tables and versions: ``records_tables``; the old
records.json taken over: ``records_import``; all that done at start-up in a thread of its own:
``records_prepare``),
the player's settings (``settings``), the seats and game last set up (``seats``) and the kiosk's configuration
(``kiosk``).

May import: ``game.engine``, ``game.rules`` and the top of ``game``. Never computer players or pygame.
"""
