"""Jackpot's pictures and rack: symbols told apart by shape, tiles, symbol dice in the tray, tiles dropping into
racks."""

from __future__ import annotations

import itertools

import pygame
import pytest

from scenes.dice import die_art
from scenes.dice.dice_tray import HOLD_TIME, IN_HAND
from scenes.dice.physics.dice_throw import LONGEST
from scenes.jackpot import jackpot_art
from scenes.jackpot.jackpot_art import SYMBOLS, symbol_surface, tile_surface
from scenes.jackpot.jackpot_dice import WHITE_FACES, YELLOW_FACES, register_symbol_dice, symbol_dice_tray
from scenes.jackpot.rack_view import RackView

STEP = 1 / 120
LARGE = pygame.Rect(40, 380, 420, 380)
SMALL = pygame.Rect(900, 40, 200, 180)


@pytest.fixture(autouse=True, scope="module")
def _display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


def alpha_mask(surface: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_surface(surface, 127)


def run(view_or_tray, limit: float = 3.0) -> float:
    """Steps at 120 Hz until still; returns the seconds it took."""
    steps = 0
    while view_or_tray.busy():
        view_or_tray.update(STEP)
        steps += 1
        assert steps <= limit / STEP, "never came to rest"
    return steps * STEP


# ------------------------------------------------------------ symbols and tiles


@pytest.mark.parametrize("size", [20, 28, 48, 80, 120])
def test_symbols_build_at_every_size_with_clear_corners_and_a_solid_middle(size):
    for symbol in SYMBOLS:
        image = symbol_surface(symbol, size)
        assert image.get_size() == (size, size)
        assert image.get_flags() & pygame.SRCALPHA
        assert image.get_at((0, 0)).a == 0 and image.get_at((size - 1, 0)).a == 0
        coverage = alpha_mask(image).count() / size ** 2
        assert 0.2 < coverage < 0.8, f"{symbol} at {size}px covers {coverage:.0%}"


@pytest.mark.parametrize("size", [28, 80])
def test_the_four_symbols_have_different_silhouettes(size):
    masks = {s: alpha_mask(symbol_surface(s, size)) for s in SYMBOLS}
    for a, b in itertools.combinations(SYMBOLS, 2):
        both = masks[a].overlap_area(masks[b], (0, 0))
        union = masks[a].count() + masks[b].count() - both
        assert both / union < 0.75, f"{a} and {b} have nearly the same outline at {size}px"


def _runs(mask: pygame.mask.Mask, y: int) -> int:
    row = [mask.get_at((x, y)) for x in range(mask.get_size()[0])]
    return sum(1 for x in range(len(row)) if row[x] and (x == 0 or not row[x - 1]))


def test_symbol_shapes_tell_apart_without_colour():
    size = 80
    masks = {s: alpha_mask(symbol_surface(s, size)) for s in SYMBOLS}
    boxes = {s: masks[s].get_bounding_rects()[0].unionall(masks[s].get_bounding_rects()) for s in SYMBOLS}
    # The banknote is a wide rectangle, filling most of its box.
    note = boxes["dollar"]
    assert note.width > 1.3 * note.height
    assert masks["dollar"].count() > 0.85 * note.width * note.height
    # Two cherries side by side: across their middle, two separate runs; one orange: one run.
    assert _runs(masks["cherry"], int(size * 0.72)) == 2
    assert _runs(masks["orange"], int(size * 0.6)) == 1
    # The bell: narrow crown, wide lip.
    bell = masks["bell"]
    crown = sum(bell.get_at((x, int(size * 0.3))) for x in range(size))
    lip = sum(bell.get_at((x, int(size * 0.78))) for x in range(size))
    assert lip > 1.8 * crown


@pytest.mark.parametrize("size", [24, 52, 90])
def test_tiles_are_rounded_cream_squares_carrying_their_symbol(size):
    pictures = {}
    for symbol in SYMBOLS:
        tile = tile_surface(symbol, size)
        assert tile.get_size() == (size, size) and tile.get_flags() & pygame.SRCALPHA
        assert tile.get_at((0, 0)).a < 200, "corners are rounded"
        edge = tile.get_at((size // 2, max(1, size // 16)))
        assert edge.a == 255 and min(edge.r, edge.g, edge.b) > 170, "cream plastic near the top edge"
        pictures[symbol] = pygame.image.tobytes(tile, "RGBA")
    assert len(set(pictures.values())) == 4


def test_ghost_tiles_are_translucent_copies():
    for symbol in SYMBOLS:
        solid, ghost = tile_surface(symbol, 52), tile_surface(symbol, 52, ghost=True)
        assert ghost.get_size() == solid.get_size()
        middle = ghost.get_at((26, 26))
        assert 80 <= middle.a <= 120, f"ghost alpha {middle.a}"
        assert max(ghost.get_at((x, y)).a for x in range(0, 52, 3) for y in range(0, 52, 3)) <= 110


def test_unknown_symbols_are_refused():
    with pytest.raises(ValueError):
        symbol_surface("lemon", 40)
    with pytest.raises(ValueError):
        tile_surface("lemon", 40)


# ------------------------------------------------------------ symbol dice


def test_symbol_dice_styles_register_once_and_draw_every_face():
    register_symbol_dice()
    register_symbol_dice()
    assert die_art.STYLES["symbol_white"].painter == "symbol"
    assert die_art.STYLES["symbol_yellow"].painter == "symbol"
    seen = set()
    for style in ("symbol_white", "symbol_yellow"):
        for symbol in SYMBOLS:
            die = die_art.die_surface(symbol, 72, style)
            assert die.get_size() == (72, 72)
            seen.add(pygame.image.tobytes(die, "RGBA"))
        blank = die_art.die_surface(0, 72, style)
        assert blank.get_at((36, 36)).a == 255
    assert len(seen) == 8, "every face of each colour is its own picture"
    white, yellow = die_art.die_surface("bell", 72, "symbol_white"), die_art.die_surface("bell", 72, "symbol_yellow")
    w, y = white.get_at((12, 36)), yellow.get_at((12, 36))
    assert min(w.r, w.g, w.b) > 200
    assert y.r > 200 and y.b < 140, "yellow dice are yellow"


def test_symbol_tray_ends_on_the_engines_faces_and_each_die_shows_only_its_own_faces():
    lists = [WHITE_FACES, WHITE_FACES, YELLOW_FACES, YELLOW_FACES]
    throws = [("bell", "dollar", "cherry", "orange"), ("orange", "orange", "cherry", "cherry"),
              ("cherry", "bell", "dollar", "bell"), ("dollar", "cherry", "orange", "dollar")]
    passing = [set() for _ in range(4)]
    for seed in range(12):
        tray = symbol_dice_tray(pygame.Rect(60, 150, 760, 450), pygame.Rect(60, 640, 760, 100), seed=seed)
        faces = throws[seed % len(throws)]
        tray.throw(faces, [True] * 4)
        steps = 0
        while tray.busy():
            tray.update(STEP)
            steps += 1
            for die, face in enumerate(tray.shown_faces()):
                if face is not None:
                    assert face in lists[die], f"die {die} showed {face!r}, not on its list"
                    passing[die].add(face)
            assert steps * STEP <= IN_HAND + LONGEST + HOLD_TIME + 0.05
        assert tray.shown_faces() == list(faces)
        leans = [abs((tray._dice[d].picture_turn() + 180) % 360 - 180) for d in range(4)]
        assert all(lean <= 45.01 for lean in leans), f"symbols rest near upright: {leans}"
    for die in range(4):
        assert len(passing[die]) >= 3, f"die {die} hardly tumbled: {passing[die]}"


def test_a_die_with_a_narrow_faces_list_never_shows_another_face():
    dice = [(("bell", "bell", "bell", "cherry", "cherry", "cherry"), "white"),
            (("orange", "orange", "orange", "orange", "orange", "dollar"), "white"),
            (("dollar", "dollar", "bell", "bell", "bell", "bell"), "yellow"),
            (("cherry", "orange", "cherry", "orange", "cherry", "orange"), "yellow")]
    seen = [set() for _ in dice]
    for seed in range(8):
        tray = symbol_dice_tray(pygame.Rect(60, 150, 760, 450), pygame.Rect(60, 640, 760, 100), dice=dice, seed=seed)
        faces = ("cherry", "dollar", "dollar", "orange")
        tray.throw(faces, [True] * 4)
        while tray.busy():
            tray.update(STEP)
            for die, face in enumerate(tray.shown_faces()):
                if face is not None:
                    seen[die].add(face)
        assert tray.shown_faces() == list(faces)
    for die, (faces, _) in enumerate(dice):
        assert seen[die] <= set(faces), f"die {die} showed {seen[die] - set(faces)}"
    assert seen[0] == {"bell", "cherry"} and seen[3] == {"cherry", "orange"}, "passing faces do pass"
    with pytest.raises(ValueError):
        symbol_dice_tray(pygame.Rect(60, 150, 760, 450), pygame.Rect(60, 640, 760, 100), dice=dice).throw(
            ("orange", "dollar", "dollar", "orange"), [True] * 4)  # die 0 has no orange


def test_symbol_tray_refuses_faces_a_die_does_not_have_and_holds_string_faces():
    tray = symbol_dice_tray(pygame.Rect(60, 150, 760, 450), pygame.Rect(60, 640, 760, 100))
    with pytest.raises(ValueError):
        tray.throw((3, "bell", "cherry", "bell"), [True] * 4)
    with pytest.raises(ValueError):
        tray.place(("bell", "bell", "lemon", "bell"), [False] * 4)
    with pytest.raises(ValueError):
        symbol_dice_tray(pygame.Rect(60, 150, 760, 450), pygame.Rect(60, 640, 760, 100),
                       dice=[(("bell",) * 5, "white")])
    tray.place(("bell", "dollar", "cherry", "orange"), [False] * 4)
    tray.set_held(1, True)
    run(tray)
    assert tray.is_held(1) and tray.shown_faces() == ["bell", "dollar", "cherry", "orange"]
    tray.throw(("orange", "dollar", "bell", "cherry"), [True, False, True, True])
    run(tray)
    assert tray.shown_faces() == ["orange", "dollar", "bell", "cherry"]


def test_symbol_tray_draws_each_die_in_its_own_colour():
    tray = symbol_dice_tray(pygame.Rect(0, 0, 600, 300), pygame.Rect(0, 320, 600, 80))
    tray.place(("bell", "bell", "bell", "bell"), [False] * 4)
    canvas = pygame.Surface((600, 400))
    canvas.fill((0, 80, 0))
    tray.draw(canvas)
    for die, colour in enumerate(("white", "white", "yellow", "yellow")):
        rect = tray.die_rect(die)
        pixel = canvas.get_at((rect.left + 7, rect.centery))
        if colour == "white":
            assert min(pixel.r, pixel.g, pixel.b) > 190, (die, pixel)
        else:
            assert pixel.r > 200 and pixel.b < 150, (die, pixel)


# ------------------------------------------------------------ the rack: geometry


@pytest.mark.parametrize("rect", [LARGE, SMALL])
def test_windows_form_a_staircase_tall_on_the_left_with_row_zero_at_the_bottom(rect):
    view = RackView(rect)
    for c in range(5):
        for r in range(6):
            if r < 5 - c:
                hole = view.window_rect(c, r)
                assert rect.contains(hole)
                if r:
                    assert hole.bottom <= view.window_rect(c, r - 1).top, "rows go up"
                if c:
                    assert hole.left >= view.window_rect(c - 1, r).right, "columns go right"
                    assert hole.top == view.window_rect(c - 1, r).top, "rows line up"
            else:
                with pytest.raises(ValueError):
                    view.window_rect(c, r)
    tops = [view.window_rect(c, 4 - c).top for c in range(5)]
    assert tops == sorted(tops) and len(set(tops)) == 5, "column 0 is the tallest, each next one shorter"
    chance = view.chance_rect()
    assert rect.contains(chance)
    assert chance.left > view.window_rect(4, 0).right
    assert chance.size == view.window_rect(0, 0).size
    assert view.tile_size < view.window_rect(0, 0).width


def test_a_large_rack_is_large_and_a_small_one_small():
    assert RackView(LARGE).tile_size >= 48
    assert 20 <= RackView(SMALL).tile_size <= 30


@pytest.mark.parametrize("rect", [LARGE, SMALL])
def test_column_at_finds_the_column_over_its_windows_and_the_room_above(rect):
    view = RackView(rect)
    for c in range(5):
        for r in range(5 - c):
            assert view.column_at(view.window_rect(c, r).center) == c
        above = (view.window_rect(c, 4 - c).centerx, rect.top + 2)
        assert view.column_at(above) == c
    assert view.column_at(view.chance_rect().center) is None
    assert view.column_at((rect.left - 5, rect.centery)) is None
    assert view.column_at((rect.centerx, rect.bottom + 5)) is None
    assert view.chance_at(view.chance_rect().center)
    assert not view.chance_at(view.window_rect(0, 0).center)


# ------------------------------------------------------------ the rack: dropping


def test_a_dropped_tile_lands_in_the_lowest_open_window_and_stacks_like_connect_four():
    view = RackView(LARGE)
    view.set_tiles({(1, 0): "bell"}, None)
    landed = []
    view.drop("cherry", 1, lambda: landed.append("cherry"))
    view.drop("dollar", 1, lambda: landed.append("dollar"))  # before the first one lands
    view.drop("orange", 0, lambda: landed.append("orange"))
    assert view.tiles() == {(1, 0): "bell", (1, 1): "cherry", (1, 2): "dollar", (0, 0): "orange"}
    assert view.shown_tiles() == {(1, 0): "bell"}, "nothing has landed yet"
    run(view)
    assert view.shown_tiles() == view.tiles()
    assert sorted(landed) == ["cherry", "dollar", "orange"]
    assert view.landing_row(1) == 3
    view.drop("bell", 1)
    with pytest.raises(ValueError):
        view.drop("bell", 1)  # column 1 holds four
    with pytest.raises(ValueError):
        view.drop("bell", 5)


def test_tiles_dropped_together_into_one_column_fall_one_behind_the_other():
    view = RackView(LARGE)
    view.drop("cherry", 2)
    view.drop("dollar", 2)
    seen_both = 0
    while view.busy():
        moving = view.moving_tiles()
        if len(moving) == 2:
            seen_both += 1
            (_, low), (_, high) = moving
            overlap = low.clip(high)
            assert overlap.width * overlap.height <= 0.1 * low.width * low.height, "they fall as one"
            assert high.bottom <= low.centery
        view.update(STEP)
    assert seen_both > 5
    assert view.shown_tiles() == {(2, 0): "cherry", (2, 1): "dollar"}


def test_a_tile_falls_faster_and_faster_bounces_once_and_settles_in_its_window():
    view = RackView(LARGE)
    view.drop("bell", 0)
    target = view.window_rect(0, 0)
    ys = []
    while view.busy():
        (symbol, rect), = view.moving_tiles()
        ys.append(rect.centery)
        view.update(STEP)
    assert ys[0] < view.window_rect(0, 4).top, "it appears above the column"
    lowest = max(ys)
    turn = ys.index(lowest)
    falling = ys[:turn + 1]
    steps = [b - a for a, b in zip(falling, falling[1:])]
    assert all(s >= 0 for s in steps) and steps[-1] > steps[1] + 5, "gravity: it speeds up"
    assert abs(lowest - target.centery) <= 2
    after = ys[turn:]
    assert min(after) < lowest - 2, "it bounces"
    assert (target.centery - min(after)) < 0.35 * target.height, "a small bounce"
    assert view.shown_tiles() == {(0, 0): "bell"}


@pytest.mark.parametrize("column,filled", [(0, 0), (0, 4), (2, 1), (4, 0)])
def test_busy_while_falling_and_still_within_a_second(column, filled):
    view = RackView(LARGE)
    view.set_tiles({(column, r): "dollar" for r in range(filled)}, None)
    view.drop("orange", column)
    assert view.busy()
    took = run(view)
    assert 0.35 <= took <= 0.6, f"a drop took {took:.3f} s"
    assert not view.busy()
    view.speed = 2.0
    view.drop("orange", 1)
    assert run(view) <= 0.31


def test_skip_finishes_everything_now_and_calls_back_in_order():
    view = RackView(SMALL)
    done = []
    view.drop("bell", 3, lambda: done.append(1))
    view.drop("cherry", 3, lambda: done.append(2))
    view.drop("dollar", 4, lambda: (done.append(3), view.drop("orange", 2, lambda: done.append(4))))
    view.update(0.05)
    view.skip()
    assert not view.busy()
    assert done == [1, 2, 3, 4]
    assert view.shown_tiles() == {(3, 0): "bell", (3, 1): "cherry", (4, 0): "dollar", (2, 0): "orange"}


def test_the_chance_space_takes_one_tile_and_gives_it_back_or_into_a_column():
    view = RackView(LARGE)
    view.set_tiles({(2, 0): "bell"}, None)
    done = []
    view.drop_chance("dollar", lambda: done.append("in"))
    assert view.chance() == "dollar" and view.busy()
    with pytest.raises(ValueError):
        view.drop_chance("bell")
    assert run(view) <= 0.6
    assert done == ["in"]
    view.lift_chance(2, lambda: done.append("to 2"))
    assert view.chance() is None and view.tiles()[(2, 1)] == "dollar"
    run(view)
    assert done == ["in", "to 2"] and view.shown_tiles()[(2, 1)] == "dollar"

    view.drop_chance("cherry")
    view.lift_chance(None, lambda: done.append("away"))  # lifted while still dropping in: it lands first
    assert view.chance() is None
    run(view)
    assert done[-1] == "away"
    assert "cherry" not in view.tiles().values()
    with pytest.raises(ValueError):
        view.lift_chance(None)


def test_set_tiles_shows_content_at_once_and_refuses_missing_windows():
    view = RackView(LARGE)
    view.drop("bell", 0, lambda: pytest.fail("set_tiles drops tiles in the air without calling back"))
    view.set_tiles({(0, 4): "bell", (4, 0): "cherry"}, "orange")
    assert not view.busy()
    assert view.shown_tiles() == {(0, 4): "bell", (4, 0): "cherry"} and view.chance() == "orange"
    with pytest.raises(ValueError):
        view.set_tiles({(4, 1): "bell"}, None)
    with pytest.raises(ValueError):
        view.set_tiles({(0, 0): "lemon"}, None)


# ------------------------------------------------------------ the rack: drawing


def _picture(view: RackView) -> pygame.Surface:
    canvas = pygame.Surface((1280, 800))
    canvas.fill((28, 102, 66))
    view.draw(canvas)
    return canvas


def _differs(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> int:
    return sum(a.get_at((x, y)) != b.get_at((x, y)) for x in range(rect.left, rect.right, 2)
               for y in range(rect.top, rect.bottom, 2))


@pytest.mark.parametrize("rect", [LARGE, SMALL])
def test_tiles_ghosts_lights_highlights_and_labels_show(rect):
    view = RackView(rect, name="Ada")
    plain = _picture(view)
    window = view.window_rect(1, 0)
    view.set_tiles({(1, 0): "cherry"}, None)
    with_tile = _picture(view)
    assert _differs(plain, with_tile, window) > window.width * window.height // 8

    view.ghost = ("bell", 1)
    ghosted = _picture(view)
    above = view.window_rect(1, 1)
    assert _differs(with_tile, ghosted, above) > above.width * above.height // 16
    view.ghost = None

    view.lit_columns = {3}
    lit = _picture(view)
    assert _differs(with_tile, lit, view.window_rect(3, 0)) > 0
    assert _differs(with_tile, lit, view.window_rect(0, 0)) == 0, "only the lit column lights up"
    view.lit_columns = set()

    view.chance_lit = True
    assert _differs(with_tile, _picture(view), view.chance_rect()) > 0
    view.chance_lit = False

    view.highlight_cells = {(1, 0)}
    assert _differs(with_tile, _picture(view), window.inflate(12, 12)) > 0
    view.highlight_cells = set()

    view.label = "+120"
    assert _differs(with_tile, _picture(view), view.frame_rect()) > 0


def test_the_view_stays_in_its_rect_and_keeps_tiles_when_moved():
    view = RackView(SMALL)
    view.set_tiles({(0, 0): "bell"}, "dollar")
    view.rect = LARGE
    assert LARGE.contains(view.frame_rect())
    assert view.shown_tiles() == {(0, 0): "bell"} and view.chance() == "dollar"
    assert view.column_at(view.window_rect(2, 0).center) == 2


def test_importing_opens_no_window():
    import subprocess
    import sys

    code = ("import pygame, scenes.jackpot.jackpot_art, scenes.jackpot.rack_view\n"
            "print(pygame.display.get_init(), pygame.display.get_surface() is None)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=str(__import__("pathlib").Path(jackpot_art.__file__).parent.parent))
    assert out.stdout.split()[-2:] == ["False", "True"]


def test_a_tile_goes_to_the_row_the_engine_says_and_a_taken_window_is_refused():
    view = RackView(pygame.Rect(0, 0, 400, 300))
    view.drop("cherry", 1, row=0)
    assert view.tiles() == {(1, 0): "cherry"}
    with pytest.raises(ValueError):
        view.drop("bell", 1, row=0)  # the engine and the view disagree: never drawn over
    view.drop("bell", 1, row=1)
    assert view.tiles() == {(1, 0): "cherry", (1, 1): "bell"}


def test_the_surface_caches_keep_within_their_bytes():
    """A kiosk's every new game brings new names (new racks, new labels): the oldest surfaces go, so memory
    stays flat however many games are played."""
    import pygame

    from scenes.ui.assets import BoundedCache

    cache = BoundedCache("test", 100, max_bytes=10 * 400 * 400 * 4)
    for i in range(50):
        cache.get(("rack", i), lambda: pygame.Surface((400, 400), pygame.SRCALPHA))
    assert len(cache.items) == 10 and cache.bytes == 10 * 400 * 400 * 4
    assert ("rack", 49) in cache.items and ("rack", 39) not in cache.items
    cache.clear()
    assert cache.bytes == 0
