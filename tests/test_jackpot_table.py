"""A whole Jackpot game played through the real table with injected clicks and keys."""

from __future__ import annotations

import random

import pygame
import pytest
from helpers import texts_on_screen
from scene_driver import Driver

from game.bots.jackpot_players import HeuristicJackpotPlayer
from game.engine.actions import ChanceOption, Place, Roll
from game.engine.jackpot_state import CHANCE_SPACE
from game.engine.session import Session, replay
from game.engine.state import Seat
from game.rules.variants import find_variant


def _click_action(driver: Driver, table, action, use_keys: bool) -> None:
    state = table.state
    big = table.racks[table.shown_seat]
    if isinstance(action, Roll):
        driver.key(pygame.K_SPACE) if use_keys else driver.click(table.roll_button.rect.center)
    elif isinstance(action, ChanceOption):
        if action.choice == "keep":
            driver.key(pygame.K_c) if use_keys else driver.click(table.keep_button.rect.center)
        elif action.choice == "return":
            driver.key(pygame.K_x) if use_keys else driver.click(table.return_button.rect.center)
        else:
            driver.click(big.window_rect(action.column, 0).center)
    elif isinstance(action, Place):
        symbols = state.tile_symbols()
        index = symbols.index(action.symbol)
        if use_keys:
            while table.choice % len(symbols) != index:
                driver.key(pygame.K_TAB)
        else:
            driver.click(table.painter.tile_rect(index).center)
        if action.target == CHANCE_SPACE:
            driver.key(pygame.K_c) if use_keys else driver.click(big.chance_rect().center)
        elif use_keys:
            driver.key(getattr(pygame, f"K_{action.target + 1}"))
        else:
            driver.click(big.window_rect(action.target, 0).center)
    else:
        raise AssertionError(action)


def test_a_whole_jackpot_game_through_the_table():
    from scenes.jackpot.jackpot_paint import TRAY
    from scenes.jackpot.jackpot_round import JackpotRoundScene
    from scenes.menus.gameover import GameOverScene
    from scenes.registry import opening_for as opening_scene

    variant = find_variant("jackpot")
    session = Session(variant, [Seat("Ann", colour="orange"), Seat("Bot", "computer", "greedy", "sky"),
                                Seat("Cas", colour="green")], seed=8)
    driver = Driver(animation="instant")
    brain = HeuristicJackpotPlayer(random.Random(4))
    intended = []
    rounds_shown = 0
    handed = []  # each hand-over shown: (seat, says who starts)
    try:
        driver.start(opening_scene(driver.app, session))
        table = driver.top
        for _ in range(5000):
            if session.state.is_terminal() and not isinstance(driver.top, JackpotRoundScene):
                break
            top = driver.top
            if isinstance(top, JackpotRoundScene):
                rounds_shown += 1
                driver.click((640, 400))  # show all
                driver.click(top.next_button.rect.center)
                continue
            if top is not table:
                driver.step(0.1)
                continue
            if table.handoff.shown() and not session.state.seats[table.handoff.seat].is_computer:
                handed.append((table.handoff.seat, table.handoff.starts))
                driver.click(TRAY.center) if len(handed) % 2 else driver.key(pygame.K_RETURN)  # "when ready"
                continue
            seat = session.state.current_player()
            if seat in (0, 2) and table.person_to_play():
                action = brain.choose(session.state)
                intended.append(action)
                _click_action(driver, table, action, use_keys=seat == 2)
            else:
                driver.step(0.1)
        assert session.state.is_terminal()
        assert rounds_shown == 3
        assert isinstance(driver.top, GameOverScene)
        # every action a person took is what the script clicked, in order
        people = []
        state = session.start.clone()
        for action in session.log:
            if state.current_player() in (0, 2) and not hasattr(action, "faces"):
                people.append(action)
            state.apply(action)
        assert people == intended
        assert replay(session.start, session.log).totals() == session.state.totals()
        assert session.state.tiles_in_play() == 112
        assert handed == _hand_overs(session, people=(0, 2))
    finally:
        driver.close()


def _hand_overs(session, people) -> list[tuple[int, bool]]:
    """The hand-overs a game should have shown, from its log: who starts each round (when a person starts it),
    then each person's turn that follows another seat's (their first roll after someone else's)."""
    state, rollers = session.start.clone(), []  # (seat, round) of each roll
    for action in session.log:
        if isinstance(action, Roll):
            rollers.append((state.current_player(), state.round))
        state.apply(action)
    due = [(rollers[0][0], True)] if rollers[0][0] in people else []
    for (last, last_round), (seat, round_) in zip(rollers, rollers[1:]):
        if seat in people and (round_ != last_round or seat != last):
            due.append((seat, round_ != last_round))
    return due


