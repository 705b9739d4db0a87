"""Every screen of the game, built in a chosen state: the layout check and the screenshots walk this list.

Each entry is ``(name, build)``; ``build(driver)`` pushes the screen (and whatever lies under it) onto the
driver's stack and leaves it settled, ready to be drawn.
"""

from __future__ import annotations

import random

import pygame

from game.bots.levels import make_player
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant

NAMES = ["Ann", "Ben", "Cas", "Dee", "Eef", "Fay"]
LONG_NAMES = ["Grandma Truus", "Maximilian", "Anneliese", "Christopher", "Oma", "Jean-Baptiste"]
EIGHT_LETTERS = ["Theodora", "Kimberly", "Jonathan", "Margaret", "Benedikt", "Florence"]  # whole at six seats
COLOURS = ["orange", "sky", "green", "red", "blue", "purple"]


def seats(count: int, computers: int = 0, level: str = "greedy", names: list[str] = NAMES) -> list[Seat]:
    return [Seat(names[i], "computer" if i < computers else "person", level if i < computers else None, COLOURS[i])
            for i in range(count)]


def played(variant: str, count: int, moves: int, seed: int = 5, games: int = 1, computers: int = 0,
           names: list[str] = NAMES) -> Session:
    """A session some way into its game: ``moves`` actions by greedy players on every seat."""
    session = Session(find_variant(variant), seats(count, computers, names=names), games, seed=seed, rolloff=False)
    players = [make_player("greedy", random.Random(i), session.variant.family) for i in range(count)]
    state = session.state
    for _ in range(moves):
        if state.phase == "over":
            break
        seat = state.current_player()
        if seat < 0:
            session.act(state.legal_actions()[0])
        else:
            session.act(players[seat].choose(state))
    return session


def _settle(driver, seconds: float = 3.0) -> None:
    driver.app.redraw()  # the builders change scenes directly, not through input: the next frame shows it
    driver.step(seconds)


def _table(variant: str, count: int, moves: int, games: int = 1, coach: bool = False, handoff: bool = False,
           names: list[str] = NAMES, computers: int = 0):
    def build(driver):
        from scenes.registry import opening_for as opening_scene

        session = played(variant, count, moves, games=games, names=names, computers=computers)
        scene = opening_scene(driver.app, session)
        driver.start(scene)
        top = driver.top
        if not handoff and getattr(top, "handoff", None) is not None:
            driver.key(pygame.K_RETURN)
        if not handoff and getattr(top, "state", None) is not None and top.state.dice is None:
            if top.state.is_legal(top.state.legal_actions()[0]):
                driver.key(pygame.K_SPACE)  # dice on the table, previews on the card
        if coach and hasattr(top, "toggle_coach"):
            top.toggle_coach()
        _settle(driver)
    return build


