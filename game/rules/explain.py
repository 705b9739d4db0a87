"""Plain-words rules of a variant, generated from its YAML: what each box scores, the bonuses,
the joker rule, and the variant's own help text. The rules screen shows it.

The sentences live in the ``rules`` area of the string tables; every function takes a ``language``
that defaults to the one on screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from game.kinds import parts
from game.rules import i18n
from game.rules.i18n import Tr, t
from game.rules.jackpot import JackpotVariant
from game.rules.variant import Box, Variant


@contextmanager
def _speaking(language: str | None) -> Iterator[None]:
    """Words in ``language`` for the duration (None: the one on screen)."""
    before = i18n.language()
    if language is None or language == before:
        yield
        return
    i18n.set_language(language)
    try:
        yield
    finally:
        i18n.set_language(before)


def _score_words(box: Box, variant: Variant) -> str:
    if isinstance(box.score, int):
        return t("rules.points", count=box.score)
    if box.score == "total":
        return t("rules.score_total")
    return t("rules.score_matching")


def _box_rule(box: Box, variant: Variant) -> str:
    score = _score_words(box, variant)
    if box.kind == "face":
        return t("rules.box.face", face=box.face)
    if box.kind == "chance":
        return t("rules.box.chance")
    if box.kind == "of_a_kind":
        return t("rules.box.of_a_kind", count=box.count, score=score)
    if box.kind == "pairs":
        if box.score == "matching":
            score = t("rules.score_paired")
        if box.count == 1:
            return t("rules.box.pair", score=score)
        return t("rules.box.pairs", count=box.count, score=score)
    if box.kind == "full_house":
        key = "rules.box.full_house_five" if variant.five_alike_full_house else "rules.box.full_house"
        return t(key, score=score)
    if box.kind == "straight":
        if box.faces:
            return t("rules.box.straight_exact", faces="-".join(map(str, box.faces)), score=score)
        return t("rules.box.straight", length=box.length, score=score)
    if box.kind == "five_alike":
        return t("rules.box.five_alike", dice=variant.dice, score=score)
    return score


def box_rule(box: Box, variant: Variant, language: str | None = None) -> str:
    """One line: what a box needs and what it scores."""
    with _speaking(language):
        return _box_rule(box, variant)


def _colour(colour: str) -> str:
    key = f"rules.jackpot.colour.{colour}"
    return t(key) if key in i18n.table(i18n.DEFAULT) else colour  # a user's own colour stays as written


def _symbol_name(variant: JackpotVariant, symbol_id: str) -> str:
    try:
        return variant.symbol(symbol_id).name.get().lower()
    except (KeyError, StopIteration, ValueError):
        return symbol_id


def jackpot_lines(variant: JackpotVariant) -> list[str]:
    lines = [str(variant.description), ""]
    for colour in dict.fromkeys(d.colour for d in variant.dice):
        faces = next(d.faces for d in variant.dice if d.colour == colour)
        count = sum(d.colour == colour for d in variant.dice)
        lines.append(t("rules.jackpot.dice", count=count, colour=_colour(colour),
                       faces=", ".join(_symbol_name(variant, f) for f in faces)))
    tiles = ", ".join(t("rules.jackpot.supply_item", count=s.tiles, name=str(s.name)) for s in variant.symbols)
    lines.append(t("rules.jackpot.supply", tiles=tiles, rounds=variant.rounds, min=variant.min_players,
                   max=variant.max_players))
    lines.append(t("rules.jackpot.rack", windows=variant.windows, heights=", ".join(map(str, variant.columns))))
    lines += ["", t("rules.jackpot.runs")]
    for symbol, chart in variant.runs:
        name = str(variant.symbol(symbol).name)
        lines.append(f"  {name}: " + ", ".join(t("rules.jackpot.run", count=n, points=p) for n, p in chart))
    steps = ", ".join(t("rules.jackpot.rack_step", count=n, points=p) for n, p in variant.rack_bonus)
    lines.append(t("rules.jackpot.rack_bonus", steps=steps))
    lines.append(t("rules.jackpot.high_round", rounds=variant.rounds,
                   bonuses=", ".join(map(str, variant.high_round_bonus))))
    return lines


def scorecard_lines(variant: Variant) -> list[str]:
    five = str(variant.five_alike_name)
    lines = [str(variant.description), ""]
    lines.append(t("rules.turn", rolls=variant.rolls_per_turn, dice=variant.dice))
    if variant.turns == "common":
        lines.append(t("rules.common"))
    lines += ["", t("rules.upper")]
    lines += [f"  {b.name}: {_box_rule(b, variant)}" for b in variant.boxes if b.upper]
    if variant.upper_bonus:
        lines.append("  " + t("rules.upper_bonus", points=variant.upper_bonus.points,
                              threshold=variant.upper_bonus.threshold))
    lines += ["", t("rules.lower")]
    lines += [f"  {b.name}: {_box_rule(b, variant)}" for b in variant.boxes if not b.upper]
    lines.append("")
    if variant.five_alike_bonus and variant.five_alike_box:
        lines.append(t("rules.five_bonus", five=five, points=variant.five_alike_bonus))
    if variant.five_alike_box:
        lines.append(t(f"rules.joker.{variant.joker}", five=five))
    lines.append(t("rules.players", min=variant.min_players, max=variant.max_players, games=variant.max_games))
    lines.append(t("rules.who_starts"))
    return lines


def _with_help(lines: list[str], variant: Variant | JackpotVariant) -> Tr:
    help_text = str(variant.help).strip()
    if help_text:
        lines += ["", help_text]
    return Tr("\n".join(lines))


# Each family's rules in plain words, as game.kinds names them (below what they name: they are this module's).
# (each takes its own family's variant: the family picks the entry, so the checker is not asked to)
RULES_LINES: dict[str, Callable[[Any], list[str]]] = parts("rules_lines")


def rules_text(variant: Variant | JackpotVariant, language: str | None = None) -> Tr:
    """The whole rules text of a variant, paragraphs split by newlines; indented lines belong to a list."""
    with _speaking(language):
        return _with_help(RULES_LINES[variant.family](variant), variant)
