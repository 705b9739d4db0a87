"""What the eye sees of dice at rest, over many seeded throws at every table layout: every die lies inside the
rails, no die or key badge covers a pip of another, held and kept dice stay where they lay.

Layouts are the scorecard table's (its felt, hold row and the panels over the felt) at each window size, for
two and six seats, with the first-game tips, the coach's panel or the hand-over up, taken from the real
table once; the throws are then made on a tray laid out the same, which is what the table draws. The checks
use the projection the renderer draws with (:meth:`DiceTray.seen_outline` and the rest). More throws per
layout: ``benchmarks/bench_dice_rest.py``."""

from __future__ import annotations

import functools
import random

import pygame
import pytest

from scenes.dice.dice_spots import polygons_overlap
from scenes.dice.dice_tray import DiceTray

THROWS = 3  # per layout and number of dice in the suite; the benchmark throws 1,000
STEP = 1 / 60
SIZES = [(1024, 600), (1280, 800), (1920, 1080)]
PANELS = ["none", "tips", "coach", "handover"]
BADGE = 11  # the key badge's radius (table_paint)


@pytest.fixture(autouse=True, scope="module")
def _display():
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield


@functools.cache
def layout(size: tuple[int, int], seats: int, panel: str) -> tuple:
    """The felt, hold row, the panels the dice keep clear of, and the die's size, as the real table has them."""
    from scene_driver import Driver

    from game.engine.session import Session
    from game.engine.state import Seat
    from game.rules.variants import find_variant
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="normal", size=size, walkthrough=panel == "tips")
    try:
        session = Session(find_variant("classic"), [Seat(f"P{i}") for i in range(seats)], seed=1, rolloff=False)
        if panel == "coach":
            session.coached.add(0)
        table = TableScene(driver.app, session)
        driver.start(table)
        driver.step(0.3)
        table.painter.keep_dice_clear()
        assert (panel == "tips") == table.tips_first()
        clear = [pygame.Rect(r) for r in table.tray.keep_clear]
        if panel == "handover":  # the hand-over's words over the felt
            clear.append(pygame.Rect(table.painter.banner_rect()))
        return pygame.Rect(table.tray_rect), pygame.Rect(table.layout.hold_row), tuple(clear), table.tray.size
    finally:
        driver.close()


def tray_for(size, seats, panel, count: int, seed: int) -> DiceTray:
    felt, hold, clear, die = layout(size, seats, panel)
    tray = DiceTray(felt, hold, count=count, size=die, seed=seed)
    tray.keep_clear = list(clear)
    return tray


def settle(tray: DiceTray) -> None:
    for _ in range(int(6 / STEP)):
        if not tray.busy():
            return
        tray.update(STEP)
    raise AssertionError("the dice never came to rest")


def problems(tray: DiceTray) -> list[str]:
    """What the eye would see wrong with the dice lying on the felt now."""
    found = []
    loose = [d for d in range(tray.count) if not tray.is_held(d)]
    felt = tray.tray
    for d in loose:
        outline = tray.seen_outline(d)
        if any(not (felt.left - 0.5 <= x <= felt.right + 0.5 and felt.top - 0.5 <= y <= felt.bottom + 0.5)
               for x, y in outline):
            found.append(f"die {d} over a rail: {[(round(x), round(y)) for x, y in outline]}")
    order = [d.index for d in tray._draw_order()]
    for i, a in enumerate(order):
        for b in order[i + 1:]:  # b is drawn after a: it must not cover a's top face
            if a in loose and b in loose and polygons_overlap(tray.seen_outline(b), tray.seen_top(a)):
                found.append(f"die {b} covers the top of die {a}")
    for d in loose:
        bx, by = tray.badge_centre(d, BADGE)
        for other in loose:
            if any((bx - px) ** 2 + (by - py) ** 2 < (BADGE + pr) ** 2 for px, py, pr in tray.seen_pips(other)):
                found.append(f"die {d}'s badge covers a pip of die {other}")
                break
    for d in loose:
        for rect in tray.keep_clear + [tray.hold_row]:
            if pygame.Rect(tray.die_rect(d)).colliderect(rect):
                found.append(f"die {d} rests under a panel {rect}")
    return found


