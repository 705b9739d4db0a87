"""The table's menu and the input every table treats alike (quitting, the speech keys, Back, the Menu button;
a demo's taps). A part of a table scene, handed what it needs: the app's navigation, the game's variant, and
what to call to read aloud."""

from __future__ import annotations

from collections.abc import Callable


class TableMenu:
    def __init__(self, app, variant, demo: bool, read_aloud: Callable[[str], None]):
        self.app, self.variant, self.demo, self.read_aloud = app, variant, demo, read_aloud

    def open(self) -> None:
        self.app.go("pause", self.variant, self.quit_to_title)

    def quit_to_title(self) -> None:
        self.app.go("title", how="clear")

    def handled(self, intent, menu_button, now: float):
        """Input every table treats alike. Returns (done, intent to hand back)."""
        if intent.kind in ("quit", "fullscreen", "help"):
            return True, intent
        if intent.kind in ("speech_card", "speech_dice", "speech_scores", "speech_coach"):
            self.read_aloud(intent.kind)  # a demo's too: a blind spectator follows it as well
            return True, None
        if intent.kind in ("back", "menu"):
            self.open()
            return True, None
        if intent.kind == "tap" and menu_button.hit(intent.pos):
            menu_button.press(now)
            return True, None
        if self.demo:  # a demo is watched: a tap opens the menu
            if intent.kind in ("tap", "confirm"):
                self.open()
            return True, None
        return False, None