def test_jackpot_table_lights_columns_and_shows_a_ghost_tile():
    from scenes.jackpot.jackpot_table import JackpotTableScene

    session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Ben")], seed=2, rolloff=False)
    driver = Driver(animation="fast")
    try:
        table = JackpotTableScene(driver.app, session)
        driver.start(table)
        driver.key(pygame.K_SPACE)
        driver.wait_until(lambda: not table.throwing, 3)
        if session.state.stage == "chance_option":
            driver.key(pygame.K_c)
        big = table.racks[0]
        centre = big.window_rect(2, 0).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0),
                                             touch=False))
        driver.step(0.05)
        assert big.lit_columns == {0, 1, 2, 3, 4}
        assert big.ghost == (table.chosen(), 2)
        assert table.heading.grant_text()
    finally:
        driver.close()


def test_a_two_seat_jackpot_demo_plays_all_three_rounds():
    """Two seats: the round scoring must not mistake a round number for a seat (a bug once)."""
    from scenes.demo import demo_scene
    from scenes.menus.gameover import GameOverScene

    driver = Driver(animation="instant")
    try:
        driver.start(demo_scene(driver.app, "jackpot", 2, 5))
        session = driver.top.session
        driver.wait_until(lambda: isinstance(driver.top, GameOverScene), seconds=3000, step=0.5)
        assert session.state.is_terminal() and len(session.state.scores) == 3
    finally:
        driver.close()


def test_an_undo_says_whose_tile_came_back():
    from game.rules.i18n import t
    from scenes.jackpot.jackpot_table import JackpotTableScene
    from scenes.ui.dialogs import ConfirmDialog

    driver = Driver(animation="instant")
    try:
        session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Ben")], seed=2, rolloff=False)
        table = JackpotTableScene(driver.app, session)
        driver.start(table)
        driver.step(0.5)
        bot = HeuristicJackpotPlayer(random.Random(1))
        first = session.state.current_player()
        while session.state.current_player() == first:
            _click_action(driver, table, bot.choose(session.state), use_keys=True)
            driver.wait_until(lambda: not table.busy(), 5)
        driver.key(pygame.K_u)  # the hand-over names the next player: the one whose tile it is is asked
        dialog = driver.top
        assert isinstance(dialog, ConfirmDialog) and session.state.current_player() != first
        driver.step(0.5)  # (a dialog takes no tap in its first moment: a double tap is not an answer)
        driver.click(dialog.row.buttons[1].rect.center)  # they give it back
        assert session.state.current_player() == first
        shown = " ".join(texts_on_screen(driver))
        name = session.state.seats[first].name
        assert t("jackpot.taken_back", name=name).split(":")[0] in shown
    finally:
        driver.close()


def _computer_then_ann(driver, computer: str):
    """A Jackpot table: a greedy computer plays first, then Ann."""
    seats = [Seat(computer, "computer", "greedy"), Seat("Ann")]
    session = Session(find_variant("jackpot"), seats, seed=4, rolloff=False)
    driver.start(driver.app.scene("table", session))
    return driver.top, session


def test_nobody_is_told_to_roll_while_the_last_move_is_still_in_view():
    """The hint beside Roll speaks only when there is something to press: not while the computer's rack
    is still the big one (Roll is shut), then "Roll the four symbol dice" once Ann's rack comes."""
    driver = Driver(animation="normal")
    try:
        table, _ = _computer_then_ann(driver, "Cpu")
        assert driver.wait_until(lambda: table.seat == 1 and table.shown_seat == 0 and not table.busy(), 30)
        driver.step(0.025)
        assert not table.roll_button.enabled and "symbol dice" not in " ".join(texts_on_screen(driver))
        assert driver.wait_until(lambda: table.shown_seat == 1, 5)
        driver.step(0.025)
        assert table.roll_button.enabled and "symbol dice" in " ".join(texts_on_screen(driver))  # wrapped: two lines
    finally:
        driver.close()


