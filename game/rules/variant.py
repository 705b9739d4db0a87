"""A scorecard variant: the frozen description of one game's rules.

A variant is read from a YAML file (see ``assets/variants/``) into the
dataclasses below. Everything a rule sheet varies lives here as data: the
boxes and how they score, the bonuses, the joker mode, rolls per turn, seats,
games per match and the texts. The Python in :mod:`game.rules.scoring` only knows
the box *kinds*; no variant has code of its own.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from dataclasses import asdict, dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, overload

from game.errors import VariantError, shown
from game.kinds import FAMILIES
from game.rules import drawable, i18n
from game.rules.schema import Fields, describe

BOX_KINDS = ("face", "of_a_kind", "pairs", "full_house", "straight", "five_alike", "chance")
JOKER_MODES = ("none", "official", "upper_filled", "free")
TURN_STRUCTURES = ("solo", "common")


@dataclass(frozen=True)
class Text:
    """A text in one or more languages; English is the fallback."""

    values: tuple[tuple[str, str], ...]

    def get(self, language: str | None = None) -> str:
        """The text in ``language`` (default: the one on screen), else English."""
        table = dict(self.values)
        if language is None:
            language = i18n.language()
        if language == i18n.PSEUDO:  # the layout check's language: English made longer
            return str(i18n._pseudo(table.get("en") or next(iter(table.values()), "")))
        return table.get(language) or table.get("en") or next(iter(table.values()), "")

    def __str__(self) -> str:
        return self.get()

    @classmethod
    def plain(cls, text: str) -> Text:
        return cls((("en", text),))


@dataclass(frozen=True)
class Box:
    """One box on the scorecard and how it scores.

    ``score`` is a fixed number of points, ``"total"`` (all dice) or
    ``"matching"`` (only the dice that make the pattern).
    """

    id: str
    name: Text
    kind: str
    section: str
    score: int | str
    face: int | None = None
    count: int | None = None
    length: int | None = None
    faces: tuple[int, ...] | None = None
    help: Text | None = None

    @property
    def upper(self) -> bool:
        return self.section == "upper"


@dataclass(frozen=True)
class UpperBonus:
    threshold: int
    points: int


@dataclass(frozen=True)
class Variant:
    id: str
    name: Text
    description: Text
    help: Text
    boxes: tuple[Box, ...]
    dice: int = 5
    faces: int = 6
    rolls_per_turn: int = 3
    min_players: int = 1
    max_players: int = 6
    max_games: int = 6
    default_games: int = 1
    turns: str = "solo"
    joker: str = "none"
    five_alike_full_house: bool = False
    upper_bonus: UpperBonus | None = None
    five_alike_bonus: int | None = None
    source: str = field(default="", compare=False)
    family: str = "scorecard"
    # What this kind of game says about itself (see also Jackpot's, game.rules.jackpot):
    solvable = True  # the solver knows it: its tables, the coach, the Perfect level and ``advise``
    plays_in_terminal = True  # ``dice-parlor play`` plays it (game.terminal)

    @property
    def kind(self) -> str:
        """Which engine plays it: ``solo`` turns or ``common`` rolls (game.engine.families)."""
        return self.turns

    if TYPE_CHECKING:  # derived look-ups set below; not fields at run time, so eq, hash and repr stay the rules'
        _by_id: dict[str, Box] = field(init=False)
        _face_box: dict[int | None, str] = field(init=False)
        _five_alike_box: str | None = field(init=False)

    # Derived look-ups, computed once; the rules themselves stay frozen.
    def __post_init__(self) -> None:
        by_id = {box.id: box for box in self.boxes}
        face_box = {box.face: box.id for box in self.boxes if box.kind == "face"}
        five = [box.id for box in self.boxes if box.kind == "five_alike"]
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "_face_box", face_box)
        object.__setattr__(self, "_five_alike_box", five[0] if five else None)

    def box(self, box_id: str) -> Box:
        return self._by_id[box_id]

    @property
    def box_ids(self) -> tuple[str, ...]:
        return tuple(box.id for box in self.boxes)

    def face_box(self, face: int) -> str | None:
        """The upper box that counts this face, if the variant has one."""
        return self._face_box.get(face)

    @property
    def five_alike_box(self) -> str | None:
        return self._five_alike_box

    @property
    def upper_boxes(self) -> tuple[str, ...]:
        return tuple(box.id for box in self.boxes if box.upper)

    @property
    def lower_boxes(self) -> tuple[str, ...]:
        return tuple(box.id for box in self.boxes if not box.upper)

    @property
    def five_alike_name(self) -> Text:
        box = self.five_alike_box
        return self.box(box).name if box else Text.plain("five alike")

    @cached_property
    def rules_hash(self) -> str:
        """A hash of what affects play (not texts): tables built for other rules are never reused."""
        rules = {
            "dice": self.dice, "faces": self.faces, "rolls": self.rolls_per_turn, "turns": self.turns,
            "joker": self.joker, "fh5": self.five_alike_full_house,
            "upper_bonus": asdict(self.upper_bonus) if self.upper_bonus else None,
            "five_alike_bonus": self.five_alike_bonus,
            "boxes": [[b.id, b.kind, b.section, b.score, b.face, b.count, b.length, b.faces] for b in self.boxes],
        }
        return hashlib.sha256(json.dumps(rules, sort_keys=True).encode()).hexdigest()[:16]

    def summary(self) -> str:
        bonus = f", upper bonus {self.upper_bonus.points} at {self.upper_bonus.threshold}" if self.upper_bonus else ""
        five = f", {self.five_alike_name} bonus {self.five_alike_bonus}" if self.five_alike_bonus else ""
        seats = f"{self.min_players}-{self.max_players} players"
        common = ", common rolls" if self.turns == "common" else ""
        return (f"{self.id}: {self.name} - {len(self.boxes)} boxes, {self.rolls_per_turn} rolls per turn"
                f"{bonus}{five}, joker {self.joker}{common}, {seats}, up to {self.max_games} games per match")


# ---------------------------------------------------------------- parsing --

_TOP_KEYS = {
    "format", "family", "name", "description", "help", "dice", "faces", "rolls_per_turn", "players", "games",
    "turns", "joker", "five_alike_full_house", "upper_bonus", "five_alike_bonus", "boxes",
}
_BOX_KEYS = {"id", "name", "kind", "section", "score", "face", "count", "length", "faces", "help"}
# Which extra keys each kind needs, and which score forms it accepts.
_KIND_SCORES = {
    "face": ("matching",),
    "of_a_kind": ("total", "matching", int),
    "pairs": ("matching", "total", int),
    "full_house": ("total", int),
    "straight": ("total", int),
    "five_alike": (int,),
    "chance": ("total",),
}
_KIND_DEFAULT_SCORE = {"face": "matching", "of_a_kind": "total", "pairs": "matching", "chance": "total",
                       "full_house": "total"}


REQUIRED = object()
# The longest text each kind of field may hold, in characters: what the table can show (a box's name on the
# scorecard, a game's name on the New game screen) with room for the longest language.
NAME_LENGTH = 40
DESCRIPTION_LENGTH = 400
HELP_LENGTH = 8000
MAX_POINTS = 1000  # any number of points a file gives: the solver and the records stay well inside their ranges
MAX_BOXES = 17  # the solver's table doubles with every box: 2**17 card masks is what it holds (the card shows 20)


@overload
def read_text(fields: Fields, key: str, default: str = ..., most: int = NAME_LENGTH) -> Text: ...


@overload
def read_text(fields: Fields, key: str, default: None, most: int = NAME_LENGTH) -> Text | None: ...


def read_text(fields: Fields, key: str, default: Any = REQUIRED, most: int = NAME_LENGTH) -> Text | None:
    """A text field: plain text, or a mapping from language code to text, of at most ``most`` characters.

    ``default`` is returned as a Text when the key is absent (None stays None). A required text may not be
    empty.
    """
    if not fields.has(key):
        if default is REQUIRED:
            fields.get(key, str)  # raises "missing"
        return None if default is None else Text.plain(default)
    value = fields.data[key]
    if isinstance(value, str):
        return Text.plain(_checked_text(fields, key, fields.get(key, str), most, default is REQUIRED))
    if isinstance(value, dict):
        texts = fields.sub(key, set(i18n.languages()))
        pairs = tuple((lang, _checked_text(texts, lang, texts.get(lang, str), most, default is REQUIRED))
                      for lang in i18n.languages() if texts.has(lang))
        if not any(lang == "en" for lang, _ in pairs):
            raise fields.fail(key, "needs an English text (en)")
        return Text(pairs)
    raise fields.fail(key, f"expected text or a mapping of languages to text, got {describe(value)}")


def _checked_text(fields: Fields, key: str, text: str, most: int, required: bool) -> str:
    text = text.strip()
    if len(text) > most:
        raise fields.fail(key, f"is {len(text)} characters long; at most {most} fit")
    if required and not text:
        raise fields.fail(key, "must not be empty")
    undrawable = drawable.first_undrawable(text)
    if undrawable is not None:
        raise fields.fail(key, f"{shown(text)} holds a character the game's fonts cannot draw "
                               f"(U+{ord(undrawable):04X})")
    if required and not shows(text):
        raise fields.fail(key, f"{shown(text)} has no character that shows (only spaces, or characters that "
                               f"draw nothing)")
    if most <= NAME_LENGTH and text.splitlines() != [text]:
        raise fields.fail(key, f"{shown(text)} must be one line")
    return text


def shows(text: str) -> bool:
    """Whether a text has a character that draws something: a letter, digit, punctuation mark or symbol, not
    only spaces, marks, invisible characters (U+200B, U+00AD, U+2060) or ones that draw blank (U+2800, the
    Hangul fillers: see game.rules.drawable)."""
    return any(unicodedata.category(c)[0] in "LNPS" and not drawable.blank(c) for c in text)


def is_word(text: str) -> bool:
    """An id: ASCII letters, digits and underscores, starting with a letter, at most 32 long."""
    return bool(re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,31}", text))


def game_texts(top: Fields) -> tuple[Text, Text, Text]:
    """A game's name, description and help, each within what its screen can show."""
    return (read_text(top, "name"), read_text(top, "description", most=DESCRIPTION_LENGTH),
            read_text(top, "help", "", HELP_LENGTH))


