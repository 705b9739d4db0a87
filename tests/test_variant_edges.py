"""Variant files accepted before though odd or unplayable (issue 33): a default that skipped its bounds (a
Jackpot of 2,000 rounds), a full house that can never score, names that draw nothing, file names that print
on two lines or read right to left, "café" twice, ".YAML" skipped, and YAML's merge key refused."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
import yaml

from game.errors import VariantError
from game.rules.schema import Fields
from game.rules.variants import find_variant, load_variant_file, scan

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "assets" / "variants"
ROUNDS = 10  # the most a Jackpot game has


def _data(name: str) -> dict:
    return yaml.safe_load((VARIANTS / f"{name}.yaml").read_text(encoding="utf-8"))


def _write(folder: Path, data: dict, name: str = "mine.yaml") -> Path:
    path = folder / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def _refused(path: Path) -> VariantError:
    with pytest.raises(VariantError) as refused:
        load_variant_file(path)
    said = str(refused.value)
    assert said.splitlines() == [said] and said.startswith(str(path).encode("unicode_escape").decode()
                                                             if not str(path).isprintable() else str(path))
    return refused.value


# ------------------------------------------------------------- defaults --

def test_a_default_is_held_to_the_bounds_of_a_given_value():
    fields = Fields("t.yaml", "", {}, 1)
    with pytest.raises(VariantError) as refused:
        fields.integer("rounds", 2000, low=1, high=10)
    assert str(refused.value) == "t.yaml:1: rounds: must be from 1 to 10, not given, and its default would be 2000"
    assert fields.integer("rounds", 3, low=1, high=10) == 3


@pytest.mark.parametrize("bonuses", [11, 2000])
def test_a_jackpot_without_rounds_may_not_list_more_bonuses_than_rounds_allowed(tmp_path, bonuses):
    data = _data("jackpot")
    del data["rounds"]
    data["high_round_bonus"] = [30] * bonuses
    error = _refused(_write(tmp_path, data))
    assert error.field == "high_round_bonus" and f"lists {bonuses} bonuses" in error.problem


def test_a_jackpot_without_rounds_plays_as_many_rounds_as_it_lists_bonuses(tmp_path):
    data = _data("jackpot")
    del data["rounds"]
    data["high_round_bonus"] = list(range(10, 10 * (ROUNDS + 1), 10))
    assert load_variant_file(_write(tmp_path, data)).rounds == ROUNDS


# ----------------------------------------------------------- full house --

@pytest.mark.parametrize("dice", [4, 6])
def test_a_full_house_with_other_than_five_dice_and_no_joker_is_refused(tmp_path, dice):
    data = _data("classic")
    data["dice"] = dice
    for box in data["boxes"]:
        if box.get("kind") == "straight":
            box["length"] = 4
    error = _refused(_write(tmp_path, data))
    index = next(i for i, box in enumerate(data["boxes"]) if box["kind"] == "full_house")
    assert error.field == f"boxes[{index}].kind" and f"needs 5 dice; with {dice}" in error.problem


def test_a_full_house_with_four_dice_and_a_joker_scores_as_a_joker(tmp_path):
    from game.rules.scoring import box_score

    data = _data("official")
    data["dice"] = 4
    for box in data["boxes"]:
        if box.get("kind") == "straight":
            box["length"] = 4
    variant = load_variant_file(_write(tmp_path, data))
    full_house = next(box for box in variant.boxes if box.kind == "full_house")
    assert box_score(variant, full_house, (3, 3, 3, 3), joker=True) == full_house.score


# ---------------------------------------------------------------- names --

@pytest.mark.parametrize("blank", ["\u2800", "\u2800\u2800", " \u2800 ", "\ufffc", "\u3164"])
def test_a_box_or_symbol_named_with_characters_that_draw_nothing_is_refused(tmp_path, blank):
    data = _data("classic")
    data["boxes"][2]["name"] = blank
    error = _refused(_write(tmp_path, data))
    assert error.field == "boxes[2].name" and "has no character that shows" in error.problem
    data = _data("jackpot")
    data["symbols"][1]["name"] = {"en": blank}
    error = _refused(_write(tmp_path, data))
    assert error.field == "symbols[1].name.en"


def test_a_blank_beside_letters_is_kept(tmp_path):
    data = _data("classic")
    data["boxes"][2]["name"] = "Th\u2800rees"
    assert load_variant_file(_write(tmp_path, data)).boxes[2].name.get("en") == "Th\u2800rees"


# ----------------------------------------------------------- file names --

@pytest.mark.parametrize("stem", ["two\nlines", "evil\u202eelif", "joined\u200dname", "bell\x07", "\u2800"])
def test_a_file_name_that_would_not_show_as_it_is_is_refused_in_one_line(tmp_path, stem):
    error = _refused(_write(tmp_path, _data("classic"), f"{stem}.yaml"))
    assert error.field == "file name" and "rename the file" in error.problem


def test_a_name_in_either_unicode_form_is_one_game_and_a_second_file_of_it_is_refused(tmp_path):
    composed, decomposed = "caf\u00e9", unicodedata.normalize("NFD", "caf\u00e9")
    assert composed != decomposed
    _write(tmp_path, _data("classic"), f"{composed}.yaml")
    _write(tmp_path, _data("yatzy"), f"{decomposed}.yaml")
    catalogue = scan([tmp_path])
    assert catalogue.names() == [composed]
    assert len(catalogue.problems) == 1 and "'caf\u00e9' is already a variant" in catalogue.problems[0]
    assert catalogue.find(decomposed).id == composed


@pytest.mark.parametrize("name", ["Mine.YAML", "mine.Yml", "MINE.yaml"])
def test_a_file_ending_in_any_case_of_yaml_is_read(tmp_path, name):
    _write(tmp_path, _data("yatzy"), name)
    _write(tmp_path, _data("classic"), ".hidden.yaml")  # an editor's file is not a variant
    assert scan([tmp_path]).names() == [Path(name).stem]
    assert find_variant(str(tmp_path / name)).id == Path(name).stem


# ------------------------------------------------------------ merge key --

MERGED = """\
format: 1
name: Merged
description: Boxes that share their fields through YAML's merge key.
players: {min: 1, max: 6}
joker: none
boxes:
  - &face {id: ones, name: Ones, kind: face, face: 1}
  - {<<: *face, id: twos, name: Twos, face: 2}
  - &house {id: full_house, name: Full House, kind: full_house, score: 25}
  - &small {id: small_house, name: Small House, kind: full_house, score: 10, help: Three and two.}
  - <<: [*house, *small]
    id: big_house
    name: Big House
  - <<: *house
    id: grand_house
    name: Grand House
    score: 40
"""


def test_the_merge_key_may_be_overridden_as_yaml_says(tmp_path):
    path = tmp_path / "merged.yaml"
    path.write_text(MERGED, encoding="utf-8")
    variant = load_variant_file(path)
    twos, big, grand = variant.box("twos"), variant.box("big_house"), variant.box("grand_house")
    assert (twos.kind, twos.face, str(twos.name)) == ("face", 2, "Twos")
    # of two merged mappings the first listed wins (its score), the other fills in (help); own keys win over both
    assert (big.kind, big.score, str(big.name), str(big.help)) == ("full_house", 25, "Big House", "Three and two.")
    assert (grand.score, str(grand.name)) == (40, "Grand House")


def test_a_key_given_twice_beside_a_merge_is_still_refused(tmp_path):
    path = tmp_path / "twice.yaml"
    path.write_text(MERGED + "    score: 45\n", encoding="utf-8")
    error = _refused(path)
    assert error.field == "score" and error.problem == "key given twice"