def test_the_rack_stays_in_view_a_moment_after_its_tile_lands():
    """A computer's tile lands; its rack stays the big one about 0.8 s before the next player's comes."""
    driver = Driver(animation="normal")
    try:
        table, _ = _computer_then_ann(driver, "Cpu")
        landed = None
        elapsed = 0.0
        while table.shown_seat != 1 and elapsed < 30:
            driver.step(0.025)  # three of the loop's fixed steps
            elapsed += 0.025
            if landed is None and table.seat == 1 and not table.busy():
                landed = elapsed
        assert table.shown_seat == 1 and landed is not None
        assert 0.75 <= elapsed - landed <= 0.9
    finally:
        driver.close()


@pytest.mark.parametrize("seed,room", [(5, None), (11, None), (23, None), (5, 470)])
def test_the_round_summary_lists_every_item_with_what_it_is_and_they_add_up(seed, room, monkeypatch):
    """At the end of each round: each rack's listed items add up to the total shown under it; a list longer
    than its room scrolls, and every item can be read (none dropped)."""
    from helpers import texts_on_screen

    from game.bots.levels import make_player
    from scenes.jackpot import jackpot_round
    from scenes.jackpot.jackpot_round import JackpotRoundScene
    from scenes.registry import table_for

    if room is not None:  # little room: lists must scroll
        monkeypatch.setattr(jackpot_round, "ROUNDS_TOP", room)
    driver = Driver(animation="instant")
    try:
        seats = [Seat(name) for name in ("Ann", "Ben", "Cas", "Dee")]
        session = Session(find_variant("jackpot"), seats, seed=seed, rolloff=False)
        players = [make_player("greedy", random.Random(i), "jackpot") for i in range(4)]
        driver.start(table_for(driver.app, session))
        scrolled = False
        for round_index in range(session.variant.rounds):
            while len(session.state.scores) <= round_index:  # play the round out
                state = session.state
                seat = state.current_player()
                session.act(state.legal_actions()[0] if seat < 0 else players[seat].choose(state))
            summary = JackpotRoundScene(driver.app, session, round_index)
            driver.app.stack.push(summary)
            driver.key(pygame.K_RETURN)  # every item at once
            assert summary.done()
            scores = session.state.scores[round_index]
            seen = [set() for _ in scores]
            summary.scroll(-100)
            for _ in range(12):  # scrolled through, top to bottom
                shown = " ".join(texts_on_screen(driver))  # an item may take two lines
                for seat, items in enumerate(summary.shown):
                    seen[seat] |= {beat.label for beat in items if _in_order(beat.label, shown)}
                summary.scroll(1)
            for seat, score in enumerate(scores):
                items = summary.shown[seat]
                assert sum(beat.points for beat in items) == score.total
                assert seen[seat] == {beat.label for beat in items}
                assert all(not beat.label.startswith("+") for beat in items)  # says what scored
            scrolled = scrolled or any(len(summary.lines(seat)) > summary.rows() for seat in range(4))
            driver.app.stack.pop()
        assert scrolled or room is None
    finally:
        driver.close()


def _in_order(label: str, shown: str) -> bool:
    """The label's words appear on screen (on one line, or on two drawn one after the other)."""
    return label in shown or " ".join(label.split()) in " ".join(shown.split())


def test_the_panel_asks_a_person_to_roll_never_a_computer_and_nobody_at_game_over():
    from helpers import texts_on_screen

    from game.rules.i18n import t
    from scenes.menus.gameover import GameOverScene

    driver = Driver(animation="instant")
    try:
        table, session = _computer_then_ann(driver, "Ada")
        ask_ada, ask_ann = t("jackpot.your_roll", name="Ada"), t("jackpot.your_roll", name="Ann")
        brain = HeuristicJackpotPlayer(random.Random(1))
        asked_ann = 0
        for _ in range(3000):
            if isinstance(driver.top, GameOverScene):
                break
            if driver.top is not table:  # a round's summary: on to the next round
                driver.key(pygame.K_RETURN)
                driver.key(pygame.K_RETURN)
                continue
            shown = texts_on_screen(driver)
            assert ask_ada not in shown
            asked_ann += ask_ann in shown
            if table.person_to_play():
                table.act(brain.choose(session.state))
            driver.step(0.5)
        assert isinstance(driver.top, GameOverScene) and asked_ann > 0
        assert table.heading.banner_text() == ""  # nobody is asked to roll once the game is over
        driver.top.review()  # "Look at the card": the finished card, with no Undo that would do nothing
        driver.step(0.1)
        assert not table.undo_button.enabled and table.undo_button.rect.right < 0
    finally:
        driver.close()