def _parse_box(file: str, index: int, item: Any, line: int, faces: int, dice: int) -> Box:
    path = f"boxes[{index}]"
    box = Fields(file, path, item, getattr(item, "line", line), _BOX_KEYS)
    box_id = box.get("id", str)
    if not is_word(box_id):
        raise box.fail("id", f"{shown(box_id)} must be a word of up to 32 letters (a-z), digits and underscores")
    name = read_text(box, "name")
    kind = box.choice("kind", BOX_KINDS)
    face = count = length = None
    exact: tuple[int, ...] | None = None
    if kind == "face":
        face = box.integer("face", low=1, high=faces)
    elif kind == "of_a_kind":
        count = box.integer("count", low=2, high=dice)
    elif kind == "pairs":
        count = box.integer("count", low=1, high=dice // 2)
    elif kind == "straight":
        if box.has("faces") == box.has("length"):
            raise box.fail("length", "a straight needs either length or faces, not both")
        if box.has("length"):
            length = box.integer("length", low=2, high=min(dice, faces))
        else:
            raw = box.get("faces", list)
            if not raw or not all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= faces for f in raw):
                raise box.fail("faces", f"must list faces from 1 to {faces}")
            if len(set(raw)) != len(raw) or len(raw) > dice:
                raise box.fail("faces", f"must list at most {dice} different faces")
            exact = tuple(sorted(raw))
    for extra in ("face", "count", "length", "faces"):
        needs = {"face": "face", "count": ("of_a_kind", "pairs"), "length": "straight", "faces": "straight"}[extra]
        if box.has(extra) and kind not in (needs if isinstance(needs, tuple) else (needs,)):
            raise box.fail(extra, f"does not apply to a {kind} box")
    allowed = _KIND_SCORES[kind]
    if box.has("score"):
        score = box.get("score", (int, str))
        ok = (int in allowed and isinstance(score, int)) or score in allowed
        if not ok:
            words = ", ".join("a number of points" if a is int else str(a) for a in allowed)
            raise box.fail("score", f"a {kind} box scores {words}; got {describe(score)}")
        if isinstance(score, int) and not 0 <= score <= MAX_POINTS:
            raise box.fail("score", f"points must be from 0 to {MAX_POINTS}, got {score}")
    elif kind in _KIND_DEFAULT_SCORE:
        score = _KIND_DEFAULT_SCORE[kind]
    else:
        raise box.fail("score", "missing (this field is required)")
    section = box.choice("section", ("upper", "lower"), "upper" if kind == "face" else "lower")
    return Box(box_id, name, kind, section, score, face, count, length, exact,
               read_text(box, "help", None, DESCRIPTION_LENGTH))


