"""The rules as data: what a game is, read from its YAML file, and how its boxes score.

Here: the YAML reader (``yamlsource``: safe, capped, with lines), the checked-field reader (``schema``), the
scorecard variant (``variant``) and Jackpot's rules (``jackpot``), the registry of shipped and user variants
(``variants``), scoring (``scoring``, ``hands``), plain-words explanations (``explain``) and every word on
screen (``i18n``).

May import: the standard library, PyYAML, ``game.errors`` and ``game.paths``. Nothing here knows about a
game in progress (``game.engine``), computer players, files the game writes, or pygame.
"""
