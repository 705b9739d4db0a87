"""A first game that teaches: help on every box (hover, long press, keyboard focus) and the walkthrough."""

from __future__ import annotations

import pygame
import pytest
from helpers import texts_on_screen
from scene_driver import Driver

from game.engine.actions import Roll
from game.engine.session import Session
from game.engine.state import Seat
from game.rules import i18n
from game.rules.i18n import t
from game.rules.variants import find_variant
from game.store.settings import load_settings


def table(driver, variant="classic", seed=4):
    from scenes.scorecard.table import TableScene

    session = Session(find_variant(variant), [Seat("Ann", colour="orange")], seed=seed, rolloff=False)
    scene = TableScene(driver.app, session)
    driver.start(scene)
    driver.step(0.5)
    return scene, session


def roll(driver, scene):
    driver.key(pygame.K_SPACE)
    assert driver.wait_until(lambda: not scene.throwing, 5)


def finger(driver, kind, pos):
    x, y = driver.window_pos(pos)
    w, h = driver.app.viewport.window
    pygame.event.post(pygame.event.Event(kind, x=x / w, y=y / h, dx=0, dy=0, finger_id=1, touch_id=1, pressure=1))


@pytest.fixture
def driver():
    d = Driver(animation="instant")
    yield d
    d.close()


def test_resting_the_pointer_on_a_box_says_how_it_scores_and_what_these_dice_give(driver):
    scene, session = table(driver)
    roll(driver, scene)
    box = "full_house"
    points = session.state.options().scores[box]
    pos = scene.card.box_rect(box, 0).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=driver.window_pos(pos), rel=(0, 0), buttons=(0, 0, 0),
                                         touch=False))
    driver.step(0.2)
    assert t("boxhelp.now", points=points) not in texts_on_screen(driver)  # not at once: a passing pointer
    driver.step(0.6)
    shown = texts_on_screen(driver)
    assert t("boxhelp.now", points=points) in shown
    assert "25 points." in " ".join(shown)  # the rule, in words


def test_a_long_press_asks_for_help_and_a_short_tap_scores(driver):
    scene, session = table(driver)
    roll(driver, scene)
    box = "chance"
    pos = scene.card.box_rect(box, 0).center
    finger(driver, pygame.FINGERDOWN, pos)
    driver.step(0.7)
    assert t("boxhelp.now", points=sum(session.state.dice)) in texts_on_screen(driver)
    finger(driver, pygame.FINGERUP, pos)
    driver.step(0.1)
    assert session.state.card(0).boxes[box] is None  # a long press is a question, not a move
    finger(driver, pygame.FINGERDOWN, pos)
    driver.step(0.1)
    finger(driver, pygame.FINGERUP, pos)
    driver.step(0.1)
    assert session.state.card(0).boxes[box] is not None


def test_the_box_the_keyboard_is_on_explains_itself(driver):
    scene, session = table(driver)
    roll(driver, scene)
    driver.key(pygame.K_DOWN)
    box = scene.card.focus_box
    assert box is not None
    shown = texts_on_screen(driver)
    assert t("boxhelp.now", points=session.state.options().scores[box]) in shown


def test_help_on_a_filled_box_says_what_it_holds(driver):
    scene, session = table(driver)
    roll(driver, scene)
    session_box = "chance"
    points = session.state.options().scores[session_box]
    driver.click(scene.card.box_rect(session_box, 0).center)
    pos = scene.card.box_rect(session_box, 0).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=driver.window_pos(pos), rel=(0, 0), buttons=(0, 0, 0),
                                         touch=False))
    driver.step(0.8)
    assert t("boxhelp.filled", points=points) in texts_on_screen(driver)


