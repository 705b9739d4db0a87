"""What is said aloud for each thing the table tells its views (game.table.events), for a player who cannot see it.

Pure words: an event and the table as it is now go in, one short sentence in the player's language comes out (or
None: nothing worth saying at this verbosity). The speaker (game.speech.speaker) says it and writes it to the
speech log. Three verbosity levels: ``brief`` for a player who knows the game and has the sound cues, ``normal``,
and ``full`` (rolls left after each throw, what is held).
"""

from __future__ import annotations

from typing import Any

from game.rules.i18n import number, t
from game.speech import jackpot
from game.table.events import GameOver, Held, Refused, Rolled, RoundOver, Scored, Tiles, TurnBegan, TurnPassed, Undone

VERBOSITIES = ("brief", "normal", "full")
LONGEST = 200  # characters: a sentence longer than this is cut (a screen reader's user skips on after a few words)


def fit(text: str) -> str:
    """One line, at most LONGEST characters, first letter capital."""
    text = " ".join(text.split())
    if len(text) > LONGEST:
        text = text[:LONGEST - 1].rsplit(" ", 1)[0] + "…"
    return text[:1].upper() + text[1:]


def face(value: Any) -> str:
    """A die's face in words ("three"); a Jackpot symbol by its name ("cherry"); a face with no word (a ten) as
    a number."""
    if isinstance(value, int) and not isinstance(value, bool):
        word = t(f"speech.face.{value}")
        return number(value) if word == f"speech.face.{value}" else str(word)
    if isinstance(value, str):
        word = t(f"jackpot.symbol.{value}.name")
        return value if word == f"jackpot.symbol.{value}.name" else str(word)
    return str(value)


def faces(values) -> str:
    """Dice in order, as a person reads them out: "three, three, five, one, six"."""
    return ", ".join(face(value) for value in values)


def name(state, seat: int) -> str:
    return str(state.seats[seat].name)


def box_name(variant, box: str) -> str:
    return str(variant.box(box).name)


