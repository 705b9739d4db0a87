"""Autosave, resume, damaged files, undo: nothing played is lost."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from autosave_worker import scored, state_hash
from helpers import seats

from game.bots.levels import make_player
from game.engine.actions import Dice, Hold, Place, Roll, Score
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant
from game.store.saves import delete_save, load_saved, save_path, save_session

ROOT = Path(__file__).resolve().parent.parent


def _played(variant_id: str = "classic", moves: int = 40, seed: int = 3) -> Session:
    session = Session(find_variant(variant_id), [Seat("Ann"), Seat("Bob")], seed=seed)
    players = [make_player("greedy", random.Random(i), session.variant.family) for i in range(2)]
    for _ in range(moves):
        session.act(players[session.state.current_player()].choose(session.state))
    return session


@pytest.mark.parametrize("variant_id", ["classic", "challenge", "jackpot"])
def test_a_resumed_game_is_the_same_and_its_dice_continue_as_if_never_stopped(variant_id):
    session = _played(variant_id)
    save_session(session)
    resumed = load_saved(find_variant)
    assert resumed.message is None and resumed.session.state == session.state
    assert resumed.session.rng.getstate() == session.rng.getstate()
    players = [make_player("greedy", random.Random(7), session.variant.family) for _ in range(2)]
    twins = [make_player("greedy", random.Random(7), session.variant.family) for _ in range(2)]
    for _ in range(30):
        if session.state.is_terminal():
            break
        session.act(players[session.state.current_player()].choose(session.state))
        resumed.session.act(twins[resumed.session.state.current_player()].choose(resumed.session.state))
    assert resumed.session.state == session.state and resumed.session.log == session.log


def test_saving_is_atomic_and_keeps_the_previous_save():
    session = _played(moves=10)
    save_session(session)
    first = save_path().read_text()
    session.act(make_player("greedy").choose(session.state))
    save_session(session)
    assert save_path().with_name("autosave.json.bak").read_text() == first
    assert not [p for p in save_path().parent.iterdir() if p.name.endswith(".tmp")]


def _corruptions(text: bytes):
    step = max(1, len(text) // 40)
    for cut in range(0, len(text), step):
        yield f"truncated at {cut}", text[:cut]
    for at in range(0, len(text), step):
        flipped = bytearray(text)
        flipped[at] = (flipped[at] + 1 + at % 250) % 256
        yield f"byte {at} changed", bytes(flipped)


def test_damaged_saves_never_crash_always_explain_and_are_kept():
    session = _played(moves=25)
    save_session(session)
    good = save_path().read_bytes()
    checked = 0
    for label, damaged in _corruptions(good):
        for leftover in save_path().parent.glob("autosave.json*"):
            leftover.unlink()
        save_path().write_bytes(damaged)
        resumed = load_saved(find_variant)
        if resumed.session is not None:
            # a change that still reads (a digit in a seed, a time) must still be a consistent game
            assert resumed.session.state.to_json() == resumed.session.state.clone().to_json(), label
            continue
        checked += 1
        assert resumed.message and resumed.message.startswith("The saved game could not be resumed"), label
        kept = list(save_path().parent.glob("autosave.json.damaged-*"))
        assert len(kept) == 1 and kept[0].read_bytes() == damaged, label
        assert not save_path().exists()
    assert checked > 40


def test_a_damaged_save_falls_back_to_the_one_before():
    session = _played(moves=12)
    save_session(session)
    earlier = list(session.log)
    session.act(make_player("greedy").choose(session.state))
    save_session(session)
    save_path().write_text('{"app": "dice-parlor", "session": {"variant": "classic"')
    resumed = load_saved(find_variant)
    assert resumed.session is not None and "Resuming from the save before it" in resumed.message
    assert resumed.session.log == earlier


@pytest.mark.parametrize("edit,words", [
    (lambda d: d["session"].update(format=7), "newer version"),
    (lambda d: d["session"].update(variant="parcheesi"), "no longer installed"),
    (lambda d: d.update(app="something else"), "not a Dice Parlor save"),
    (lambda d: d["session"]["log"].insert(3, {"type": "score", "box": "chance"}), "could not be resumed"),
])
def test_foreign_or_newer_saves_get_one_line(edit, words):
    save_session(_played(moves=8))
    data = json.loads(save_path().read_text())
    edit(data)
    save_path().write_text(json.dumps(data))
    resumed = load_saved(find_variant)
    assert resumed.session is None and words in resumed.message and "\n" not in resumed.message


def test_no_save_is_no_message():
    delete_save()
    assert load_saved(find_variant).session is None and load_saved(find_variant).message is None


def test_killed_at_random_moments_the_save_is_always_whole_and_never_behind(tmp_path, monkeypatch):
    env = dict(os.environ, DICE_PARLOR_HOME=str(tmp_path / "home"))
    rng = random.Random(2026)
    for attempt in range(8):
        worker = subprocess.Popen([sys.executable, str(ROOT / "tests" / "autosave_worker.py"), str(attempt)],
                                  stdout=subprocess.PIPE, text=True, env=env)
        reports = [worker.stdout.readline().split() for _ in range(rng.randint(3, 150))]
        os.kill(worker.pid, signal.SIGKILL)  # at whatever the worker is doing now: often mid-save
        worker.wait()
        # what it reported before it died but we had not read yet (a busy machine lets it run ahead)
        reports += [line.split() for line in worker.stdout.read().splitlines() if len(line.split()) >= 4]
        worker.stdout.close()
        last_count, last_hash, last_length = int(reports[-1][1]), reports[-1][2], int(reports[-1][3])
        monkeypatch.setenv("DICE_PARLOR_HOME", env["DICE_PARLOR_HOME"])
        resumed = load_saved(find_variant)
        assert resumed.message is None, resumed.message
        state = resumed.session.state
        assert scored(state) >= last_count  # no scored box is ever lost
        if state_hash(state) != last_hash:
            # the kill came after one more save had finished but before it was reported: one move later
            assert last_length < len(resumed.session.log) <= last_length + 2


# ----------------------------------------------------------------------- undo --

def _snapshot(session: Session) -> str:
    return json.dumps(session.state.to_json(), sort_keys=True)


def _score_and_undo(session: Session, box: str) -> None:
    before = _snapshot(session)
    log = list(session.log)
    session.act(Score(box))
    assert session.undoable() is not None
    assert session.undo()
    assert _snapshot(session) == before and session.log == log
    assert session.undos == 1


def _session_at(variant_id: str, dice: tuple[int, ...], **card) -> Session:
    session = Session(find_variant(variant_id), seats(2), seed=1, rolloff=False)
    for box, points in card.items():
        session.start.cards[0][0].boxes[box] = points
    session.state = session.start.clone()
    session.state.apply(Roll())
    session.state.apply(Dice(dice))
    session.log = [Roll(), Dice(dice)]
    session.actors = [0, -1]
    return session


@pytest.mark.parametrize("variant_id,dice,card,box", [
    ("classic", (6, 6, 6, 6, 2), dict(aces=3, twos=6, threes=9, fours=12, fives=15), "sixes"),  # earns the 35
    ("classic", (4, 4, 4, 4, 4), dict(yahtzee=50), "chance"),  # earns the 100 bonus
    ("official", (3, 3, 3, 3, 3), dict(yahtzee=50), "threes"),  # forced joker into the upper box, bonus too
    ("official", (3, 3, 3, 3, 3), dict(yahtzee=0, threes=9), "large_straight"),  # joker at full value, no bonus
    ("dutch", (5, 5, 5, 5, 5), dict(yahtzee=50, fives=15), "full_house"),  # upper_filled joker: 25 and 100
    ("fivezee", (2, 2, 2, 2, 2), dict(fivezee=0, twos=4), "small_straight"),  # wild though the box holds 0
    ("yatzy", (1, 2, 3, 4, 5), {}, "small_straight"),
])
def test_undo_takes_back_a_scoring_with_every_bonus_and_joker_exactly(variant_id, dice, card, box):
    session = _session_at(variant_id, dice, **card)
    _score_and_undo(session, box)
    session.act(Score(box))  # and scoring again gives the same as the first time
    assert session.state.card(0).boxes[box] is not None


def test_undo_takes_back_a_jackpot_tile_and_its_chance_space():
    session = _played("jackpot", moves=0)
    while session.state.current_player() != 0 or session.state.stage != "roll":
        session.act(make_player("greedy", family="jackpot").choose(session.state))
    session.act(Roll())
    while session.state.stage != "place":
        session.act(make_player("greedy", family="jackpot").choose(session.state))
    before = _snapshot(session)
    symbol = session.state.tile_symbols()[0]
    session.act(Place(symbol, "chance"))
    assert session.undo() and _snapshot(session) == before


def test_undo_is_refused_for_computers_after_the_next_seat_acted_and_for_holds():
    session = Session(find_variant("classic"), [Seat("Ann"), Seat("Cpu", "computer", "greedy")], seed=2,
                      rolloff=False)
    session.act(Roll())
    session.act(Hold(0))
    assert session.undoable() is None  # only a scoring can be taken back
    session.act(Score("chance"))
    assert session.undoable() is not None
    session.act(Roll())  # the next seat has acted
    assert session.undoable() is None and not session.undo()
    session.act(Score("chance"))  # a computer's scoring
    assert session.undoable() is None


def test_undos_are_saved_with_the_game():
    session = _session_at("classic", (1, 2, 3, 4, 5))
    _score_and_undo(session, "large_straight")
    save_session(session)
    assert load_saved(find_variant).session.undos == 1


def _undoing(scores_taken_back: list[int]) -> Session:
    """Three people each fill Chance in turn, the nth seat taking its scoring back ``scores_taken_back[n]`` times
    first (scoring again after each undo)."""
    session = Session(find_variant("classic"), [Seat("Ann"), Seat("Bob"), Seat("Cas")], seed=5, rolloff=False)
    for seat, times in enumerate(scores_taken_back):
        assert session.state.current_player() == seat
        session.act(Roll())
        for _ in range(times):
            session.act(Score("chance"))
            assert session.undo()
        session.act(Score("chance"))
    return session


def test_each_seat_counts_the_scorings_it_took_back_and_they_are_saved_with_the_game():
    session = _undoing([2, 0, 1])
    assert session.seat_undos == [2, 0, 1] and session.undos == 3
    assert [session.undos_of(seat) for seat in range(3)] == [2, 0, 1]
    save_session(session)
    assert json.loads(save_path().read_text())["session"]["undos"] == 3  # what an older version reads
    resumed = load_saved(find_variant).session
    assert resumed.seat_undos == [2, 0, 1] and resumed.undos == 3
    assert [resumed.undos_of(seat) for seat in range(3)] == [2, 0, 1]


def test_a_save_of_an_older_version_with_only_the_whole_count_counts_it_for_every_seat():
    """Who took the scorings back is not known: each seat's score stays marked, as that version marked them."""
    data = json.loads(json.dumps(_undoing([2, 0, 1]).to_json()))
    del data["seat_undos"]
    session = Session.from_json(data, find_variant("classic"))
    assert session.undos == 3 and [session.undos_of(seat) for seat in range(3)] == [3, 3, 3]
    session.act(Roll())  # Ann again: her next undo is hers, and the unknown three stay with everyone
    session.act(Score("aces"))
    assert session.undo()
    again = Session.from_json(json.loads(json.dumps(session.to_json())), session.variant)
    assert again.undos == 4 and [again.undos_of(seat) for seat in range(3)] == [4, 3, 3]


