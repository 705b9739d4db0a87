"""The table scene's behaviour under real events: holds, rolls, zero confirmation, hand-offs, bad clicks."""

from __future__ import annotations

import pygame
import pytest
from scene_driver import Driver

from game.engine.actions import Dice, Roll
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant


@pytest.fixture
def table():
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="normal")
    session = Session(find_variant("classic"), [Seat("Ann"), Seat("Ben")], seed=4, rolloff=False)
    scene = TableScene(driver.app, session)
    driver.start(scene)
    if scene.handoff is not None:
        driver.key(pygame.K_RETURN)
    yield driver, scene, session
    driver.close()


def _roll_and_land(driver, scene):
    driver.key(pygame.K_SPACE)
    assert scene.throwing
    driver.wait_until(lambda: not scene.throwing, 3.0)


def test_two_quick_key_presses_hold_two_dice(table):
    driver, scene, session = table
    _roll_and_land(driver, scene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2", scancode=0))
    driver.step(0.02)
    leftmost = sorted(range(5), key=lambda d: scene.tray.die_rect(d).x)[:2]
    assert [session.state.held[d] for d in range(5)] == [d in leftmost for d in range(5)]


def test_keys_number_the_dice_from_left_to_right(table):
    driver, scene, session = table
    _roll_and_land(driver, scene)
    xs = [scene.tray.die_rect(scene.key_order[k]).x for k in range(5)]
    assert xs == sorted(xs)
    assert [scene.key_for(d) for d in scene.key_order] == [1, 2, 3, 4, 5]


def test_a_click_in_another_players_column_scores_nothing(table):
    driver, scene, session = table
    _roll_and_land(driver, scene)
    driver.click(scene.card.box_rect("chance", 1).center)  # Ben's column, while Ann plays
    assert session.state.card(0).boxes["chance"] is None and session.state.seat == 0
    dice = session.state.dice
    driver.click(scene.card.box_rect("chance", 0).center)
    assert session.state.card(0, 0).boxes["chance"] == sum(dice)


def test_a_double_click_on_roll_rolls_once(table):
    driver, scene, session = table
    centre = scene.roll_button.rect.center
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1, touch=False))
    driver.step(0.02)
    assert session.state.rolls_used == 1
    assert sum(isinstance(a, Roll) for a in session.log) == 1


def test_the_throw_shows_the_engines_dice(table):
    driver, scene, session = table
    _roll_and_land(driver, scene)
    assert scene.tray.shown_faces() == list(session.state.dice)
    assert isinstance(session.log[-1], Dice) and session.log[-1].faces == session.state.dice


def test_scoring_zero_when_points_were_possible_asks_once(table):
    from scenes.ui.dialogs import ConfirmDialog

    driver, scene, session = table
    _roll_and_land(driver, scene)
    options = session.state.options()
    zero = next(b for b, s in options.scores.items() if s == 0)
    driver.click(scene.card.box_rect(zero, 0).center)
    dialog = driver.top
    assert isinstance(dialog, ConfirmDialog)
    assert session.state.card(0).boxes[zero] is None
    driver.click(dialog.row.buttons[1].rect.center)
    assert session.state.card(0, 0).boxes[zero] == 0
    assert driver.top is scene


def test_a_tap_right_after_the_dialog_opens_does_not_answer_it(table):
    from scenes.ui.dialogs import ConfirmDialog

    driver, scene, session = table
    _roll_and_land(driver, scene)
    zero = next(b for b, s in session.state.options().scores.items() if s == 0)
    pos = scene.card.box_rect(zero, 0).center
    # a box acts when let go
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    # a box acts when let go
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))
    driver.step(0.02)
    dialog = driver.top
    assert isinstance(dialog, ConfirmDialog)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=dialog.row.buttons[1].rect.center, button=1,
                                         touch=False))
    driver.step(0.02)
    assert driver.top is dialog and session.state.card(0).boxes[zero] is None


def test_clicks_on_filled_or_other_seats_boxes_do_nothing(table):
    driver, scene, session = table
    _roll_and_land(driver, scene)
    before = len(session.log)
    driver.click((5, 795))  # the table's edge
    driver.click(scene.card.rect.midtop)  # the header
    assert len(session.log) == before


