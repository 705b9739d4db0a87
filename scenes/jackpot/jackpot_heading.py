"""The words over Jackpot's tile picker. A person who still has to choose is told what to do ("Two pairs: take
a bell or a cherry"); once a player has chosen (a computer: every move) they say what was done, in the past
tense and by name ("Ada took a cherry (three alike)"), until the next roll. A part of
:class:`scenes.jackpot.jackpot_table.JackpotTableScene` (its ``heading``), which owns what is to be said:

- ``banner``: a string key and its values (whose roll it is, whose tile came back), worded when drawn;
  ``banner_first``: after an undo, the banner comes before the roll's words;
- ``deeds``: what the last player did since their roll, each (kind, seat, symbol, roll class, column): both
  tiles of a Jackpot, a kept Chance Space tile then the tile taken; ``deed_no_room``: a tile then went back
  to the supply for want of room;
- ``move_roll``: the class of the roll the last move was made on (the turn's dice are gone once it ends);
- ``refusal``: a person's move the controller refuses (a full column's key or tap, a taken Chance Space), its
  ``Refused`` worded and said over what to do for a moment, with a low thud.
"""

from __future__ import annotations

from game.engine.actions import Action, ChanceOption, Roll
from game.engine.jackpot_state import CHANCE_SPACE, ChanceDropped, ChanceReturned, Placed, Returned
from game.rules.i18n import Tr, t
from game.table.events import Refused
from scenes.jackpot.jackpot_words import class_name, deed, either, rolled, symbol_words
from scenes.table.refusal import refusal_words

REFUSAL_SHOWN = 2.5  # seconds a refused move's words stay over the picker (or until the next move)


