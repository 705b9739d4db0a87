"""Moments that matter at the table: five alike cheered (and nothing else cheered so), a large straight and the
upper bonus cheered smaller, a filled box counting up, the scored dice left on the felt until the hand-over,
the winner's fanfare, and Challenge's markers big enough to read from the sofa."""

from __future__ import annotations

import random

import pygame
import pytest
from scene_driver import Driver

from game.engine.actions import Score
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant


class Scripted(random.Random):
    """Dice drawn from a script instead of the session's generator: the faces a test needs (saved as any is)."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, low, high):
        return self.faces.pop(0)


@pytest.fixture
def driver():
    d = Driver(animation="normal")
    d.played = []
    d.app.play = lambda name, strength=1.0: d.played.append(name)
    yield d
    d.close()


def _table(driver, variant="classic", seats=("Ann",)):
    session = Session(find_variant(variant), [Seat(name) for name in seats], seed=11, rolloff=False)
    table = driver.app.scene("table", session)
    driver.start(table)
    if table.handoff is not None:
        driver.key(pygame.K_RETURN)
    return table, session


def _roll(driver, table, session, faces) -> None:
    """A person's roll (Space) that lands on ``faces``."""
    session.rng = Scripted(faces)
    driver.key(pygame.K_SPACE)
    assert driver.wait_until(lambda: not table.throwing, 5.0)


def _turn(driver, table, session, faces, box) -> None:
    """Roll ``faces`` and fill ``box``, then wait until the next turn has come."""
    _roll(driver, table, session, faces)
    table.act(Score(box))
    assert driver.wait_until(lambda: table.moments.showing is None, 5.0)
    if table.handoff is not None:
        driver.key(pygame.K_RETURN)


@pytest.mark.parametrize("variant, box, words", [("classic", "yahtzee", "YAHTZEE!"), ("yatzy", "yatzy", "YATZY!"),
                                                 ("fivezee", None, "FIVEZEE!")])
def test_five_alike_is_celebrated_once_when_scored_in_the_games_own_word(driver, variant, box, words):
    table, session = _table(driver, variant)
    box = box or session.variant.five_alike_box
    _roll(driver, table, session, [4] * 5)
    assert table.moments.celebration is None and driver.played.count("fanfare") == 0  # landing: not yet
    table.act(Score(box))
    cheer = table.moments.celebration
    assert cheer is not None and cheer.big and cheer.words == words
    assert cheer.flakes and cheer.sparks  # confetti and sparks
    driver.step(0.05)
    assert table.tray.highlight == set(range(5))  # every die glows
    driver.step(0.5)
    assert table.moments.celebration is cheer  # it lasts a moment, then goes
    assert driver.wait_until(lambda: table.moments.celebration is None, 5.0)
    assert driver.played.count("fanfare") == 1  # one fanfare, not one on landing and one on scoring
    assert cheer.pieces() == 0  # over: every piece let go
    assert table.tray.highlight == set()


def test_five_alike_is_cheered_in_dutch_too():
    d = Driver(animation="normal", language="nl")
    try:
        table, session = _table(d, "dutch")
        _roll(d, table, session, [2] * 5)
        table.act(Score("yahtzee"))
        assert table.moments.celebration.words == "YAHTZEE!" and table.moments.celebration.big
    finally:
        d.close()


def test_five_alike_that_only_scores_in_four_of_a_kind_is_no_yahtzee(driver):
    table, session = _table(driver)
    _turn(driver, table, session, [1, 2, 3, 4, 6], "yahtzee")  # the Yahtzee box given up: 0
    _turn(driver, table, session, [1, 1, 1, 1, 2], "aces")
    _roll(driver, table, session, [1] * 5)
    driver.played.clear()
    table.act(Score("four_kind"))
    assert session.state.cards[0][0].boxes["four_kind"] == 5
    cheer = table.moments.celebration
    assert cheer is None or (not cheer.big and "YAHTZEE" not in cheer.words.upper())
    assert "fanfare" not in driver.played


def test_a_yahtzee_bonus_is_the_big_cheer_with_one_fanfare(driver):
    table, session = _table(driver)
    _turn(driver, table, session, [6] * 5, "yahtzee")
    _roll(driver, table, session, [3] * 5)
    driver.played.clear()
    table.act(Score("threes"))
    cheer = table.moments.celebration
    assert session.state.cards[0][0].five_alike_bonus == 100
    assert cheer.big and driver.played == ["fanfare"]


def test_the_big_cheer_covers_the_window_beyond_the_felt(driver):
    table, session = _table(driver)
    _roll(driver, table, session, [2] * 5)
    table.act(Score("yahtzee"))
    cheer, felt = table.moments.celebration, table.layout.tray
    window = pygame.Rect(0, 0, *driver.app.canvas.get_size())
    outside = set()
    for _ in range(60):
        driver.step(1 / 30)
        for f in cheer.flakes:
            if window.collidepoint(f.x, f.y) and not felt.collidepoint(f.x, f.y):
                outside.add(("left" if f.x < felt.left else "right" if f.x > felt.right else "over", id(f)))
    sides = {side for side, _ in outside}
    assert len(outside) > 40 and {"left", "right"} & sides  # over the card and the margins too
    assert len(cheer.flakes) + len(cheer.sparks) <= 400  # capped


