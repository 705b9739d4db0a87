"""Today's dice: one game a day, the same dice for everyone, scores compared (issue 40).

- ``dice``: the day (a UTC date), its variant and its dice tape, derived as docs/daily.md says.
- ``play``: a day's game played by a computer level, the best score with the day's dice, and the replay check
  that refuses a claimed score its moves do not reach.
- ``results``: each person's result for each day (the first finished try), kept in a small JSON file, and streaks.
- ``rounds``: several people at one screen, each playing a whole game alone, one after the other.
- ``share``: the result line to share, which tells the score and not the dice.
- ``command``: ``dice-parlor daily``.
"""
