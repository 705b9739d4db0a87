"""The New game screen's seats: kept from one start to the next (never at a kiosk), a damaged file never costs
more than its damaged fields, and the seats a game for fewer sets aside are named on the screen."""

from __future__ import annotations

import json
import logging

import pytest
from helpers import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scene_driver import Driver

from game.bots.levels import USUAL_LEVEL
from game.engine.state import MAX_NAME
from game.rules.yamlsource import text_problem
from game.store.kiosk import KioskConfig
from game.store.seats import MAX_SEATS, SeatSetup, TableSetup, load_table_setup, save_table_setup, seats_path
from scenes.ui import theme
from scenes.ui.widgets import record_text

LEVELS = ("random", "greedy", "heuristic", "easy", "medium", "hard", "optimal")
VARIANTS = ("classic", "official", "dutch", "fivezee", "challenge", "yatzy", "jackpot")
SIX = ["Ann", "Ben", "Cas", "Dee", "Eve", "Fay"]


def _new_game(driver):
    from scenes.menus.newgame import NewGameScene

    scene = NewGameScene(driver.app)
    driver.start(scene)
    driver.step(0.2)
    return scene


def _choose(scene, variant: str) -> None:
    scene._pick_variant(next(i for i, v in enumerate(scene.variants) if v.id == variant))


def _six_seats(scene) -> None:
    while len(scene.seats) < 6:
        scene._add_seat_and_build()
    for seat, name in zip(scene.seats, SIX):
        seat.name = name
    scene._build()


def _six_at_jackpot(driver):
    """The New game screen with six seats (Ann to Fay), Jackpot chosen: Eve and Fay sit it out."""
    scene = _new_game(driver)
    _six_seats(scene)
    _choose(scene, "jackpot")
    return scene


def _write(data) -> None:
    seats_path().parent.mkdir(parents=True, exist_ok=True)
    text = data if isinstance(data, (str, bytes)) else json.dumps(data)
    (seats_path().write_bytes if isinstance(text, bytes) else seats_path().write_text)(text)


def _shown(driver) -> str:
    """Every text on the screen, lines joined with spaces (a wrapped sentence reads whole)."""
    record_text(True)
    try:
        driver.app.render()
    finally:
        drawn = record_text(False)
    return " ".join(d.words for d in drawn)


# ------------------------------------------------------------------- kept between starts --

def test_the_seats_game_and_games_set_up_come_back_at_the_next_start():
    driver = Driver()
    try:
        scene = _new_game(driver)
        _choose(scene, "dutch")
        scene._add_seat_and_build()  # Bram
        scene._toggle_kind(0)  # "Player 1" becomes a computer, Chloé
        scene._toggle_kind(2)  # Bram becomes a person, and is named
        scene.seats[2].name = "Oma Truus"
        scene._cycle_level(1)
        scene._cycle_colour(0)
        scene._games(1)
        scene._games(1)
        wanted = [(s.name, s.computer, s.level, s.colour) for s in scene.seats]
        assert wanted[0] == ("Chloé", True, "hard", "red")  # orange: sky and green are taken
        assert wanted[1][2] == "optimal" and wanted[2][:2] == ("Oma Truus", False)
        driver.click(scene.start.rect.center)
        assert driver.top is not scene  # the game began
    finally:
        driver.close()
    assert seats_path().exists()
    driver = Driver()  # the next start
    try:
        scene = _new_game(driver)
        assert scene.variant.id == "dutch" and scene.games == 3
        assert [(s.name, s.computer, s.level, s.colour) for s in scene.seats] == wanted
        scene._toggle_kind(0)  # and the person's name it had before comes back with it
        assert not scene.seats[0].computer and scene.seats[0].name == "Player 1"
    finally:
        driver.close()


def test_nothing_kept_the_first_time_gives_a_person_against_the_computer(caplog):
    driver = Driver()
    try:
        with caplog.at_level(logging.WARNING, logger="dice_parlor"):
            scene = _new_game(driver)
        assert [(s.name, s.computer) for s in scene.seats] == [("Player 1", False), ("Ada", True)]
        assert scene.variant.id == "classic" and scene.games == 1
        assert caplog.records == []  # no file is no problem
    finally:
        driver.close()


