"""The moments that matter at a scorecard table: what is cheered, and a filled box kept in view a moment.

The table owns one :class:`Moments` and tells it what the engine decided (dice that landed, a box filled);
it answers with the sound to play and keeps what the table then shows: the box just filled, with its dice
still on the felt, until the next player's turn (``showing``), and the celebration over the window. It never
changes the game, and never works a rule out for itself: what is cheered is what the engine scored (five
alike that only scores in 4 of a Kind, its Yahtzee box already zeroed, is no "YAHTZEE!").
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.i18n import t
from scenes.table.celebration import Celebration, prepare


@dataclass
class Showing:
    """A box just filled, in view with the dice that filled it, before the next player's turn."""
    seat: int
    game: int
    left: float  # seconds


def large_straight(variant) -> str | None:
    """The straight box a player cheers: the longest, else the one worth most (Yatzy's 2-6 over its 1-5)."""
    straights = [b for b in variant.boxes if b.kind == "straight"]
    if not straights:
        return None
    return max(straights, key=lambda b: (b.length or len(b.faces or ()), b.score if isinstance(b.score, int) else 0)).id


class Moments:
    def __init__(self, variant, felt: pygame.Rect, seed: int, window: pygame.Rect | None = None):
        self.variant = variant
        self.felt = pygame.Rect(felt)  # where the dice are thrown: the sparks burst from there
        self.window = window  # what the confetti covers (None: the whole canvas)
        prepare()  # the sparks' sprites and the light, drawn once: never in a cheer's frame
        self.seed = seed
        self.showing: Showing | None = None
        self.celebration: Celebration | None = None

    def cheer(self, words: str, big: bool, glow: set[int], move: int, origin=None) -> None:
        """A celebration over the window; its confetti is seeded by the game and the move, never by the dice.
        ``origin``: where its sparks burst from (the dice that scored)."""
        self.celebration = Celebration(words, big, self.felt, self.seed * 1_000_003 + move, glow, self.window,
                                       origin)

    def scored(self, seat: int, box: str, game: int, card, bonuses_before: tuple[int, int], faces: list,
               seconds: float, move: int, dice_glow: bool = True, origin=None) -> tuple[str, float]:
        """A box filled: cheered if it matters, then kept in view ``seconds`` (a cheer is seen whole where the
        pace allows it). ``faces``: the dice on the felt; ``dice_glow`` False where they are not what scored
        (Challenge's markers); ``origin``: where the dice lie, for the sparks. Returns the sound to play and how long
        the box shows."""
        moment = self._moment(box, card, bonuses_before, faces)
        sound = "score" if card.boxes[box] else "zero"
        if moment is not None:
            words, big, glow = moment
            self.cheer(words, big, glow if dice_glow else set(), move, origin)
            sound = "fanfare" if big else "bonus"
            seconds = max(seconds, min(self.celebration.length, 2 * seconds))
        self.showing = Showing(seat, game, seconds)
        return sound, seconds

    def _moment(self, box: str, card, bonuses_before: tuple[int, int], faces: list):
        """What a filled box is cheered with, if anything: (words, big, dice that glow)."""
        v, points = self.variant, card.boxes[box]
        every = {d for d, face in enumerate(faces) if face is not None}
        five = str(v.five_alike_name)
        gained = card.five_alike_bonus - bonuses_before[0]
        if gained > 0:
            return t("table.five_alike_bonus", name=five, points=gained), True, every
        if box == v.five_alike_box and points:
            return t("table.five_alike", name=five), True, every
        if box == large_straight(v) and points:
            return t("table.large_straight", box=v.box(box).name), False, every
        if card.upper_bonus(v) > bonuses_before[1]:
            face = v.box(box).face
            return t("table.upper_bonus", points=v.upper_bonus.points), False, {d for d in every if faces[d] == face}
        return None

    def update(self, dt: float) -> Showing | None:
        """The scene's time goes on; returns the box shown once it has been seen (the next turn may come)."""
        if self.celebration is not None:
            self.celebration.update(dt)
            if self.celebration.over():
                self.celebration = None
        shown = self.showing
        if shown is None:
            return None
        shown.left -= dt
        if shown.left > 1e-9:  # sums of made-up steps fall a hair short
            return None
        self.showing = None
        return shown

    def glow(self) -> set[int]:
        """The dice that glow for the cheer on now (none: the table's own marks)."""
        return set(self.celebration.glow) if self.celebration is not None else set()

    def cancel(self) -> None:
        """An undo: the box is empty again, nothing is cheered."""
        self.showing = self.celebration = None

    def seat_in_view(self, to_play: int) -> int:
        """The seat the table shows: the one who just scored while their box is in view, else the one to play."""
        return self.showing.seat if self.showing is not None else to_play

    def moving(self) -> bool:
        return self.showing is not None or self.celebration is not None

    def draw(self, surface: pygame.Surface, banner: pygame.Rect) -> None:
        if self.celebration is not None:
            self.celebration.draw(surface, banner)