class Narrator:
    """Sentences for one table (its variant), at one verbosity; ``people`` says which seats are people at this
    screen (the computers' moves are told in the third person)."""

    def __init__(self, variant, verbosity: str = "normal", people=lambda seat: True):
        self.variant = variant
        self.verbosity = verbosity if verbosity in VERBOSITIES else "normal"
        self.people = people

    @property
    def brief(self) -> bool:
        return self.verbosity == "brief"

    def event(self, event, state) -> str | None:
        """The sentence for one event of the controller's, with the table as it is after it (None: nothing said)."""
        said = self._event(event, state)
        return fit(said) if said else None

    def _event(self, event, state) -> str | None:
        if isinstance(event, Rolled):
            return self.rolled(event, state)
        if isinstance(event, Held):
            value = state.dice[event.die] if getattr(state, "dice", None) else event.die + 1
            if self.brief and self.people(event.seat):
                return None  # the hold cue says it (scenes.ui.sound)
            if not self.people(event.seat) and self.verbosity != "full":
                return None  # a computer's holds are told with its next throw ("kept five, five"): half the words
            return t("speech.held" if event.held else "speech.released", face=face(value))
        if isinstance(event, Scored):
            return self.scored(event, state)
        if isinstance(event, TurnPassed):
            if event.hand_over:
                return t("speech.hand_over", name=name(state, event.seat))
            return self.turn(state, event.seat)
        if isinstance(event, TurnBegan):
            return t("speech.ready", name=name(state, event.seat))
        if isinstance(event, GameOver):
            return self.game_over(state, event.game)
        if isinstance(event, Undone):
            return t("speech.taken_back", name=name(state, event.seat))
        if isinstance(event, Refused):
            return None if self.brief else t("speech.refused", why=event.why)
        if isinstance(event, Tiles):
            return jackpot.tiles(event, name(state, event.seat)) or None
        if isinstance(event, RoundOver):
            return jackpot.round_over(state, event.round, lambda seat: name(state, seat))
        return None

    def rolled(self, event: Rolled, state) -> str:
        dice = faces(event.faces)
        if hasattr(state, "racks"):  # Jackpot: the symbols, and what the roll gives
            return jackpot.rolled(dice, state, name(state, event.seat), self.brief)
        if self.brief:
            return t("speech.rolled_brief", dice=dice)
        kept = [value for value, rolled in zip(event.faces, event.rolling) if not rolled]
        if kept and not self.people(event.seat) and self.verbosity != "full":
            said = t("speech.rolled_kept", name=name(state, event.seat), kept=faces(kept), dice=dice)
        else:
            said = t("speech.rolled", name=name(state, event.seat), dice=dice)
        if self.verbosity == "full" and hasattr(state, "rolls_left"):
            said += " " + t("speech.rolls_left", count=state.rolls_left())
        return said

    def scored(self, event: Scored, state) -> str:
        box = box_name(self.variant, event.box)
        if self.brief:
            said = t("speech.scored_brief", box=box, points=number(event.points))
        else:
            card = state.cards[event.game][event.seat]
            said = t("speech.scored", name=name(state, event.seat), box=box, points=number(event.points),
                     total=number(card.total(self.variant)))
            five, upper = event.bonuses_before
            if card.five_alike_bonus > five or card.upper_bonus(self.variant) > upper:
                said += " " + t("speech.bonus")
        return said

    def turn(self, state, seat: int) -> str:
        key = "speech.your_turn" if self.people(seat) else "speech.plays"
        return t(key, name=name(state, seat))

    def game_over(self, state, game: int) -> str:
        totals = state.game_totals(game) if hasattr(state, "game_totals") else list(state.totals())
        best = max(totals)
        winners = [name(state, seat) for seat, points in enumerate(totals) if points == best]
        if len(winners) == 1:
            return fit(t("speech.game_over", winner=winners[0], points=number(best)))
        return fit(t("speech.game_over_tie", winners=f" {t('speech.and')} ".join(winners), points=number(best)))

    # -------------------------------------------------------------- asked for by a key --
    def dice(self, state) -> str:
        """The dice again, and what is held ("read the dice")."""
        if not getattr(state, "dice", None):
            return fit(t("speech.no_dice"))
        said = faces(state.dice) + "."
        if hasattr(state, "racks"):  # Jackpot: nothing is held; what the roll gives
            return fit(jackpot.rolled(faces(state.dice), state, "", True))
        held = [value for value, kept in zip(state.dice, getattr(state, "held", ())) if kept]
        if held or not self.brief:
            said += " " + (t("speech.holding", dice=faces(held)) if held else t("speech.holding_none"))
        if hasattr(state, "rolls_left"):
            said += " " + t("speech.rolls_left", count=state.rolls_left())
        return fit(said)

    def card(self, state, seat: int | None = None) -> str:
        """The open boxes and what each would score with the dice now ("read the card")."""
        if hasattr(state, "racks"):  # Jackpot: the rack instead of a card
            return fit(jackpot.rack(state, state.seat if seat is None else seat))
        options = state.options(seat) if hasattr(state, "options") else None
        if options is None:
            return fit(t("speech.card_none"))
        boxes = [t("speech.box_now", box=box_name(self.variant, box), points=number(points))
                 for box, points in options.scores.items()]
        # The longest card (13 boxes) does not fit 200 characters: the best-scoring boxes first, the rest cut.
        ranked = sorted(zip(boxes, options.scores.values()), key=lambda pair: -pair[1])
        return fit(t("speech.card_open", boxes="; ".join(text for text, _ in ranked)))

    def scores(self, state) -> str:
        """Every player's total ("read the scores")."""
        totals = state.game_totals() if hasattr(state, "game_totals") else list(state.totals())
        return fit(t("speech.scores_all", scores=", ".join(
            t("speech.scores", name=name(state, seat), points=number(points)) for seat, points in enumerate(totals))))

    def die_focus(self, state, place: int, die: int) -> str:
        """The die in the keys' focus: its number key and face."""
        if not getattr(state, "dice", None):
            return fit(t("speech.no_dice"))
        key = "speech.die_focus_held" if state.held[die] else "speech.die_focus"
        return fit(t(key, number=place + 1, face=face(state.dice[die])))

    def box_focus(self, state, box: str, seat: int | None = None) -> str:
        """A box in focus and what it would score now ("Full House, 25")."""
        options = state.options(seat) if hasattr(state, "options") else None
        name_ = box_name(self.variant, box)
        if options is not None and box in options.scores:
            return fit(t("speech.box_now", box=name_, points=number(options.scores[box])))
        filled = state.card(seat).boxes.get(box) if hasattr(state, "card") else None
        if filled is not None:
            return fit(t("speech.box_filled", box=name_, points=number(filled)))
        return fit(name_)

    def roll_focus(self, state) -> str:
        return fit(t("speech.roll_focus", rolls=t("speech.rolls_left", count=state.rolls_left())))