ABSENT = object()


@pytest.mark.parametrize("seat_undos, undos, each", [
    ([2, 0, 1], 3, [2, 0, 1]),  # as saved
    (ABSENT, ABSENT, [0, 0, 0]),  # a save from before any undo was counted
    ([2, 0], 3, [3, 3, 3]),  # not one count per seat: who is not known, the whole count marks every seat
    ([2, -1, 1], 3, [3, 3, 3]),
    ([True, 0, 1], 3, [3, 3, 3]),
    ([2, 0, 1.0], 3, [3, 3, 3]),
    ([2**40, 0, 1], 3, [3, 3, 3]),  # more than the records could keep
    ("201", 3, [3, 3, 3]),
    (None, 3, [3, 3, 3]),
    ([2, 0, 1], "3", [2, 0, 1]),  # a damaged whole count: the seats' own counts
    ([2, 0, 1], -1, [2, 0, 1]),
    ([2, 0, 1], None, [2, 0, 1]),
    ([2, 0, 1], 2**70, [2, 0, 1]),
    ([0, 0, 1], 3, [2, 2, 3]),  # the two the seats do not account for: not known who
    ({"0": 1}, [3], [0, 0, 0]),
])
def test_odd_undo_counts_in_a_save_never_stop_it_from_opening(seat_undos, undos, each):
    save_session(_undoing([2, 0, 1]))
    data = json.loads(save_path().read_text())
    for key, value in (("seat_undos", seat_undos), ("undos", undos)):
        if value is ABSENT:
            del data["session"][key]
        else:
            data["session"][key] = value
    save_path().write_text(json.dumps(data))
    resumed = load_saved(find_variant)
    assert resumed.message is None and resumed.session.state.card(2).boxes["chance"] is not None
    assert [resumed.session.undos_of(seat) for seat in range(3)] == each
    assert all(type(count) is int for count in resumed.session.seat_undos)


