"""Writes the hostile variant corpus in tests/data/hostile/: `python tests/data/make_hostile.py`.

Each file is a shipped variant with one thing made hostile (bytes, structure, size, a number, a text),
or a file that is hostile as a whole. ``expected.txt`` names, for each file, the field its one-line
refusal must name. Regenerate after changing this script; the files are committed so that a reader
sees exactly what the loader is given.
"""

from __future__ import annotations

import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "hostile"
CLASSIC = (HERE.parent.parent / "assets" / "variants" / "classic.yaml").read_text(encoding="utf-8")
JACKPOT = (HERE.parent.parent / "assets" / "variants" / "jackpot.yaml").read_text(encoding="utf-8")
CAP = 256 * 1024


def classic(old: str, new: str) -> str:
    assert old in CLASSIC, old
    return CLASSIC.replace(old, new, 1)


def jackpot(old: str, new: str) -> str:
    assert old in JACKPOT, old
    return JACKPOT.replace(old, new, 1)


def box(extra: str) -> str:
    """Classic with its Chance box replaced by ``extra``."""
    return classic("  - {id: chance,         name: {en: Chance,         nl: Chance},          kind: chance}",
                   f"  - {extra}")


def boxes(count: int) -> str:
    start = CLASSIC.index("boxes:\n")
    return CLASSIC[:start] + "boxes:\n" + "".join(
        f"  - {{id: b{i}, name: Box {i}, kind: chance}}\n" for i in range(count))


NAME = "name: {en: Classic Yahtzee, nl: Klassieke Yahtzee}"
DESCRIPTION_LINE = "  en: The original rules - 13 boxes, upper bonus, Yahtzee bonus, no joker."

