"""Jackpot's words: what a roll is called, a symbol inside a sentence, counts of tiles and lists of choices,
in the player's language."""

from __future__ import annotations

from game.rules.i18n import t


def class_name(roll_class: str) -> str:
    """What a class of roll is called: "Two pairs", "Jackpot!"."""
    return t(f"jackpot.roll_class.{roll_class}")


def symbol_words(symbol: str, form: str) -> str:
    """A symbol inside a sentence: ``name`` ("cherry"), ``a`` ("a cherry")."""
    return t(f"jackpot.symbol.{symbol}.{form}")


def symbol_count(symbol: str, count: int) -> str:
    """ "7 cherries"."""
    return t(f"jackpot.symbol.{symbol}.count", count=count)


def either(words: list[str]) -> str:
    """ "a bell, a cherry or an orange"."""
    if len(words) == 1:
        return words[0]
    return t("jackpot.either", first=t("jackpot.list_comma").join(words[:-1]), last=words[-1])
