"""The dice tray animates toward the engine's faces: on time, on the right faces, tidy at rest."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from scenes.tables import die_art
from scenes.tables.dice_tray import DiceTray

STEP = 1 / 120
TRAY = pygame.Rect(60, 150, 760, 450)
HOLD_BELOW = pygame.Rect(60, 640, 760, 100)
HOLD_INSIDE = pygame.Rect(60, 150, 760, 90)  # a hold strip along the far side of the felt
SIZE = 72


@pytest.fixture(autouse=True, scope="module")
def _display():
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


def make(seed: int = 0, hold: pygame.Rect = HOLD_BELOW, tray: pygame.Rect = TRAY) -> DiceTray:
    return DiceTray(tray, hold, count=5, size=SIZE, seed=seed)


def run_to_rest(tray: DiceTray, limit: float = 3.0) -> int:
    """Steps at 120 Hz until the tray is still; fails if it never is."""
    steps = 0
    while tray.busy():
        tray.update(STEP)
        steps += 1
        assert steps <= limit / STEP, "the dice never came to rest"
    return steps


def random_turn(rng: random.Random, tray: DiceTray) -> tuple[tuple[int, ...], list[bool], list[bool]]:
    """Dice on the table, some held, then the engine's faces for the next throw."""
    before = tuple(rng.randint(1, 6) for _ in range(5))
    held = [rng.random() < 0.35 for _ in range(5)]
    if all(held):
        held[rng.randrange(5)] = False
    tray.place(before, [False] * 5)
    for die, keep in enumerate(held):
        if keep:
            tray.set_held(die, True)
    run_to_rest(tray)
    faces = tuple(b if keep else rng.randint(1, 6) for b, keep in zip(before, held))
    return faces, [not keep for keep in held], held


def assert_tidy(tray: DiceTray, held: list[bool]) -> None:
    rects = {i: tray.die_rect(i) for i in range(5)}
    for i, rect in rects.items():
        assert rect.size == (SIZE, SIZE), f"die {i} is not lying flat: {rect}"
        if held[i]:
            assert tray.hold_row.contains(rect), f"held die {i} is not in the hold row"
            assert rect.center == tuple(round(v) for v in tray.slot_centre(i))
        else:
            assert tray.tray.contains(rect), f"die {i} pokes out of the tray: {rect}"
            assert not rect.colliderect(tray.hold_row), f"die {i} lies on the hold row"
    for a, b in itertools.combinations(range(5), 2):
        # A little room between any two dice, not just no touching.
        assert not rects[a].inflate(4, 4).colliderect(rects[b]), f"dice {a} and {b} overlap"


# ------------------------------------------------------------ a throw


def test_a_throw_ends_on_exactly_the_engines_faces():
    for seed in range(20):
        tray = make(seed)
        faces = tuple((seed + k * 7) % 6 + 1 for k in range(5))
        tray.throw(faces, [True] * 5)
        run_to_rest(tray)
        assert tray.shown_faces() == list(faces)


def test_tumbling_dice_show_passing_faces_before_their_own():
    tray = make(4)
    faces = (1, 1, 1, 1, 1)
    tray.throw(faces, [True] * 5)
    seen: list[set[int]] = [set() for _ in range(5)]
    while tray.busy():
        tray.update(STEP)
        for die, face in enumerate(tray.shown_faces()):
            seen[die].add(face)
    assert all(len(faces_seen) >= 3 for faces_seen in seen), seen


def test_rest_comes_after_half_a_second_and_within_1_2_seconds():
    for seed in range(30):
        tray = make(seed)
        tray.throw((6, 5, 4, 3, 2), [True] * 5)
        steps = run_to_rest(tray)
        assert 0.5 <= steps * STEP <= 1.2, f"seed {seed}: rest after {steps * STEP:.3f} s"


def test_at_rest_dice_are_square_apart_inside_and_off_the_hold_row_for_many_throws():
    rng = random.Random(2024)
    for seed in range(50):
        hold = HOLD_INSIDE if seed % 3 == 0 else HOLD_BELOW
        tray = make(seed, hold)
        faces, rolling, held = random_turn(rng, tray)
        tray.throw(faces, rolling)
        steps = run_to_rest(tray)
        assert steps * STEP <= 1.2
        assert tray.shown_faces() == list(faces)
        assert_tidy(tray, held)
        assert all(tray._dice[i].angle % 90 == 0 for i in range(5)), "a die settled askew"


def test_held_dice_never_move_during_a_throw():
    rng = random.Random(7)
    tray = make(11)
    faces, rolling, held = random_turn(rng, tray)
    where = {i: tray.die_rect(i) for i in range(5) if held[i]}
    assert where
    tray.throw(faces, rolling)
    while tray.busy():
        tray.update(STEP)
        assert {i: tray.die_rect(i) for i in where} == where
    assert_tidy(tray, held)