def _box_help(box: str):
    def build(driver):
        _table("classic", 1, 0)(driver)
        table = driver.top
        pos = driver.window_pos(table.card.box_rect(box, 0).center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
        _settle(driver, 1.0)
    return build


def _tips(variant: str, count: int, seed: int, step: int):
    """A fresh table with its first-game tips at ``step`` (the dice rolled first for the tips about them)."""
    def build(driver):
        from scenes.registry import table_for

        driver.app.settings.walkthrough = driver.app.settings.jackpot_walkthrough = True
        session = Session(find_variant(variant), seats(count), seed=seed, rolloff=False)
        table = table_for(driver.app, session)
        driver.start(table)
        if step >= 1:
            driver.key(pygame.K_SPACE)  # the dice on the table: the tips about them show
            _settle(driver, 2.0)
        while table.walkthrough.index < step:
            table.walkthrough.next()
        _settle(driver, 0.5)
    return build


def _kiosk_newgame(driver):
    from game.store.kiosk import KioskConfig
    from scenes.kiosk.controller import KioskController
    from scenes.menus.newgame import NewGameScene

    driver.app.kiosk = KioskController(driver.app, KioskConfig())
    driver.start(NewGameScene(driver.app))
    _settle(driver, 0.5)


def _zero_dialog(driver):
    _table("classic", 1, 0)(driver)
    table = driver.top
    options = table.state.options()
    zero = next(box for box, points in options.scores.items() if points == 0)
    table.choose_box(zero)
    _settle(driver, 0.5)


def _coached_gameover(driver):
    """A person's whole game with the coach judging each choice, then the game-over report of costly choices."""
    from scenes.scorecard.table import TableScene

    session = Session(find_variant("classic"), seats(1), seed=8, rolloff=False)
    table = TableScene(driver.app, session)
    driver.start(table)
    player = make_player("greedy", random.Random(2))
    while not session.state.is_terminal():
        table.act(player.choose(session.state))
        table.tray.skip()
        table.throwing = False
    _settle(driver, 2.0)


def _title(driver):
    from scenes.menus.title import TitleScene

    driver.start(TitleScene(driver.app))
    _settle(driver, 1.0)


def _newgame(count: int):
    def build(driver):
        from scenes.menus.newgame import NewGameScene

        scene = NewGameScene(driver.app)
        driver.start(scene)
        for _ in range(count - len(scene.seats)):
            scene._add_seat()
        scene._build()
        _settle(driver, 0.5)
    return build


def _rolloff(driver):
    from scenes.menus.rolloff import RollOffScene

    session = Session(find_variant("classic"), seats(4), seed=3)
    driver.start(RollOffScene(driver.app, session))
    _settle(driver, 1.0)


def _gameover(variant: str, count: int, games: int = 1):
    def build(driver):
        from scenes.menus.gameover import GameOverScene
        from scenes.registry import table_for

        session = played(variant, count, 10_000, games=games)
        driver.start(table_for(driver.app, session))
        driver.app.stack.push(GameOverScene(driver.app, session, games - 1))
        _settle(driver, 2.0)
    return build


def _jackpot_round(driver):
    from scenes.jackpot.jackpot_round import JackpotRoundScene
    from scenes.registry import table_for

    session = played("jackpot", 4, 10_000)
    driver.start(table_for(driver.app, session))
    driver.app.stack.push(JackpotRoundScene(driver.app, session, session.variant.rounds - 1))
    _settle(driver, 30.0)


def _jackpot_handed_on(driver):
    """Jackpot just after a computer's move: what it did, said as done, over the next person's call to roll."""
    from scenes.registry import table_for

    session = Session(find_variant("jackpot"), seats(2, computers=1, names=LONG_NAMES), seed=4, rolloff=False)
    table = table_for(driver.app, session)
    driver.start(table)
    driver.wait_until(table.person_to_play, 30.0)
    _settle(driver, 0.5)


def _jackpot_starts(driver):
    """Jackpot's first moment: who the lot chose to start, over the felt (long names: the title must fit)."""
    from scenes.registry import opening_for

    session = Session(find_variant("jackpot"), seats(3, names=LONG_NAMES), seed=4)
    driver.start(opening_for(driver.app, session))
    _settle(driver)


def _jackpot_handoff(driver):
    """Play passing from one person to another in Jackpot: the hand-over panel (long names)."""
    from game.bots.jackpot_players import HeuristicJackpotPlayer
    from scenes.registry import opening_for

    session = Session(find_variant("jackpot"), seats(3, names=LONG_NAMES), seed=4)
    driver.start(opening_for(driver.app, session))
    driver.key(pygame.K_RETURN)  # the starter takes the dice
    table, brain = driver.top, HeuristicJackpotPlayer(random.Random(1))
    starter = session.state.current_player()
    while session.state.current_player() == starter:
        driver.wait_until(table.person_to_play, 5.0)
        table.act(brain.choose(session.state))
    _settle(driver)


def _rules(variant: str):
    def build(driver):
        from scenes.menus.rules import RulesScene

        driver.start(RulesScene(driver.app, find_variant(variant)))
        _settle(driver, 0.5)
    return build


def _overlay(under, make):
    def build(driver):
        under(driver)
        driver.app.stack.push(make(driver))
        _settle(driver, 1.0)
    return build


def _settings(driver):
    from scenes.menus.settings_scene import SettingsScene

    return SettingsScene(driver.app)


def _languages(driver):
    from scenes.menus.language_picker import LanguagePicker

    return LanguagePicker(driver.app, lambda code: None)


def _pause(driver):
    from scenes.ui.dialogs import PauseMenu

    return PauseMenu(driver.app, find_variant("classic"), lambda: None)


def _confirm(driver):
    from game.rules.i18n import t
    from scenes.ui.dialogs import ConfirmDialog

    return ConfirmDialog(driver.app, t("common.quit"), t("common.quit"), t("common.ok"), lambda: None)


def _help(driver):
    from scenes.menus.help_overlay import HelpOverlay, keys_for

    return HelpOverlay(driver.app, keys_for(driver.top))


def _records(driver):
    from game.store.records import add_result
    from scenes.menus.records_scene import RecordsScene

    for seed in range(3):
        add_result(played("classic", 2, 10_000, seed=seed))
    driver.start(RecordsScene(driver.app))
    _settle(driver, 0.5)


def _practice(variant: str, names: list[str], games: int = 1, answer: bool = False, common: bool = False):
    def build(driver):
        from test_practice import coached_game

        from game.store.records import add_result

        add_result(coached_game(variant, names, games, seed=7))
        driver.app.go("practice")
        scene = driver.top
        if common:
            scene.index = next(i for i, slip in enumerate(scene.slips) if slip.common)
            scene.begin()
        if answer:
            scene.choose(len(scene.slip.options) - 1)  # the costliest option: both lines and the old choice
        _settle(driver, 0.5)
    return build


class _Bringing:
    """Records being taken over, stopped at 40% (what scenes.menus.records_wait shows)."""

    busy, task, progress = True, "taking_over", 0.4


def _records_wait(driver):
    _title(driver)
    driver.app.records_opening.job = _Bringing()
    driver.app.records_opening.when_ready(lambda: None)
    _settle(driver, 0.5)


def _far_away(signed: bool, hosted: bool = False):
    """Play far away: signing in, or signed in with an invitation, a game to play and one waiting for a player
    (an in-memory room: nothing goes on the network)."""
    def build(driver):
        from game.online.account import Account
        from game.online.lobby import AtOnce
        from game.online.transport import MemoryServer, MemoryTransport
        from game.rules.variants import find_variant

        server = MemoryServer()
        lobbies = [AtOnce(lambda account: MemoryTransport(server, account.user), find_variant,
                          Account("mem", f"@{name}:example.org", "tok")) for name in ("ann", "bob")]
        lobbies[1].answer("host", {"variant": "jackpot", "invites": ["@ann:example.org"]})
        room = lobbies[0].answer("host", {"variant": "classic", "invites": ["@bob:example.org"]}).value[0]
        lobbies[1].answer("join", {"room": room})
        lobbies[0].answer("host", {"variant": "yatzy", "invites": ["@bob:example.org"]})
        if not signed:
            lobbies[0].account = None
        driver.app.far_lobby = lobbies[0]
        _title(driver)
        driver.app.go("far_away")
        if hosted:
            driver.top.lobby.hosted = ("!room:example.org", "https://matrix.to/#/%21room%3Aexample.org?via=example.org")
            driver.top._build()
        _settle(driver, 0.5)
    return build


def _kiosk(kind: str):
    def build(driver):
        from game.store.kiosk import KioskConfig
        from scenes.kiosk import controller as kiosk_scenes
        from scenes.kiosk import panels as kiosk_panels

        controller = kiosk_scenes.KioskController(driver.app, KioskConfig())
        _title(driver)
        if kind == "still":
            driver.app.stack.push(kiosk_panels.StillPlaying(driver.app, 15.0, lambda: None))
        elif kind == "pin":
            driver.app.stack.push(kiosk_panels.PinPad(driver.app, controller))
        else:
            driver.app.stack.push(kiosk_panels.AdminPanel(driver.app, controller))
        _settle(driver, 0.5)
    return build


SCREENS = [
    ("title", _title),
    ("newgame", _newgame(2)),
    ("newgame-six", _newgame(6)),
    ("rolloff", _rolloff),
    ("table-classic-solo", _table("classic", 1, 12)),
    ("table-official-two", _table("official", 2, 20, coach=True)),
    ("table-dutch-match", _table("dutch", 3, 40, games=3)),
    ("table-fivezee-six", _table("fivezee", 6, 60)),
    ("table-yatzy-six", _table("yatzy", 6, 150)),
    ("table-six-long-names", _table("official", 6, 90, names=LONG_NAMES, computers=2)),
    ("table-six-eight-letters", _table("classic", 6, 70, names=EIGHT_LETTERS, computers=2)),
    ("table-handoff", _table("classic", 2, 0, handoff=True)),
    ("box-help-top", _box_help("aces")),
    ("box-help-bottom", _box_help("chance")),
    ("walkthrough-roll", _tips("classic", 1, 4, 0)),
    ("walkthrough-hold", _tips("classic", 1, 4, 1)),
    ("walkthrough-box", _tips("classic", 1, 4, 2)),
    ("walkthrough-bonus", _tips("classic", 1, 4, 3)),
    ("jackpot-tips-roll", _tips("jackpot", 2, 2, 0)),
    ("jackpot-tips-tile", _tips("jackpot", 2, 2, 1)),
    ("jackpot-tips-chance", _tips("jackpot", 2, 2, 2)),
    ("jackpot-tips-lines", _tips("jackpot", 2, 2, 3)),
    ("challenge", _table("challenge", 4, 30)),
    ("jackpot", _table("jackpot", 4, 40)),
    ("jackpot-round", _jackpot_round),
    ("jackpot-handed-on", _jackpot_handed_on),
    ("jackpot-starts", _jackpot_starts),
    ("jackpot-handoff", _jackpot_handoff),
    ("gameover", _gameover("classic", 3)),
    ("gameover-match", _gameover("dutch", 2, games=2)),
    ("gameover-jackpot", _gameover("jackpot", 3)),
    ("gameover-coached", _coached_gameover),
    ("zero-dialog", _zero_dialog),
    ("kiosk-newgame", _kiosk_newgame),
    ("rules-classic", _rules("classic")),
    ("rules-one-game", _overlay(_table("dutch", 2, 4), lambda d: __import__("scenes.menus.rules", fromlist=["x"])
                                .RulesScene(d.app, find_variant("dutch")))),
    ("rules-dutch", _rules("dutch")),
    ("rules-jackpot", _rules("jackpot")),
    ("rules-yatzy", _rules("yatzy")),
    ("settings", _overlay(_title, _settings)),
    ("languages", _overlay(_overlay(_title, _settings), _languages)),
    ("pause", _overlay(_table("classic", 2, 6), _pause)),
    ("confirm", _overlay(_title, _confirm)),
    ("help-table", _overlay(_table("classic", 2, 6), _help)),
    ("records", _records),
    ("practice", _practice("yatzy", ["Ann"])),
    ("practice-answer", _practice("yatzy", ["Ann"], answer=True)),
    ("practice-match-answer", _practice("dutch", ["Ann", "Bob"], games=2, answer=True)),
    ("practice-challenge", _practice("challenge", ["Cas"], common=True)),
    ("practice-challenge-answer", _practice("challenge", ["Cas"], answer=True, common=True)),
    ("records-wait", _records_wait),
    ("far-away-sign-in", _far_away(False)),
    ("far-away-games", _far_away(True)),
    ("far-away-hosted", _far_away(True, hosted=True)),
    ("kiosk-still-playing", _kiosk("still")),
    ("kiosk-pin", _kiosk("pin")),
    ("kiosk-admin", _kiosk("admin")),
]