def test_the_number_of_games_kept_belongs_to_its_game():
    save_table_setup(TableSetup((SeatSetup("Ann", False, "heuristic", "orange"),), "dutch", 4))
    driver = Driver()
    try:
        scene = _new_game(driver)
        assert scene.games == 4
        _choose(scene, "classic")
        assert scene.games == scene.variant.default_games
    finally:
        driver.close()


def test_a_folder_where_the_file_would_go_never_stops_a_game():
    seats_path().mkdir(parents=True)
    driver = Driver()
    try:
        scene = _new_game(driver)
        assert len(scene.seats) == 2
        driver.click(scene.start.rect.center)
        assert driver.top is not scene and seats_path().is_dir()
    finally:
        driver.close()


def test_a_level_picked_comes_back_after_a_game_without_it_even_at_the_next_start():
    """Perfect for Classic, then a game of Jackpot (whose computers stop at Hard), then Classic again: Perfect."""
    driver = Driver()
    try:
        scene = _new_game(driver)
        bram = next(i for i, seat in enumerate(scene.seats) if seat.computer)
        while scene.seats[bram].level != "optimal":
            scene._cycle_level(bram)
        _choose(scene, "jackpot")
        assert scene.seats[bram].level != "optimal"
        driver.click(scene.start.rect.center)
    finally:
        driver.close()
    driver = Driver()
    try:
        scene = _new_game(driver)
        assert scene.variant.id == "jackpot" and scene.seats[bram].level != "optimal"
        _choose(scene, "classic")
        assert scene.seats[bram].level == "optimal"
    finally:
        driver.close()


# ----------------------------------------------------------------------- hostile files --

def _seat(name="Ann", computer=False, level="heuristic", colour="orange", **more):
    return {"name": name, "computer": computer, "level": level, "colour": colour, **more}


GOOD = [_seat("Ann"), _seat("Bram", True, "optimal", "sky"), _seat("Cas", colour="green")]


def _load():
    return load_table_setup(theme.SEAT_ORDER, LEVELS, VARIANTS, usual=USUAL_LEVEL)


@pytest.mark.parametrize("data,check", [
    ({"variant": "jackpot", "games": 2, "seats": [_seat("😀" * 500)] + GOOD[1:]},
     lambda s: s.seats[0].name == "😀" * MAX_NAME and s.seats[1].name == "Bram" and s.variant == "jackpot"),
    ({"variant": "classic", "seats": [_seat(f"N{i}", colour="red") for i in range(50)]},
     lambda s: [x.name for x in s.seats] == [f"N{i}" for i in range(MAX_SEATS)]
     and len({x.colour for x in s.seats}) == MAX_SEATS and s.seats[0].colour == "red"),
    ({"seats": [GOOD[0], _seat("Bram", True, "godlike", "sky"), GOOD[2]]},
     lambda s: s.seats[1].level == "heuristic" and s.seats[1].computer and s.seats[1].colour == "sky"),
    ({"seats": [_seat(colour="chartreuse"), GOOD[1], GOOD[2]]},
     lambda s: [x.colour for x in s.seats] == ["orange", "sky", "green"] and s.seats[0].name == "Ann"),
    ({"seats": [_seat("Ann", colour="sky"), _seat("Bob", colour="sky"), _seat("Cy", colour="orange")]},
     lambda s: [x.colour for x in s.seats] == ["sky", "green", "orange"]),
    ({"variant": 7, "games": "three", "seats": [_seat(5, "yes", ["hard"], {"c": 1}, other_name=None)] + GOOD[1:]},
     lambda s: s.variant is None and s.games is None and s.seats[0] == SeatSetup("", False, "heuristic", "orange")
     and s.seats[1].name == "Bram"),
    ({"variant": "poker", "games": 3, "seats": GOOD},
     lambda s: s.variant is None and s.games == 3 and [x.name for x in s.seats] == ["Ann", "Bram", "Cas"]),
    ({"variant": "yatzy", "seats": ["Ann", None, GOOD[1], _seat("Bell\x07\u202e")]},
     lambda s: [x.name for x in s.seats] == ["Bram", ""] and s.variant == "yatzy"),
    ({"variant": "yatzy", "games": 99, "seats": "everyone"}, lambda s: s.seats == () and s.variant == "yatzy"),
    ({"seats": [_seat("Bo", True, "hard", "sky", chosen="godlike"), _seat("Cy", True, "hard", "red", chosen=3),
                _seat("Di", True, "hard", "green", chosen="optimal")]},
     lambda s: [x.chosen for x in s.seats] == ["", "", "optimal"] and [x.level for x in s.seats] == ["hard"] * 3),
    ("{not json", lambda s: s == TableSetup()),
    ("[1, 2, 3]", lambda s: s == TableSetup()),
    ("[" * 100_000, lambda s: s == TableSetup()),
    (b"\xff\xfe\x00garbage", lambda s: s == TableSetup()),
    ('{"seats": [' + ",".join(['{"name": "x"}'] * 30_000) + "]}", lambda s: s == TableSetup()),  # over 256 KB
], ids=["name-500-emoji", "50-seats", "unknown-level", "unknown-colour", "duplicate-colours", "wrong-types",
        "unknown-variant", "seats-not-mappings", "seats-not-a-list", "odd-level-picked", "corrupt", "not-a-mapping",
        "too-deep", "not-utf8", "huge"])