def test_undo_takes_back_one_move_not_a_chain_through_other_players():
    session = Session(find_variant("challenge"), [Seat("Ann"), Seat("Bob")], seed=4, rolloff=False)
    brain = make_player("greedy", random.Random(0))
    while session.state.stage != "score" or session.state.seat != 1:
        session.act(brain.choose(session.state))
    session.act(brain.choose(session.state))  # Bob scores; Ann scored just before
    assert session.undo()  # Bob takes his back
    assert session.undoable() is None and not session.undo()  # but not Ann's as well


def _one_scoring_before_game_two(variant: str = "dutch") -> Session:
    """A two-game match of two people, stopped just before the scoring that ends its first game."""
    brain = make_player("greedy", random.Random(0))
    session = Session(find_variant(variant), [Seat("Ann"), Seat("Bob")], 2, seed=4, rolloff=False)
    while True:
        move = brain.choose(session.state)
        if isinstance(move, Score) and sum(card.filled() for card in session.state.cards[0]) == \
                len(session.state.cards[0]) * len(session.variant.box_ids) - 1:
            return session
        session.act(move)


@pytest.mark.parametrize("variant", ["dutch", "challenge"])
def test_the_scoring_that_ends_a_game_of_a_match_cannot_be_taken_back(variant):
    """The between-games results were shown to everyone: an undo at game 2's start would reopen game 1."""
    session = _one_scoring_before_game_two(variant)
    session.act(make_player("greedy", random.Random(0)).choose(session.state))
    assert session.state.game == 1 and session.state.results_shown
    totals = session.state.game_totals(0)
    assert session.undoable() is None and not session.undo()
    assert session.state.game == 1 and session.state.game_totals(0) == totals and session.undos == 0
    save_session(session)  # and Continue finds the floor again
    resumed = load_saved(find_variant).session
    assert resumed.undoable() is None and not resumed.undo()