def test_the_walkthrough_teaches_roll_hold_box_and_bonus_once():
    driver = Driver(animation="instant", walkthrough=True)
    try:
        scene, session = table(driver)
        tips = scene.walkthrough
        assert tips is not None and tips.step.key == "roll"
        assert t("walkthrough.roll_title") in texts_on_screen(driver)
        roll(driver, scene)  # doing what it asks moves it on
        assert tips.step.key == "hold"
        driver.key(pygame.K_1)
        assert tips.step.key == "box" and any(session.state.held)
        driver.key(pygame.K_DOWN)
        driver.key(pygame.K_RETURN)
        if driver.top is not scene:  # "score 0 here?": yes
            driver.key(pygame.K_RIGHT)
            driver.key(pygame.K_RETURN)
        assert tips.step.key == "bonus"
        assert driver.wait_until(lambda: scene.moments.showing is None, 3)  # the tip comes once the box was seen
        bonus_text = t("walkthrough.bonus_text", threshold=63, points=35)
        assert any(line in bonus_text for line in texts_on_screen(driver) if len(line) > 10)
        driver.key(pygame.K_TAB)  # the focus goes to its Done button...
        driver.click(tips.next_button.rect.center)  # ...or a tap on it
        assert not tips.active and scene.walkthrough_shown() is False
    finally:
        driver.close()
    assert load_settings().walkthrough is False  # offered once
    driver = Driver(animation="instant", walkthrough=load_settings().walkthrough)
    try:
        scene, _ = table(driver)
        assert scene.walkthrough is None
    finally:
        driver.close()


def test_the_first_tip_shows_after_a_roll_off_until_the_first_roll_of_the_game():
    """The roll-off's throws decide who starts: they are no roll of the game, so "Roll the dice" still shows."""
    from scenes.menus.rolloff import RollOffScene
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="instant", walkthrough=True)
    try:
        session = Session(find_variant("classic"), [Seat("Ann", colour="orange"), Seat("Bo", colour="sky")], seed=4)
        driver.start(RollOffScene(driver.app, session))
        driver.click((640, 400))  # every throw of the roll-off, then the table
        scene = driver.top
        assert isinstance(scene, TableScene) and session.state.phase == "play"
        assert any(isinstance(action, Roll) for action in session.log)  # the roll-off's throws
        assert driver.wait_until(lambda: scene.handoff is not None, 3)
        driver.key(pygame.K_RETURN)  # the starter takes the dice
        assert scene.walkthrough_shown() and scene.walkthrough.step.key == "roll"
        assert t("walkthrough.roll_title") in texts_on_screen(driver)
        roll(driver, scene)  # the game's first roll: now it moves on
        assert scene.walkthrough.step.key == "hold"
    finally:
        driver.close()


def test_a_game_continued_after_its_roll_off_starts_the_tips_at_rolling():
    from scenes.scorecard.table import TableScene

    session = Session(find_variant("classic"), [Seat("Ann", colour="orange"), Seat("Bo", colour="sky")], seed=4)
    while session.state.phase == "rolloff":
        session.act(Roll())
    assert len(session.log) >= 4 and session.played() == []  # who starts is no move of the game
    session.act(Roll())
    assert session.played()[0] == Roll() and len(session.played()) == 2  # the game's own roll and its dice
    continued = Session.from_json(session.to_json(), session.variant)
    assert continued.played() == session.played()
    driver = Driver(animation="instant", walkthrough=True)
    try:
        fresh = Session(find_variant("classic"), [Seat("Ann", colour="orange"), Seat("Bo", colour="sky")], seed=4)
        while fresh.state.phase == "rolloff":
            fresh.act(Roll())
        scene = TableScene(driver.app, Session.from_json(fresh.to_json(), fresh.variant))
        driver.start(scene)
        driver.step(0.5)
        assert scene.walkthrough.step.key == "roll"  # continued before the first roll: the first tip
    finally:
        driver.close()


def test_esc_skips_the_walkthrough_and_the_table_plays_on():
    driver = Driver(animation="instant", walkthrough=True)
    try:
        scene, session = table(driver)
        driver.key(pygame.K_ESCAPE)
        assert not scene.walkthrough.active and driver.top is scene  # Esc skipped it; it did not open the menu
        assert scene.tray.keep_clear == [scene.painter.dock()]  # the tray again, but the panels' dock
        roll(driver, scene)
        assert isinstance(session.log[0], Roll)
    finally:
        driver.close()