def test_a_damaged_file_loses_only_its_damaged_fields(data, check):
    _write(data)
    setup = _load()
    assert check(setup), setup
    assert setup.problems  # said, for the log


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=60) | st.sampled_from(
    LEVELS + VARIANTS + theme.SEAT_ORDER), lambda inner: st.lists(inner, max_size=8) | st.dictionaries(
    st.sampled_from(["variant", "games", "seats", "name", "computer", "level", "colour", "other_name", "x"]),
    inner, max_size=6), max_leaves=40))
@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_document_loads_into_seats_the_screen_can_use(document):
    _write(document)
    setup = _load()
    assert len(setup.seats) <= MAX_SEATS
    assert len({s.colour for s in setup.seats}) == len(setup.seats)
    for seat in setup.seats:
        assert seat.colour in theme.SEAT_ORDER and seat.level in LEVELS and isinstance(seat.computer, bool)
        for name in (seat.name, seat.other_name):
            assert isinstance(name, str) and len(name) <= MAX_NAME and text_problem(name) is None
    assert setup.variant in (None, *VARIANTS)
    assert setup.games is None or 1 <= setup.games <= 6


@pytest.mark.parametrize("data", [
    {"variant": "jackpot", "games": 9, "seats": [_seat("😀" * 500, level="nope", colour="sky"),
                                                 _seat(None, True, colour="sky")] + [GOOD[2]] * 48},
    "{not json",
])
def test_the_screen_opens_and_starts_from_a_damaged_file_and_logs_one_line(data, caplog):
    _write(data)
    driver = Driver()
    try:
        with caplog.at_level(logging.INFO, logger="dice_parlor"):
            scene = _new_game(driver)
            _new_game(driver)  # opened again in the same run: read (and said) once
        said = [r for r in caplog.records if r.name == "dice_parlor.seats"]
        assert len(said) == 1 and said[0].levelno == logging.WARNING and "\n" not in said[0].getMessage()
        assert all(s.name and text_problem(s.name) is None for s in scene.seats)
        if isinstance(data, dict):
            assert scene.variant.id == "jackpot" and len(scene.seats) == 4 and scene.games == 1
            assert scene.seats[1].name == "Ada" and scene.seats[1].computer  # a computer named afresh
        driver.app.render()
        driver.click(driver.top.start.rect.center)
        assert driver.top is not scene
    finally:
        driver.close()
    assert json.loads(seats_path().read_text())["seats"]  # the file is whole again


# ---------------------------------------------------------------------- the kiosk forgets --

KIOSK = KioskConfig(game_idle=60, countdown=10, title_idle=30, admin_pin="432109", attract_variants=("classic",),
                    variants=("classic", "yatzy", "jackpot"), max_seats=4)