@pytest.mark.parametrize("faces", [[6, 6, 6, 6, 5], [1, 2, 3, 4, 6], [3, 3, 3, 5, 5]])
def test_nothing_else_is_cheered_on_landing(driver, faces):
    table, session = _table(driver)
    _roll(driver, table, session, faces)
    assert table.moments.celebration is None and "fanfare" not in driver.played
    assert table.tray.highlight == set()


def test_scoring_the_yahtzee_box_is_the_big_cheer_and_a_large_straight_a_smaller_one(driver):
    table, session = _table(driver)
    _roll(driver, table, session, [5] * 5)
    driver.played.clear()
    table.act(Score("yahtzee"))
    assert table.moments.celebration.big and table.moments.celebration.words == "YAHTZEE!"
    assert driver.played == ["fanfare"]
    assert driver.wait_until(lambda: table.moments.showing is None, 5.0)
    _roll(driver, table, session, [2, 3, 4, 5, 6])
    driver.played.clear()
    table.act(Score("large_straight"))
    cheer = table.moments.celebration
    assert not cheer.big and cheer.words == "Large Straight!" and driver.played == ["bonus"]
    assert len(cheer.flakes) < 100  # a smaller one


def test_an_ordinary_box_is_not_cheered(driver):
    table, session = _table(driver)
    _roll(driver, table, session, [2, 3, 4, 5, 6])
    driver.played.clear()
    table.act(Score("small_straight"))
    assert table.moments.celebration is None and driver.played == ["score"]


def test_the_upper_bonus_gets_a_small_cheer(driver):
    table, session = _table(driver)
    for faces, box in (([1, 1, 1, 1, 2], "aces"), ([2, 2, 2, 2, 3], "twos"), ([3, 3, 3, 3, 4], "threes"),
                       ([4, 4, 4, 4, 5], "fours"), ([5, 5, 5, 5, 6], "fives")):
        _turn(driver, table, session, faces, box)
        assert table.moments.celebration is None or not table.moments.celebration.glow
    _roll(driver, table, session, [6, 6, 6, 6, 1])
    driver.played.clear()
    table.act(Score("sixes"))
    cheer = table.moments.celebration
    assert cheer is not None and not cheer.big and cheer.words == "Upper bonus +35!"
    assert driver.played == ["bonus"]
    sixes = {d for d, face in enumerate(table.tray.shown_faces()) if face == 6}
    driver.step(0.05)
    assert len(sixes) == 4 and table.tray.highlight == sixes  # the dice that made it glow


def test_confetti_is_the_same_for_the_same_game_and_never_draws_from_the_dice():
    pictures = []
    for _ in range(2):
        d = Driver(animation="normal")
        try:
            table, session = _table(d)
            _roll(d, table, session, [3] * 5)
            table.act(Score("yahtzee"))
            state = session.rng.faces, session.log[:]
            for _ in range(30):
                d.step(1 / 30)
            cheer = table.moments.celebration
            pictures.append([(round(f.x, 6), round(f.y, 6)) for f in cheer.flakes + cheer.sparks])
            assert (session.rng.faces, session.log) == state  # the game's dice were never asked
        finally:
            d.close()
    assert pictures[0] == pictures[1]


def test_the_scored_dice_stay_on_the_felt_until_the_hand_over(driver):
    table, session = _table(driver, seats=("Ann", "Ben"))
    _roll(driver, table, session, [2, 2, 3, 3, 3])
    faces = table.tray.shown_faces()
    table.act(Score("full_house"))
    assert session.state.seat == 1  # the engine has moved on ...
    driver.step(0.5)
    assert table.tray.shown_faces() == faces  # ... the dice stay where everyone can see them
    assert table.handoff is None and table.card.flash.get((0, "full_house"), 0) > 0  # the box lit
    assert table.moments.seat_in_view(table.seat) == 0
    driver.key(pygame.K_SPACE)  # Ben cannot roll while Ann's box is in view
    assert session.state.rolls_used == 0
    assert driver.wait_until(lambda: table.handoff == 1, 3.0)
    assert table.tray.shown_faces() == faces  # the hand-over shows them still, its words above them
    driver.key(pygame.K_SPACE)  # Ben takes the dice: they leave the felt
    assert table.handoff is None and table.tray.shown_faces() == [None] * 5


@pytest.mark.parametrize("pace", ["relaxed", "instant"])
def test_a_computers_box_shows_with_its_dice_at_every_pace(driver, pace):
    driver.app.settings.computer_pace = pace
    session = Session(find_variant("classic"), [Seat("Cpu", "computer", "greedy"), Seat("Ann")], seed=5,
                      rolloff=False)
    table = driver.app.scene("table", session)
    driver.start(table)
    assert driver.wait_until(lambda: table.moments.showing is not None, 30.0)
    faces = table.tray.shown_faces()
    assert all(faces)
    seen = 0.0
    while table.moments.showing is not None:
        assert table.tray.shown_faces() == faces
        driver.step(0.05)
        seen += 0.05
    assert seen >= (0.45 if pace == "instant" else 1.45)
    assert session.state.seat == 1 and table.person_to_play()