class Heading:
    """The heading's words (see the module docstring). ``table`` is the Jackpot table they are said at: they read
    its state and variant, its seat, ``demo``, ``person_to_play``, ``throwing`` (dice in the air), and play its thud."""

    def __init__(self, table):
        self.table = table
        self.banner: tuple[str, dict] | None = None  # a string key and its values: worded when drawn
        self.banner_first = False  # after an undo, the banner (whose tile came back) comes before the roll's words
        # What the last player did, said in the past tense until the next roll (worded when drawn):
        # (kind, seat, symbol, roll class, column), and whether a tile then went back for want of room.
        self.deeds: list[tuple[str, int, str, str | None, int | None]] = []  # since the last roll, in order
        self.deed_no_room = False
        self.move_roll: str | None = None  # the class of the roll a move was made on
        self.refusal: str | None = None
        self.refusal_time = 0.0

    def say(self, key: str, **values) -> None:
        self.banner = (key, values)

    def move_made(self, roll_class: str | None) -> None:
        """Just before a move: the roll's own words again, what was refused is past, and the roll it is made on
        is kept to say what was done (the turn's dice are gone once it ends)."""
        self.banner_first = False
        self.refusal = None
        self.move_roll = roll_class

    def forget_deeds(self) -> None:
        """Nothing done yet, as far as the table can say (on entering, after an undo, for a new round)."""
        self.deeds, self.deed_no_room = [], False

    def refused(self, events: list) -> None:
        """The controller refused a person's drop (a full column, a taken Chance Space): its reason, in the
        player's words, is said over what to do for a moment, with a low thud, instead of nothing happening."""
        for event in events:
            if isinstance(event, Refused):
                self.refusal = refusal_words(event)
                self.refusal_time = REFUSAL_SHOWN
                self.table.app.play("zero")

    def refusal_over(self, dt: float) -> None:
        """Counts down the refusal's moment (in real seconds: it is read at any animation speed)."""
        self.refusal_time = max(0.0, self.refusal_time - dt)
        if not self.refusal_time:
            self.refusal = None

    def banner_text(self) -> str:
        if not self.banner or self.table.state.is_terminal():  # once the game is over, nobody is asked to roll
            return ""
        return t(self.banner[0], **self.banner[1])

    def heading_text(self) -> str:
        """The picker's heading. A person who still has to choose is told what to do; once a player has chosen
        (a computer, every move) it says what they did, in the past tense and naming them."""
        if self.banner_first:  # after an undo: whose tile came back, first
            return self.banner_text() or self.grant_text()
        table = self.table
        done = self.deed_text()
        if table.person_to_play():
            ask = self.grant_text() or self.banner_text()
            if self.refusal:
                done = self.refusal  # first what was refused, then what to do
            return Tr(f"{done}\n{ask}") if done and ask and (table.state.dice is None or self.refusal) else ask
        state = table.state
        if table.throwing or not state.dice or done:
            return done or self.grant_text() or self.banner_text()
        name = state.seats[state.seat].name
        said = rolled(name, state.roll_class())  # a computer's roll, as a fact: it is not told what to do
        if state.stage == "chance_option":
            cry = state.roll_class() == "four_alike"
            return t("jackpot.chance_first_jackpot" if cry else "jackpot.chance_first", roll=said)
        return said

    def deed_text(self) -> str:
        """Each thing done since the roll, a line each ("Ann took a cherry (Jackpot)", "Ann took an orange ...");
        both tiles of a Jackpot alike, once: "Ann took two dollars (Jackpot)"."""
        lines = [deed(kind, self.table.state.seats[seat].name, symbol, roll_class, column, tiles)
                 for (kind, seat, symbol, roll_class, column), tiles in _alike_together(self.deeds)]
        if lines and self.deed_no_room:
            lines[-1] = t("jackpot.did.no_room", deed=lines[-1])
        return "\n".join(lines)

    def grant_text(self) -> str:
        """What the roll gives, in words: "Two pairs: take a bell or a cherry" to a person; of a computer's roll
        it says what the computer gets ("Two pairs: Bot takes a bell or a cherry"), never an order to the room."""
        table = self.table
        state = table.state
        if not state.dice:
            return ""
        if table.throwing:
            return t("jackpot.rolling")
        roll_class = state.roll_class()
        name = class_name(roll_class)
        grant = table.variant.grant(roll_class)
        cry = roll_class == "four_alike"  # "Jackpot!" ends a sentence
        if state.stage == "chance_option":
            return t("jackpot.chance_first_jackpot" if cry else "jackpot.chance_first", roll=name)
        seat = state.seats[table.seat] if table.seat >= 0 else None
        computer = seat is not None and (seat.is_computer or table.demo)
        who = seat.name if seat is not None else ""
        if computer:  # what the computer gets, not an order to the room
            lead, none = ("jackpot.takes_jackpot" if cry else "jackpot.takes"), "jackpot.none_left_takes"
        else:
            lead, none = ("jackpot.take_jackpot" if cry else "jackpot.take"), "jackpot.none_left"
        if grant.choice == "any":
            what = "any_two" if state.to_place == 2 else ("one_more" if grant.tiles == 2 else "any_one")
            return t(lead, roll=name, what=t(f"jackpot.{what}"), name=who)
        if not any(state.supply[s] > 0 for s in state.choices):
            gone = either([symbol_words(s, "name") for s in state.choices])
            return t(none, roll=name, symbols=gone, name=who)
        return t(lead, roll=name, what=either([symbol_words(s, "a") for s in state.tile_symbols()]), name=who)

    def note_deed(self, action: Action, seat: int) -> None:
        """What a player just did (``action`` and the state's events), kept to be said (see ``heading_text``)."""
        state = self.table.state
        if isinstance(action, Roll):
            self.deeds, self.deed_no_room = [], False  # a new roll: what was done before is past
        elif isinstance(action, ChanceOption) and action.choice == "keep":
            self._did(("kept", seat, state.chance[seat], None, None))
        for event in state.events:
            self._note_event(event)

    def _did(self, what: tuple) -> None:
        self.deeds.append(what)
        self.deed_no_room = False

    def _note_event(self, event) -> None:
        if isinstance(event, Placed):
            kind = "took_chance" if event.target == CHANCE_SPACE else "took"
            self._did((kind, event.seat, event.symbol, self.move_roll, None))
        elif isinstance(event, ChanceReturned):
            self._did(("returned", event.seat, event.symbol, None, None))
        elif isinstance(event, ChanceDropped):
            self._did(("dropped", event.seat, event.symbol, None, event.column))
        elif isinstance(event, Returned) and self.deeds:
            self.deed_no_room = True


def _alike_together(deeds: list[tuple]) -> list[tuple[tuple, int]]:
    """The deeds with how many tiles each says: two tiles of one symbol taken into the rack one after the other
    (a Jackpot's) are one deed of two tiles."""
    said: list[tuple[tuple, int]] = []
    for done in deeds:
        if said and done[0] == "took" and said[-1][0][:4] == done[:4] and said[-1][1] == 1:
            said[-1] = (said[-1][0], 2)
        else:
            said.append((done, 1))
    return said
