"""No file can stop the game: a corpus of hostile variant files, and random documents around the schema.

Every hostile file is refused in one line that names the file and the field; a folder holding all of
them still lets the game start. Random variant documents (hypothesis) are either refused in one line or
accepted and then played to the end by every computer level without an exception.
"""

from __future__ import annotations

import copy
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bots.levels import LEVELS, make_player
from game.cli import main as cli_main
from game.engine.session import Session
from game.engine.state import Seat
from game.errors import VariantError
from game.paths import user_variants_dir
from game.rules.variants import load_all, load_variant_file, shipped_folder

HOSTILE = Path(__file__).parent / "data" / "hostile"


def _expected() -> dict[str, str]:
    lines = (HOSTILE / "expected.txt").read_text(encoding="utf-8").splitlines()
    return dict(line.split(" ", 1) for line in lines if line)


def _one_line_refusal(message: str, path: Path) -> None:
    assert "\n" not in message and message.startswith(str(path) + ":"), message
    message.encode("utf-8")  # printable and storable: no lone surrogate slipped into it


def test_the_corpus_is_large_and_every_file_has_an_expectation():
    files = {p.name for p in HOSTILE.glob("*.yaml")}
    assert len(files) >= 100 and files == set(_expected())


@pytest.mark.parametrize("name,field", sorted(_expected().items()))
def test_every_hostile_file_is_refused_in_one_line_naming_its_field(name, field):
    path = HOSTILE / name
    with pytest.raises(VariantError) as caught:
        load_variant_file(path)
    message = str(caught.value)
    _one_line_refusal(message, path)
    assert caught.value.field == field, message


def test_check_variant_says_one_line_and_exits_2_for_each(capsys):
    for name in _expected():
        assert cli_main(["check-variant", str(HOSTILE / name)]) == 2
        out = capsys.readouterr().out
        assert out.count("\n") == 1 and out.startswith(str(HOSTILE / name)), out


def _fill_user_folder() -> Path:
    folder = user_variants_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for path in HOSTILE.glob("*.yaml"):
        (folder / path.name).write_bytes(path.read_bytes())
    return folder


def test_a_folder_of_the_whole_corpus_lists_every_file_as_refused_and_keeps_the_games():
    _fill_user_folder()
    catalogue = load_all(refresh=True)
    assert len(catalogue.problems) == len(_expected())
    assert {p.stem for p in shipped_folder().glob("*.yaml")} <= set(catalogue.names())


def test_the_game_starts_and_plays_with_the_whole_corpus_in_its_folder(tmp_path):
    _fill_user_folder()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    shot = tmp_path / "shot.png"
    for command in (["variants"], ["--demo", "classic", "--exit-after", "0.5", "--screenshot", str(shot)]):
        done = subprocess.run([sys.executable, "-m", "game", *command], env=env, capture_output=True, timeout=120,
                              cwd=Path(__file__).parent.parent)
        assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    assert shot.exists()


def test_a_bug_in_the_loader_is_a_refusal_not_a_crash(monkeypatch, tmp_path):
    from game.rules import variants

    path = tmp_path / "odd.yaml"
    path.write_text((shipped_folder() / "classic.yaml").read_text(encoding="utf-8"), encoding="utf-8")

    def broken(*_):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(variants, "parse_variant", broken)
    with pytest.raises(VariantError) as caught:
        load_variant_file(path)
    assert "could not be loaded (RecursionError" in str(caught.value)


# ------------------------------------------------------------------ fuzzing --

def _base(name: str) -> dict:
    return yaml.safe_load((shipped_folder() / f"{name}.yaml").read_text(encoding="utf-8"))


BASES = {name: _base(name) for name in ("classic", "yatzy", "fivezee", "jackpot")}
ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70), st.integers(-3, 12),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.sampled_from(["", "total", "matching", "face", "chance", "official", "none", "cherry", "white", "en"]),
    st.lists(st.integers(-2, 8), max_size=6), st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


def _paths(data, prefix=()):
    """Every place in a document: (path, value)."""
    yield prefix, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, prefix + (index,))


@st.composite
def variant_documents(draw) -> str:
    """A shipped variant with a few random changes: values replaced, keys dropped or added, lists cut or grown."""
    doc = copy.deepcopy(BASES[draw(st.sampled_from(sorted(BASES)))])
    for _ in range(draw(st.integers(1, 4))):
        places = [path for path, _ in _paths(doc) if path]
        path = draw(st.sampled_from(places))
        *parent_path, last = path
        parent = doc
        for step in parent_path:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "replace", "drop", "add", "duplicate"]))
        if action == "replace":
            parent[last] = draw(ODD_VALUES)
        elif action == "drop":
            del parent[last]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["colour", "extra", "dice", "faces", "score", "count", "help"]))] = \
                draw(ODD_VALUES)
        elif action == "duplicate" and isinstance(parent, list):
            parent.append(copy.deepcopy(parent[last]))
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)


def _play_with_every_level(variant) -> None:
    levels = [level.name for level in LEVELS[variant.family] if not level.needs_table]
    seats = max(variant.min_players, min(2, variant.max_players))
    for level in levels:
        session = Session(variant, [Seat(f"{level} {i}", "computer", level) for i in range(seats)], seed=5)
        players = [make_player(level, random.Random(i), variant.family) for i in range(seats)]
        moves = 0
        while not session.state.is_terminal():
            session.act(players[session.state.current_player()].choose(session.state))
            moves += 1
            assert moves < 20000, "a game that never ends"
        assert all(isinstance(score, int) for score in session.state.returns())


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(document=variant_documents())
def test_a_random_variant_document_is_refused_in_one_line_or_plays_with_every_level(tmp_path_factory, document):
    path = tmp_path_factory.mktemp("fuzz") / "fuzzed.yaml"
    path.write_text(document, encoding="utf-8")
    try:
        variant = load_variant_file(path)
    except VariantError as error:
        _one_line_refusal(str(error), path)
        return
    _play_with_every_level(variant)
