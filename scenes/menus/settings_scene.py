"""Settings: language, text size, sound and volume, animation speed, the computer players' pace, fullscreen,
the first-game tips, when the coach speaks, speech (off, or on and how much is said); saved between runs."""

from __future__ import annotations

import pygame

from game.rules import i18n
from game.rules.i18n import t
from game.store.settings import ANIMATION_SPEEDS, COACH_THRESHOLDS, COMPUTER_PACES, SPEECH_VERBOSITIES, TEXT_SIZES
from scenes.menus.language_picker import LanguagePicker
from scenes.ui import theme
from scenes.ui.stack import Scene
from scenes.ui.widgets import Button, ButtonRow, dim, draw_text, panel

BOX = pygame.Rect(0, 0, 700, 760)
BOX.center = (theme.WIDTH // 2, theme.HEIGHT // 2)


class SettingsScene(Scene):
    screen = "settings"
    transparent = True

    def enter(self) -> None:
        self._build()

    def _build(self) -> None:
        s = self.app.settings
        x = BOX.x + 340
        rows = [BOX.y + 104 + 57 * i for i in range(10)]  # 57: ten rows clear Done
        on_off = lambda value: t("common.on") if value else t("common.off")  # noqa: E731
        buttons = [
            Button(pygame.Rect(x, rows[0] - 28, 300, 56), i18n.languages().get(i18n.language(), i18n.language()),
                   self._language, style="quiet", size=24),
            Button(pygame.Rect(x, rows[1] - 28, 300, 56), t(f"settings.text_{s.text_size}"), self._text_size,
                   style="quiet", size=24),
            Button(pygame.Rect(x, rows[2] - 28, 300, 56), on_off(s.sound), self._sound, style="quiet", size=24),
            Button(pygame.Rect(x, rows[3] - 28, 56, 56), "–", lambda: self._volume(-0.1), style="quiet", size=28),
            Button(pygame.Rect(x + 244, rows[3] - 28, 56, 56), "+", lambda: self._volume(0.1), style="quiet",
                   size=28),
            Button(pygame.Rect(x, rows[4] - 28, 300, 56), t(f"settings.speed_{s.animation}"), self._speed,
                   style="quiet", size=24),
            Button(pygame.Rect(x, rows[5] - 28, 300, 56), t(f"settings.pace_{s.computer_pace}"), self._pace,
                   style="quiet", size=24),
            Button(pygame.Rect(x, rows[6] - 28, 300, 56), on_off(self.app.fullscreen), self._fullscreen,
                   style="quiet", size=24),
            Button(pygame.Rect(x, rows[7] - 28, 300, 56), on_off(s.walkthrough or s.jackpot_walkthrough),
                   self._walkthrough, style="quiet", size=24),
            Button(pygame.Rect(x, rows[8] - 28, 300, 56), coach_speaks(s.coach_threshold), self._coach_threshold,
                   style="quiet", size=24),
            Button(pygame.Rect(x, rows[9] - 28, 300, 56), speech_words(s), self._speech, style="quiet", size=24),
            Button(pygame.Rect(BOX.centerx - 120, BOX.bottom - 84, 240, 64), t("common.done"), self.app.stack.pop,
                   size=28),
        ]
        self._name_for_speech(buttons)
        if self.app.kiosk is not None:
            buttons[0].enabled = False  # a public screen speaks the kiosk's language (kiosk.yaml)
        for button in buttons[3:5]:
            button.enabled = s.sound  # the volume means nothing while the sound is off
        focus = self.row.focus if hasattr(self, "row") else None
        self.row = ButtonRow(buttons)
        self.row.focus = focus
        for i, button in enumerate(buttons):
            button.focus = i == focus
        self.rows = rows

    def _name_for_speech(self, buttons: list[Button]) -> None:
        """Each row's label with its value, for a player who hears the focus move (scenes.speaking)."""
        labels = self.labels()
        volume = i18n.percent(self.app.settings.volume)
        for index, label in zip((0, 1, 2, 5, 6, 7, 8, 9, 10), labels[:3] + labels[4:]):
            buttons[index].spoken = t("speech.menu_setting", name=label, value=buttons[index].label)
        buttons[3].spoken = t("speech.menu_lower", name=labels[3], value=volume)
        buttons[4].spoken = t("speech.menu_higher", name=labels[3], value=volume)

    @staticmethod
    def labels() -> list[str]:
        return [t("common.language"), t("settings.text_size"), t("settings.sound"), t("settings.volume"),
                t("settings.animations"), t("settings.computer_pace"), t("settings.fullscreen"),
                t("settings.walkthrough"), t("settings.coach"), t("settings.speech")]

    def _language(self) -> None:
        self.app.stack.push(LanguagePicker(self.app, self._language_picked))

    def _language_picked(self, code: str) -> None:
        self.app.settings.language = code
        i18n.set_language(code)
        for scene in self.app.stack.scenes:  # the table below the menus speaks the new language at once
            scene.words_changed()
        self._changed()

    def _walkthrough(self) -> None:
        s = self.app.settings
        s.walkthrough = s.jackpot_walkthrough = not (s.walkthrough or s.jackpot_walkthrough)
        self._changed()

    def _text_size(self) -> None:
        s = self.app.settings
        s.text_size = TEXT_SIZES[(TEXT_SIZES.index(s.text_size) + 1) % len(TEXT_SIZES)]
        self.app.apply_text_size()
        self._changed()

    def _changed(self) -> None:
        self.app.apply_settings()
        self._build()

    def _sound(self) -> None:
        self.app.settings.sound = not self.app.settings.sound
        self._changed()
        self.app.play("click")

    def _volume(self, step: float) -> None:
        s = self.app.settings
        s.volume = round(max(0.0, min(1.0, s.volume + step)), 2)
        self._changed()
        self.app.play("clack")

    def _speed(self) -> None:
        s = self.app.settings
        s.animation = ANIMATION_SPEEDS[(ANIMATION_SPEEDS.index(s.animation) + 1) % len(ANIMATION_SPEEDS)]
        self._changed()

    def _pace(self) -> None:
        s = self.app.settings
        s.computer_pace = COMPUTER_PACES[(COMPUTER_PACES.index(s.computer_pace) + 1) % len(COMPUTER_PACES)]
        self._changed()

    def _coach_threshold(self) -> None:
        s = self.app.settings
        at = COACH_THRESHOLDS.index(s.coach_threshold) if s.coach_threshold in COACH_THRESHOLDS else 0
        s.coach_threshold = COACH_THRESHOLDS[(at + 1) % len(COACH_THRESHOLDS)]
        self._changed()

    def _speech(self) -> None:
        """Off, then on and brief, normal, full, then off again (F2 turns it on or off anywhere)."""
        s = self.app.settings
        steps = [(False, s.speech_verbosity)] + [(True, level) for level in SPEECH_VERBOSITIES]
        now = (True, s.speech_verbosity) if s.speech else steps[0]
        s.speech, s.speech_verbosity = steps[(steps.index(now) + 1) % len(steps)]
        self.app.speech.turn_on(s.speech)
        self._changed()  # the row's new value is said as the focus's new words (scenes.speaking)

    def _fullscreen(self) -> None:
        self.app.toggle_fullscreen()
        self._build()

    def handle(self, intent):
        if intent.kind == "quit":
            return intent
        if intent.kind == "back":
            self.app.stack.pop()
            return None
        if intent.kind == "fullscreen":
            self._fullscreen()
            return None
        self.row.handle(intent, self.clock.time)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        panel(surface, BOX, theme.PAPER, 20, theme.WOOD_LIGHT)
        draw_text(surface, t("settings.title"), 38, theme.INK, (BOX.centerx, BOX.y + 50), "center", "black",
                  BOX.width - 40)
        for label, y in zip(self.labels(), self.rows):
            draw_text(surface, label, 26, theme.INK, (BOX.x + 36, y), "midleft", "bold", 290)
        draw_text(surface, i18n.percent(self.app.settings.volume), 26,
                  theme.INK if self.app.settings.sound else theme.INK_FAINT,
                  (BOX.x + 340 + 150, self.rows[3]), "center", "black", quiet=not self.app.settings.sound)
        self.row.draw(surface)


def coach_speaks(threshold: float) -> str:
    """When the coach speaks of its own: "Always", "Costs over 2 points"."""
    if not threshold:
        return t("settings.coach_always")
    return t("settings.coach_over", points=i18n.number(threshold, 0 if threshold == int(threshold) else 1))


def speech_words(settings) -> str:
    """"Off", or how much is said: "Speech: normal"."""
    return t(f"speech.verbosity.{settings.speech_verbosity}") if settings.speech else t("common.off")
