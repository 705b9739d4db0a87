"""Playing with family far away: one Matrix room per game, the room's history the game's log.

Here: the protocol as data (``protocol``: the event types, their content, versioned, ints and strings
only), dice nobody can choose (``dice``: hash chains, commit-reveal, faces derived from every seat's
link), the referee that checks a whole game from the room's history alone (``referee``), a seat that
plays through a room (``seat``), how a room is reached (``transport``: the interface and an in-memory
room; ``matrix``: matrix-nio, its asyncio loop in a thread of its own), and the headless
``dice-parlor online host|join`` (``cli``). docs/online.md says the protocol in full.

May import: ``game.table``, ``game.bots``, ``game.engine``, ``game.rules``, ``game.errors``,
``game.paths`` and matrix-nio (only in ``matrix``, the optional extra ``online``). Never pygame,
``scenes`` or storage.
"""