def test_the_coach_panel_moves_no_die_and_the_dice_keep_their_numbers(driver):
    scene, session = table(driver, "official")
    assert scene.coach.available  # the solver tables ship with the game
    roll(driver, scene)
    numbers = list(scene.key_order)
    lay = [scene.tray.die_rect(d) for d in range(scene.tray.count)]
    driver.key(pygame.K_c)
    (dock,) = scene.tray.keep_clear  # the panels' dock, where the coach's panel shows
    for die in range(scene.tray.count):
        if not session.state.held[die]:
            assert not scene.tray.die_rect(die).colliderect(dock)
    assert scene.key_order == numbers
    assert [scene.tray.die_rect(d) for d in range(scene.tray.count)] == lay  # not one die moved


def test_a_die_keeps_its_number_for_the_whole_turn(driver):
    scene, session = table(driver, seed=11)
    roll(driver, scene)
    xs = [scene.tray.die_rect(d).x for d in scene.key_order]
    assert xs == sorted(xs)  # after the first roll: numbered left to right
    numbers = list(scene.key_order)
    driver.key(pygame.K_3)
    driver.key(pygame.K_5)
    held = {numbers[2], numbers[4]}
    assert {d for d in range(5) if session.state.held[d]} == held
    slots = [scene.tray.die_rect(d).x for d in sorted(held, key=numbers.index)]
    assert slots == sorted(slots)  # on the shelf, in the order of their numbers
    roll(driver, scene)
    assert scene.key_order == numbers  # the second roll renumbers nothing
    driver.key(pygame.K_3)
    assert not session.state.held[numbers[2]]  # key 3 is still the same die


def test_switching_language_mid_game_changes_every_word_at_once(driver):
    from scenes.menus.settings_scene import SettingsScene

    scene, session = table(driver)
    roll(driver, scene)
    assert "Aces" in texts_on_screen(driver)
    settings = SettingsScene(driver.app)
    driver.app.stack.push(settings)
    driver.step(0.2)
    driver.click(settings.row.buttons[0].rect.center)  # the list of languages, each named in itself
    driver.step(0.4)
    picker = driver.top
    picker._pick("nl")  # Nederlands
    driver.step(0.2)
    assert i18n.language() == "nl" and driver.top is settings
    driver.key(pygame.K_ESCAPE)
    assert driver.top is scene
    shown = texts_on_screen(driver)
    assert "Enen" in shown and "Gooien" in shown and "Aces" not in shown and "Roll" not in shown
    assert session.state.dice is not None  # nothing played was lost


def test_an_undo_brings_the_dice_back_with_their_numbers(driver):
    scene, session = table(driver, seed=11)
    roll(driver, scene)
    numbers = list(scene.key_order)
    driver.key(pygame.K_3)
    held_at = scene.tray.die_rect(numbers[2]).topleft
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RETURN)
    if driver.top is not scene:  # "score 0 here?": yes
        driver.key(pygame.K_RIGHT)
        driver.key(pygame.K_RETURN)
    assert session.state.dice is None  # scored: the turn is over
    driver.key(pygame.K_u)
    assert session.state.dice is not None and scene.key_order == numbers
    assert scene.tray.die_rect(numbers[2]).topleft == held_at  # back in its slot on the shelf
    loose = [d for d in numbers if not session.state.held[d]]
    xs = [scene.tray.die_rect(d).x for d in loose]
    assert xs == sorted(xs)


def test_a_computer_waits_while_the_person_before_it_may_still_undo():
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="normal")
    try:
        session = Session(find_variant("classic"), [Seat("Ann", colour="orange"),
                                                    Seat("Ada", "computer", "greedy", "sky")], seed=4, rolloff=False)
        scene = TableScene(driver.app, session)
        driver.start(scene)
        driver.step(0.5)
        roll(driver, scene)
        driver.key(pygame.K_DOWN)
        driver.key(pygame.K_RETURN)
        if driver.top is not scene:
            driver.key(pygame.K_RIGHT)
            driver.key(pygame.K_RETURN)
        assert session.state.current_player() == 1
        driver.step(1.5)  # time enough to see it, think and press U
        assert session.state.dice is None  # Ada has not rolled yet
        driver.key(pygame.K_u)
        assert session.state.current_player() == 0
    finally:
        driver.close()


