"""The whole game by gamepad, with a pad SDL itself makes (tests/virtual_pad.py): its events take a real pad's path
through SDL's game controller API, hot-plug included. No key, mouse or touch event is let through while it plays.

The test decides what to play with a computer player's choice, but acts only by the pad, as a person would: the
d-pad moves the focus over the dice, Roll and the boxes, A presses, X rolls, B goes back.
"""

from __future__ import annotations

import random

import pygame
import pytest
from helpers import texts_on_screen
from scene_driver import Driver
from virtual_pad import BACK, DOWN, LEFT, RB, RIGHT, START, UP, A, B, VirtualPad, X, Y

from game.bots.levels import make_player
from game.engine.actions import Dice, Hold, Release, Roll, Score
from game.rules.i18n import t
from game.store.kiosk import KioskConfig
from game.store.records import read_records

NOT_PAD = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.FINGERDOWN, pygame.FINGERUP,
           pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)


@pytest.fixture
def pad():
    made = VirtualPad()
    yield made
    made.unplug()  # SDL outlives the test: the next one starts with no pad


def press(driver, pad, button, seconds: float = 0.05, trigger: bool = False) -> None:
    """A button pressed and let go (``trigger``: an analogue trigger, squeezed all the way)."""
    if trigger:
        pad.axis(button, 32767)
        driver.step(seconds)
        pad.axis(button, 0)
    else:
        pad.button(button, True)
        driver.step(seconds)
        pad.button(button, False)
    driver.step(0.05)


def plugged(driver, pad) -> None:
    pad.plug_in()
    driver.step(0.05)
    assert driver.app.input.pads.open, "the game opened the pad SDL said was added"


def focus_on(driver, pad, row, label: str, button=DOWN, tries: int = 30) -> None:
    for _ in range(tries):
        if row.focus is not None and row.buttons[row.focus].label == label:
            assert row.buttons[row.focus].focus  # the focus is drawn, not only kept
            return
        press(driver, pad, button)
    raise AssertionError(f"no focus reached {label!r}")


def focus_die(driver, pad, table, die: int) -> None:
    """The d-pad onto ``die``: left from the card reaches the dice, left and right walk along them."""
    place = table.key_order.index(die)
    for _ in range(20):
        focus = table.focus
        if focus.on == "die" and focus.place == place:
            assert table.tray.focus == die  # the ring is drawn round it
            return
        if focus.on == "roll":
            press(driver, pad, UP)
        elif focus.on == "box":
            press(driver, pad, LEFT)
        else:
            press(driver, pad, LEFT if focus.place > place else RIGHT)
    raise AssertionError(f"no focus reached die {die}")


def focus_box(driver, pad, table, box: str) -> None:
    for _ in range(30):
        if table.focus.on == "box" and table.card.focus_box == box:
            return
        press(driver, pad, RIGHT if table.focus.on != "box" else DOWN)
    raise AssertionError(f"no focus reached {box}")


def play_turn_by_pad(driver, pad, table, player) -> None:
    state, seat = table.state, table.seat
    for _ in range(60):
        if state.current_player() != seat or state.is_terminal():
            return
        if table.handoff is not None:
            press(driver, pad, A)
            continue
        if table.throwing:
            driver.step(0.1)
            continue
        action = player.choose(state)
        if isinstance(action, Roll):
            press(driver, pad, X)
        elif isinstance(action, (Hold, Release)):
            focus_die(driver, pad, table, action.die)
            press(driver, pad, A)
            assert state.held[action.die] == isinstance(action, Hold)
        elif isinstance(action, Score):
            focus_box(driver, pad, table, action.box)
            game = state.game
            press(driver, pad, A)
            top = driver.top
            if top is not table and top.screen == "confirm":  # "score 0 here?": the focus starts on going back
                focus_on(driver, pad, top.row, top.row.buttons[-1].label, RIGHT)
                press(driver, pad, A)
            driver.step(0.2)
            if state.game != game or state.is_terminal():
                return
    raise AssertionError("the turn did not end")


