"""A variant with a long file name (issue 33, item 5): its solver table is cached under a bounded name, built once
and loaded after, and no half-written table file is ever left behind."""

from __future__ import annotations

import json
import os

import pytest
from test_command_line import MINE

from game.bots import solver_file
from game.bots.solver import forget_loaded, table_for
from game.bots.solver_file import NAME_BYTES, file_stem, save_table, shipped_path, user_path
from game.cli import main
from game.paths import user_data_dir
from game.rules.variants import find_variant, load_all

LONG_NAMES = {"245 letters": "a" * 245, "250 letters (the most a .yaml may have)": "b" * 250,
              "61 four-byte letters": "\U0001F3B2" * 61}


def _install(name: str):
    folder = user_data_dir() / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.yaml").write_text(MINE)
    load_all(refresh=True)
    return find_variant(name)


def _solver_folder() -> list[str]:
    folder = user_data_dir() / "solver"
    return sorted(os.listdir(folder)) if folder.is_dir() else []


@pytest.mark.parametrize("name", LONG_NAMES.values(), ids=list(LONG_NAMES))
def test_advise_and_hard_players_work_again_and_again_with_a_long_file_name(name, capsys):
    variant = _install(name)
    state = json.dumps({"dice": [5, 5, 6, 6, 1], "rolls_left": 1})
    for _ in range(2):  # built and cached, then loaded from the cache
        forget_loaded()
        assert main(["advise", "--variant", name, "--state", state]) == 0
        out, err = capsys.readouterr()
        assert json.loads(out)["options"] and "Traceback" not in err
    assert main(["simulate", "--variant", name, "--players", "hard", "--games", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seats"][0]["level"] == "hard"
    assert _solver_folder() == [user_path(variant).name]  # one table, no leftover .tmp
    assert len(os.fsencode(user_path(variant).name)) <= 200 and len(os.fsencode(shipped_path(variant).name)) <= 200


def test_short_ids_keep_their_names_and_long_ones_that_start_alike_differ():
    assert file_stem("classic") == "classic"  # the shipped tables' names are unchanged
    one, other = file_stem("x" * 200 + "1"), file_stem("x" * 200 + "2")
    assert one != other and len(os.fsencode(one)) <= NAME_BYTES and len(os.fsencode(other)) <= NAME_BYTES
    assert one.startswith("x" * 50)  # still recognisable in the folder


def test_a_table_that_cannot_be_put_in_place_leaves_no_temporary_file(monkeypatch):
    variant = _install("mine")
    forget_loaded()
    table = table_for(variant)
    user_path(variant).unlink()

    def refused(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(solver_file.os, "replace", refused)
    with pytest.raises(OSError):
        save_table(table, user_path(variant))
    assert _solver_folder() == []
    forget_loaded()
    assert table_for(variant).start_value == table.start_value  # the game still gets its table this time
    assert _solver_folder() == []
