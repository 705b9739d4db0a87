"""The table without a window: commands in, events out, seats as drivers.

Here: what a seat may ask the table (``commands``), what the table tells its views (``events``), who sits
at each seat and how their moves come (``seats``: a person at this screen, a computer; a seat far away
fits the same interface), how fast computers play (``pace``), and the controller of each kind of game
(``controller``: the scorecard games, Challenge's common rolls, Jackpot's rack) that checks a command,
plays it through the session and says what happened as events, and who may take back which move
(``undo``).

The screens (``scenes/table`` and each kind's room) turn input into commands and animate the events; the
command line and the tests drive whole games with commands alone.

May import: ``game.engine``, ``game.rules``, ``game.bots`` and the top of ``game``. Never storage or pygame.
"""
