"""The controller is the one judge of undo (a seat takes back only its own move; at one screen another person
is asked), and the session's dice come from a source it is given (seeded, a fixed tape, far away)."""

import dataclasses
import json
import random
import shutil
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest
from test_table_controller import FarAway  # a seat far away, as the controller's own tests drive one

from game.bots.levels import make_player
from game.engine.actions import Hold, Roll, Score
from game.engine.dice_source import DiceTape, FarDice, SeededDice
from game.engine.session import Session
from game.engine.state import CHANCE, Seat
from game.errors import SaveError
from game.rules.variants import find_variant
from game.store.saves import load_saved
from game.table.commands import AllowUndo, CopyPicked, Ready, RefuseUndo, Toggle, Undo
from game.table.controller import controller_for
from game.table.events import Copied, Moved, Picked, Refused, Rolled, Scored, TurnPassed, UndoAsked, Undone
from game.table.seats import Computer, Person

SAVES = Path(__file__).parent / "data" / "saves"


def two_people(variant_id: str = "classic", **options) -> Session:
    return Session(find_variant(variant_id), [Seat("Ann"), Seat("Kid")], seed=5, rolloff=False, **options)




def score_first_box(table, seat: int = 0) -> str:
    """The seat to play takes the dice if handed them, rolls and fills a box with points: the box."""
    if table.awaiting is not None:
        table.command(Ready())
    table.command(Roll())
    box = next(b for b, points in table.state.options().scores.items() if points)
    assert Scored(seat, box, table.state.options().scores[box], 0, (0, 0)) in table.command(Score(box))
    return box


# ------------------------------------------------------------------------------------------------ undo --
def test_the_person_here_cannot_take_back_the_far_seats_box():
    """The bug: Undo was taken before any seat check, so this screen took back the far seat's box."""
    far = FarAway()
    table = controller_for(two_people(), [Person(), far])
    score_first_box(table)
    far.inbox += [Roll()]
    table.update(0.0)
    box = next(b for b, points in table.state.options().scores.items() if points)
    far.inbox += [Score(box)]
    assert any(isinstance(e, Scored) for e in table.update(0.0)) and table.seat == 0
    for seat in (0, 1):  # neither Ann, nor anyone here speaking for the far seat
        refused = table.command(Undo(seat))
        assert len(refused) == 1 and isinstance(refused[0], Refused)
        assert table.state.card(1).boxes[box] is not None and table.session.undos == 0
    assert "not played at this screen" in table.command(Undo(0))[0].why
    assert "Kid does not play at this screen" in table.command(Undo(1))[0].why
    assert not table.may_undo(0) and not table.may_undo(1)


def test_a_seat_takes_back_its_own_box_at_once_and_at_the_hand_over_the_screen_asks_it():
    table = controller_for(two_people())
    box = score_first_box(table)
    assert table.awaiting == 1 and table.holder == 0  # Ann still has the dice, handing them on
    # Until the window shows the hand-over, a press speaks for Ann; once it names Kid, for Kid, and Ann is
    # asked for her box back.
    assert table.at_screen(hand_over_shown=False) == 0 and table.at_screen(hand_over_shown=True) == 1
    right = table.may_undo(1)
    assert right and right.seat == 1 and right.owner == 0 and right.move == Score(box) and right.asks
    assert table.command(Undo(table.at_screen(hand_over_shown=True))) == [UndoAsked(1, 0, Score(box))]
    right = table.may_undo()  # Ann, with the dice until Kid says ready: at once
    assert right and right.seat == 0 and right.owner == 0 and not right.asks
    assert right and right.seat == 0 and right.owner == 0 and not right.asks
    assert table.command(Undo(0)) == [Undone(0)]
    assert table.state.card(0).boxes[box] is None and table.seat == 0 and table.may_move()


def test_at_one_screen_another_persons_box_is_theirs_to_give_back():
    table = controller_for(two_people())
    box = score_first_box(table)
    table.command(Ready())  # Kid has the dice now
    assert table.holder == 1 and table.may_undo().asks
    assert table.command(Undo(1)) == [UndoAsked(1, 0, Score(box))]
    assert table.state.card(0).boxes[box] is not None  # nothing happens until Ann answers
    assert table.command(AllowUndo(0)) == [Undone(0)]
    assert table.state.card(0).boxes[box] is None and table.seat == 0 and table.session.seat_undos == [1, 0]