def test_kept_dice_in_the_tray_stay_put_and_thrown_dice_bounce_off_them():
    tray = make(5)
    tray.place((2, 2, 2, 2, 2), [False] * 5)
    kept = {i: tray.die_rect(i) for i in (0, 4)}
    tray.throw((2, 6, 6, 6, 2), [False, True, True, True, False])
    run_to_rest(tray)
    assert {i: tray.die_rect(i) for i in kept} == kept
    assert_tidy(tray, [False] * 5)


def test_skip_ends_at_rest_at_once_on_the_right_faces():
    tray = make(3)
    tray.throw((3, 1, 4, 1, 5), [True] * 5)
    for _ in range(20):
        tray.update(STEP)
    assert tray.busy()
    tray.skip()
    assert not tray.busy()
    assert tray.shown_faces() == [3, 1, 4, 1, 5]
    assert_tidy(tray, [False] * 5)


def test_skip_right_after_the_throw_also_lands_every_die():
    tray = make(8)
    tray.throw((6, 6, 6, 6, 6), [True] * 5)
    tray.skip()
    assert not tray.busy()
    assert tray.shown_faces() == [6] * 5
    assert_tidy(tray, [False] * 5)


def test_double_speed_finishes_about_twice_as_fast():
    for seed in range(5):
        normal, fast = make(seed), make(seed)
        fast.speed = 2.0
        normal.throw((1, 2, 3, 4, 5), [True] * 5)
        fast.throw((1, 2, 3, 4, 5), [True] * 5)
        ratio = run_to_rest(fast) / run_to_rest(normal)
        assert 0.45 <= ratio <= 0.55, ratio
        assert fast.shown_faces() == [1, 2, 3, 4, 5]


def test_every_throw_clacks_at_a_sensible_rate():
    for seed in range(10):
        tray = make(seed)
        hits: list[float] = []
        tray.on_hit = hits.append
        tray.throw((2, 3, 4, 5, 6), [True] * 5)
        steps = run_to_rest(tray)
        assert hits, "no clack for a whole throw"
        assert all(0 < h <= 1 for h in hits)
        assert len(hits) <= steps / 3, "clacking every frame of contact"


def test_a_throw_over_an_unfinished_one_lands_the_old_one_first():
    tray = make(9)
    tray.throw((1, 1, 1, 1, 1), [True] * 5)
    for _ in range(30):
        tray.update(STEP)
    tray.throw((5, 5, 5, 5, 5), [True] * 5)
    run_to_rest(tray)
    assert tray.shown_faces() == [5] * 5
    assert_tidy(tray, [False] * 5)


# ------------------------------------------------------------ place, hold, find


def test_place_without_dice_shows_nothing():
    tray = make()
    tray.place(None, [False] * 5)
    assert tray.shown_faces() == [None] * 5
    assert not tray.busy()
    assert tray.die_at(TRAY.center) is None
    surface = pygame.Surface((1280, 800))
    surface.fill((0, 0, 0))
    tray.draw(surface)
    assert pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255)).count() == 1280 * 800


def test_place_is_instant_tidy_and_keeps_dice_where_they_lie():
    tray = make()
    held = [False, True, False, False, True]
    tray.place((1, 2, 3, 4, 5), held)
    assert not tray.busy()
    assert tray.shown_faces() == [1, 2, 3, 4, 5]
    assert_tidy(tray, held)
    before = [tray.die_rect(i) for i in range(5)]
    tray.place((1, 2, 3, 4, 5), held)
    assert [tray.die_rect(i) for i in range(5)] == before


def test_holding_slides_a_die_to_its_slot_and_releasing_slides_it_back():
    tray = make()
    tray.place((1, 2, 3, 4, 5), [False] * 5)
    tray.set_held(2, True)
    assert tray.busy()
    steps = run_to_rest(tray)
    assert 0.15 <= steps * STEP <= 0.25
    assert tray.die_rect(2).center == tuple(round(v) for v in tray.slot_centre(2))
    assert_tidy(tray, [False, False, True, False, False])
    tray.set_held(2, False)
    run_to_rest(tray)
    assert_tidy(tray, [False] * 5)


def test_die_at_finds_each_die_at_its_centre_in_the_tray_and_in_the_hold_row():
    tray = make(6)
    tray.place((6, 5, 4, 3, 2), [False] * 5)
    tray.set_held(1, True)
    tray.throw((6, 5, 1, 1, 1), [True, False, True, True, True])
    run_to_rest(tray)
    for die in range(5):
        assert tray.die_at(tray.die_rect(die).center) == die
    assert tray.die_at((5, 5)) is None


# ------------------------------------------------------------ drawing


def _light_pixels(surface: pygame.Surface, rect: pygame.Rect) -> int:
    area = surface.subsurface(rect.clip(surface.get_rect()))
    return pygame.mask.from_threshold(area, (240, 240, 230), (40, 40, 40, 255)).count()