def test_a_scored_box_counts_up_and_ends_exactly_on_its_points(driver):
    table, session = _table(driver)
    _roll(driver, table, session, [6, 6, 6, 5, 5])
    table.act(Score("chance"))
    points = session.state.cards[0][0].boxes["chance"]
    assert points == 28
    shown = [table.card.shown_score(0, "chance")]
    for _ in range(40):
        driver.step(0.025)
        shown.append(table.card.shown_score(0, "chance"))
    assert shown[0] < points and shown == sorted(shown)  # up, never down
    assert len(set(shown)) > 5  # seen counting, not jumping
    assert shown[-1] == points and not table.card.tallies


def test_an_undo_while_the_box_shows_takes_it_all_back(driver):
    table, session = _table(driver, seats=("Ann", "Ben"))
    _roll(driver, table, session, [1, 2, 3, 4, 5])
    table.act(Score("large_straight"))
    assert table.moments.showing is not None and table.moments.celebration is not None
    driver.key(pygame.K_u)
    assert table.moments.showing is None and table.moments.celebration is None and session.state.seat == 0
    assert sorted(table.tray.shown_faces()) == [1, 2, 3, 4, 5]
    driver.step(3.0)
    assert table.handoff is None and session.state.seat == 0


@pytest.mark.parametrize("winner_is_person", [True, False])
def test_the_winners_results_play_the_fanfare(driver, monkeypatch, winner_is_person):
    from screens import played

    from scenes.menus.gameover import GameOverScene

    session = played("classic", 2, 10_000, computers=1)
    seats = session.state.seats
    person = next(s for s, seat in enumerate(seats) if not seat.is_computer)
    computer = next(s for s, seat in enumerate(seats) if seat.is_computer)
    monkeypatch.setattr(GameOverScene, "winners", lambda self: [person if winner_is_person else computer])
    driver.start(GameOverScene(driver.app, session, 0))
    driver.step(1.5)
    assert driver.played == (["fanfare", "win"] if winner_is_person else ["win"])


@pytest.mark.parametrize("seats", [1, 2, 3, 4])  # Challenge seats one to four
def test_challenge_markers_read_from_the_sofa(driver, seats):
    from scenes.scorecard.challenge_paint import MARKER

    names = ["Ann", "Ben", "Cas", "Dee", "Eve", "Fay"][:seats]
    table, session = _table(driver, "challenge", names)
    assert MARKER >= 56
    rows = [table.painter.marker_row(s) for s in range(seats)]
    for row, slots, _ in rows:
        assert all(slot.width >= 56 and slot.height >= 56 for slot in slots)
        assert all(row.contains(slot) and table.markers_rect.contains(row) for slot in slots)
        assert slots[0].x - row.x >= 120  # the name keeps room
    assert all(a[0].bottom <= b[0].top for a, b in zip(rows, rows[1:]))
    assert table.common_tray.bottom < table.markers_rect.top < table.markers_rect.bottom < table.roll_button.rect.top
    assert table.tray_rect.height >= 2 * table.tray.size  # the common dice still land below the banner
    _roll(driver, table, session, [1, 2, 3, 4, 5][:session.state.roll_size()])
    banner = table.painter.banner_rect()
    for die in range(table.tray.count):  # every common die at rest on its tray, clear of the banner
        rect = table.tray.die_rect(die)
        assert table.common_tray.contains(rect) and not rect.colliderect(banner)


@pytest.mark.parametrize("big", [True, False])
def test_a_celebration_draws_no_sprite_of_its_own_and_lets_every_piece_go(big):
    """Its sprites and light are drawn once, when the table is set: none in any frame of a cheer. It is capped,
    and over, it holds nothing."""
    from scenes.scorecard.moments import Moments
    from scenes.table import celebration

    pygame.display.init()
    canvas = pygame.Surface((1280, 800))
    Moments(find_variant("classic"), pygame.Rect(100, 100, 600, 400), 1)  # a table being set
    before = (celebration.glow_sprite.cache_info().misses, celebration.bloom_sprite.cache_info().misses,
              celebration.vignette.cache_info().misses)
    cheer = celebration.Celebration("Yahtzee!", big, pygame.Rect(100, 100, 600, 400), 5, origin=(400, 420))
    most = cheer.pieces()
    assert most <= celebration.FLAKES[big] + celebration.SPARKS[big]
    while not cheer.over():
        cheer.update(1 / 30)
        cheer.draw(canvas, pygame.Rect(120, 110, 560, 60))
    after = (celebration.glow_sprite.cache_info().misses, celebration.bloom_sprite.cache_info().misses,
             celebration.vignette.cache_info().misses)
    assert after == before
    assert cheer.pieces() == 0 and cheer.flakes == [] and cheer.sparks == []
