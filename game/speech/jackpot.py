"""What is said of Jackpot: the symbols rolled and what they give, each tile placed, the racks, a round's scores.

The words of the table's own banners (``jackpot.*`` in the string tables) where they fit a listener, so a
sighted player and a blind one hear and read the same deeds.
"""

from __future__ import annotations

from game.engine.jackpot_state import CHANCE_SPACE, ChanceDropped, ChanceReturned, Placed, Returned, Starter
from game.rules.i18n import number, t


def symbol(value: str, form: str = "a") -> str:
    """A symbol inside a sentence: ``a`` ("a cherry"), ``name`` ("cherry")."""
    return str(t(f"jackpot.symbol.{value}.{form}"))


def either(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return str(t("jackpot.either", first=t("jackpot.list_comma").join(words[:-1]), last=words[-1]))


def rolled(dice: str, state, who: str, brief: bool) -> str:
    """ "Ann: cherry, bell, bell, dollar. Two pairs. Take a bell or a cherry." (brief: no name)."""
    roll_class = state.roll_class()
    said = t("speech.rolled_brief", dice=dice) if brief or not who else t("speech.rolled", name=who, dice=dice)
    if roll_class:
        said += " " + t(f"jackpot.roll_class.{roll_class}").rstrip(".!") + "."
    if state.stage == "chance_option":
        said += " " + t("speech.jackpot_chance_first")
    elif state.stage == "place" and state.to_place:
        said += " " + t("speech.jackpot_take", count=state.to_place,
                        symbols=either([symbol(s) for s in state.tile_symbols()]))
    return said


def tiles(event, who: str) -> str:
    """What a move did to the racks, one short sentence each: "Ann: a bell into column 3."."""
    roll = t(f"jackpot.roll_said.{event.roll_class}") if event.roll_class else ""
    said = []
    for done in event.events:
        if isinstance(done, Placed) and done.target == CHANCE_SPACE:
            said.append(t("jackpot.did.took_chance", name=who, what=symbol(done.symbol), roll=roll) + ".")
        elif isinstance(done, Placed):
            said.append(t("speech.tile_placed", name=who, what=symbol(done.symbol), column=done.target + 1))
        elif isinstance(done, ChanceReturned):
            said.append(t("jackpot.did.returned", name=who, what=symbol(done.symbol)) + ".")
        elif isinstance(done, ChanceDropped):
            said.append(t("jackpot.did.dropped", name=who, what=symbol(done.symbol), column=done.column + 1) + ".")
        elif isinstance(done, Returned):
            said.append(t("speech.tile_returned"))
        elif isinstance(done, Starter):
            said.append(t("jackpot.starts", name=who) + ".")
    return " ".join(said)


def round_over(state, round_: int, name) -> str:
    """ "Round 1 over. Ann 34, Bob 20." (the round's points)."""
    scores = state.scores[round_] if 0 <= round_ < len(getattr(state, "scores", ())) else []
    points = ", ".join(t("speech.scores", name=name(seat), points=number(score.total))
                       for seat, score in enumerate(scores))
    said = t("speech.round_over", round=round_ + 1)
    return f"{said} {points}." if points else said


def rack(state, seat: int) -> str:
    """A rack read column by column, bottom up, and its Chance Space: "Ann's rack: column 1: cherry, bell; column
    2: empty. Chance Space: bell."."""
    columns = []
    for column, height in enumerate(state.variant.columns):
        placed = [symbol(state.racks[seat][(column, row)], "name") for row in range(height)
                  if (column, row) in state.racks[seat]]
        columns.append(t("speech.rack_column", column=column + 1,
                         tiles=", ".join(placed) if placed else t("speech.rack_empty")))
    said = t("speech.rack", name=str(state.seats[seat].name), columns="; ".join(columns))
    chance = state.chance[seat] if seat < len(state.chance) else None
    if chance is not None:
        said += " " + t("speech.rack_chance", tile=symbol(chance, "name"))
    return said
