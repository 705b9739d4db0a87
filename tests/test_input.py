"""The input module: raw pygame events become intents in logical coordinates."""

import pygame
import pytest

from scenes.ui.input import Input, Viewport


@pytest.fixture
def inp():
    pygame.init()
    return Input(Viewport((1280, 800)))


def ev(kind, **attrs):
    return pygame.event.Event(kind, **attrs)


def test_a_click_is_a_tap_at_its_position(inp):
    [intent] = inp.translate(ev(pygame.MOUSEBUTTONDOWN, pos=(100, 200), button=1, touch=False))
    assert intent.kind == "tap" and intent.pos == (100, 200)


def test_a_touch_and_its_mouse_copy_act_once(inp):
    inp.now = 10.0
    touch = inp.translate(ev(pygame.FINGERDOWN, x=0.5, y=0.5, dx=0, dy=0, finger_id=1, touch_id=1, pressure=1))
    flagged_copy = inp.translate(ev(pygame.MOUSEBUTTONDOWN, pos=(640, 400), button=1, touch=True))
    inp.now = 10.05
    unflagged_copy = inp.translate(ev(pygame.MOUSEBUTTONDOWN, pos=(642, 401), button=1, touch=False))
    assert [i.kind for i in touch] == ["tap"] and touch[0].pos == (640, 400)
    assert flagged_copy == [] and unflagged_copy == []
    inp.now = 11.0  # a real click a second later still counts
    assert [i.kind for i in inp.translate(ev(pygame.MOUSEBUTTONDOWN, pos=(642, 401), button=1, touch=False))] == ["tap"]


def test_positions_are_mapped_to_the_logical_canvas_when_the_window_is_scaled():
    viewport = Viewport((2560, 1800))  # twice as wide, letterboxed top and bottom
    assert viewport.scale == 2.0 and viewport.offset == (0, 100)
    assert viewport.to_logical((1280, 900)) == (640, 400)


@pytest.mark.parametrize("key,kind,detail", [
    (pygame.K_SPACE, "roll", None), (pygame.K_r, "roll", None), (pygame.K_ESCAPE, "back", None),
    (pygame.K_RETURN, "confirm", None), (pygame.K_F11, "fullscreen", None), (pygame.K_1, "hold", 0),
    (pygame.K_5, "hold", 4), (pygame.K_UP, "nav", "up"), (pygame.K_TAB, "nav", "next"),
])
def test_keys_become_intents(inp, key, kind, detail):
    [intent] = inp.translate(ev(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    assert intent.kind == kind and intent.key == detail


def test_while_typing_a_name_letters_are_text_not_commands(inp):
    inp.text_mode = True
    assert inp.translate(ev(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0)) == []
    [text] = inp.translate(ev(pygame.TEXTINPUT, text="r"))
    assert text.kind == "text" and text.text == "r"
    [erase] = inp.translate(ev(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    assert erase.kind == "erase"


def test_closing_the_window_is_a_quit_intent(inp):
    assert [i.kind for i in inp.translate(ev(pygame.QUIT))] == ["quit"]


def test_the_zero_key_is_the_tenth_digit(inp):
    [intent] = inp.translate(ev(pygame.KEYDOWN, key=pygame.K_0, mod=0, unicode="0", scancode=0))
    assert intent.kind == "hold" and intent.key == 9


def test_a_question_mark_opens_help_on_any_layout(inp):
    # on some layouts "?" is not Shift+/; the character typed decides
    [intent] = inp.translate(ev(pygame.KEYDOWN, key=pygame.K_MINUS, mod=pygame.KMOD_SHIFT, unicode="?", scancode=0))
    assert intent.kind == "help"


def test_f1_opens_help_even_while_a_name_is_typed(inp):
    inp.text_mode = True
    [intent] = inp.translate(ev(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
    assert intent.kind == "help"


@pytest.mark.parametrize("key,mod", [(pygame.K_SPACE, pygame.KMOD_ALT), (pygame.K_TAB, pygame.KMOD_ALT),
                                     (pygame.K_RETURN, pygame.KMOD_LALT), (pygame.K_1, pygame.KMOD_CTRL),
                                     (pygame.K_r, pygame.KMOD_GUI), (pygame.K_ESCAPE, pygame.KMOD_CTRL)])
def test_the_desktops_shortcuts_are_never_moves_in_the_game(inp, key, mod):
    # Alt+Space once rolled the dice on a kiosk, and Alt+Tab moved the focus on the table.
    assert inp.translate(ev(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)) == []


@pytest.mark.parametrize("key,mod,kind", [(pygame.K_a, pygame.KMOD_CTRL | pygame.KMOD_ALT, "admin"),
                                          (pygame.K_q, pygame.KMOD_CTRL, "quit"),
                                          (pygame.K_F4, pygame.KMOD_ALT, "quit"),
                                          (pygame.K_TAB, pygame.KMOD_SHIFT, "nav"),
                                          (pygame.K_KP7, 0, "hold")])
def test_the_games_own_combinations_still_work(inp, key, mod, kind):
    [intent] = inp.translate(ev(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    assert intent.kind == kind


def test_a_touch_on_a_letterboxed_screen_knows_where_on_the_screen_it_was(inp):
    inp.viewport.resize((1920, 1080))  # 96 px of letterbox left and right
    [tap] = inp.translate(ev(pygame.FINGERDOWN, x=0.0, y=0.0, dx=0, dy=0, finger_id=1, touch_id=1, pressure=1))
    assert tap.window == (0, 0) and tap.pos[0] < 0


@pytest.mark.parametrize("screen,key,command", [
    ("table", pygame.K_c, "coach"), ("table", pygame.K_u, "undo"), ("jackpot", pygame.K_c, "chance"),
    ("jackpot", pygame.K_x, "chance_return"), ("jackpot", pygame.K_u, "undo"), ("table", pygame.K_n, "next_tip"),
    ("table", pygame.K_x, "other_key"), ("title", pygame.K_c, "other_key"),
])
def test_a_letter_gives_the_command_its_screen_binds_and_carries_no_letter(screen, key, command):
    inp = Input(Viewport((1280, 800)), lambda: screen)
    [intent] = inp.translate(ev(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    assert intent.kind == command and intent.key is None


def test_the_next_tip_key_is_the_language_s_own():
    from game.rules import i18n
    inp = Input(Viewport((1280, 800)), lambda: "table")
    i18n.set_language("nl")
    try:
        [dutch] = inp.translate(ev(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v", scancode=0))
        [other] = inp.translate(ev(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0))
    finally:
        i18n.set_language("en")
    assert dutch.kind == "next_tip" and other.kind == "other_key"
