"""The rules screen: a variant's rules in plain words, generated from its YAML, scrollable.

Keys: Left/Right or Tab/Shift+Tab pick another game (from the title screen), Up/Down scroll a few lines,
Page Up/Down a page, Esc goes back. From a game it shows only that game's rules; there Tab/arrows focus
the Back button and Enter presses it.
"""

from __future__ import annotations

import pygame

from game.rules import i18n
from game.rules.explain import rules_text
from game.rules.i18n import Tr, t
from game.rules.variant import Variant
from scenes.ui import assets, theme
from scenes.ui.stack import Scene
from scenes.ui.widgets import Button, ButtonRow, baize_backdrop, draw_text, panel, rounded

PAGE = pygame.Rect(300, 90, 950, 620)
TABS = pygame.Rect(30, 90, 250, 620)
SIZE = 22
MARGIN = 30  # page edge to text
INDENT = 26  # a list item's indent; its further lines hang one more step in
TAB_SIZE = 20
TAB_HEIGHT, TAB_GAP = 58, 8
HINT_SIZE = 18
HINT_INK = (220, 210, 190)


def _split_long(line: str, width: int, style: str) -> list[str]:
    """A line still too wide (one word longer than the page) cut into pieces that fit."""
    face = assets.font(style, assets.scaled(SIZE))
    pieces = []
    while face.size(line)[0] > width and len(line) > 1:
        low, high = 1, len(line) - 1  # the longest start that fits, found by halving
        while low < high:
            mid = (low + high + 1) // 2
            low, high = (mid, high) if face.size(line[:mid])[0] <= width else (low, mid - 1)
        cut = low
        pieces.append(line[:cut])
        line = line[cut:]
    return pieces + [line]