def test_the_person_asked_may_say_no_and_the_refusal_says_so():
    table = controller_for(two_people())
    box = score_first_box(table)
    table.command(Ready())
    table.command(Undo(1))
    said = table.command(RefuseUndo(0))
    name = table.session.variant.box(box).name
    assert said == [Refused(Undo(1), f"Ann keeps their {name}")]
    assert table.state.card(0).boxes[box] is not None and table.session.undos == 0
    assert isinstance(table.command(AllowUndo(0))[0], Refused)  # the question was answered: no second answer


def test_a_question_goes_stale_once_the_game_goes_on():
    table = controller_for(two_people())
    box = score_first_box(table)
    table.command(Ready())
    table.command(Undo(1))
    table.command(Roll())  # Kid plays on instead
    refused = table.command(AllowUndo(0))
    assert isinstance(refused[0], Refused) and "nobody asked Ann" in refused[0].why
    assert table.state.card(0).boxes[box] is not None


def test_a_computers_move_is_never_taken_back_from_here():
    """Even where the session thinks the seat a person's (a seat handed to a computer driver)."""
    session = two_people()
    table = controller_for(session, [Person(), Computer(make_player("greedy", random.Random(1), "scorecard"))])
    score_first_box(table)
    while table.seat == 1:
        table.update(5.0)
    refused = table.command(Undo(0))
    assert isinstance(refused[0], Refused) and "Kid's" in refused[0].why and table.session.undos == 0