def test_hot_seat_hand_off_between_two_people(table):
    driver, scene, session = table
    _roll_and_land(driver, scene)
    box = max(session.state.options().scores, key=session.state.options().scores.get)
    driver.click(scene.card.box_rect(box, 0).center)
    assert session.state.seat == 1
    assert scene.handoff is None  # the box just filled shows a moment first, for everyone
    assert driver.wait_until(lambda: scene.handoff == 1, 3.0)
    driver.key(pygame.K_SPACE)  # the first key only says "ready": it does not roll
    assert scene.handoff is None and session.state.rolls_used == 0
    _roll_and_land(driver, scene)
    assert session.state.rolls_used == 1


def test_the_hand_off_shows_the_last_players_dice_and_says_what_they_scored(table):
    """The hand-over's words sit in the dock over the felt's far side: the dice just scored with stay in view
    below them until the next person takes the dice, and what was scored is said in large words."""
    from game.rules.i18n import t
    from scenes.ui.widgets import record_text

    driver, scene, session = table
    _roll_and_land(driver, scene)
    faces = scene.tray.shown_faces()
    box = max(session.state.options().scores, key=session.state.options().scores.get)
    points = session.state.options().scores[box]
    driver.click(scene.card.box_rect(box, 0).center)
    assert driver.wait_until(lambda: scene.handoff == 1, 3.0)
    assert scene.tray.shown_faces() == faces, "the last player's dice left the felt at the hand-over"
    dock = scene.painter.dock()
    assert not any(scene.tray.die_rect(d).colliderect(dock) for d in range(5))
    record_text(True)
    try:
        driver.app.render()
    finally:
        drawn = record_text(False)
    said = t("table.handoff_scored", name="Ann", points=points, box=scene.variant.box(box).name)
    line = next(d for d in drawn if d.words == said)
    assert line.size >= 26 and not line.covered
    driver.key(pygame.K_SPACE)  # ready: the dice are the next person's to throw
    assert scene.handoff is None and scene.tray.shown_faces() == [None] * 5


def test_a_tap_on_roll_at_the_hand_off_takes_the_dice_and_rolls(table):
    """Space or a tap elsewhere only says "ready"; a tap on Roll itself says ready and rolls, as the player meant."""
    driver, scene, session = table
    _roll_and_land(driver, scene)
    box = max(session.state.options().scores, key=session.state.options().scores.get)
    driver.click(scene.card.box_rect(box, 0).center)
    assert driver.wait_until(lambda: scene.handoff == 1, 3.0) and session.state.rolls_used == 0
    driver.click(scene.roll_button.rect.center)
    assert scene.handoff is None and session.state.rolls_used == 1 and session.state.seat == 1


def test_escape_opens_the_menu_and_quitting_asks_first(table):
    from scenes.menus.title import TitleScene
    from scenes.ui.dialogs import ConfirmDialog, PauseMenu

    driver, scene, session = table
    driver.key(pygame.K_ESCAPE)
    driver.step(0.4)
    menu = driver.top
    assert isinstance(menu, PauseMenu)
    driver.click(menu.row.buttons[-1].rect.center)
    driver.step(0.4)
    assert isinstance(driver.top, ConfirmDialog)
    driver.click(driver.top.row.buttons[1].rect.center)
    assert isinstance(driver.top, TitleScene) and len(driver.app.stack.scenes) == 1


def test_the_window_close_button_quits():
    from scenes.menus.title import TitleScene

    driver = Driver()
    try:
        driver.start(TitleScene(driver.app))
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        driver.step(0.02)
        assert driver.app.running is False
    finally:
        driver.close()


def _type_first_name(driver, words: str):
    """The New game screen, with ``words`` typed into the first seat's name (still being edited)."""
    from scenes.menus.newgame import NewGameScene

    scene = NewGameScene(driver.app)
    driver.start(scene)
    driver.step(0.4)
    field = scene._seat_rect(0)
    driver.click((field.x + 120, field.centery))
    driver.type_text(words)
    return scene


def test_a_name_typed_on_the_new_game_screen_reaches_the_table():
    from helpers import texts_on_screen

    from scenes.menus.rolloff import RollOffScene

    driver = Driver()
    try:
        scene = _type_first_name(driver, "Oma Truus " + "😀" * 500)
        assert "40/40" in texts_on_screen(driver)  # full: the field says so
        driver.key(pygame.K_RETURN)
        driver.click(scene.start.rect.center)
        rolloff = driver.top
        assert isinstance(rolloff, RollOffScene)
        name = rolloff.session.seats[0].name
        assert name.startswith("Oma Truus") and len(name) <= 40
        driver.step(0.5)  # draws the emoji, no crash
    finally:
        driver.close()


