"""The one binding table: which key, mouse or touch gesture and pad button means which command, screen by screen.

A command is an intent's kind (scenes.ui.input): ``undo``, ``coach``, ``roll``, ``confirm``... Scenes handle
commands and never ask which key or button brought one. A screen names its table in its ``bindings`` class
attribute (its ``screen`` name when it has none). The F1 overlay (scenes.menus.help_overlay) is drawn from the
same table, with the pad's button names when a pad was used last.

Each screen's table is a list of :class:`Line`: what it does, the keys' and the pad's names as shown on F1 (keys
of the string table), the command, and the letter keys and pad buttons that give it on that screen. Keys every
screen shares (Enter, Esc, Space, arrows, Tab, the digits, F1, F11) are read in scenes.ui.input; letters and pad
buttons are read here, so the same letter or button may mean one thing at one table and another at the next.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.i18n import t

# The commands a key or a button can give beside the shared ones (confirm, back, roll, nav, hold, help...).
COMMANDS = ("undo", "coach", "chance", "chance_return", "next_tip", "menu")
# Pad buttons by their names here (scenes.ui.gamepad names SDL's buttons so).
BUTTONS = ("a", "b", "x", "y", "lb", "rb", "lt", "rt", "start", "back", "up", "down", "left", "right")


@dataclass(frozen=True)
class Line:
    does: str  # string-table key: what it does
    keys: str | None  # string-table key: the keys' names (None: no key does it; a pad-only line)
    pad: str | None = None  # string-table key: the pad buttons' names (None: the pad cannot do it)
    command: str | None = None  # the intent kind the letters and buttons below give
    letters: tuple[str, ...] = ()  # letter keys that give the command on this screen ("@next_tip": the language's)
    buttons: tuple[str, ...] = ()  # pad buttons that give the command on this screen
    detail: str | None = None  # the intent's key (nav: its direction)
    pad_does: str | None = None  # string-table key: what it does, in the pad's words (None: as ``does``)


# Lines most screens share.
MOVE = Line("help.does.move", "help.key.tab_arrows", "pad.dpad_shoulders")
PRESS = Line("help.does.press", "help.key.enter", "pad.a")
BACK = Line("help.does.back", "help.key.esc", "pad.b")
FULLSCREEN = Line("help.does.fullscreen", "help.key.f11")
HELP = Line("help.does.help", "help.key.f1", "pad.back", "help", buttons=("back",))
START_PRESSES = Line("help.does.press", None, "pad.start", "confirm", buttons=("start",))  # Start: the menus' OK
GENERAL = [MOVE, PRESS, BACK, START_PRESSES, FULLSCREEN, HELP]

UNDO = Line("help.does.undo", "help.key.u", "pad.lt", "undo", ("u",), ("lt",))
NEXT_TIP = Line("walkthrough.does_next", None, "pad.rt", "next_tip", ("@next_tip",), ("rt",))  # the tip says its key
MENU = Line("help.does.table_menu", "help.key.esc", "pad.start", "menu", buttons=("start",))
SPEECH = Line("speech.help.does", "speech.help.keys")  # read in scenes.ui.input, answered by scenes.speaking
COACH = Line("table.help.coach", "help.key.c", "pad.y", "coach", ("c",), ("y",))

# Jackpot's RT: the tips' Next, but the Chance Option's return when no tip shows (one line on F1 says both)
RETURN_TIP_FREE = Line("help.does.return_chance", "help.key.x", "pad.rt", "chance_return", ("x",),
                       pad_does="help.does.return_chance_or_tip")
JACKPOT_NEXT_TIP = Line("walkthrough.does_next", None, None, "next_tip", ("@next_tip",), ("rt",))
RETURN_CHANCE = Line("help.does.return_chance", "help.key.x", "pad.rt", "chance_return", ("x",), ("rt",))
JACKPOT = [Line("help.does.roll", "help.key.space_r", "pad.x"),
           Line("help.does.drop_tile", "help.key.one_to_five", "pad.left_right_a"),
           Line("help.does.switch_tile", "jackpot.help.tab", "pad.shoulders_up_down"),
           Line("jackpot.help.cursor", "help.key.left_right", "pad.left_right"),
           Line("jackpot.help.enter", "help.key.enter", "pad.a"),
           Line("help.does.chance_space", "help.key.c", "pad.y", "chance", ("c",), ("y",)),
           RETURN_TIP_FREE,
           Line("help.does.undo_tile", "help.key.u", "pad.lt", "undo", ("u",), ("lt",)), JACKPOT_NEXT_TIP, MENU,
           FULLSCREEN, HELP]

SCREENS: dict[str, list[Line]] = {
    "general": GENERAL,
    "title": [MOVE, PRESS, Line("help.does.quit_game", "help.key.esc", "pad.b"), START_PRESSES, SPEECH, FULLSCREEN,
              HELP],
    "new_game": [Line("help.does.move_new_game", "help.key.tab_arrows", "pad.dpad_shoulders"),
                 Line("help.does.choose_game", "help.key.up_down", "pad.up_down"),
                 Line("help.does.press_or_type", "help.key.enter", "pad.a"),
                 Line("help.does.back_title", "help.key.esc", "pad.b"), START_PRESSES, FULLSCREEN, HELP],
    "records": [Line("help.does.other_game", "help.key.left_right", "pad.left_right"),
                Line("help.does.other_player", "help.key.up_down", "pad.up_down"),
                Line("help.does.back_button", "help.key.tab_enter", "pad.a"), BACK, FULLSCREEN, HELP],
    "records_wait": [FULLSCREEN, HELP],
    "practice": [Line("help.does.hold", "help.key.one_to_five", "pad.a_on_die", pad_does="help.does.hold_pad"),
                 Line("help.does.roll", "help.key.space_r", "pad.x"), MOVE, PRESS, BACK, FULLSCREEN, HELP],
    "roll_off": [Line("help.does.skip_rolloff", "help.key.enter_space_esc", "pad.a_x_b"), FULLSCREEN, HELP],
    "game_over": [MOVE, PRESS, Line("help.does.back_title", "help.key.esc", "pad.b"), START_PRESSES, FULLSCREEN,
                  HELP],
    "dialog": [MOVE, PRESS, Line("help.does.cancel", "help.key.esc", "pad.b"), HELP],
    "table": [Line("help.does.roll", "help.key.space_r", "pad.x"),
              Line("help.does.hold", "help.key.one_to_five", "pad.a_on_die", pad_does="help.does.hold_pad"),
              Line("help.does.choose_box", "table.help.key_boxes", "pad.dpad_shoulders"),
              Line("table.help.enter", "help.key.enter", "pad.a"),
              Line("boxhelp.does", "boxhelp.key"), UNDO, COACH, NEXT_TIP, MENU, SPEECH, FULLSCREEN, HELP],
    "challenge": [Line("help.does.roll_common", "help.key.space_r", "pad.x"),
                  Line("help.does.pick_copy", "help.key.one_to_five", "pad.a_on_die"),
                  Line("help.does.copy", "help.key.enter", "pad.a"),
                  Line("help.does.choose_and_score", "table.help.key_boxes_enter", "pad.dpad_a"), UNDO, COACH,
                  NEXT_TIP, Line("help.does.back", "help.key.esc", "pad.start", "menu", buttons=("start",)),
                  FULLSCREEN, HELP],
    "jackpot": JACKPOT,
    # Jackpot's Chance Option, no tip showing: RT returns the tile (else it is the tips' Next, as at every table)
    "jackpot_chance": [RETURN_CHANCE if line is RETURN_TIP_FREE else line
                       for line in JACKPOT if line is not JACKPOT_NEXT_TIP],
    "round_summary": [Line("jackpot.help.show_all", "jackpot.help.enter_space", "pad.a_x"),
                      Line("help.does.table_menu", "help.key.esc", "pad.b_start", "menu", buttons=("start",)),
                      FULLSCREEN, HELP],
}


def lines(screen: str) -> list[Line]:
    return SCREENS.get(screen, GENERAL)


def _letters(line: Line) -> tuple[str, ...]:
    return tuple(t("walkthrough.next_key").lower() if letter == "@next_tip" else letter for letter in line.letters)


def letter_command(screen: str, letter: str) -> str | None:
    """The command a letter key gives on ``screen``, or None."""
    for line in lines(screen):
        if line.command is not None and letter in _letters(line):
            return line.command
    return None


def button_command(screen: str, button: str) -> str | None:
    """The command a pad button gives on ``screen`` beyond the shared ones (scenes.ui.gamepad), or None."""
    for line in lines(screen):
        if line.command is not None and button in line.buttons:
            return line.command
    return None


def help_lines(screen: str, pad: bool) -> list[tuple[str, str]]:
    """F1's lines for ``screen``, in the player's language: (the keys', or the pad's, names; what it does).
    A line only one kind of input can give is left out for the other."""
    shown = []
    for line in lines(screen):
        name = line.pad if pad else line.keys
        if name is not None:
            shown.append((t(name), t(line.pad_does if pad and line.pad_does else line.does)))
    return shown


# Words on screen that name keys, taps or clicks, and their pad wording (pad.yaml's "say" area), shown instead while
# a pad is in hand (scenes.ui.input's ``pad_last``). Placeholders are the same in both.
PAD_WORDS = {
    "table.hint_hold": "pad.say.hint_hold",
    "table.handoff_ready": "pad.say.ready",
    "challenge.hint_pick": "pad.say.copy_pick",
    "jackpot.hint_roll": "pad.say.jackpot_roll",
    "jackpot.hint_pick": "pad.say.jackpot_pick",
    "jackpot.hint_place": "pad.say.jackpot_place",
    "jackpot.chance_choice": "pad.say.chance_choice",
    "jackpot.round.show_all": "pad.say.show_all",
    "rolloff.tap_to_skip": "pad.say.skip",
    "newgame.hint": "pad.say.new_game",
    "practice.hint_roll": "pad.say.practice_roll",
    "practice.hint_score": "pad.say.practice_score",
    "practice.hint_copy": "pad.say.practice_copy",
    "walkthrough.keys": "pad.say.tips",
    "walkthrough.roll_text": "pad.say.tip_roll",
    "walkthrough.hold_text": "pad.say.tip_hold",
    "walkthrough.box_text": "pad.say.tip_box",
    "walkthrough.jackpot_roll_text": "pad.say.tip_jackpot_roll",
    "walkthrough.jackpot_tile_text": "pad.say.tip_jackpot_tile",
    "walkthrough.jackpot_chance_text": "pad.say.tip_jackpot_chance",
}


def pad_in_hand(app) -> bool:
    """Whether a pad was used last (not keys, mouse or touch): its words are shown."""
    return bool(getattr(getattr(app, "input", None), "pad_last", False))


def words(name: str, pad: bool, /, **values) -> str:
    """The string ``name`` in the player's language; in the pad's words when ``pad`` and it names keys or taps."""
    return t(PAD_WORDS.get(name, name) if pad else name, **values)