def test_a_kiosk_neither_reads_nor_writes_the_kept_seats():
    save_table_setup(TableSetup((SeatSetup("Home", False, "heuristic", "red"),), "yatzy", 2))
    before = seats_path().read_bytes()
    driver = Driver(animation="instant", kiosk=KIOSK)
    try:
        scene = _new_game(driver)
        assert [s.name for s in scene.seats] == ["Player 1", "Player 2"] and scene.variant.id == "classic"
        scene._next_name(0)
        driver.click(scene.start.rect.center)
        assert driver.top is not scene
    finally:
        driver.close()
    assert seats_path().read_bytes() == before


@pytest.mark.parametrize("leaves", ["reset", "attract"])
def test_after_a_kiosk_reset_the_next_visitor_finds_the_default_seats(leaves):
    from scenes.menus.title import TitleScene

    driver = Driver(animation="instant", kiosk=KIOSK)
    try:
        driver.start(TitleScene(driver.app))
        driver.step(0.1)
        driver.click(driver.top.row.buttons[0].rect.center)
        scene = driver.top
        _choose(scene, "yatzy")
        scene._add_seat_and_build()
        scene._next_name(0)
        driver.click(scene.start.rect.center)
        if leaves == "reset":
            driver.step(61.0)  # the visitor walked away mid-game
            driver.step(11.0)  # "Still playing?" ran out
        else:
            driver.app.go("title", how="clear")
            driver.step(31.0)  # nobody at the title: the computers play
            assert driver.app.kiosk.attract
            driver.click((640, 400))
        assert isinstance(driver.top, TitleScene)
        driver.click(driver.top.row.buttons[0].rect.center)
        scene = driver.top
        assert [(s.name, s.computer) for s in scene.seats] == [("Player 1", False), ("Player 2", False)]
        assert scene.variant.id == "classic"
    finally:
        driver.close()


# ---------------------------------------------------------------- seats a game sets aside --

def test_a_game_for_fewer_says_who_sits_it_out_and_a_game_for_more_brings_them_back():
    driver = Driver()
    try:
        scene = _new_game(driver)
        _six_seats(scene)
        assert "sit this one out" not in _shown(driver)
        _choose(scene, "jackpot")
        assert [s.name for s in scene.seats] == SIX[:4] and [s.name for s in scene.parked] == SIX[4:]
        said = "Jackpot Yahtzee is for 2 to 4 players: Eve and Fay sit this one out"
        assert scene.painter.parked_words() == said and said in _shown(driver)
        _choose(scene, "classic")
        assert [s.name for s in scene.seats] == SIX and not scene.parked
        assert "sit this one out" not in _shown(driver)
        scene._remove_seat(5)
        _choose(scene, "challenge")
        assert scene.painter.parked_words() == "Challenge Yahtzee is for 1 to 4 players: Eve sits this one out"
        assert "Eve sits this one out" in _shown(driver)
    finally:
        driver.close()


def test_removing_a_seat_lets_one_sitting_out_take_its_place_and_keeps_the_other():
    driver = Driver()
    try:
        scene = _six_at_jackpot(driver)
        scene._remove_seat(3)  # Dee leaves: Eve takes her place, Fay still sits this one out
        assert [s.name for s in scene.seats] == ["Ann", "Ben", "Cas", "Eve"]
        assert [s.name for s in scene.parked] == ["Fay"]
        assert "Fay sits this one out" in _shown(driver)
        scene._cycle_colour(0)  # a colour taken by a seat sitting out is not handed to another
        _choose(scene, "classic")
        assert [s.name for s in scene.seats] == ["Ann", "Ben", "Cas", "Eve", "Fay"]
        assert len({s.colour for s in scene.seats}) == 5
    finally:
        driver.close()


def test_a_name_field_shows_its_name_chosen_typing_replaces_it_and_a_caret_key_keeps_it():
    import pygame

    driver = Driver()
    try:
        scene = _new_game(driver)
        scene.seats[0].name = "Grandma"
        scene._build()
        field = next(b for b in scene.row.buttons if b.id == ("name", 0)).rect
        driver.click((field.x + 120, field.centery))
        driver.app.render()
        x, y = driver.window_pos((field.x + 8, field.centery))  # the chosen band, left of the first letter
        assert tuple(pygame.display.get_surface().get_at((x, y)))[:3] == theme.CHOSEN_TEXT
        driver.key(pygame.K_END)  # the caret goes to the end: nothing chosen any more
        driver.type_text(" Truus")
        driver.key(pygame.K_RETURN)
        assert scene.seats[0].name == "Grandma Truus"
        driver.click((field.x + 120, field.centery))
        driver.type_text("Oma")  # chosen: typing replaces it
        driver.key(pygame.K_RETURN)
        assert scene.seats[0].name == "Oma"
    finally:
        driver.close()


