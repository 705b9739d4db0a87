"""Reference screenshots: the title, the table mid-roll and a full six-seat scorecard.

Each screen is rendered headless from a fixed seed and compared with its
reference picture in ``tests/golden/`` with a tolerance (anti-aliasing may
differ a little between machines). On a mismatch, a side-by-side picture
(reference | now | difference) is written next to the test's temporary
files and its path is in the failure message. ``UPDATE_GOLDEN=1`` rewrites
the references after a deliberate change of look.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest
from scene_driver import Driver

from game.bots.levels import make_player
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant

GOLDEN = Path(__file__).parent / "golden"
MEAN_TOLERANCE = 3.0  # mean absolute difference per channel, 0-255
PIXEL_TOLERANCE = 0.01  # share of pixels allowed to differ by more than 48 in some channel


def _difference(a: pygame.Surface, b: pygame.Surface) -> tuple[float, float, pygame.Surface]:
    width, height = a.get_size()
    small_a = pygame.transform.scale(a, (width // 2, height // 2))
    small_b = pygame.transform.scale(b, (width // 2, height // 2))
    diff = pygame.Surface(small_a.get_size())
    total = far = 0
    for y in range(small_a.get_height()):
        for x in range(small_a.get_width()):
            pa, pb = small_a.get_at((x, y)), small_b.get_at((x, y))
            d = (abs(pa.r - pb.r), abs(pa.g - pb.g), abs(pa.b - pb.b))
            total += sum(d)
            if max(d) > 48:
                far += 1
                diff.set_at((x, y), (255, 0, 255))
    count = small_a.get_width() * small_a.get_height()
    return total / (3 * count), far / count, diff


def _compare(name: str, surface: pygame.Surface, tmp_path: Path) -> None:
    path = GOLDEN / f"{name}.png"
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        pygame.image.save(surface, str(path))
    reference = pygame.image.load(str(path))
    assert reference.get_size() == surface.get_size()
    mean, share, diff = _difference(reference, surface)
    if mean > MEAN_TOLERANCE or share > PIXEL_TOLERANCE:
        w, h = diff.get_size()
        side = pygame.Surface((w * 3, h))
        side.blit(pygame.transform.scale(reference, (w, h)), (0, 0))
        side.blit(pygame.transform.scale(surface, (w, h)), (w, 0))
        side.blit(diff, (2 * w, 0))
        out = tmp_path / f"{name}-side-by-side.png"
        pygame.image.save(side, str(out))
        pytest.fail(f"{name} differs from its reference (mean {mean:.2f}, {share:.1%} of pixels); see {out}")


@pytest.fixture
def driver():
    d = Driver(animation="normal")
    yield d
    d.close()


def test_title_screen(driver, tmp_path):
    from scenes.menus.title import TitleScene

    driver.start(TitleScene(driver.app))
    driver.app.render()
    _compare("title", driver.app.canvas, tmp_path)


def test_table_mid_roll(driver, tmp_path):
    from scenes.scorecard.table import TableScene

    session = Session(find_variant("classic"), [Seat("Ann", colour="orange"), Seat("Ben", colour="sky")], seed=12,
                      rolloff=False)
    table = TableScene(driver.app, session)
    driver.start(table)
    if table.handoff is not None:
        driver.key(pygame.K_RETURN)
    driver.key(pygame.K_SPACE)
    driver.step(0.3)  # dice in the air
    assert table.throwing
    _compare("table-mid-roll", driver.app.canvas, tmp_path)


def test_full_six_seat_scorecard(driver, tmp_path):
    from scenes.scorecard.table import TableScene

    names = ["Ann", "Ben", "Cas", "Dee", "Eef", "Fay"]
    seats = [Seat(n, "computer", "greedy", c) for n, c in zip(names, ["orange", "sky", "green", "red", "blue",
                                                                        "purple"])]
    session = Session(find_variant("yatzy"), seats, seed=5, rolloff=False)
    players = [make_player("greedy", random.Random(i)) for i in range(6)]
    state = session.state
    while state.cards[0][5].filled() < 14:
        session.act(players[state.current_player()].choose(state))
    table = TableScene(driver.app, session)
    table.demo = False
    driver.start(table)
    table.banner_time = 0
    driver.app.render()
    _compare("scorecard-six-seats", driver.app.canvas, tmp_path)