def test_may_undo_is_a_frozen_answer_for_every_seat():
    table = controller_for(two_people())
    box = score_first_box(table)
    table.command(Ready())
    own, other = table.may_undo(0), table.may_undo(1)
    assert (own.move, own.owner, own.asks) == (Score(box), 0, False)
    assert (other.move, other.owner, other.asks) == (Score(box), 0, True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        own.move = None


@pytest.mark.parametrize("options, why", [({"demo": True}, "a demo takes nothing back"),
                                          ({"undo": False}, "this table takes no moves back"),
                                          ({}, "there is nothing to take back now")])
def test_an_undo_refused_says_why_in_players_words(options, why):
    table = controller_for(two_people(), **options)
    if not options:
        table.command(Ready())
        table.command(Roll())  # a roll is not taken back
    refused = table.command(Undo(0))
    assert len(refused) == 1 and isinstance(refused[0], Refused) and refused[0].why.startswith(why)
    assert table.may_undo(0).why.startswith(why)


def test_the_window_asks_the_owner_before_taking_back_their_box():
    from scene_driver import Driver

    from scenes.scorecard.table import TableScene
    from scenes.ui.dialogs import ConfirmDialog

    driver = Driver(animation="instant")
    try:
        session = Session(find_variant("classic"), [Seat("Ann"), Seat("Kid")], seed=3, rolloff=False)
        table = TableScene(driver.app, session)
        driver.start(table)
        driver.key(pygame.K_RETURN)  # Ann's hand-off
        driver.key(pygame.K_SPACE)
        driver.click(table.card.box_rect("chance", 0).center)
        driver.step(2.0)
        driver.key(pygame.K_RETURN)  # Kid takes the dice
        assert table.controller.holder == 1 and table.can_undo
        for answer in ("no", "yes"):
            driver.click(table.undo_button.rect.center)  # Kid presses Undo: Ann is asked
            dialog = driver.top
            assert isinstance(dialog, ConfirmDialog) and dialog.title == "Take back Ann's Chance?"
            assert session.state.card(0).boxes["chance"] is not None
            if answer == "no":
                driver.key(pygame.K_ESCAPE)  # Ann keeps it
                assert driver.top is table and session.state.card(0).boxes["chance"] is not None
            else:
                driver.click(dialog.row.buttons[1].rect.center)
                assert driver.top is table and session.state.card(0).boxes["chance"] is None and session.undos == 1
    finally:
        driver.close()


# --------------------------------------------------------------------------------------- far away --
@dataclass
class FarPlayer:
    """A player far away whose every move arrives a frame late (None first, then the move)."""

    player: object
    late: bool = True
    takes_commands = False
    paced = False

    def next_move(self, state):
        self.late = not self.late
        return None if self.late else self.player.choose(state)


@pytest.mark.parametrize("variant_id", ["classic", "challenge", "jackpot"])
def test_a_far_seat_plays_a_whole_game_through_the_controller(variant_id):
    session = two_people(variant_id)
    family = session.variant.family
    table = controller_for(session, [Person(), FarPlayer(make_player("greedy", random.Random(2), family))])
    hands = make_player("greedy", random.Random(3), family)
    for _ in range(5_000):
        if table.state.is_terminal():
            break
        if table.is_person(table.seat):
            said = table.command(Ready()) if table.awaiting is not None else table.command(hands.choose(table.state))
            assert not any(isinstance(e, Refused) for e in said), said
        else:
            table.update(0.0)
    assert table.state.is_terminal() and table.awaiting is None  # nobody here is handed the far seat's dice


def test_a_throw_far_away_is_pending_until_its_faces_arrive():
    dice = FarDice()
    session = Session(find_variant("classic"), [Seat("Ann")], seed=5, rolloff=False, dice=dice)
    table = controller_for(session)
    assert table.command(Roll()) == [Moved(0, Roll())]  # nothing else is told: no faces yet
    assert session.dice_pending and table.seat == CHANCE and session.state.current_player() == CHANCE
    assert table.update(1.0) == []
    refused = table.command(Hold(0))
    assert isinstance(refused[0], Refused) and refused[0].why == "the dice have not landed yet"
    dice.receive((1, 2, 3, 4, 5))
    assert table.update(0.0) == [Rolled(0, (1, 2, 3, 4, 5), (True,) * 5)]
    table.command(Hold(0))
    table.command(Roll())
    dice.receive((6, 6, 6, 6))
    assert table.update(0.0) == [Rolled(0, (1, 6, 6, 6, 6), (False, True, True, True, True))]
    saved = json.loads(json.dumps(session.to_json()))
    assert saved["dice"] == {"kind": "far"} and "rng" not in saved
    resumed = Session.from_json(saved, session.variant)
    assert isinstance(resumed.dice, FarDice) and resumed.state == session.state and resumed.log == session.log


def test_the_lot_for_who_starts_may_wait_for_its_faces_too():
    dice = FarDice()
    session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Kid")], seed=5, dice=dice)
    table = controller_for(session)
    assert session.dice_pending and table.update(1.0) == []
    dice.receive((2,))
    events = table.update(0.0)
    assert table.seat == 1 and events == [TurnPassed(1, -1, False)]  # named by the lot: nothing handed over


# -------------------------------------------------------------------------------------------- tape --
TAPE = [[(turn * 5 + i) % 6 + 1 for i in range(15)] for turn in range(13)]


def first_rolls(session: Session, level: str, seed: int) -> tuple[list, list]:
    """Play a solo game with commands alone: each turn's first roll, and every box's points."""
    table = controller_for(session)
    hands = make_player(level, random.Random(seed), session.variant.family)
    firsts, points = [], []
    while not table.state.is_terminal():
        first = table.state.dice is None
        for event in table.command(hands.choose(table.state)):
            if isinstance(event, Rolled) and first:
                firsts.append(event.faces)
            if isinstance(event, Scored):
                points.append(event.points)
    return firsts, points


def test_a_tape_gives_two_players_the_same_first_roll_of_each_turn():
    variant = find_variant("classic")
    ann = Session(variant, [Seat("Ann")], seed=1, rolloff=False, dice=DiceTape(TAPE))
    kid = Session(variant, [Seat("Kid")], seed=2, rolloff=False, dice=DiceTape(TAPE))
    ann_firsts, ann_points = first_rolls(ann, "greedy", 1)
    kid_firsts, kid_points = first_rolls(kid, "random", 2)
    assert ann_firsts == kid_firsts == [tuple(faces[:5]) for faces in TAPE]
    assert ann.log != kid.log and ann_points != kid_points  # they held and scored differently


def test_a_tapes_re_roll_takes_that_turns_next_faces_and_both_seats_get_each_turns_first_roll():
    tape = [[1, 2, 3, 4, 5, 6, 6, 5, 4], [2, 2, 2, 2, 2, 1]]
    table = controller_for(two_people(dice=DiceTape(tape)), [Person(), Person()])
    table.command(Ready())
    assert table.command(Roll())[1].faces == (1, 2, 3, 4, 5)
    table.command(Hold(0))
    table.command(Hold(1))
    assert table.command(Roll())[1].faces == (1, 2, 6, 6, 5)  # the turn's next three faces
    assert table.command(Roll())[1].faces == (1, 2, 4, 1, 2)  # then the next (the list wraps round)
    table.command(Score("chance"))
    table.command(Ready())
    assert table.command(Roll())[1].faces == (1, 2, 3, 4, 5)  # Kid's first turn: the same first roll as Ann's
    table.command(Score("chance"))
    table.command(Ready())
    assert table.command(Roll())[1].faces == (2, 2, 2, 2, 2)  # Ann's second turn: the tape's second list


def test_a_tape_is_saved_with_the_game_and_a_roll_off_still_ends():
    session = Session(find_variant("classic"), [Seat("Ann"), Seat("Kid")], seed=1, dice=DiceTape(TAPE))
    for _ in range(20):  # the same faces for everyone would tie for ever: who starts is drawn apart
        if session.state.phase == "play":
            break
        session.act(Roll())
    assert session.state.phase == "play"
    session.act(Roll())
    saved = json.loads(json.dumps(session.to_json()))
    assert saved["dice"] == {"kind": "tape", "turns": TAPE}
    resumed = Session.from_json(saved, session.variant)
    for twin in (session, resumed):
        twin.act(Score("chance"))
        twin.act(Roll())
    assert resumed.log == session.log and resumed.state.dice == tuple(TAPE[0][:5])


@pytest.mark.parametrize("dice", [{"kind": "moon"}, {"kind": "tape", "turns": []},
                                  {"kind": "tape", "turns": [[0, 7]]}, {"kind": "tape", "turns": "66666"}])
def test_a_damaged_dice_source_in_a_save_is_one_clear_line(dice):
    session = two_people()
    saved = json.loads(json.dumps(session.to_json()))
    saved["dice"] = dice
    with pytest.raises(SaveError) as error:
        Session.from_json(saved, session.variant)
    assert "dice" in str(error.value) and "\n" not in str(error.value)


# -------------------------------------------------------------------------------------- old saves --
@pytest.mark.parametrize("path", sorted(SAVES.glob("*-before-dice-source.json")), ids=lambda p: p.name)
def test_a_game_saved_before_the_dice_sources_replays_bit_for_bit(path, tmp_path):
    """Saved (with the moves that followed) by the version that drew dice inside the session."""
    data = json.loads(path.read_text())
    assert "dice" not in data["session"]
    shutil.copy(path, tmp_path / "save.json")
    resumed = load_saved(find_variant, tmp_path / "save.json")
    session = resumed.session
    assert resumed.message is None and isinstance(session.dice, SeededDice)
    twins = [make_player("greedy", random.Random(7), session.variant.family) for _ in range(2)]
    start = len(session.log)
    for _ in range(60):  # as the moves that followed were made
        if session.state.is_terminal():
            break
        session.act(twins[session.state.current_player()].choose(session.state))
    assert [action.to_json() for action in session.log[start:]] == data["then"]
    saved = session.to_json()
    assert saved["dice"] == {"kind": "seeded"} and "rng" in saved  # an older version still reads it


def test_faces_from_far_away_that_cannot_be_are_refused_and_the_throw_waits_on():
    dice = FarDice()
    session = Session(find_variant("classic"), [Seat("Ann")], seed=5, rolloff=False, dice=dice)
    table = controller_for(session)
    table.command(Roll())
    dice.receive((1, 2, 9, 4, 5))
    refused = table.update(0.0)
    assert len(refused) == 1 and isinstance(refused[0], Refused) and refused[0].command == Roll()
    assert "a die shows 1 to 6" in refused[0].why and "\n" not in refused[0].why
    assert session.dice_pending and session.log == [Roll()]
    dice.receive((1, 2, 3, 4, 5))
    assert table.update(0.0) == [Rolled(0, (1, 2, 3, 4, 5), (True,) * 5)]
    dice.receive((7, 7, 7, 7, 7))  # here before the throw asks for them: still refused, not a traceback
    table.command(Roll())
    assert isinstance(table.update(0.0)[0], Refused) and session.dice_pending


# ------------------------------------------------------------------------------------------- the view --
def test_the_view_says_for_every_seat_what_it_may_do_and_why_not():
    table = controller_for(two_people())
    ann, kid = table.view_for(0), table.view_for(1)
    assert ann.to_play == kid.to_play == 0 and ann.awaiting == 0  # Ann is handed the dice as the table opens
    assert not ann.may_act and "taken the dice" in ann.why_not and not ann.moves
    assert not kid.may_act and kid.why_not == "it is Ann's turn" and not kid.boxes
    table.command(Ready())
    ann = table.view_for(0)
    assert ann.may_act and ann.may_roll and not ann.boxes and not ann.undo
    table.command(Roll())
    ann = table.view_for(0)
    assert dict(ann.boxes) == table.state.options().scores and Hold(0) in ann.moves
    with pytest.raises(dataclasses.FrozenInstanceError):
        ann.may_act = False  # a frozen answer: a view cannot change what the table said
    box = next(b for b, points in ann.boxes if points)
    table.command(Score(box))
    ann, kid = table.view_for(0), table.view_for(1)
    assert ann.undo and ann.undo.move == Score(box) and kid.undo.asks  # Kid may only ask Ann
    assert kid.awaiting == 1 and not kid.may_act


@pytest.mark.parametrize("variant_id", ["classic", "official", "dutch", "fivezee", "yatzy", "challenge", "jackpot"])
def test_every_kind_answers_the_views_questions(variant_id):
    table = controller_for(two_people(variant_id))
    if table.awaiting is not None:
        table.command(Ready())
    view = table.view_for(table.seat)
    assert view.may_act and view.may_roll and view.moves == tuple(table.state.legal_actions())
    assert not table.view_for(1 - table.seat).may_act


def test_challenges_picks_live_in_the_controller_and_copy_what_was_picked():
    table = controller_for(two_people("challenge"))
    table.command(Roll())
    view = table.view_for(0)
    low, high = view.pick_range
    assert (low, high) == table.state.copy_range() and not view.picks and view.may_copy == (low == 0)
    for die in range(3):
        assert table.command(Toggle(die)) == [Picked(0, frozenset(range(die + 1)))]
    assert table.view_for(0).picks == frozenset(range(3)) and table.view_for(0).may_copy
    values = tuple(sorted(table.state.common[d] for d in range(3)))
    assert Copied(0, values) in table.command(CopyPicked())
    assert table.seat == 1 and not table.view_for(1).picks  # the next seat picks afresh
    table.command(CopyPicked())  # Kid copies nothing: five markers still empty, so five dice are thrown again
    table.command(Roll())
    assert table.view_for(0).pick_range == (0, 2)
    table.command(Toggle(0))
    table.command(Toggle(1))
    too_many = table.command(Toggle(2))
    assert len(too_many) == 1 and too_many[0].reason == "pick_most" and dict(too_many[0].words) == {"count": 2}
    assert table.command(Toggle(9))[0].reason == "not_now"  # no such die


def test_challenge_the_last_step_starts_with_every_die_picked():
    table = controller_for(two_people("challenge"))
    steps = table.session.variant.rolls_per_turn
    for _ in range(steps):
        table.command(Roll())
        while table.state.stage == "pick":
            view = table.view_for(table.seat)
            if view.pick_range[0] == view.pick_range[1] == len(table.state.common):
                assert view.picks == frozenset(range(len(table.state.common))) and view.may_copy
            table.command(CopyPicked())
    assert table.state.stage == "score"


@pytest.mark.parametrize(("move", "reason"), [(Score("chance"), "roll_first"), (Hold(0), "roll_first")])
def test_a_refused_move_names_its_reason_for_the_screen(move, reason):
    table = controller_for(two_people())
    table.command(Ready())
    refused = table.command(move)
    assert len(refused) == 1 and isinstance(refused[0], Refused) and refused[0].reason == reason


def test_refusals_name_a_box_already_filled_and_no_rolls_left():
    table = controller_for(Session(find_variant("classic"), [Seat("Ann")], seed=5, rolloff=False))
    for _ in range(3):
        table.command(Roll())
    assert table.command(Roll())[0].reason == "no_rolls_left"
    table.command(Score("chance"))
    table.command(Roll())
    refused = table.command(Score("chance"))[0]
    assert refused.reason == "box_filled" and dict(refused.words) == {"box": table.session.variant.box("chance").name}
    assert table.command(Undo(0))[0].reason == "undo_not_now"  # Ann rolled since: nothing to take back


def test_a_computers_turn_is_refused_to_the_person_here_by_name():
    session = Session(find_variant("classic"), [Seat("Ann"), Seat("Bot", "computer", "greedy")], seed=5,
                      rolloff=False)
    table = controller_for(session)
    table.command(Roll())
    box = next(b for b, points in table.state.options().scores.items() if points)
    table.command(Score(box))
    refused = table.command(Roll())[0]
    assert refused.reason == "not_your_turn" and dict(refused.words) == {"name": "Bot"}