def test_a_whole_classic_game_by_pad_alone(pad):
    driver = Driver(animation="instant")
    pygame.event.set_blocked(list(NOT_PAD))  # a stray key or click would make the test a lie
    try:
        from scenes.menus.title import TitleScene

        driver.start(TitleScene(driver.app))
        driver.step(0.5)
        plugged(driver, pad)  # plugged in with the game running
        title = driver.top
        focus_on(driver, pad, title.row, t("title.play"))
        press(driver, pad, A)
        driver.step(0.4)
        assert type(driver.top).__name__ == "NewGameScene"
        press(driver, pad, START)  # no focus yet: Start, as Enter, starts the game as set up
        for _ in range(200):
            if type(driver.top).__name__ == "TableScene":
                break
            press(driver, pad, A)  # the roll-off: A skips ahead
            driver.step(0.3)
        table = driver.top
        assert type(table).__name__ == "TableScene" and table.state.variant.id == "classic"
        player = make_player("greedy", random.Random(3))
        turns = 0
        while not table.state.is_terminal() and turns < 200:
            seat = table.seat
            if seat >= 0 and not table.state.seats[seat].is_computer:
                play_turn_by_pad(driver, pad, table, player)
                turns += 1
            else:
                driver.step(0.2)  # a computer seat plays at its own pace
        assert table.state.is_terminal()
        driver.wait_until(lambda: type(driver.top).__name__ == "GameOverScene", 10)
        over = driver.top
        driver.step(1.0)
        focus_on(driver, pad, over.row, t("gameover.play_again"), RIGHT)
        press(driver, pad, A)
        driver.step(0.5)
        assert driver.top is not over
        entries, problem = read_records()
        assert problem is None and len(entries) == 1  # the finished game is in the records
    finally:
        pygame.event.set_allowed(None)
        driver.close()


YAHTZEE_SEED = 1085  # a classic session with this seed draws five sixes at its first roll


def _table(driver, names=("Ann",), seed: int = 3):
    from game.engine.session import Session
    from game.rules.variants import load_all
    from game.store.seats import Seat
    from scenes.scorecard.table import TableScene

    session = Session(load_all().find("classic"), [Seat(name) for name in names], seed=seed, rolloff=False)
    table = TableScene(driver.app, session)
    driver.start(table)
    driver.step(0.3)
    return table


def test_a_pad_plugged_in_mid_game_plays_and_one_pulled_out_is_let_go(pad):
    driver = Driver(animation="instant")
    try:
        table = _table(driver)
        assert driver.app.input.pads.open == {}
        plugged(driver, pad)
        press(driver, pad, X)
        assert driver.wait_until(lambda: table.state.dice is not None and not table.throwing, 5)
        pad.unplug()
        driver.step(0.05)
        assert driver.app.input.pads.open == {}
        second = VirtualPad(b"Second test pad")
        try:
            plugged(driver, second)  # another pad, picked up by the next player: it just works
            press(driver, second, X)
            assert table.state.rolls_used == 2
        finally:
            second.unplug()
    finally:
        driver.close()


def test_a_held_direction_repeats_after_a_delay_and_the_stick_needs_to_lean_past_its_dead_zone(pad):
    from scenes.ui.gamepad import REPEAT_DELAY

    driver = Driver(animation="instant")
    try:
        table = _table(driver)
        plugged(driver, pad)
        press(driver, pad, X)
        driver.wait_until(lambda: table.state.dice is not None and not table.throwing, 5)
        press(driver, pad, LEFT)  # from the card onto the last die
        assert (table.focus.on, table.focus.place) == ("die", 4)
        pad.button(LEFT, True)
        driver.step(0.05)
        assert table.focus.place == 3  # one step at once
        driver.step(REPEAT_DELAY - 0.15)
        assert table.focus.place == 3  # not yet repeating
        driver.step(0.2)
        assert table.focus.place < 3  # held: it repeats, as a held key does
        pad.button(LEFT, False)
        driver.step(0.05)
        place = table.focus.place
        driver.step(1.0)
        assert table.focus.place == place  # let go: it stops
        pad.axis(pygame.CONTROLLER_AXIS_LEFTX, 9000)  # a resting thumb: inside the dead zone
        driver.step(0.05)
        assert table.focus.place == place
        pad.axis(pygame.CONTROLLER_AXIS_LEFTX, 30000)
        driver.step(0.05)
        assert table.focus.place == place + 1
        pad.axis(pygame.CONTROLLER_AXIS_LEFTX, 0)
        driver.step(0.05)
    finally:
        driver.close()