class RulesScene(Scene):
    screen = "rules"

    def __init__(self, app, variant: Variant | None = None):
        super().__init__(app)
        self.fixed = variant is not None  # from a game: only that game's rules
        self.variants = [variant] if variant else list(app.catalogue.variants)
        self.index = 0
        self.first_tab = 0  # the first tab shown, when there are more games than fit
        self.scroll = 0.0
        self.lines: list[tuple[str, int, str]] = []  # words, indent in pixels, style
        self._laid_out: tuple | None = None
        self.back = Button(pygame.Rect(30, theme.HEIGHT - 80, 200, 62), t("common.back"), app.stack.pop,
                           style="quiet", size=26)
        self.row = ButtonRow([self.back])
        self._layout()

    # ------------------------------------------------------------ layout --
    @property
    def page(self) -> pygame.Rect:
        return PAGE if not self.fixed else PAGE.move(-135, 0)

    def _layout(self) -> None:
        """Wrap the rules for the page; again whenever the game, the language or the text size changes."""
        key = (self.index, i18n.language(), assets.text_scale())
        if key == self._laid_out:
            return
        if self._laid_out is None or self._laid_out[0] != self.index:
            self.scroll = 0.0
        self._laid_out = key
        width = self.page.width - 2 * MARGIN - 10  # room for the scroll bar
        self.lines = []
        for paragraph in self.text().split("\n"):
            indent = INDENT if paragraph.startswith("  ") else 0
            words = Tr(paragraph.strip())
            heading = not indent and words.rstrip("]~").endswith(":") and len(words) < 48
            style = "bold" if heading else "regular"
            hang = INDENT if indent else 0
            room = width - indent - hang
            wrapped = [piece for line in assets.wrap(words, SIZE, room, style)
                       for piece in _split_long(line, room, style)]
            for n, line in enumerate(wrapped):
                self.lines.append((Tr(line), indent + (hang if n else 0), style))
        self.scroll = min(self.scroll, self.max_scroll())

    def text(self) -> str:
        """The page's paragraphs (a line starting with two spaces is a list item; a short one ending ":" a heading)."""
        return rules_text(self.variants[self.index])

    def title(self) -> str:
        return t("rules.title", name=str(self.variants[self.index].name))

    def line_height(self) -> int:
        return assets.line_height(SIZE)

    def view_height(self) -> int:
        """The text's height on the page: whole lines only, so the last one is never cut."""
        step = self.line_height()
        return max(step, (self.page.height - 2 * MARGIN + 6) // step * step)

    def max_scroll(self) -> float:
        return max(0.0, len(self.lines) * self.line_height() - self.view_height())

    def _scroll_by(self, pixels: float) -> None:
        """Scroll, stopping on whole lines so the top line is never cut (except at the very end)."""
        step = self.line_height()
        target = round((self.scroll + pixels) / step) * step
        self.scroll = float(max(0.0, min(self.max_scroll(), target)))

    def _tabs_shown(self) -> int:
        return max(1, (TABS.height - 28 + TAB_GAP) // (TAB_HEIGHT + TAB_GAP))

    def _tab_rect(self, slot: int) -> pygame.Rect:
        return pygame.Rect(TABS.x + 12, TABS.y + 14 + slot * (TAB_HEIGHT + TAB_GAP), TABS.width - 24, TAB_HEIGHT)

    def _choose(self, index: int) -> None:
        self.index = index % len(self.variants)
        shown = self._tabs_shown()
        if self.index < self.first_tab:
            self.first_tab = self.index
        elif self.index >= self.first_tab + shown:
            self.first_tab = self.index - shown + 1
        self._layout()

    def help_lines(self, pad: bool = False) -> list[tuple[str, str]]:
        """This screen's keys (``pad``: the pad's buttons) for the F1 overlay, in the player's language (they
        depend on what it shows). A pad has no Page Up / Down, and no fullscreen button."""
        keys = [] if self.fixed else [("games", "games")]
        keys += [("lines", "lines")] + ([] if pad else [("page", "page")])
        keys += [("back_button", "back_button")] if self.fixed else []
        keys += [("esc", "back")]
        shown = [(t(f"rules.keys_pad.{key}") if pad else t(f"rules.keys.{key}"), t(f"rules.does.{does}"))
                 for key, does in keys]
        if pad:
            return shown + [(t("pad.back"), t("help.does.help"))]
        return shown + [(t("help.key.f11"), t("help.does.fullscreen")), (t("help.key.f1"), t("help.does.help"))]

    # ------------------------------------------------------------- input --
    def handle(self, intent):
        if intent.kind in ("quit", "fullscreen", "help"):
            return intent
        if intent.kind == "back":
            self.app.stack.pop()
            return None
        self._layout()
        if intent.kind == "scroll":
            if abs(intent.amount) >= 5:  # Page Up / Page Down (a wheel notch is 1)
                self._scroll_by((self.view_height() - self.line_height()) * (1 if intent.amount > 0 else -1))
            else:
                self._scroll_by(intent.amount * self.line_height() * 2)
            return None
        if intent.kind == "nav" and intent.key in ("up", "down"):
            self._scroll_by(self.line_height() * 3 * (1 if intent.key == "down" else -1))
            return None
        if intent.kind == "nav" and not self.fixed:
            self._choose(self.index + (1 if intent.key in ("right", "next") else -1))
            return None
        if intent.kind == "tap" and not self.fixed:
            for slot in range(min(self._tabs_shown(), len(self.variants) - self.first_tab)):
                if self._tab_rect(slot).collidepoint(intent.pos):
                    self._choose(self.first_tab + slot)
                    return None
        if intent.kind == "tap" and self.page.collidepoint(intent.pos):
            # a tap on the lower half of the page pages down, on the upper half up: touch-friendly scrolling
            down = 1 if intent.pos[1] > self.page.centery else -1
            self._scroll_by((self.view_height() - self.line_height()) * down)
            return None
        self.row.handle(intent, self.clock.time)
        return None

    # -------------------------------------------------------------- draw --
    def _draw_tab(self, surface: pygame.Surface, rect: pygame.Rect, name: str, chosen: bool) -> None:
        rounded(surface, (255, 232, 160) if chosen else (240, 234, 216), rect, 10)
        if chosen:
            rounded(surface, theme.WHITE, rect.inflate(8, 8), 14, 3)  # the keyboard's focus
        room = rect.width - 16
        size = assets.scaled(TAB_SIZE)
        if assets.measure(name, size, "bold") <= room / 0.85:
            draw_text(surface, name, TAB_SIZE, theme.INK, rect.center, "center", "bold", room)
            return
        small = TAB_SIZE - 4  # a long name takes two lines
        lines = assets.wrap(name, small, room, "bold")[:2]
        step = assets.line_height(small, 1.1)
        top = rect.centery - step * (len(lines) - 1) / 2
        for n, line in enumerate(lines):
            draw_text(surface, line, small, theme.INK, (rect.centerx, round(top + n * step)), "center", "bold", room)

    def draw(self, surface: pygame.Surface) -> None:
        self._layout()
        baize_backdrop(surface)
        draw_text(surface, self.title(), 40, theme.PAPER, (theme.WIDTH // 2, 50),
                  "center", "title", theme.WIDTH - 80)
        if not self.fixed:
            panel(surface, TABS, theme.PAPER, 14)
            shown = self.variants[self.first_tab:self.first_tab + self._tabs_shown()]
            for slot, v in enumerate(shown):
                self._draw_tab(surface, self._tab_rect(slot), str(v.name), self.first_tab + slot == self.index)
        page = self.page
        panel(surface, page, theme.PAPER, 14)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(page.x + 10, page.y + MARGIN - 4, page.width - 20, self.view_height() + 8))
        step = self.line_height()
        top = page.y + MARGIN
        y = top - self.scroll
        for words, indent, style in self.lines:
            if top - 1 <= y and y + step <= top + self.view_height() + 1:  # whole lines only
                draw_text(surface, words, SIZE, theme.INK, (page.x + MARGIN + indent, round(y)), "topleft", style)
            y += step
        surface.set_clip(clip)
        if self.max_scroll():
            share = self.view_height() / (len(self.lines) * step)
            bar_h = max(40, int((page.height - 40) * share))
            bar_y = page.y + 20 + int((page.height - 40 - bar_h) * self.scroll / self.max_scroll())
            rounded(surface, theme.PAPER_LINE, pygame.Rect(page.right - 14, bar_y, 6, bar_h), 3)
        hints = [t("rules.hint_scroll")] + ([] if self.fixed else [t("rules.hint_tabs")])
        room = theme.WIDTH - 40 - (self.back.rect.right + 30)
        hint_step = assets.line_height(HINT_SIZE, 1.15)
        bottom = theme.HEIGHT - 49 + hint_step * (len(hints) - 1) / 2
        for n, hint in enumerate(reversed(hints)):
            draw_text(surface, hint, HINT_SIZE, HINT_INK, (theme.WIDTH - 40, round(bottom - n * hint_step)),
                      "midright", "regular", room)
        self.back.label = t("common.back")
        self.row.draw(surface)
