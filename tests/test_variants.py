"""Every shipped YAML loads; every broken one is refused with its exact one-line message."""

from pathlib import Path

import pytest

from game.errors import UnknownVariant, VariantError
from game.rules.variants import find_variant, load_all, load_variant_file, shipped_folder

BROKEN = Path(__file__).parent / "data" / "broken_variants"
SCORECARD = ["classic", "official", "dutch", "fivezee", "challenge", "yatzy"]


def _expected() -> dict[str, str]:
    lines = (BROKEN / "expected.txt").read_text(encoding="utf-8").splitlines()
    return {line.split(":", 1)[0]: line for line in lines if line}


def test_every_shipped_variant_loads():
    catalogue = load_all(refresh=True)
    assert catalogue.problems == ()
    assert set(SCORECARD) <= set(catalogue.names())
    for path in shipped_folder().glob("*.yaml"):
        assert load_variant_file(path).id == path.stem


@pytest.mark.parametrize("name", sorted(_expected()))
def test_broken_variant_gets_its_exact_message(name):
    with pytest.raises(VariantError) as caught:
        load_variant_file(BROKEN / name)
    assert str(caught.value) == _expected()[name].replace(name, str(BROKEN / name), 1)


def test_every_broken_file_has_an_expectation():
    assert {p.name for p in BROKEN.glob("*.yaml")} == set(_expected())


def test_python_tags_never_run(tmp_path, capfd):
    with pytest.raises(VariantError):
        load_variant_file(BROKEN / "python_tag.yaml")
    assert "hacked" not in capfd.readouterr().out


def test_unknown_variant_lists_the_known_ones():
    with pytest.raises(UnknownVariant, match="known: classic, official, dutch"):
        find_variant("parcheesi")


def test_user_variant_appears_beside_the_shipped_ones(tmp_path):
    from game.paths import user_variants_dir

    folder = user_variants_dir()
    folder.mkdir(parents=True)
    text = (shipped_folder() / "classic.yaml").read_text().replace("Classic Yahtzee", "House Rules")
    (folder / "house.yaml").write_text(text.replace("joker: none", "joker: free"))
    (folder / "broken.yaml").write_text("format: 1\nname: [")
    catalogue = load_all(refresh=True)
    assert catalogue.names()[: len(SCORECARD)] == SCORECARD
    assert catalogue.find("house").joker == "free"
    assert str(catalogue.find("house").name) == "House Rules"
    assert len(catalogue.problems) == 1 and "broken.yaml" in catalogue.problems[0]


def test_user_file_cannot_shadow_a_shipped_variant():
    from game.paths import user_variants_dir

    folder = user_variants_dir()
    folder.mkdir(parents=True)
    (folder / "classic.yaml").write_text((shipped_folder() / "yatzy.yaml").read_text())
    catalogue = load_all(refresh=True)
    assert len(catalogue.find("classic").boxes) == 13
    assert "already a variant" in catalogue.problems[0]


def test_yatzy_has_its_fifteen_boxes_from_yaml_alone():
    yatzy = find_variant("yatzy")
    assert len(yatzy.boxes) == 15
    assert yatzy.upper_bonus.points == 50 and yatzy.five_alike_bonus is None and yatzy.joker == "none"


def test_variant_texts_carry_languages():
    dutch = find_variant("dutch")
    assert dutch.box("four_kind").name.get("nl") == "Carré"
    assert dutch.box("four_kind").name.get("en") == "4 of a Kind"
    assert dutch.box("yahtzee").name.get("nl") == "Yahtzee"


def test_rules_hash_ignores_texts_but_not_rules():
    classic, official = find_variant("classic"), find_variant("official")
    assert classic.rules_hash != official.rules_hash
    assert len({find_variant(v).rules_hash for v in SCORECARD}) == len(SCORECARD)