@pytest.mark.parametrize("variant", ["dutch", "challenge"])
def test_the_first_scoring_of_the_next_game_can_be_taken_back(variant):
    session = _one_scoring_before_game_two(variant)
    brain = make_player("greedy", random.Random(0))
    session.act(brain.choose(session.state))  # game 1 ends
    while True:
        move = brain.choose(session.state)
        session.act(move)
        if isinstance(move, Score):
            break
    assert not session.state.results_shown and session.undo()
    assert session.state.game == 1 and not any(card.filled() for card in session.state.cards[1])


def test_a_save_is_never_missing_between_two_writes(monkeypatch):
    import game.store.storage as storage

    session = _played(moves=6)
    save_session(session)
    calls = []
    real_replace = storage.os.replace

    def crash_before_the_new_file_lands(source, target):
        calls.append(target)
        if str(target).endswith("autosave.json"):
            raise KeyboardInterrupt  # the process stops here
        return real_replace(source, target)

    monkeypatch.setattr(storage.os, "replace", crash_before_the_new_file_lands)
    earlier = list(session.log)
    session.act(make_player("greedy").choose(session.state))
    with pytest.raises(KeyboardInterrupt):
        save_session(session)
    monkeypatch.setattr(storage.os, "replace", real_replace)
    resumed = load_saved(find_variant)
    assert resumed.session is not None and resumed.message is None
    assert resumed.session.log == earlier  # the last whole save, not nothing


@pytest.mark.parametrize("edit", [
    lambda d: d["session"]["start"].update(seat=None),
    lambda d: d["session"]["start"].update(dice="x"),
    lambda d: d["session"].pop("seed"),
    lambda d: d["session"]["start"].update(cards=[[]]),
])
def test_hand_edited_saves_are_damaged_never_a_crash(edit):
    save_session(_played(moves=8))
    data = json.loads(save_path().read_text())
    edit(data)
    save_path().write_text(json.dumps(data))
    resumed = load_saved(find_variant)
    assert resumed.session is None and resumed.message.startswith("The saved game could not be resumed")


@pytest.mark.parametrize("order, kept", [([2, 0, 4, 1, 3], [2, 0, 4, 1, 3]), ([0, 1, 2], None), ([0, 0, 1, 2, 3], None),
                                         (["a", 1, 2, 3, 4], None), ([True, 0, 2, 3, 4], None), ("01234", None)])
def test_the_dice_order_is_kept_with_the_game_and_an_odd_one_is_left_out(order, kept):
    """The order the dice landed in (their keys 1-5) comes back with the game; anything odd in it is
    dropped and the game still opens (its dice are then numbered afresh)."""
    session = _played()
    session.dice_order = [2, 0, 4, 1, 3]
    data = json.loads(json.dumps(session.to_json()))
    data["dice_order"] = order
    assert Session.from_json(data, session.variant).dice_order == kept