def test_challenge_numbers_every_common_roll_left_to_right(driver):
    from scenes.registry import table_for

    session = Session(find_variant("challenge"), [Seat("Ann", colour="orange"), Seat("Ben", colour="sky")], seed=6,
                      rolloff=False)
    scene = table_for(driver.app, session)
    driver.start(scene)
    driver.step(0.5)
    state = session.state
    checked = 0
    for _ in range(60):
        if scene.handoff is not None:
            driver.key(pygame.K_RETURN)
        elif scene.throwing:
            driver.step(0.2)
        elif state.stage == "roll":
            driver.key(pygame.K_RETURN)
            assert driver.wait_until(lambda: not scene.throwing, 5)
            xs = [scene.tray.die_rect(d).x for d in scene.key_order if scene.tray.die_rect(d).width]
            assert xs == sorted(xs)
            checked += 1
            if checked == 3:
                break
        elif state.stage == "pick":
            driver.key(pygame.K_1)  # copy one die, then confirm
            driver.key(pygame.K_RETURN)
        else:
            driver.step(0.2)
    assert checked == 3


def test_jackpot_has_its_own_first_game_tips():
    from scenes.jackpot.jackpot_table import JackpotTableScene

    driver = Driver(animation="instant", walkthrough=True)
    try:
        session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Ben")], seed=2, rolloff=False)
        scene = JackpotTableScene(driver.app, session)
        driver.start(scene)
        driver.step(0.5)
        tips = scene.walkthrough
        assert tips is not None and tips.step.key == "jackpot_roll"
        assert t("walkthrough.jackpot_roll_title") in texts_on_screen(driver)
        driver.key(pygame.K_SPACE)
        assert driver.wait_until(lambda: not scene.busy(), 5)
        assert tips.step.key == "jackpot_tile" and scene.walkthrough_shown()
        driver.key(pygame.K_ESCAPE)  # skip the rest
        assert not tips.active and driver.top is scene
    finally:
        driver.close()
    settings = load_settings()
    assert settings.jackpot_walkthrough is False and settings.walkthrough is True  # the other game's tips remain


def test_box_help_works_while_the_tips_show():
    """The tip about boxes says to rest the pointer on one: that works while the tip shows."""
    from screens import SCREENS

    driver = Driver(animation="instant")
    try:
        dict(SCREENS)["walkthrough-box"](driver)
        scene = driver.top
        assert scene.walkthrough_shown() and scene.walkthrough.step.key == "box"
        box = "chance"
        pos = scene.card.box_rect(box, 0).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=driver.window_pos(pos), rel=(0, 0),
                                             buttons=(0, 0, 0), touch=False))
        driver.step(0.8)
        assert t("boxhelp.now", points=sum(scene.state.dice)) in texts_on_screen(driver)
        assert scene.walkthrough_shown()  # and the tip stays
    finally:
        driver.close()


def test_the_tips_ring_round_a_row_stays_off_the_next_row():
    from screens import SCREENS

    driver = Driver(animation="instant")
    try:
        dict(SCREENS)["walkthrough-bonus"](driver)
        scene = driver.top
        target = scene.walkthrough.targets[scene.walkthrough.step.target]
        index = next(i for i, row in enumerate(scene.card.rows) if row.kind == "upper_bonus")
        below = scene.card.row_rect(index + 1)
        driver.app.paint()
        gold = [scene.app.canvas.get_at((x, below.top + 3))[:3] for x in range(below.left + 2, below.right - 2)]
        assert target.height < 60 and (244, 196, 48) not in gold  # no gold ring over the row below
    finally:
        driver.close()