def test_drawing_mid_throw_and_at_rest_on_a_plain_canvas():
    tray = make(1)
    tray.place((1, 2, 3, 4, 5), [False, True, False, False, False])
    tray.focus = 0
    tray.highlight = {3}
    surface = pygame.Surface((1280, 800))
    tray.throw((2, 2, 3, 3, 4), [True, False, True, True, True])
    for _ in range(40):
        tray.update(STEP)
        surface.fill((28, 102, 66))
        tray.draw(surface)
    assert _light_pixels(surface, TRAY.inflate(200, 200)) > 1000
    run_to_rest(tray)
    surface.fill((28, 102, 66))
    tray.draw(surface)
    for die in range(5):
        rect = tray.die_rect(die)
        assert _light_pixels(surface, rect) > SIZE * SIZE // 3, f"die {die} is not drawn"


def test_importing_the_tray_opens_no_window():
    code = (
        "import os; os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
        "import pygame, scenes.tables.die_art, scenes.tables.dice_tray\n"
        "print('DISPLAY', pygame.display.get_init())\n"
    )
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=True)
    assert "DISPLAY False" in out.stdout


def test_die_pictures_are_cached_round_cornered_and_marked_in_gold():
    plain = die_art.die_surface(5, SIZE)
    assert die_art.die_surface(5, SIZE) is plain
    assert plain.get_size() == (SIZE, SIZE)
    assert plain.get_at((0, 0)).a == 0, "corners are rounded off"
    assert plain.get_at((SIZE // 2, SIZE // 2)).r < 90, "the middle pip of a five is dark"
    assert die_art.die_surface(4, SIZE).get_at((SIZE // 2, SIZE // 2)).r > 200, "a four has no middle pip"
    edge = die_art.die_surface(5, SIZE, marked=True).get_at((2, SIZE // 2))
    gold = die_art.HOLD_GOLD
    assert all(abs(a - b) < 50 for a, b in zip(edge[:3], gold)), edge
    assert die_art.die_surface(3, 56, "marker") is not die_art.die_surface(3, 56)
    shadow = die_art.shadow_surface(SIZE)
    assert shadow.get_width() == SIZE + 2 * die_art.shadow_margin(SIZE)
    assert 40 < shadow.get_at(shadow.get_rect().center).a < 255 and shadow.get_at((0, 0)).a < 10


def test_turned_frames_are_cached_and_the_cache_stays_bounded():
    die_art.clear_caches()
    first = die_art.die_frame(2, SIZE, 31.0, 1.1)
    assert die_art.die_frame(2, SIZE, 30.2, 1.11) is first  # same 3-degree and scale bucket
    assert die_art.die_frame(2, SIZE, 210.0, 1.1) is first  # a two looks the same after a half turn
    assert die_art.die_frame(2, SIZE, 0.0) is die_art.die_surface(2, SIZE)  # at rest: the crisp original
    for angle in range(0, 360 * 4, 1):
        die_art.die_frame(angle % 6 + 1, SIZE, angle / 4, 1 + (angle % 5) / 10)
    assert len(die_art._FRAMES.items) <= die_art.FRAME_LIMIT


def test_a_crowded_tray_still_ends_tidy():
    # Barely room for five: the dice jostle, and settling must still find each a free square.
    small = pygame.Rect(100, 100, 330, 250)
    hold = pygame.Rect(100, 380, 330, 80)
    for seed in range(40):
        tray = make(seed, hold, small)
        tray.throw((1, 2, 3, 4, 5), [True] * 5)
        assert run_to_rest(tray) * STEP <= 1.2
        assert_tidy(tray, [False] * 5)


def test_a_huge_speed_lands_the_throw_in_one_update():
    tray = make(2)
    tray.speed = 400.0
    tray.throw((4, 4, 2, 2, 1), [True] * 5)
    tray.update(STEP)
    assert not tray.busy()
    assert tray.shown_faces() == [4, 4, 2, 2, 1]
    assert_tidy(tray, [False] * 5)


def test_banners_never_cover_the_dice():
    """Turn and roll banners show at the top of the felt: the dice never come to rest under them."""
    from game.engine.session import Session
    from game.engine.state import Seat
    from game.rules.variants import find_variant
    from scene_driver import Driver

    driver = Driver(animation="normal")
    try:
        for seed in range(12):
            session = Session(find_variant("classic"), [Seat("Ann")], seed=seed, rolloff=False)
            table = driver.app.scene("table", session)
            driver.app.stack.clear(table)
            driver.step(0.1)
            for _ in range(3):
                driver.key(pygame.K_SPACE)
                assert driver.wait_until(lambda: not table.throwing, 10)
                banner = table.banner_rect()
                assert not any(table.tray.die_rect(d).colliderect(banner) for d in range(table.tray.count))
    finally:
        driver.close()
