"""Drawing the New game screen: the list of games with their descriptions, and each seat's row (colour
swatch, name, kind and level). A part of :class:`scenes.menus.newgame.NewGameScene` (its ``painter``)."""

from __future__ import annotations

import pygame

from game.engine.state import MAX_NAME
from game.rules import i18n
from game.rules.i18n import t
from scenes.ui import assets, bindings, theme
from scenes.ui.textfit import fit_lines
from scenes.ui.widgets import Button, baize_backdrop, draw_text, panel, rounded, seat_badge

LEFT = pygame.Rect(30, 96, 470, 600)  # the games
RIGHT = pygame.Rect(520, 96, 730, 600)  # the seats
PARKED_SIZE = 20  # who sits this game out, under the seats
PARKED_NAME = 320  # pixels (at that size) a name of theirs takes at most: two long names still fit the sentence


class NewGamePainter:
    """Draws the New game screen. ``scene`` is the screen it draws: it reads its games (``variants``, the one
    chosen, where each card is), its seats (and those ``parked``), the name being edited, the number of games, the
    kiosk's settings and the row of buttons; the buttons the screen draws itself (``Painted``) call its paint_*."""

    def __init__(self, scene):
        self.scene = scene

    # ------------------------------------------------------------- draw --
    def draw(self, surface: pygame.Surface) -> None:
        baize_backdrop(surface)
        draw_text(surface, t("newgame.title"), 44, theme.PAPER, (theme.WIDTH // 2, 52), "center", "title",
                  theme.WIDTH - 120)
        self._draw_variants(surface)
        self._draw_seats(surface)
        self.scene.row.draw(surface)

    def _draw_variants(self, surface: pygame.Surface) -> None:
        scene = self.scene
        panel(surface, LEFT, theme.PAPER, 16)
        draw_text(surface, t("newgame.game"), 28, theme.INK, (LEFT.x + 20, LEFT.y + 30), "midleft", "black",
                  LEFT.width - 40)
        for i in scene._visible_variants():
            rect = scene._variant_rect(i)
            variant = scene.variants[i]
            chosen = i == scene.variant_index
            rounded(surface, (255, 232, 160) if chosen else (240, 234, 216), rect, 10)
            if chosen:
                rounded(surface, theme.WOOD, rect, 10, 3)
            # The name, then as many lines of the description as the card has room for (one, with large text).
            name_height = assets.line_height(22, 1.05)
            step = assets.line_height(15, 1.15)
            room = max(1, (rect.height - 10 - name_height) // step)
            draw_text(surface, str(variant.name), 22, theme.INK, (rect.x + 14, rect.y + 6 + name_height // 2),
                      "midleft", "bold", rect.width - 28)
            size, lines = fit_lines(str(variant.description), 15, rect.width - 28, room)
            top = rect.y + 5 + name_height + step // 2 + (step // 2 if len(lines) < room else 0)
            for k, line in enumerate(lines):
                draw_text(surface, line, size, theme.INK_SOFT, (rect.x + 14, top + k * step), "midleft", "regular",
                          rect.width - 28)
        if len(scene.variants) > len(scene._visible_variants()):
            draw_text(surface, t("newgame.scroll_for_more"), 15, theme.INK_FAINT, (LEFT.centerx, LEFT.bottom - 8),
                      "midbottom", "regular", LEFT.width - 40)

    def paint_card(self, surface: pygame.Surface, card: Button) -> None:
        """The focus ring around the chosen game, when the keys have put it there."""
        scene = self.scene
        if card.focus and scene.variant_index in scene._visible_variants():
            rounded(surface, theme.PREVIEW_INK, scene._variant_rect(scene.variant_index).inflate(8, 8), 14, 3)

    def paint_swatch(self, surface: pygame.Surface, swatch: Button) -> None:
        i = swatch.seat
        seat = self.scene.seats[i]
        centre = (swatch.rect.x + 28, swatch.rect.centery)
        seat_badge(surface, seat.colour, i, centre, 18)
        if swatch.focus:
            pygame.draw.circle(surface, theme.PREVIEW_INK, centre, 24, 3)

    def paint_name(self, surface: pygame.Surface, name: Button) -> None:
        scene = self.scene
        i = name.seat
        seat = scene.seats[i]
        field = name.rect.inflate(0, -14)
        editing = scene.editing == i
        rounded(surface, theme.WHITE if editing else (248, 244, 232), field, 8)
        rounded(surface, theme.PREVIEW_INK if editing or name.focus else theme.PAPER_LINE, field, 8,
                3 if name.focus and not editing else 2)
        if editing:  # show the end of what is being typed, with the caret
            caret = "|" if not scene.caret_blinking() or int(scene.clock.time * 2) % 2 == 0 else " "
            room = field.width - 30
            if len(seat.name) >= MAX_NAME:  # full: it says so, rather than dropping keys without a word
                full = draw_text(surface, f"{MAX_NAME}/{MAX_NAME}", 16, theme.ZERO_INK,
                                 (field.right - 8, field.centery), "midright", "bold")
                room -= full.width + 8
            size = round(24 * assets.text_scale())
            shown = _tail(assets.printable(seat.name), size, room)
            if scene.fresh_edit and shown:  # chosen, as a text field shows it: typing replaces it
                chosen = pygame.Rect(field.x + 7, 0, assets.measure(shown, size, "bold") + 6,
                                     assets.line_height(size, 1.1))
                chosen.centery = field.centery
                rounded(surface, theme.CHOSEN_TEXT, chosen, 4)
            draw_text(surface, shown + caret, 24, theme.INK, (field.x + 10, field.centery), "midleft", "bold")
        else:
            draw_text(surface, seat.name, 24, theme.INK, (field.x + 10, field.centery), "midleft", "bold",
                      field.width - 20)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        scene = self.scene
        panel(surface, RIGHT, theme.PAPER, 16)
        low, high = scene.seat_limits()
        players = t("newgame.players", low=low, high=high) if low != high else t("newgame.players_fixed", count=low)
        heading = draw_text(surface, players, 28, theme.INK, (RIGHT.x + 20, RIGHT.y + 30), "midleft", "black", 300)
        for i in range(len(scene.seats)):
            rounded(surface, (240, 234, 216), scene._seat_rect(i), 10)
        if scene.parked:
            self._draw_parked(surface)
        games_y = RIGHT.bottom - 70
        size, lines = fit_lines(t("newgame.games_in_match"), 24, 270, 2, "bold", 18)
        step = assets.line_height(size, 1.1)
        for k, line in enumerate(lines):
            draw_text(surface, line, size, theme.INK, (RIGHT.x + 20, round(games_y + 27 + (k - (len(lines) - 1) / 2)
                                                                            * step)), "midleft", "bold", 270)
        draw_text(surface, str(scene.games), 34, theme.INK, (RIGHT.x + 392, games_y + 27), "center", "black")
        pad = bindings.pad_in_hand(scene.app)
        hint = t("newgame.hint_kiosk") if scene.kiosk and not pad else bindings.words("newgame.hint", pad)
        room = RIGHT.right - 20 - max(heading.right + 30, RIGHT.x + 300)
        size, lines = fit_lines(hint, 17, room)
        step = assets.line_height(size, 1.15)
        top = RIGHT.y + 30 - step * (len(lines) - 1) / 2
        for k, line in enumerate(lines):
            draw_text(surface, line, size, theme.INK_SOFT, (RIGHT.right - 20, round(top + k * step)), "midright",
                      "regular", room)

    def parked_words(self) -> str:
        """Who sits this game out, and why: "Jackpot Yahtzee is for 2 to 4 players: Eve and Fay sit this one out"."""
        scene = self.scene
        low, high = scene.seat_limits()
        game = str(scene.variant.name)
        seats = (t("newgame.parked_seats", game=game, low=low, high=high) if low != high
                 else t("newgame.parked_seats_fixed", count=high, game=game))
        size = round(PARKED_SIZE * assets.text_scale())
        names = [assets.fit(assets.printable(seat.name), size, PARKED_NAME) for seat in scene.parked]
        return t("newgame.parked", count=len(names), seats=seats, names=i18n.names(names))

    def _draw_parked(self, surface: pygame.Surface) -> None:
        """Under the last seat, where "Add player" would be (a game for fewer has no room for one)."""
        rect = self.scene._seat_rect(len(self.scene.seats))
        width = rect.width - 24
        size, lines = fit_lines(self.parked_words(), PARKED_SIZE, width, 3)
        step = assets.line_height(size, 1.15)
        for k, line in enumerate(lines):
            draw_text(surface, line, size, theme.INK_SOFT, (rect.x + 12, rect.y + 6 + step // 2 + k * step),
                      "midleft", "regular", width)


def _tail(words: str, size: int, width: int) -> str:
    """The end of the text that fits ``width``, with an ellipsis in front when cut."""
    if assets.measure(words, size, "bold") <= width:
        return words
    while words and assets.measure("…" + words, size, "bold") > width:
        words = words[1:]
    return "…" + words
