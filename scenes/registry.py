"""Every screen by name: the one place that knows which class or factory makes each.

Scenes never import one another to open one; they ask the app (``app.go("game_over", session, 0)`` or
``app.scene("title")``), and the app looks the name up here. Importing this module imports every screen,
so a running game never meets an import error (or an update of its files) halfway through.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.session import Session
from game.online.far_game import FarGame, Opened
from scenes.daily.next_person import DailyNextScene, after_days_game
from scenes.daily.results import DailyResultsScene
from scenes.daily.today import DailyScene
from scenes.jackpot.jackpot_round import JackpotRoundScene
from scenes.jackpot.jackpot_table import JackpotTableScene
from scenes.kiosk.panels import AdminPanel, PinPad, StillPlaying
from scenes.logs import game_started
from scenes.menus.gameover import GameOverScene
from scenes.menus.help_overlay import HelpOverlay, keys_for
from scenes.menus.name_keyboard import NameKeyboard
from scenes.menus.newgame import NewGameScene
from scenes.menus.practice import PracticeScene
from scenes.menus.records_scene import RecordsScene
from scenes.menus.records_wait import RecordsWait
from scenes.menus.rolloff import RollOffScene
from scenes.menus.rules import RulesScene
from scenes.menus.settings_scene import SettingsScene
from scenes.menus.title import TitleScene
from scenes.menus.turn_review import TurnReviewScene
from scenes.online.far_away import FarAwayScene
from scenes.online.far_table import FarLink, FarOpening
from scenes.scorecard.challenge_table import ChallengeTableScene
from scenes.scorecard.table import TableScene
from scenes.ui.dialogs import ConfirmDialog, PauseMenu
from scenes.ui.stack import Scene

# Each kind of game's table, by the names game.kinds registers the kinds under (tests/test_kinds.py checks every
# kind has one); a table names its keys and buttons in scenes.ui.bindings (its ``bindings``).
TABLES: dict[str, Callable[..., Scene]] = {"solo": TableScene, "common": ChallengeTableScene,
                                            "jackpot": JackpotTableScene}


def table_for(app: Any, session: Session, demo: bool = False) -> Scene:
    """The table for the kind of game a session plays."""
    return TABLES[session.variant.kind](app, session, demo)


def far_table_for(app: Any, session: Session, game: FarGame, opened: Opened) -> Scene:
    """The table for a game far away: the kind's ordinary table, handed the part that links it to the room
    (scenes.online.far_table.FarLink: its seats and dice the room's, nothing kept here)."""
    return TABLES[session.variant.kind](app, session, far=FarLink(game, opened))


def opening_for(app: Any, session: Session, demo: bool = False) -> Scene:
    """The roll-off when the match begins with one, else straight to the table."""
    if not demo and all(actor < 0 for actor in session.actors):  # a new game, not one resumed
        game_started(session)
    if getattr(session.state, "phase", None) == "rolloff":
        return RollOffScene(app, session, demo)
    return table_for(app, session, demo)


SCENES: dict[str, Callable[..., Scene]] = {
    scene.screen: scene for scene in (
        TitleScene, NewGameScene, PracticeScene, RecordsScene, RecordsWait, RulesScene, SettingsScene, GameOverScene,
        JackpotRoundScene, PauseMenu, ConfirmDialog, StillPlaying, PinPad, AdminPanel, NameKeyboard, DailyScene,
        DailyResultsScene, TurnReviewScene, DailyNextScene, FarAwayScene, FarOpening)
}
SCENES["help"] = lambda app, scene: HelpOverlay(app, keys_for(scene, app.input.pad_last),  # the screen below's
                                                app.input.pad_last)
SCENES["table"] = table_for
SCENES["opening"] = opening_for
SCENES["far_table"] = far_table_for
SCENES["daily_results"] = after_days_game  # several people play today's dice one after the other


def make(app: Any, name: str, *args: Any, **kwargs: Any) -> Scene:
    try:
        factory = SCENES[name]
    except KeyError:
        raise ValueError(f"no screen named {name!r} (known: {', '.join(sorted(SCENES))})") from None
    return factory(app, *args, **kwargs)