def throws(size, seats, panel, count, seeds) -> list[str]:
    bad = []
    for seed in seeds:
        tray = tray_for(size, seats, panel, count, seed)
        rng = random.Random(seed)
        tray.place(tuple(rng.randint(1, 6) for _ in range(count)), [False] * count)
        for _ in range(2):  # a first throw onto an empty felt, then one beside a kept die or two
            faces = tuple(rng.randint(1, 6) for _ in range(count))
            rolling = [True] * count if count == 1 else [rng.random() < 0.7 for _ in range(count)]
            tray.throw(faces, rolling)
            settle(tray)
            assert tray.shown_faces() == list(faces)
            bad += [f"{size} {seats} seats {panel} {count} dice seed {seed}: {p}" for p in problems(tray)]
    return bad


def layouts() -> dict[tuple, tuple]:
    """Each different layout once (the window's size scales the canvas; a size that lays the table out
    differently is a layout of its own), with where it comes from."""
    found: dict[tuple, tuple] = {}
    for size in SIZES:
        for seats in (2, 6):
            for panel in PANELS:
                felt, hold, clear, die = layout(size, seats, panel)
                key = (tuple(felt), tuple(hold), tuple(tuple(r) for r in clear), die)
                found.setdefault(key, (size, seats, panel))
    return found


@pytest.mark.parametrize("panel", PANELS)
def test_resting_dice_lie_apart_inside_the_rails_and_clear_of_panels(panel):
    bad = []
    for size, seats, shown in layouts().values():
        if shown != panel:
            continue
        for count, seeds in ((5, range(THROWS)), (6, range(2) if seats == 2 or panel in ("none", "handover") else ()),
                             (1, range(2))):
            bad += throws(size, seats, panel, count, seeds)
    assert not bad, "\n".join(bad[:12]) + f"\n({len(bad)} in all)"


@pytest.mark.parametrize("panel", ["tips", "coach"])
def test_six_dice_beside_a_six_seat_card_with_a_panel_up(panel):
    """The panels show in the dock at the felt's far side: the dice keep 3.6 die sides of felt below it."""
    bad = throws((1280, 800), 6, panel, 6, range(1))
    assert not bad, "\n".join(bad[:6])


def test_taken_away_and_put_back_the_dice_lie_where_they_lay():
    """An Undo after a box was filled: the dice come back where they lay, turned as they were."""
    for seed in range(4):
        tray = tray_for((1280, 800), 2, "none", 5, seed)
        faces = (3, 1, 4, 1, 5)
        tray.throw(faces, [True] * 5)
        settle(tray)
        tray.set_held(2, True)
        settle(tray)
        lay = [tray._dice[d].spot() for d in range(5)]
        tray.place(None, [False] * 5)  # the box is filled: the dice leave the table
        tray.place(faces, [d == 2 for d in range(5)])  # and come back with the Undo
        assert [tray._dice[d].spot() for d in (0, 1, 3, 4)] == [lay[d] for d in (0, 1, 3, 4)]
        assert tray._dice[2].spot()[:2] == lay[2][:2]  # the held die in its slot
        assert tray.shown_faces() == list(faces)


def test_turning_the_coach_on_or_off_moves_no_die():
    """The coach's panel shows in the dock, which the dice never use: switching it on or off with dice on the
    felt leaves every die where it lay, and the panel covers none."""
    from scene_driver import Driver

    from game.engine.session import Session
    from game.engine.state import Seat
    from game.rules.variants import find_variant
    from scenes.scorecard.table import TableScene

    driver = Driver(animation="normal", walkthrough=False)
    try:
        session = Session(find_variant("classic"), [Seat("Ann"), Seat("Ada", "computer", "greedy")], seed=5,
                          rolloff=False)
        table = TableScene(driver.app, session)
        driver.start(table)
        table.roll()
        assert driver.wait_until(lambda: session.state.dice is not None and not table.tray.busy(), 10)
        lay = [table.tray._dice[d].spot() for d in range(5)]
        for _ in range(2):
            driver.click(table.coach_button.rect.center)
            driver.step(0.5)
            assert [table.tray._dice[d].spot() for d in range(5)] == lay
        driver.click(table.coach_button.rect.center)
        driver.settle_coach()
        assert 0 in table.coach.on
        dock = table.painter.dock()
        assert all(not dock.colliderect(table.tray.die_rect(d)) for d in range(5)), "a die under the panel"
        assert [table.tray._dice[d].spot() for d in range(5)] == lay
    finally:
        driver.close()