def test_f1_shows_the_keys_of_the_table_and_any_key_closes_them(table):
    from scenes.menus.help_overlay import HelpOverlay

    driver, scene, session = table
    driver.key(pygame.K_F1)
    assert isinstance(driver.top, HelpOverlay) and ("Space or R", "roll") in driver.top.keys
    driver.key(pygame.K_ESCAPE)
    assert driver.top is scene


def test_computer_levels_cycle_through_what_can_play_each_game():
    from game.bots.levels import dial_of
    from scenes.menus.newgame import NewGameScene

    driver = Driver()
    try:
        scene = NewGameScene(driver.app)
        driver.start(scene)
        seen = set()
        for _ in range(6):
            scene._cycle_level(1)
            seen.add(scene.seats[1].level)
        assert seen == {"easy", "medium", "hard", "optimal"}  # classic has a solver table: the dial is re-based
        assert {dial_of(level) for level in seen} == {"easy", "medium", "hard", "perfect"}  # each named by its place
        scene.seats[1].level = "optimal"
        scene._pick_variant(next(i for i, v in enumerate(scene.variants) if v.id == "jackpot"))
        assert scene.seats[1].level == "heuristic"  # Jackpot has no solver: the hardest level it has
    finally:
        driver.close()


def test_between_games_of_a_match_the_finished_card_can_be_looked_at_and_enter_alone_skips_nothing():
    import random

    from helpers import texts_on_screen

    from game.bots.levels import make_player
    from scenes.menus.gameover import GameOverScene

    driver = Driver(animation="instant")
    try:
        session = Session(find_variant("dutch"), [Seat("Ann"), Seat("Bob")], 2, seed=6, rolloff=False)
        driver.start(driver.app.scene("table", session))
        table = driver.top
        brain = make_player("greedy", random.Random(1))
        while session.state.game == 0:
            table.act(brain.choose(session.state))
            table.tray.skip()
            table.throwing = False
        assert driver.wait_until(lambda: isinstance(driver.top, GameOverScene), 3.0)  # once the last box was seen
        driver.step(1.0)  # the results read a moment (a tap at once is taken for one meant for the table)
        over = driver.top
        assert isinstance(over, GameOverScene)
        first = [card.total(session.variant) for card in session.state.cards[0]]
        assert table.card.shown_game() == 0  # the finished card stays behind the results
        driver.key(pygame.K_RETURN)
        driver.key(pygame.K_SPACE)
        assert driver.top is over  # stray keys skip nothing
        driver.click(over.row.buttons[0].rect.center)  # Look at the card
        assert over.reviewing
        shown = texts_on_screen(driver)
        assert all(str(total) in shown for total in first)  # the finished game's totals, readable
        assert not table.roll_button.enabled  # nothing to roll on a finished card
        driver.click(over.review_row.buttons[0].rect.center)  # back to the results
        assert not over.reviewing
        driver.key(pygame.K_TAB)  # "Look at the card" first, as the screen reads
        driver.key(pygame.K_TAB)
        driver.key(pygame.K_RETURN)  # Next game, chosen
        driver.step(0.5)
        assert driver.top is table and table.card.shown_game() == 1
        assert all(box is None for box in session.state.cards[1][0].boxes.values())
    finally:
        driver.close()


def test_a_seats_name_is_kept_when_it_changes_from_person_to_computer_and_back():
    driver = Driver()
    try:
        scene = _type_first_name(driver, "Grandma")
        driver.key(pygame.K_RETURN)

        def kind(i):
            return next(b for b in scene.row.buttons if getattr(b, "id", None) == ("kind", i))

        computer = scene.seats[1].name  # a computer seat, with a computer's name
        driver.click(kind(1).rect.center)  # the computer becomes a person: the name stays
        assert not scene.seats[1].computer and scene.seats[1].name == computer
        driver.click(kind(0).rect.center)  # Grandma's seat becomes a computer...
        assert scene.seats[0].computer and scene.seats[0].name == "Grandma"
        driver.click(kind(0).rect.center)  # ...and a person again: still Grandma
        assert not scene.seats[0].computer and scene.seats[0].name == "Grandma"
    finally:
        driver.close()