def test_the_round_summary_shows_each_chance_space_as_it_stood():
    """The Chance Space's tile scores nothing, but the summary's rack shows it where it lay, as the racks were."""
    from jackpot_helpers import play_round, rack, sync_supply

    from scenes.jackpot.jackpot_round import JackpotRoundScene

    full = rack("""
        D
        D B
        C C C
        O O O O
        B B B B B
    """)
    driver = Driver(animation="instant")
    try:
        session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Ben")], seed=2, rolloff=False)
        state = session.state
        state.chance[0] = "dollar"
        sync_supply(state)
        play_round(state, [full, full])
        summary = JackpotRoundScene(driver.app, session, 0)
        driver.start(summary)
        driver.key(pygame.K_RETURN)  # every item at once
        assert [view.chance() for view in summary.views] == ["dollar", None]
        assert [view.tiles() for view in summary.views] == [full, full]
    finally:
        driver.close()


@pytest.mark.parametrize("computer_first", [False, True])
def test_the_dice_leave_the_felt_when_the_next_player_is_asked_to_roll(computer_first):
    """As at a real table, the dice are handed on: the next player is never asked to roll while the last
    player's dice still lie on the felt (they stay while that player's rack is in view, tile landing)."""
    from game.rules.i18n import t

    driver = Driver(animation="normal")
    try:
        if computer_first:
            table, session = _computer_then_ann(driver, "Ada")
        else:
            session = Session(find_variant("jackpot"), [Seat("Ann"), Seat("Ben")], seed=2, rolloff=False)
            table = driver.app.scene("table", session)
            driver.start(table)
        brain = HeuristicJackpotPlayer(random.Random(1))
        turns = 0
        while turns < 3:  # three turns handed on
            first = session.state.current_player()
            while session.state.current_player() == first:
                if table.person_to_play():
                    table.act(brain.choose(session.state))
                driver.step(0.05)
            if not session.state.seats[first].is_computer:
                assert any(table.tray.shown_faces())  # the dice stay while the tile lands
            assert driver.wait_until(lambda: table.shown_seat == session.state.current_player(), 10)
            driver.step(0.05)
            seat = session.state.seats[session.state.current_player()]
            if not computer_first:  # two people: the dice are handed over ("Ben's turn"), already off the felt
                assert table.handoff.shown() and table.tray.shown_faces() == [None] * 4
                driver.key(pygame.K_RETURN)
            if not seat.is_computer:
                assert t("jackpot.your_roll", name=seat.name) in texts_on_screen(driver)
            assert table.tray.shown_faces() == [None] * 4, "the last player's dice still lie on the felt"
            turns += 1
    finally:
        driver.close()


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_computers_choice_is_said_as_done_naming_it_and_people_are_still_told_what_to_do(language):
    """Once a player has chosen (a computer: every move) the panel says what they did, in the past tense and
    by name ("Ada took a cherry (three alike)"), never an order ("Three alike: take a cherry") to nobody."""
    from game.engine.jackpot_state import JackpotState
    from game.rules import i18n
    from game.rules.i18n import t
    from scenes.jackpot.jackpot_words import class_name, deed

    driver = Driver(animation="fast", language=language)
    try:
        table, session = _computer_then_ann(driver, "Ada")
        orders = {t(key, roll=class_name(roll), what="", symbols="").strip(" :")
                  for key in ("jackpot.take", "jackpot.take_jackpot", "jackpot.none_left", "jackpot.chance_first",
                              "jackpot.chance_first_jackpot")
                  for roll in ("four_different", "one_pair", "two_pairs", "three_alike", "four_alike")}
        orders.add(t("jackpot.chance_choice"))
        brain = HeuristicJackpotPlayer(random.Random(1))
        seen, told_ann = [], 0
        while sum(session.state.seats[s].is_computer for s in _movers(session, Place)) < 6:
            shown = texts_on_screen(driver)
            seen.append(" ".join(shown))
            if session.state.current_player() == 0 or table.shown_seat == 0:  # Ada's turn, or her rack in view
                assert not [line for line in shown if line.startswith(tuple(orders))], shown
            if table.person_to_play():
                told_ann += any(line.startswith(tuple(orders)) for line in shown)
                table.act(brain.choose(session.state))
            driver.step(0.1)
        seen.append(" ".join(texts_on_screen(driver)))  # the last move too
        assert told_ann > 0  # a person who has to choose is still told what to do
        # every tile Ada took was said as done, by name, with the roll it came from
        state = session.start.clone()
        assert isinstance(state, JackpotState)
        for action in session.log:
            if state.current_player() == 0 and isinstance(action, Place):
                kind = "took_chance" if action.target == CHANCE_SPACE else "took"
                said = deed(kind, "Ada", action.symbol, state.roll_class())
                assert said.startswith("Ada") and said != t(f"jackpot.did.{kind}")
                assert any(_in_order(said, frame) for frame in seen), said
            state.apply(action)
    finally:
        i18n.set_language("en")
        driver.close()