CASES: dict[str, tuple[str | bytes, str]] = {
    # ---- bytes and characters
    "nul-in-string": (classic(NAME, 'name: "Classic\\0"'), "name"),
    "nul-raw": (classic(NAME, "name: Classic\x00Yahtzee").encode(), "file"),
    "bell-in-string": (classic(NAME, 'name: "\x07"'), "file"),
    "bell-escaped": (classic(NAME, 'name: "ding\\a"'), "name"),
    "escape-raw": (classic(NAME, "name: \x1b[31mred"), "file"),
    "control-in-key": (classic("rolls_per_turn: 3", "rolls\x01: 3"), "file"),
    "c1-control": (classic(NAME, "name: Classic\x9b"), "file"),
    "delete-char": (classic(NAME, "name: Classic\x7f"), "file"),
    "lone-surrogate-escape": (classic(DESCRIPTION_LINE, '  en: "broken \\ud800 text"'), "yaml"),
    "lone-low-surrogate-escape": (box('{id: chance, name: "\\udfff", kind: chance}'), "yaml"),
    "noncharacter-escape": (classic(NAME, 'name: "\\uffff"'), "name"),
    "bidi-override-escape": (classic(NAME, 'name: "\\u202eeeyhtaY"'), "name"),
    "png-header": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), "file"),
    "utf16-file": (CLASSIC.encode("utf-16"), "file"),
    "latin1-bytes": (classic(NAME, "name: Caf\xe9").encode("latin-1"), "file"),
    "bad-utf8-line-5": (CLASSIC.encode().replace(b"help:", b"help\xc3\x28:", 1), "file"),
    "overlong-utf8": (CLASSIC.encode().replace(b"format: 1", b"format: \xc0\xb1", 1), "file"),
    "truncated-utf8": (CLASSIC.encode()[:40] + b"\xe2\x82", "file"),
    "zip-bomb-looking": (b"PK\x03\x04" + b"\x00" * 4000, "file"),
    "elf-binary": (b"\x7fELF\x02\x01\x01" + b"\x00" * 300, "file"),
    # ---- structure
    "nested-300-lists": ("[" * 300 + "]" * 300, "yaml"),
    "nested-300-maps": ("{a: " * 300 + "1" + "}" * 300, "yaml"),
    "nested-deep-in-description": (classic(DESCRIPTION_LINE, "  en: " + "[" * 50 + "]" * 50), "yaml"),
    "nested-block-40": ("".join("  " * i + f"k{i}:\n" for i in range(40)) + "  " * 40 + "v: 1\n", "yaml"),
    "billion-laughs": ('a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
                       + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [{','.join(['*' + chr(97 + i)] * 9)}]\n"
                                 for i in range(8)), "a"),
    "alias-as-name": ("x: &big [" + ",".join(["1"] * 50) + "]\n" + classic(NAME, "name: *big"), "x"),
    "many-documents": (CLASSIC + "\n---\n" + CLASSIC, "yaml"),
    "empty-file": ("", "(top)"),
    "only-comments": ("# nothing here\n# at all\n", "(top)"),
    "top-level-list": ("- 1\n- 2\n", "(top)"),
    "top-level-string": ("just some words\n", "(top)"),
    "top-level-null": ("~\n", "(top)"),
    "key-is-a-list": (classic("rolls_per_turn: 3", "[rolls]: 3"), "['rolls']"),
    "key-is-a-mapping": (classic("rolls_per_turn: 3", "? {a: 1}\n: 3"), "{'a': 1}"),
    "key-is-null": (classic("rolls_per_turn: 3", "~: 3"), "None"),
    "key-is-yes": (classic("rolls_per_turn: 3", "yes: 3"), "True"),
    "duplicate-key-via-merge": ("base: &base {dice: 5}\n" + classic("rolls_per_turn: 3", "<<: *base\ndice: 5"),
                                "dice"),
    "duplicate-key": (classic("rolls_per_turn: 3", "rolls_per_turn: 3\nrolls_per_turn: 2"), "rolls_per_turn"),
    "python-object-tag": (classic(NAME, "name: !!python/object/apply:os.system ['echo owned']"), "yaml"),
    "python-name-tag": (classic(NAME, "name: !!python/name:os.system"), "yaml"),
    "binary-tag": (classic(NAME, "name: !!binary aGVsbG8="), "name"),
    "timestamp-name": (classic(NAME, "name: 2026-11-24"), "name"),
    "set-tag": (classic(NAME, "name: !!set {a, b}"), "name"),
    "custom-tag": (classic(NAME, "name: !shout Yahtzee"), "yaml"),
    "unclosed-flow": (classic("players: {min: 1, max: 6}", "players: {min: 1, max: 6"), "yaml"),
    "tab-indent": (classic("  en: >\n    With no joker", "\ten: >\n    With no joker"), "yaml"),
    "unclosed-quote": (classic(NAME, 'name: "Classic'), "yaml"),
    # ---- size
    "over-the-cap-comments": ("#" + "x" * (CAP + 10) + "\n" + CLASSIC, "file"),
    "million-keys": ("".join(f"k{i}: {i}\n" for i in range(30000)), "file"),
    "300000-boxes": (boxes(7500), "file"),
    "just-under-the-cap-boxes": (boxes(7000)[:CAP - 200].rsplit("\n", 1)[0] + "\n", "boxes"),
    "long-key": (classic("rolls_per_turn: 3", "k" * 10000 + ": 3"), "yaml"),
    "long-name": (classic(NAME, "name: " + "Y" * 20000), "name"),
    "emoji-name-500": (classic(NAME, "name: " + "🎲" * 500), "name"),
    "long-description": (classic(DESCRIPTION_LINE, "  en: " + "word " * 4000), "description.en"),
    "long-help": (classic("    Solo play is allowed: try to beat your own best score.",
                          "    " + "help " * 8000), "help.en"),
    "long-box-id": (box("{id: " + "c" * 500 + ", name: Chance, kind: chance}"), "boxes[12].id"),
    "long-box-name": (box("{id: chance, name: " + "C" * 5000 + ", kind: chance}"), "boxes[12].name"),
    "18-boxes": (boxes(18), "boxes"),
    "21-boxes": (boxes(21), "boxes"),
    "100-boxes": (boxes(100), "boxes"),
    "no-boxes": (boxes(0).replace("boxes:\n", "boxes: []\n"), "boxes"),
    # ---- numbers, scorecard
    "five-alike-bonus-3e9": (classic("five_alike_bonus: 100", "five_alike_bonus: 3000000000"), "five_alike_bonus"),
    "five-alike-bonus-negative": (classic("five_alike_bonus: 100", "five_alike_bonus: -100"), "five_alike_bonus"),
    "five-alike-bonus-float": (classic("five_alike_bonus: 100", "five_alike_bonus: 100.5"), "five_alike_bonus"),
    "upper-points-1e30": (classic("points: 35}", "points: 1e30}"), "upper_bonus.points"),
    "upper-points-10-20": (classic("points: 35}", "points: 100000000000000000000}"), "upper_bonus.points"),
    "upper-points-inf": (classic("points: 35}", "points: .inf}"), "upper_bonus.points"),
    "upper-points-nan": (classic("points: 35}", "points: .nan}"), "upper_bonus.points"),
    "upper-threshold-0": (classic("threshold: 63", "threshold: 0"), "upper_bonus.threshold"),
    "upper-threshold-negative": (classic("threshold: 63", "threshold: -63"), "upper_bonus.threshold"),
    "upper-threshold-huge": (classic("threshold: 63", "threshold: 99999999999"), "upper_bonus.threshold"),
    "box-points-10-12": (box("{id: chance, name: Chance, kind: full_house, score: 1000000000000}"),
                         "boxes[12].score"),
    "box-points-negative": (box("{id: chance, name: Chance, kind: full_house, score: -25}"), "boxes[12].score"),
    "box-points-float": (box("{id: chance, name: Chance, kind: full_house, score: 25.5}"), "boxes[12].score"),
    "box-points-string-number": (box("{id: chance, name: Chance, kind: full_house, score: '25'}"),
                                 "boxes[12].score"),
    "dice-0": (classic("rolls_per_turn: 3", "rolls_per_turn: 3\ndice: 0"), "dice"),
    "dice-1000": (classic("rolls_per_turn: 3", "rolls_per_turn: 3\ndice: 1000"), "dice"),
    "dice-true": (classic("rolls_per_turn: 3", "rolls_per_turn: 3\ndice: true"), "dice"),
    "dice-string": (classic("rolls_per_turn: 3", "rolls_per_turn: 3\ndice: '5'"), "dice"),
    "faces-100": (classic("rolls_per_turn: 3", "rolls_per_turn: 3\nfaces: 100"), "faces"),
    "faces-1": (classic("rolls_per_turn: 3", "rolls_per_turn: 3\nfaces: 1"), "faces"),
    "rolls-0": (classic("rolls_per_turn: 3", "rolls_per_turn: 0"), "rolls_per_turn"),
    "rolls-10-9": (classic("rolls_per_turn: 3", "rolls_per_turn: 1000000000"), "rolls_per_turn"),
    "rolls-hex": (classic("rolls_per_turn: 3", "rolls_per_turn: 0x10"), "rolls_per_turn"),
    "players-0": (classic("players: {min: 1, max: 6}", "players: {min: 0, max: 6}"), "players.min"),
    "players-10-9": (classic("players: {min: 1, max: 6}", "players: {min: 1, max: 1000000000}"), "players.max"),
    "players-reversed": (classic("players: {min: 1, max: 6}", "players: {min: 4, max: 2}"), "players.max"),
    "games-7": (classic("games: {max: 6, default: 1}", "games: {max: 7, default: 1}"), "games.max"),
    "games-default-0": (classic("games: {max: 6, default: 1}", "games: {max: 6, default: 0}"), "games.default"),
    "face-7": (classic("kind: face, face: 6}", "kind: face, face: 7}"), "boxes[5].face"),
    "face-float": (classic("kind: face, face: 6}", "kind: face, face: 6.0}"), "boxes[5].face"),
    "count-10-9": (classic("kind: of_a_kind, count: 4,", "kind: of_a_kind, count: 1000000000,"), "boxes[7].count"),
    "straight-length-1": (classic("kind: straight, length: 4,", "kind: straight, length: 1,"), "boxes[9].length"),
    "straight-faces-repeat": (classic("kind: straight, length: 4,", "kind: straight, faces: [1, 1, 2],"),
                              "boxes[9].faces"),
    "straight-faces-10000": (classic("kind: straight, length: 4,", "kind: straight, faces: ["
                                     + ", ".join(["1"] * 10000) + "],"), "boxes[9].faces"),
    "format-2": (classic("format: 1", "format: 2"), "format"),
    "format-string": (classic("format: 1", "format: '1'"), "format"),
    # ---- texts
    "empty-name": (classic(NAME, "name: ''"), "name"),
    "name-is-a-list": (classic(NAME, "name: [a, b]"), "name"),
    "name-unknown-language": (classic(NAME, "name: {en: Classic, xx: Klassiek}"), "name.xx"),
    "name-no-english": (classic(NAME, "name: {nl: Klassiek}"), "name"),
    "box-id-empty": (box("{id: '', name: Chance, kind: chance}"), "boxes[12].id"),
    "box-id-space": (box("{id: my chance, name: Chance, kind: chance}"), "boxes[12].id"),
    "box-id-unicode": (box("{id: kans_é, name: Chance, kind: chance}"), "boxes[12].id"),
    "box-name-empty": (box("{id: chance, name: '', kind: chance}"), "boxes[12].name"),
    # ---- Jackpot
    "jackpot-column-10-9": (jackpot("columns: [5, 4, 3, 2, 1]", "columns: [1000000000, 4, 3, 2, 1]"),
                            "rack.columns"),
    "jackpot-columns-empty": (jackpot("columns: [5, 4, 3, 2, 1]", "columns: []"), "rack.columns"),
    "jackpot-columns-100": (jackpot("columns: [5, 4, 3, 2, 1]", "columns: [" + ", ".join(["1"] * 100) + "]"),
                            "rack.columns"),
    "jackpot-column-0": (jackpot("columns: [5, 4, 3, 2, 1]", "columns: [5, 4, 3, 2, 0]"), "rack.columns"),
    "jackpot-column-float": (jackpot("columns: [5, 4, 3, 2, 1]", "columns: [5, 4, 3, 2, 1.5]"), "rack.columns"),
    "jackpot-tiles-10-12": (jackpot("tiles: 35}", "tiles: 1000000000000}"), "symbols[0].tiles"),
    "jackpot-tiles-0": (jackpot("tiles: 35}", "tiles: 0}"), "symbols[0].tiles"),
    "jackpot-cells-fraction": (jackpot("cells: [[0, 0], [1, 0],", "cells: [[0.5, 0], [1, 0],"), "rack.lines[0].cells"),
    "jackpot-cells-empty": (jackpot("cells: [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]", "cells: []"),
                            "rack.lines[0].cells"),
    "jackpot-cells-one": (jackpot("cells: [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]", "cells: [[0, 0]]"),
                          "rack.lines[0].cells"),
    "jackpot-cells-triples": (jackpot("cells: [[0, 0], [1, 0],", "cells: [[0, 0, 0], [1, 0],"),
                              "rack.lines[0].cells"),
    "jackpot-cells-strings": (jackpot("cells: [[0, 0], [1, 0],", "cells: [['a', 'b'], [1, 0],"),
                              "rack.lines[0].cells"),
    "jackpot-cells-bools": (jackpot("cells: [[0, 0], [1, 0],", "cells: [[false, false], [1, 0],"),
                            "rack.lines[0].cells"),
    "jackpot-cells-twice": (jackpot("cells: [[0, 0], [1, 0],", "cells: [[0, 0], [0, 0],"), "rack.lines[0].cells"),
    "jackpot-cell-outside": (jackpot("cells: [[0, 0], [1, 0],", "cells: [[0, 9], [1, 0],"), "rack.lines[0].cells"),
    "jackpot-symbol-without-art": (jackpot("{id: dollar, name: {en: Dollar, nl: Dollar},      tiles: 21}",
                                           "{id: lemon, name: {en: Lemon, nl: Citroen},      tiles: 21}")
                                   .replace("dollar", "lemon"), "symbols[3].id"),
    "jackpot-die-colour": (jackpot("{colour: white,  faces:", "{colour: purple,  faces:"), "dice[0].colour"),
    "jackpot-die-faces-empty": (jackpot("{colour: white,  faces: [orange, orange, bell, bell, cherry, dollar]}",
                                        "{colour: white,  faces: []}"), "dice[0].faces"),
    "jackpot-die-faces-1000": (jackpot("{colour: white,  faces: [orange, orange, bell, bell, cherry, dollar]}",
                                       "{colour: white,  faces: [" + ", ".join(["bell"] * 1000) + "]}"),
                               "dice[0].faces"),
    "jackpot-5-dice": (jackpot("dice:\n", "dice:\n  - {colour: white,  faces: [orange, orange, bell, bell, cherry, "
                                          "dollar]}\n"), "dice"),
    "jackpot-run-points-10-15": (jackpot("cherry: {3: ", "cherry: {2: 1000000000000000, 3: "), "runs.cherry"),
    "jackpot-run-length-1": (jackpot("cherry: {3: ", "cherry: {1: 5, 3: "), "runs.cherry"),
    "jackpot-run-negative": (jackpot("cherry: {3: ", "cherry: {2: -5, 3: "), "runs.cherry"),
    "jackpot-rack-bonus-points-10-12": (jackpot("{tiles: 7, points: 50}", "{tiles: 7, points: 1000000000000}"),
                                        "rack_bonus[0].points"),
    "jackpot-high-round-bonus-10-15": (jackpot("high_round_bonus: [", "high_round_bonus: [1000000000000000, "),
                                       "high_round_bonus"),
    "jackpot-rounds-0": (jackpot("rounds: 3", "rounds: 0"), "rounds"),
    "jackpot-rounds-10-9": (jackpot("rounds: 3", "rounds: 1000000000"), "rounds"),
    "jackpot-players-7": (jackpot("players: {min: 2, max: 4}", "players: {min: 2, max: 7}"), "players.max"),
    "jackpot-lines-1000": (jackpot("  lines:\n", "  lines:\n" + "".join(
        "    - {name: x, cells: [[0, 0], [1, 0]]}\n" for _ in range(1000))), "rack.lines"),
}


def main() -> None:
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir()
    index = []
    for number, (name, (content, field)) in enumerate(CASES.items(), 1):
        file = f"{number:03d}-{name}.yaml"
        data = content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass")
        (OUT / file).write_bytes(data)
        index.append(f"{file} {field}")
    (OUT / "expected.txt").write_text("\n".join(index) + "\n", encoding="utf-8")
    print(f"{len(CASES)} hostile files in {OUT}")


if __name__ == "__main__":
    main()