def test_ctrl_a_chooses_the_whole_name_typing_replaces_it_and_backspace_clears_it():
    import pygame

    driver = Driver()
    try:
        scene = _new_game(driver)
        scene.seats[0].name = "Grandma"
        scene._build()
        field = next(b for b in scene.row.buttons if b.id == ("name", 0)).rect
        driver.click((field.x + 120, field.centery))
        driver.key(pygame.K_END)
        driver.type_text(" Truus")  # typed on the end: nothing chosen now
        driver.key(pygame.K_a, pygame.KMOD_LCTRL)
        assert scene.editing == 0 and scene.seats[0].name == "Grandma Truus"  # Ctrl+A neither types nor leaves
        driver.app.render()
        x, y = driver.window_pos((field.x + 8, field.centery))
        assert tuple(pygame.display.get_surface().get_at((x, y)))[:3] == theme.CHOSEN_TEXT  # shown chosen
        driver.type_text("Oma")
        assert scene.seats[0].name == "Oma"  # typing replaces it all
        driver.key(pygame.K_a, pygame.KMOD_RCTRL)
        driver.key(pygame.K_BACKSPACE)
        assert scene.seats[0].name == "" and scene.editing == 0  # Backspace clears it all
        driver.type_text("Bo")
        driver.key(pygame.K_BACKSPACE)  # nothing chosen: one letter
        driver.key(pygame.K_RETURN)
        assert scene.seats[0].name == "B"
    finally:
        driver.close()


def test_who_sits_it_out_is_said_in_dutch():
    driver = Driver(language="nl")
    try:
        scene = _six_at_jackpot(driver)
        said = "Jackpot Yahtzee is voor 2 tot 4 spelers: Eve en Fay doen deze keer niet mee"
        assert scene.painter.parked_words() == said and said in _shown(driver)
    finally:
        driver.close()


def test_seats_set_aside_wait_aside_again_at_the_next_start_and_come_back_for_a_game_for_more():
    driver = Driver()
    try:
        scene = _six_at_jackpot(driver)
        driver.click(scene.start.rect.center)
    finally:
        driver.close()
    driver = Driver()
    try:
        scene = _new_game(driver)
        assert scene.variant.id == "jackpot" and [s.name for s in scene.seats] == SIX[:4]
        assert "Eve and Fay sit this one out" in _shown(driver)
        _choose(scene, "yatzy")
        assert [s.name for s in scene.seats] == SIX
    finally:
        driver.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language,text_size", [("en", "normal"), ("pseudo", "normal"), ("nl", "normal"),
                                                ("en", "large")])
def test_who_sits_it_out_fits_the_screen_with_six_long_names(language, text_size, size):
    from test_layout import drawn_texts, problems

    names = ["Grandma Truus van der Berg", "Maximilian Alexander", "Anneliese Wilhelmina", "Christopher Columbus",
             "W" * MAX_NAME, "Jean-Baptiste Fontaine-Lefèvre du Pont"]

    def build(driver):
        scene = _new_game(driver)
        _six_seats(scene)
        for seat, name in zip(scene.seats, names):
            seat.name = name
        _choose(scene, "jackpot")
        driver.app.redraw()
        driver.step(0.5)

    scale, drawn, scene = drawn_texts("newgame-parked", build, language, size, text_size)
    found = problems(drawn, scale)
    assert not found, "\n".join(found)
    games_row = scene.row.buttons[[b.id for b in scene.row.buttons].index("fewer")].rect
    below = scene._seat_rect(len(scene.seats))
    sentence = [d for d in drawn if d.translated and below.top <= d.rect.top < games_row.top]
    assert sentence and all(d.rect.bottom <= games_row.top and below.left <= d.rect.left for d in sentence)
