"""Today's dice in the window: the day's screen (``today``), the hand-over between the people who play the day's
dice one after the other (``next_person``) and their results side by side (``results``). The dice, the results
file and the share line are ``game.daily``'s.

May import: ``scenes.menus`` (the seats last set up, the question before replacing a saved game), ``scenes.ui``
and ``game``.
"""