@pytest.mark.parametrize("direction", ["up", "down", "left", "right"])
def test_the_first_d_pad_press_after_a_roll_shows_the_focus_on_a_die(pad, direction):
    driver = Driver(animation="instant")
    try:
        table = _table(driver)
        plugged(driver, pad)
        press(driver, pad, X)
        assert driver.wait_until(lambda: table.state.dice is not None and not table.throwing, 5)
        assert table.tray.focus is None and table.card.focus_box is None  # nothing in focus yet
        press(driver, pad, {"up": UP, "down": DOWN, "left": LEFT, "right": RIGHT}[direction])
        assert table.focus.on == "die"
        assert table.tray.focus == table.key_order[4 if direction == "left" else 0]  # its ring is drawn
        press(driver, pad, A)
        assert table.state.held[table.tray.focus]  # and A holds it
    finally:
        driver.close()


def test_y_opens_the_coach_start_the_menu_and_b_closes_it(pad):
    driver = Driver(animation="instant")
    try:
        table = _table(driver)
        plugged(driver, pad)
        press(driver, pad, START)
        assert driver.top.screen == "pause"
        press(driver, pad, B)
        assert driver.top is table
        before = set(table.coach.on)
        press(driver, pad, Y)
        assert set(table.coach.on) != before or table.coach.missing is not None or table.coach.progress is not None
    finally:
        driver.close()


def test_f1_by_the_pad_names_the_pad_s_buttons_and_by_keys_the_keys(pad):
    from scenes.menus.help_overlay import HelpOverlay

    driver = Driver(animation="instant")
    try:
        table = _table(driver)
        plugged(driver, pad)
        press(driver, pad, BACK)
        assert isinstance(driver.top, HelpOverlay) and driver.top.pad
        assert ("X", t("help.does.roll")) in driver.top.keys and ("A", t("table.help.enter")) in driver.top.keys
        press(driver, pad, B)
        assert driver.top is table
        driver.key(pygame.K_F1)
        assert not driver.top.pad and (t("help.key.space_r"), t("help.does.roll")) in driver.top.keys
    finally:
        driver.close()