def _movers(session, kind) -> list[int]:
    """The seats that made each move of this kind so far, in order."""
    state, seats = session.start.clone(), []
    for action in session.log:
        if isinstance(action, kind):
            seats.append(state.current_player())
        state.apply(action)
    return seats


class _Loaded(random.Random):
    """A session's dice that fall as told (then at random): the faces are indices into each die's list."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a, b):
        return self.faces.pop(0) if self.faces else super().randint(a, b)


def test_a_computers_chance_option_is_said_as_a_fact_and_then_as_done():
    from jackpot_helpers import WHITE_FACE, YELLOW_FACE

    from game.rules.i18n import t
    from scenes.jackpot.jackpot_words import deed, rolled

    driver = Driver(animation="fast")
    try:
        seats = [Seat("Ada", "computer", "heuristic"), Seat("Ann")]
        session = Session(find_variant("jackpot"), seats, seed=4, rolloff=False)
        for state in (session.start, session.state):  # a bell in Ada's Chance Space, then three cherries
            state.chance[0] = "bell"
            state.supply["bell"] -= 1
        session.rng = _Loaded([WHITE_FACE["cherry"], WHITE_FACE["cherry"], YELLOW_FACE["cherry"], YELLOW_FACE["bell"]])
        driver.start(driver.app.scene("table", session))
        table = driver.top
        seen = []
        while session.state.current_player() == 0:
            seen.append(" ".join(texts_on_screen(driver)))
            driver.step(0.1)
        seen.append(" ".join(texts_on_screen(driver)))
        choice = next(action for action in session.log if isinstance(action, ChanceOption))
        assert any(t("jackpot.chance_first", roll=rolled("Ada", "three_alike")) in frame for frame in seen)
        assert not any(t("jackpot.chance_choice") in frame for frame in seen)  # no order to a computer
        kind = {"keep": "kept", "return": "returned", "drop": "dropped"}[choice.choice]
        said = deed(kind, "Ada", "bell", None, choice.column)
        assert any(_in_order(said, frame) for frame in seen), (said, seen)
        assert table.state.seats[0].is_computer
    finally:
        driver.close()


def test_both_tiles_of_a_computers_jackpot_are_said():
    """A Jackpot gives two tiles: both are said, in the order taken, not only the last (the play test saw
    "took an orange (Jackpot)" and never the cherry before it)."""
    from jackpot_helpers import WHITE_FACE, YELLOW_FACE

    driver = Driver(animation="fast")
    try:
        session = Session(find_variant("jackpot"), [Seat("Ada", "computer", "heuristic"), Seat("Ann")], seed=4,
                          rolloff=False)
        session.rng = _Loaded([WHITE_FACE["cherry"], WHITE_FACE["cherry"], YELLOW_FACE["cherry"],
                               YELLOW_FACE["cherry"]])
        driver.start(driver.app.scene("table", session))
        table = driver.top
        seen = []
        while session.state.current_player() == 0:
            driver.step(0.1)
        for _ in range(10):
            seen.append(table.heading.heading_text())
            driver.step(0.1)
        deeds = table.heading.deeds
        placed = [tuple(deed[2] for deed in deeds)]
        assert len(deeds) == 2 and all(deed[0] in ("took", "took_chance") for deed in deeds), placed
        lines = table.heading.deed_text().split("\n")
        assert any(all(line in text for line in lines) for text in seen), seen
        assert all("Jackpot" in line for line in lines)
        alike = deeds[0][:3] == ("took",) + deeds[1][1:3] and deeds[1][0] == "took"
        assert len(lines) == (1 if alike else 2)  # two alike into the rack: one line, "Ada took two ..."
        assert all(" two " in line for line in lines) == alike
    finally:
        driver.close()
