"""Jackpot's words: what a roll is called, a symbol inside a sentence, counts of tiles and lists of choices,
in the player's language."""

from __future__ import annotations

from game.rules.i18n import t


def class_name(roll_class: str) -> str:
    """What a class of roll is called: "Two pairs", "Jackpot!"."""
    return t(f"jackpot.roll_class.{roll_class}")


def symbol_words(symbol: str, form: str) -> str:
    """A symbol inside a sentence: ``name`` ("cherry"), ``a`` ("a cherry"), ``two`` ("two cherries")."""
    return t(f"jackpot.symbol.{symbol}.{form}")


def symbol_count(symbol: str, count: int) -> str:
    """ "7 cherries"."""
    return t(f"jackpot.symbol.{symbol}.count", count=count)


def either(words: list[str]) -> str:
    """ "a bell, a cherry or an orange"."""
    if len(words) == 1:
        return words[0]
    return t("jackpot.either", first=t("jackpot.list_comma").join(words[:-1]), last=words[-1])


def rolled(name: str, roll_class: str) -> str:
    """A computer's roll before it chooses, as a fact rather than an order: "Ada rolled three alike"."""
    return t(f"jackpot.rolled.{roll_class}", name=name)


def deed(kind: str, name: str, symbol: str, roll_class: str | None, column: int | None = None,
         tiles: int = 1) -> str:
    """What a player did once they had chosen, in the past tense and naming them: "Ann took a cherry (three
    alike)", "Ada took two dollars (Jackpot)" (``tiles`` 2: both tiles of a Jackpot alike). ``kind`` is took,
    took_chance, kept, returned or dropped (``column`` counted from 0)."""
    roll = t(f"jackpot.roll_said.{roll_class}") if roll_class else ""
    return t(f"jackpot.did.{kind}", name=name, what=symbol_words(symbol, "two" if tiles == 2 else "a"), roll=roll,
             column="" if column is None else column + 1)