def test_five_alike_thrown_by_the_pad_rumbles_it_softly(pad):
    """A real Yahtzee: X throws the dice through the engine, whose seeded draw is five sixes; the dice fly, land,
    and once the Yahtzee box takes them the table cheers and the pad that threw them rumbles."""
    driver = Driver(animation="instant")
    try:
        table = _table(driver, seed=YAHTZEE_SEED)
        plugged(driver, pad)
        press(driver, pad, X)
        assert driver.wait_until(lambda: table.state.dice is not None and not table.throwing, 5)
        assert tuple(table.state.dice) == (6,) * 5 and table.session.log[-1] == Dice((6,) * 5)  # drawn, not set
        assert tuple(table.tray.shown_faces()) == (6,) * 5  # and shown as they landed
        assert pad.rumbles == []  # landed: cheered only once it scores as one (issue 34)
        table.act(Score("yahtzee"))
        assert len(pad.rumbles) == 1 and all(0 < low < 0xFFFF // 2 for low, _ in pad.rumbles)  # felt, not a jolt
    finally:
        driver.close()


@pytest.mark.parametrize("allowed", [False, True])
def test_a_kiosk_ignores_pads_unless_its_file_allows_them(pad, allowed):
    driver = Driver(animation="instant", kiosk=KioskConfig(admin_pin="432109", gamepad=allowed))
    try:
        table = _table(driver)
        pad.plug_in()
        driver.step(0.05)
        press(driver, pad, X)
        driver.step(0.5)
        assert bool(driver.app.input.pads.open) == allowed
        assert (table.state.rolls_used > 0) == allowed
    finally:
        driver.close()


def test_a_name_typed_on_the_on_screen_keyboard_by_pad(pad):
    from scenes.menus.name_keyboard import ROWS, NameKeyboard
    from scenes.menus.newgame import NewGameScene

    driver = Driver(animation="instant")
    pygame.event.set_blocked(list(NOT_PAD))
    try:
        scene = NewGameScene(driver.app)
        driver.start(scene)
        driver.step(0.2)
        plugged(driver, pad)
        assert t("newgame.hint") in " ".join(texts_on_screen(driver))  # nothing pressed yet: the keys' words
        press(driver, pad, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
        assert t("pad.say.new_game") in " ".join(texts_on_screen(driver))  # the pad in hand: its words
        for _ in range(30):
            press(driver, pad, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)  # RB: the next field, as Tab
            if scene.editing == 0:
                break
        keyboard = driver.top
        assert scene.editing == 0 and isinstance(keyboard, NameKeyboard)  # a pad in hand: its keyboard shows
        for letter in "jo":
            row = next(r for r, keys in enumerate(ROWS) if letter in keys)
            while keyboard.row != row:
                press(driver, pad, DOWN if keyboard.row < row else UP)
            while ROWS[row][keyboard.col] != letter:
                press(driver, pad, RIGHT if keyboard.col < ROWS[row].index(letter) else LEFT)
            press(driver, pad, A)
        press(driver, pad, X)  # X erases
        press(driver, pad, A)  # and the same key again
        press(driver, pad, B)  # done: the name is kept, as Enter keeps it
        assert driver.top is scene and scene.editing is None and scene.seats[0].name == "Jo"
    finally:
        pygame.event.set_allowed(None)
        driver.close()


def play_jackpot_move_by_pad(driver, pad, table, action) -> None:
    """One of the person's Jackpot moves, by the pad alone: X rolls, LB / RB choose the tile, the d-pad moves the
    cursor over the rack's columns and the Chance Space, A drops the tile there; Y keeps a Chance Space tile at
    the Chance Option and RT returns it."""
    from game.engine.actions import ChanceOption, Place
    from game.engine.jackpot_state import CHANCE_SPACE

    state = table.state
    if isinstance(action, Roll):
        press(driver, pad, X)
        return
    target = action.target if isinstance(action, Place) else action.column
    if isinstance(action, ChanceOption) and action.choice == "keep":
        press(driver, pad, Y)
        return
    if isinstance(action, ChanceOption) and action.choice == "return":
        press(driver, pad, pygame.CONTROLLER_AXIS_TRIGGERRIGHT, trigger=True)
        return
    if isinstance(action, Place):
        symbols = state.tile_symbols()
        for _ in range(len(symbols) + 1):
            if table.chosen() == action.symbol:
                break
            press(driver, pad, RB)
        assert table.chosen() == action.symbol and table.picked() == symbols.index(action.symbol)
    for _ in range(len(state.variant.columns) + 3):
        if table.aim.at(table.aim_targets()) == target:
            break
        press(driver, pad, RIGHT)
    assert table.aim.at(table.aim_targets()) == target
    assert table.racks[table.shown_seat].focus == target  # the cursor is drawn on the rack, not only kept
    if target == CHANCE_SPACE:
        assert table.racks[table.shown_seat].ghost is not None or state.stage == "chance_option"
    press(driver, pad, A)


def test_a_jackpot_round_by_pad_alone(pad):
    from game.bots.jackpot_players import HeuristicJackpotPlayer
    from game.engine.session import Session
    from game.rules.variants import find_variant
    from game.store.seats import Seat
    from scenes.jackpot.jackpot_round import JackpotRoundScene
    from scenes.registry import opening_for

    driver = Driver(animation="instant")
    pygame.event.set_blocked(list(NOT_PAD))
    session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Ben"), Seat("Bot", "computer", "greedy")],
                      seed=8, rolloff=False)
    brain = HeuristicJackpotPlayer(random.Random(4))
    try:
        driver.start(opening_for(driver.app, session))
        table = driver.top
        plugged(driver, pad)
        handed, moves, kinds = 0, 0, set()
        for _ in range(3000):
            top = driver.top
            if isinstance(top, JackpotRoundScene):
                break
            if top is not table:
                driver.step(0.1)
                continue
            if table.handoff.shown() and not session.state.seats[table.handoff.seat].is_computer:
                handed += 1
                press(driver, pad, A)  # "when ready": A takes the dice
                assert table.handoff.seat is None
                continue
            if not table.person_to_play():
                driver.step(0.1)
                continue
            action = brain.choose(session.state)
            if session.state.stage == "place" and moves > 0:  # the pad in hand: the picker says its buttons
                last = len(session.variant.columns)
                assert table.painter.picker_hint() in (t("pad.say.jackpot_pick", last=last),
                                                t("pad.say.jackpot_place", last=last))
            before = len(session.log)
            play_jackpot_move_by_pad(driver, pad, table, action)
            driver.step(0.1)
            assert session.log[before:before + 1] == [action], (action, session.log[before:])
            moves += 1
            kinds.add(getattr(action, "choice", None) or ("roll" if isinstance(action, Roll) else
                                                         "chance" if action.target == "chance" else "column"))
        summary = driver.top
        assert isinstance(summary, JackpotRoundScene) and summary.round == 0
        assert handed >= 2 and {"roll", "column", "chance"} <= kinds and kinds & {"keep", "return", "drop"}, kinds
        press(driver, pad, A)  # every line shown at once
        assert summary.done()
        press(driver, pad, A)  # then the next round
        driver.step(0.5)
        assert driver.top is table and session.state.round == 1
    finally:
        pygame.event.set_allowed(None)
        driver.close()


def test_with_a_pad_in_hand_the_table_s_words_name_its_buttons_and_with_keys_the_keys(pad):
    from scenes.menus.help_overlay import HelpOverlay

    driver = Driver(animation="instant")
    try:
        table = _table(driver)
        plugged(driver, pad)
        press(driver, pad, X)
        assert driver.wait_until(lambda: table.state.dice is not None and not table.throwing, 5)
        assert table.painter.hint() == t("pad.say.hint_hold")  # not "Tap dice to hold"
        press(driver, pad, BACK)
        assert isinstance(driver.top, HelpOverlay)
        assert (t("pad.a_on_die"), t("help.does.hold_pad")) in driver.top.keys  # no number on the die's corner
        assert (t("pad.rt"), t("walkthrough.does_next")) in driver.top.keys
        press(driver, pad, B)
        driver.key(pygame.K_LEFT)  # keys again: their words
        assert table.painter.hint() == t("table.hint_hold")
        driver.key(pygame.K_F1)
        assert (t("help.key.one_to_five"), t("help.does.hold")) in driver.top.keys
    finally:
        driver.close()


def test_rt_moves_the_first_game_s_tips_on_and_b_skips_them(pad):
    from scenes.table.walkthrough import Walkthrough

    driver = Driver(animation="instant", walkthrough=True)
    try:
        table = _table(driver)
        plugged(driver, pad)
        press(driver, pad, LEFT)  # the pad in hand
        tips = table.walkthrough
        assert isinstance(tips, Walkthrough) and table.walkthrough_shown() and tips.index == 0
        assert tips.text() == t("pad.say.tip_roll")  # "Press X", not "the space bar"
        press(driver, pad, pygame.CONTROLLER_AXIS_TRIGGERRIGHT, trigger=True)
        assert tips.index == 1 and table.state.rolls_used == 0  # on to the next tip, nothing else done
        press(driver, pad, X)
        assert driver.wait_until(lambda: table.state.dice is not None and not table.throwing, 5)
        assert table.walkthrough_shown() and tips.text() == t("pad.say.tip_hold")  # it waited for the dice
        press(driver, pad, B)
        assert not tips.active and driver.top is table  # skipped, not the menu
        assert not driver.app.settings.walkthrough
    finally:
        driver.close()


def test_the_rules_f1_names_the_pad_s_buttons_when_a_pad_was_used_last(pad):
    from scenes.menus.help_overlay import HelpOverlay

    driver = Driver(animation="instant")
    try:
        driver.app.go("rules")
        driver.step(0.2)
        rules = driver.top
        assert rules.screen == "rules"
        plugged(driver, pad)
        press(driver, pad, BACK)
        assert isinstance(driver.top, HelpOverlay) and driver.top.pad
        keys = driver.top.keys
        assert (t("rules.keys_pad.lines"), t("rules.does.lines")) in keys and (t("pad.b"), t("rules.does.back")) in keys
        assert all(t("help.key.f1") != key and "Page" not in key for key, _ in keys)
        press(driver, pad, B)
        assert driver.top is rules
    finally:
        driver.close()


def test_practice_by_pad_a_die_in_focus_is_held_with_a_and_x_rolls(pad):
    from test_practice import coached_game

    from game.store.records import add_result

    add_result(coached_game("classic", ["Ann"], seed=3))
    driver = Driver(animation="instant")
    pygame.event.set_blocked(list(NOT_PAD))
    try:
        driver.app.go("practice")
        driver.step(0.1)
        scene = driver.top
        plugged(driver, pad)
        scene.index = next(i for i, slip in enumerate(scene.slips) if slip.rolls_left and not slip.common
                           and slip.find("keep", ()) is not None)  # a slip whose dice may still be held
        scene.begin()
        driver.step(0.1)
        press(driver, pad, RIGHT)
        assert scene.row.focus == 0 and scene.die_buttons[0].focus  # the first die, its ring drawn
        press(driver, pad, RIGHT)
        press(driver, pad, A)
        assert scene.picked == {1} and scene.die_buttons[1].focus  # held, and the focus stays on it
        assert t("pad.say.practice_roll") in " ".join(texts_on_screen(driver))
        press(driver, pad, X)
        assert scene.answer is not None  # rolled the others: the answer shows
    finally:
        pygame.event.set_allowed(None)
        driver.close()


def test_at_jackpot_rt_is_the_tips_next_and_f1_says_what_else_it_does(pad):
    from game.engine.session import Session
    from game.rules.variants import find_variant
    from game.store.seats import Seat
    from scenes.registry import opening_for

    driver = Driver(animation="instant", walkthrough=True)
    try:
        session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Ben")], seed=8, rolloff=False)
        driver.start(opening_for(driver.app, session))
        table = driver.top
        driver.step(0.3)
        plugged(driver, pad)
        assert table.walkthrough_shown() and table.walkthrough.index == 0
        press(driver, pad, pygame.CONTROLLER_AXIS_TRIGGERRIGHT, trigger=True)
        assert table.walkthrough.index == 1
        press(driver, pad, BACK)
        rt = [does for key, does in driver.top.keys if key == t("pad.rt")]
        assert rt == [t("help.does.return_chance_or_tip")]  # one line for RT, saying both
    finally:
        driver.close()


def test_f1_s_pad_list_draws_the_buttons_as_glyphs():
    from scenes.menus.help_overlay import HelpOverlay
    from scenes.ui import bindings
    from scenes.ui.pad_glyphs import FACES, pieces

    assert pieces("D-pad left / right, then A") == [("dpad", "D-pad"), ("words", "left / right, then"),
                                                    ("face", "A")]
    assert pieces("LB / RB, D-pad up / down") == [("pill", "LB"), ("words", "/"), ("pill", "RB"), ("words", ","),
                                                  ("dpad", "D-pad"), ("words", "up / down")]
    assert pieces("A op een steen") == [("face", "A"), ("words", "op een steen")]  # the word "a" stays a word
    driver = Driver(animation="instant")
    try:
        _table(driver)
        driver.start(HelpOverlay(driver.app, bindings.help_lines("table", True), pad=True))
        driver.step(0.1)
        canvas = driver.app.canvas
        box = HelpOverlay.WIDTH
        left = (canvas.get_width() - box) // 2 + 30
        right = left + HelpOverlay.KEYS
        colours = {tuple(canvas.get_at((x, y)))[:3] for x in range(left, right, 2)
                   for y in range(0, canvas.get_height(), 2)}
        for button in "AXY":  # the table's F1 names these three (B is not bound there)
            assert FACES[button] in colours  # a round button in its own colour, not the letter alone
    finally:
        driver.close()