def test_a_shortened_name_shows_whole_on_hover():
    from helpers import texts_on_screen
    from screens import SCREENS

    driver = Driver()
    try:
        dict(SCREENS)["table-six-long-names"](driver)
        table = driver.top
        if table.handoff is not None:
            driver.key(pygame.K_RETURN)  # ready
        card = table.card
        assert card.short_name(1) != "Maximilian" and card.short_name(4) == "Oma"
        heading = (card.inner.x + card.label_w + card.col_w + card.col_w // 2, card.inner.y + 30)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=driver.window_pos(heading), rel=(0, 0),
                                             buttons=(0, 0, 0), touch=False))
        driver.step(0.1)
        assert "Maximilian" in texts_on_screen(driver)
    finally:
        driver.close()


def test_seats_a_smaller_game_sets_aside_come_back():
    from screens import LONG_NAMES

    from scenes.menus.newgame import NewGameScene

    driver = Driver()
    try:
        scene = NewGameScene(driver.app)
        driver.start(scene)
        driver.step(0.4)
        while len(scene.seats) < 6:
            scene._add_seat_and_build()
        for seat, name in zip(scene.seats, LONG_NAMES):
            seat.name = name
        names = [seat.name for seat in scene.seats]
        jackpot = next(i for i, v in enumerate(scene.variants) if v.id == "jackpot")
        official = next(i for i, v in enumerate(scene.variants) if v.id == "official")
        scene._pick_variant(jackpot)
        assert [seat.name for seat in scene.seats] == names[:4]
        scene._pick_variant(official)
        assert [seat.name for seat in scene.seats] == names  # all six again, names and all
    finally:
        driver.close()


def test_new_game_starts_on_the_game_just_played():
    from scenes.menus.newgame import NewGameScene

    driver = Driver()
    try:
        scene = NewGameScene(driver.app)
        driver.start(scene)
        driver.step(0.4)
        yatzy = next(i for i, v in enumerate(scene.variants) if v.id == "yatzy")
        scene._pick_variant(yatzy)
        scene.start_game()
        again = NewGameScene(driver.app)
        assert again.variant.id == "yatzy" and again.variant_index in again._visible_variants()
    finally:
        driver.close()


def test_the_dice_strike_through_the_apps_hits_each_naming_what_it_hit(table):
    driver, scene, session = table
    hits, played = [], []
    driver.app.sounds.play_hit = lambda material, strength: hits.append((material, strength))
    driver.app.sounds.play = lambda name, strength=1.0: played.append(name)
    _roll_and_land(driver, scene)
    assert hits and all(m in ("felt", "rail", "die") and 0 < s <= 1 for m, s in hits)
    assert "clack" not in played
    scene.tray.on_hit(0.4, "rail")  # the thrown tray names what each die struck
    assert hits[-1] == ("rail", 0.4)


def test_the_cups_rattle_reaches_the_sounds_through_the_app(table):
    driver, _, _ = table
    heard = []
    for call in ("start_rattle", "set_rattle", "stop_rattle"):
        setattr(driver.app.sounds, call, lambda *args, call=call: heard.append((call, *args)))
    driver.app.start_rattle()
    driver.app.set_rattle(0.6)
    driver.app.stop_rattle()
    assert heard == [("start_rattle", 0.0), ("set_rattle", 0.6), ("stop_rattle",)]


def test_a_refused_press_is_said_in_the_window_in_the_players_words(table):
    """Roll pressed with no rolls left goes to the controller; its refusal shows as the table's banner."""
    driver, scene, session = table
    for _ in range(3):
        _roll_and_land(driver, scene)
    assert not scene.roll_button.enabled  # the controller's view says so
    driver.key(pygame.K_SPACE)
    assert len(session.log) == 6 and scene.banner == "No rolls left: choose a box" and scene.banner_time > 0


def test_a_refusal_during_the_hand_over_shows_above_its_panel(table):
    """A press the table refuses while the hand-over names the next player is said over the felt, never drawn
    under the hand-over's panel (a play test found 'Nothing to take back' hidden there)."""
    from scenes.ui.widgets import record_text

    driver, scene, session = table
    scene.toggle_coach()  # with the coach's panel in the dock, a refusal once took the dock's top line
    _roll_and_land(driver, scene)
    driver.click(scene.card.box_rect("chance", 0).center)
    driver.wait_until(lambda: scene.handoff is not None, 10)
    from game.engine.actions import Roll

    scene.show_events(scene.controller.command(Roll()))  # Ben has not taken the dice yet: refused
    assert scene.banner == "Ben, take the dice first" and scene.banner_time > 0
    record_text(True)
    driver.app.render()
    drawn = record_text(False)
    said = [d for d in drawn if d.words == scene.banner]
    assert said and not any(d.covered for d in said)
