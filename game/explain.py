"""Plain-words rules of a variant, generated from its YAML: what each box scores, the bonuses,
the joker rule, and the variant's own help text. The rules screen and ``dice-parlor rules`` show it.
"""

from __future__ import annotations

from .variant import Box, Variant

_JOKER = {
    "none": "There is no joker: a further {five} scores like any other roll.",
    "official": ("Joker (forced): a {five} rolled when the {five} box is already filled must go in the upper box of "
                 "its number if that is open; otherwise in any open lower box at full value; if every lower box is "
                 "filled, a zero goes in an open upper box."),
    "upper_filled": ("Joker: a {five} rolled when the {five} box is already filled is a joker only if the upper box "
                     "of its number is filled too. It then scores in any open lower box at full value (or a zero in "
                     "an open upper box; once every lower box is filled, a zero upstairs it must be). Otherwise it "
                     "is an ordinary roll."),
    "free": "Joker: a {five} rolled when the {five} box is already filled may go in any open box at full value.",
}


def _score_words(box: Box, variant: Variant) -> str:
    if isinstance(box.score, int):
        return f"{box.score} points"
    if box.score == "total":
        return "the total of all dice"
    return "the total of those dice"


def box_rule(box: Box, variant: Variant, language: str = "en") -> str:
    """One line: what a box needs and what it scores."""
    score = _score_words(box, variant)
    if box.kind == "face":
        return f"the total of the dice showing {box.face}"
    if box.kind == "chance":
        return "any dice: the total of all dice"
    if box.kind == "of_a_kind":
        return f"at least {box.count} alike: {score}"
    if box.kind == "pairs":
        need = "a pair" if box.count == 1 else f"{box.count} different pairs"
        return f"{need}: {score if box.score != 'matching' else 'the total of the paired dice'}"
    if box.kind == "full_house":
        extra = " (five alike counts too)" if variant.five_alike_full_house else ""
        return f"three of one number and two of another{extra}: {score}"
    if box.kind == "straight":
        if box.faces:
            return f"exactly {'-'.join(map(str, box.faces))}: {score}"
        return f"{box.length} in a row: {score}"
    if box.kind == "five_alike":
        return f"all {variant.dice} dice alike: {score}"
    return score


def jackpot_rules_text(variant, language: str = "en") -> str:
    """Jackpot's rules from its YAML: dice, tiles, rack, run chart, bonuses, then its help text."""
    lines = [str(variant.description.get(language)), ""]
    for colour in dict.fromkeys(d.colour for d in variant.dice):
        faces = next(d.faces for d in variant.dice if d.colour == colour)
        count = sum(d.colour == colour for d in variant.dice)
        lines.append(f"{count} {colour} dice with faces: {', '.join(faces)}.")
    lines.append("Tiles in the supply: " + ", ".join(f"{s.tiles} {s.name.get(language)}" for s in variant.symbols)
                 + f"; refilled each round. {variant.rounds} rounds; {variant.min_players} to "
                 f"{variant.max_players} players.")
    heights = ", ".join(map(str, variant.columns))
    lines.append(f"The rack: {variant.windows} windows in columns of {heights}, plus the Chance Space.")
    lines += ["", "Runs in a scoring line:"]
    for symbol, chart in variant.runs:
        name = variant.symbol(symbol).name.get(language)
        lines.append(f"  {name}: " + ", ".join(f"{n} in a row {p}" for n, p in chart))
    lines.append("Rack bonus per symbol: " + ", ".join(f"{t} tiles {p}" for t, p in variant.rack_bonus)
                 + " (the highest step that applies).")
    lines.append("High Round Bonus in rounds 1 to " + f"{variant.rounds}: "
                 + ", ".join(map(str, variant.high_round_bonus)) + ".")
    help_text = str(variant.help.get(language)).strip()
    if help_text:
        lines += ["", help_text]
    return "\n".join(lines)


def rules_text(variant: Variant, language: str = "en") -> str:
    if variant.family == "jackpot":
        return jackpot_rules_text(variant, language)
    five = str(variant.five_alike_name.get(language))
    lines = [str(variant.description.get(language)), ""]
    lines.append(f"Each turn: up to {variant.rolls_per_turn} rolls of {variant.dice} dice. After each roll, hold "
                 "any dice and roll the rest; then fill one open box, with its score or a zero.")
    if variant.turns == "common":
        lines.append("Everybody scores from common rolls: see below.")
    lines += ["", "Upper section:"]
    lines += [f"  {b.name.get(language)}: {box_rule(b, variant, language)}" for b in variant.boxes if b.upper]
    if variant.upper_bonus:
        lines.append(f"  Bonus: {variant.upper_bonus.points} points when the upper boxes total "
                     f"{variant.upper_bonus.threshold} or more.")
    lines += ["", "Lower section:"]
    lines += [f"  {b.name.get(language)}: {box_rule(b, variant, language)}" for b in variant.boxes if not b.upper]
    lines.append("")
    if variant.five_alike_bonus and variant.five_alike_box:
        lines.append(f"{five} bonus: {variant.five_alike_bonus} points for each further {five} while the {five} box "
                     "holds its points (not a zero).")
    if variant.five_alike_box:
        lines.append(_JOKER[variant.joker].format(five=five))
    lines.append(f"Players: {variant.min_players} to {variant.max_players}. A match is 1 to {variant.max_games} "
                 "games, won on the total of all games; the next game starts with the player to the left.")
    lines.append("Who starts: everyone throws all the dice; the highest total starts, ties throw again.")
    help_text = str(variant.help.get(language)).strip()
    if help_text:
        lines += ["", help_text]
    return "\n".join(lines)