def _resized(driver, size: tuple[int, int]) -> None:
    """The player makes the window this size (the window reports its new size, the table fits it)."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    driver.step(0.5)


def _tip_covers(scene) -> list[str]:
    """What the tip on show hides of what must stay in sight: a die on the felt (under the tip, or under another
    die where the room left was too tight), or the thing the tip explains."""
    tips = scene.walkthrough
    if not scene.walkthrough_shown():
        return []
    tip, step = tips.box(), tips.step
    assert tip.width > 0 and tip.height > 0
    said = f"the {step.key} tip at {tuple(tip)}"
    felt = [scene.tray.die_rect(d) for d in range(scene.tray.count) if not scene.state.held[d]]
    hidden = [f"{said} covers the die at {tuple(die)}" for die in felt if die.colliderect(tip)]
    hidden += [f"beside {said}, the die at {tuple(die)} lies on the one at {tuple(other)}"
               for i, die in enumerate(felt) for other in felt[i + 1:] if die.colliderect(other)]
    if not any(band.contains(tip) for band in scene.tray.keep_clear):  # where no die comes to rest
        hidden.append(f"{said} reaches where dice may rest (they keep clear of {scene.tray.keep_clear})")
    target = tips.targets[step.target]
    if step.target != "dice" and target.colliderect(tip):  # the dice's ring goes round the whole felt, tip and all
        hidden.append(f"{said} covers its {step.target} at {tuple(target)}")
    return hidden


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("text_size,seats,coach", [("normal", 1, False), ("normal", 1, True), ("large", 1, False),
                                                   ("large", 6, False)],
                         ids=["one-seat", "coached", "large-text", "six-seats-large-text"])
def test_no_tip_covers_a_die_or_what_it_explains(size, language, text_size, seats, coach):
    """Every tip of a first game, played through by keys: the roll, a hold, a second roll, a box scored, the next
    turn's roll, and the window resized while a tip shows. The smallest window the game is made for is 800x480;
    six seats leave the narrowest felt, where large Dutch text makes the tallest tips."""
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="instant", language=language, text_size=text_size, size=size, walkthrough=True)
    try:
        names = ["Ann", "Ben", "Cas", "Dee", "Eef", "Fay"]
        colours = ["orange", "sky", "green", "red", "blue", "purple"]
        people = [Seat(name, colour=colour) for name, colour in zip(names, colours)]
        session = Session(find_variant("classic"), people[:seats], seed=8, rolloff=False)
        scene = TableScene(driver.app, session)
        driver.start(scene)
        driver.step(0.5)
        if coach:
            driver.key(pygame.K_c)
            assert scene.seat in scene.coach.on
        covered, seen = [], []

        def look() -> None:
            assert driver.wait_until(lambda: not scene.busy() and scene.moments.showing is None, 5)  # box seen
            if scene.handoff is not None:
                driver.key(pygame.K_RETURN)
            driver.step(0.3)
            covered.extend(_tip_covers(scene))
            if scene.walkthrough_shown():
                seen.append(scene.walkthrough.step.key)

        look()  # the first tip: roll
        roll(driver, scene)
        look()  # hold
        driver.key(pygame.K_1)
        look()  # pick a box
        roll(driver, scene)
        look()
        _resized(driver, (936, 585))
        look()
        scores = session.state.options().scores
        best = max(scores, key=scores.get)
        for _ in range(20):
            if scene.card.focus_box == best:
                break
            driver.key(pygame.K_TAB)  # over the boxes with keys or a pad in hand (a pad's first Down shows a die)
        driver.key(pygame.K_RETURN)
        look()  # the bonus, at the next seat's turn before the dice
        roll(driver, scene)
        look()
        assert seen[:3] == ["roll", "hold", "box"] and seen[-1] == "bonus", seen
        assert not covered, "\n".join(covered)
    finally:
        driver.close()


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("text_size,seats", [("normal", 1), ("large", 6)], ids=["one-seat", "six-seats-large-text"])
def test_no_tip_in_the_pad_s_words_covers_a_die_either(monkeypatch, size, language, text_size, seats):
    """With a pad in hand the tips say its buttons (longer words, some of them): they fit as the keys' do."""
    from scenes.ui import bindings

    monkeypatch.setattr(bindings, "pad_in_hand", lambda app: True)
    test_no_tip_covers_a_die_or_what_it_explains(size, language, text_size, seats, False)