def parse_variant(data: Any, file: str, variant_id: str) -> Variant:
    """Checks one parsed YAML document and builds the frozen :class:`Variant`."""
    top = Fields(file, "", data, getattr(data, "line", 1), _TOP_KEYS)
    top.integer("format", 1, low=1, high=1)
    top.choice("family", tuple(FAMILIES), "scorecard")
    name, description, help_text = game_texts(top)
    # The table draws dice with pips (1 to 6) and holds them with keys 1-6: that bounds what a file may ask.
    dice = top.integer("dice", 5, low=2, high=6)
    faces = top.integer("faces", 6, low=2, high=6)
    rolls = top.integer("rolls_per_turn", 3, low=1, high=10)
    players = top.sub("players", {"min", "max"})
    low = players.integer("min", low=1, high=6)
    high = players.integer("max", low=1, high=6)
    if high < low:
        raise players.fail("max", f"must be at least min ({low}), got {high}")
    games = top.sub("games", {"max", "default"}, None)
    max_games = games.integer("max", low=1, high=6) if games else 6
    default_games = games.integer("default", 1, low=1, high=max_games) if games else 1
    turns = top.choice("turns", TURN_STRUCTURES, "solo")
    joker = top.choice("joker", JOKER_MODES)
    fh5 = top.get("five_alike_full_house", bool, False)

    boxes: list[Box] = []
    box_lines: list[int] = []
    seen: dict[str, int] = {}
    for index, item, line in top.items("boxes", MAX_BOXES):
        box = _parse_box(file, index, item, line, faces, dice)
        if box.id in seen:
            raise VariantError(file, getattr(item, "line", line), f"boxes[{index}].id",
                               f"'{box.id}' is already the id of boxes[{seen[box.id]}]")
        seen[box.id] = index
        boxes.append(box)
        box_lines.append(getattr(item, "line", line))
    face_boxes = [b for b in boxes if b.kind == "face"]
    for index, box in enumerate(boxes):
        if box.kind == "face" and sum(1 for b in face_boxes if b.face == box.face) > 1:
            raise VariantError(file, top.line_of("boxes"), f"boxes[{index}].face", f"face {box.face} has two boxes")
    five = [b for b in boxes if b.kind == "five_alike"]
    if len(five) > 1:
        raise VariantError(file, top.line_of("boxes"), "boxes", "at most one five_alike box")

    upper_bonus = None
    bonus = top.sub("upper_bonus", {"threshold", "points"}, None)
    if bonus:
        threshold = bonus.integer("threshold", low=1, high=6 * 6 * 6)
        points = bonus.integer("points", low=0, high=MAX_POINTS)
        best = sum(dice * (b.face or 0) for b in boxes if b.upper and b.kind == "face")  # (a face box has a face)
        if threshold > best:
            raise bonus.fail("threshold", f"{threshold} can never be reached: the upper boxes score at most {best}")
        upper_bonus = UpperBonus(threshold, points)
    five_alike_bonus = None
    if top.has("five_alike_bonus"):
        five_alike_bonus = top.integer("five_alike_bonus", low=0, high=MAX_POINTS)
        if not five:
            raise top.fail("five_alike_bonus", "needs a box of kind five_alike")
    if joker != "none" and not five:
        raise top.fail("joker", f"joker '{joker}' needs a box of kind five_alike")
    if dice != 5 and joker == "none":  # RULES.md: a full house is three of one number and two of another
        for index, box in enumerate(boxes):
            if box.kind == "full_house":
                raise VariantError(file, box_lines[index], f"boxes[{index}].kind",
                                   f"a full house is three of one number and two of another, so it needs 5 dice; "
                                   f"with {dice} it could only score as a joker, and this game has none")

    return Variant(
        id=variant_id, name=name, description=description, help=help_text, boxes=tuple(boxes),
        dice=dice, faces=faces, rolls_per_turn=rolls, min_players=low, max_players=high,
        max_games=max_games, default_games=default_games, turns=turns, joker=joker,
        five_alike_full_house=fh5, upper_bonus=upper_bonus, five_alike_bonus=five_alike_bonus, source=file,
    )
