"""Drawing the scorecard table each frame: the felt and wood, the dice and their key badges, the card with
box help, the coach's panel, the controls, the hint, banners and the hand-off between people; and where the
panels over the felt lie, for the dice to rest clear of them. A part of :class:`scenes.scorecard.table.TableScene` (its
``painter``; Challenge's table has a painter of its own kind, scenes.scorecard.challenge_paint)."""

from __future__ import annotations

import pygame

from game.coach.coach import describe, percent
from game.rules import i18n
from game.rules.i18n import t
from scenes.ui import assets, bindings, theme
from scenes.ui.textfit import fits, floor_for, wrap_lines
from scenes.ui.widgets import SMALLEST, StaticLayer, draw_text, framed_felt, occlude, rounded, seat_badge, wood

GOALS_SIZE = 15  # a hold's goals and their chances, on a smaller line under it
CLEAR = (16, 36)  # a panel over the felt and the dice resting beside it: room for its shadow and the dice's own
DICE_ROOM = 3.6  # die sides of felt, below the dock, that are the dice's alone: three dice each way, as seen


class TablePainter:
    """Draws a scorecard table and keeps its dice clear of the panels drawn over the felt. ``table`` is the table it
    draws: its state and variant, its dice (``tray``, ``key_order``), card, coach, moments, box help, banner,
    buttons and hand-over, and what the person may do now; it asks the table which dice glow (``own_highlight``,
    ``coach_dice``). It owns the backdrop, painted anew when the language or the text size changes."""

    def __init__(self, table):
        self.table = table
        self.backdrop: StaticLayer | None = None
        self.backdrop_look: tuple | None = None  # the language and text size the backdrop was painted in
        self.outlook_shown = None  # the coach's bonus outlook last drawn: a sharper one is a new frame
        self.coach_panel: pygame.Rect | None = None  # where the coach's panel was drawn this frame
        self.banner_line: pygame.Rect | None = None  # the panel's top line, where the banner's words go meanwhile

    # -------------------------------------------------------------- draw --
    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        self.draw_table(surface)
        table.tray.draw(surface, cup=False)
        self.draw_die_keys(surface)
        self.draw_controls(surface)
        seat = table.moments.seat_in_view(table.seat)  # a box just filled: its scorer's column, no options
        options = table.state.options() if seat >= 0 and not table.throwing and table.moments.showing is None else None
        table.card.draw(surface, seat if seat >= 0 else None, options)
        self.coach_panel = None
        self.draw_coach(surface)
        if table.moments.celebration is None and table.handoff is None:  # a cheer takes the banner's place
            self.draw_banner(surface)
        table.moments.draw(surface, self.banner_rect())
        self.draw_box_help(surface, options)
        if table.handoff is not None:
            self.draw_handoff(surface)
            if table.moments.celebration is None:
                self.draw_banner(surface)  # over the felt, above the hand-over's panel: never under it
        if table.walkthrough_shown():
            table.walkthrough.draw(surface)
        table.tray.cup.draw(surface)  # the cup in hand is over every panel and badge

    def draw_box_help(self, surface: pygame.Surface, options) -> None:
        """How the box under the pointer (or finger, or keyboard focus) scores, beside the card."""
        table = self.table
        focus = table.card.focus_box if table.key_focus and table.person_to_play() else None
        box = table.box_help.shown(focus)
        if box is None or table.handoff is not None:
            return  # with the first-game tips too: a tip tells you to rest the pointer on a box
        seat = max(0, table.moments.seat_in_view(table.seat))  # a box just filled: its scorer's card
        index = next(i for i, row in enumerate(table.card.rows) if row.box == box)
        score = table.state.card(seat).boxes.get(box)
        table.box_help.draw(surface, table.variant, box, table.card.row_rect(index), score,
                            options if table.person_to_play() else None, table.card.rect)

    def mark_coach(self) -> None:
        """The dice that glow, and the coach's marks (set on update, so the frame that shows the advice shows
        them too): dice being cheered glow; else the best dice to hold glow, the best box has the focus."""
        table = self.table
        table.tray.highlight = table.moments.glow() or table.own_highlight()
        table.coach.quiet_below = table.app.settings.coach_threshold  # Settings > Coach speaks
        if table.coach.poll(table.coaching()):  # the advice is worked out in a thread: ready, it is a new frame
            table.app.redraw()
        slip = table.coach.said_slip()  # a move that cost more than that is said, once
        if slip:
            table.say(slip, 4.0)
        if table.moments.glow():
            return
        if not table.coaching() or table.coach.quiet():
            return
        found = table.coach.bonus_outlook(table.seat)  # worked out in a thread: a sharper estimate is a new frame
        if found != self.outlook_shown:
            self.outlook_shown = found
            table.app.redraw()
        advice = table.coach.fresh()  # None until the thread has it: the marks come with the panel
        if advice is None or not advice.options:
            return
        best = advice.options[0]
        marked = table.coach_dice(best)
        if marked is not None:
            table.tray.highlight = marked
        if best.kind == "box" and table.card.focus_box is None:
            table.card.focus_box = best.box

    def coach_width(self) -> int:
        """The coach's panel: its width, the dock's less a margin (narrower beside a six-seat card)."""
        return min(640, self.table.tray_rect.width - 16)

    def dock(self) -> pygame.Rect:
        """The far part of the felt where the panels show (the banner's words, the coach's panel, the first-game
        tips) and no die ever rests: fixed, whatever is shown, so no panel pushes a die and turning the coach on
        or off moves none. The rest of the felt is the dice's: ``DICE_ROOM`` die sides deep (a little less in a
        first game, while its tips show: the dock only grows smaller when they go, which moves no die)."""
        table = self.table
        tray = table.tray_rect
        height = max(self.banner_rect().bottom + CLEAR[1] // 2 - tray.top,
                     tray.height - round(DICE_ROOM * table.tray.size))
        if table.tips_first():  # the first game's tips, at the smallest words, may need more (less once they go)
            height = max(height, table.walkthrough.area.bottom + CLEAR[1] // 2 - tray.top)
        return pygame.Rect(tray.x, tray.y, tray.width, height)

    def keep_dice_clear(self) -> None:
        """Dice rest clear of the dock (see ``dock``): the same whether the coach shows or not; the first game's
        tips lie in it too."""
        table = self.table
        bands = [self.dock()]
        if table.tips_first():  # a tip may be wider than the felt: the whole of it, with room for its shadow
            bands.append(table.walkthrough.area.inflate(*CLEAR))
        if bands != table.tray.keep_clear:
            table.tray.keep_clear = bands
            if table.state.dice is not None and not table.throwing:
                table.replace_dice()

    def coach_title(self) -> str:
        return t("table.coach_title")

    def banner_up(self) -> bool:
        """Whether the banner's words show this frame (a cheer takes their place)."""
        table = self.table
        return table.banner_time > 0 and bool(table.banner) and table.moments.celebration is None

    def coach_cells(self, options, goals, on_card: float, column: int) -> int | None:
        """The size two columns of options draw at (each option's words and its final score on one line, its
        goals under them), or None if one of them would not fit ``column`` that way."""
        least = floor_for(17)
        size = 17
        for i, option in enumerate(options):
            style = "bold" if i == 0 else "regular"
            words, final = describe(option, self.table.variant), self.coach_final(options, i, on_card)
            while size > least and (assets.measure(assets.printable(words, style), assets.scaled(size), style)
                                    + assets.measure(final, assets.scaled(size)) + 12 > column):
                size -= 1
            if (assets.measure(assets.printable(words, style), assets.scaled(size), style)
                    + assets.measure(final, assets.scaled(size)) + 12 > column):
                return None
            if goals[i] and not all(fits(part, GOALS_SIZE, column - 16) for part in self.goal_lines(goals[i], column)):
                return None
        return size

    @staticmethod
    def goal_lines(goals: str, column: int) -> list[str]:
        """An option's goals in a cell ``column`` wide: one line, or two where one would cut them short."""
        return [goals] if fits(goals, GOALS_SIZE, column - 16) else wrap_lines(goals, GOALS_SIZE, column - 16)

    def coach_final(self, options, i: int, on_card: float) -> str:
        """An option's expected final score and what it costs beside the best."""
        shown_loss = round(options[0].value, 1) - round(options[i].value, 1)  # adds up with the values as shown
        loss = t("table.coach_best") if shown_loss < 0.05 else t("table.coach_less", points=i18n.number(shown_loss, 1))
        return t("table.coach_final", final=i18n.number(on_card + options[i].value, 1), loss=loss)

    def draw_coach(self, surface: pygame.Surface) -> None:
        """The coach's panel in the dock: its title, and the top options (up to four: in two columns where one
        would not hold them) with what each is worth and, under it, why. The banner's words take a line of their
        own above the title while they show, where the dock has room for it, else the title's line."""
        table = self.table
        shown = table.coaching() and not table.tips_first() and not table.coach.quiet()
        advice = table.coach.panel if shown else None  # as the last update took it: drawing never waits for it
        options = advice.options if advice is not None else []
        if not options:
            return
        line, small, width = assets.line_height(17, 1.4), assets.line_height(GOALS_SIZE, 1.25), self.coach_width()
        room = self.dock().height - 6  # the panel's most: the dice never rest in the dock
        # an option's value is the points still to come: the card's come first
        on_card = table.coach.on_card(table.seat)
        title = self.coach_title()
        titles = ([title] if fits(title, 16, width - 24, "bold")
                  else wrap_lines(title, floor_for(16), width - 24, "bold"))
        top = line * len(titles)  # the title takes one line, or two in a long language
        best = options[:4]
        # under each option, on a smaller line: a hold's goals with their chances; why a box is best, or its cost
        goals = [table.coach.panel_line(i, advice) or "" for i in range(len(best))]  # and the bonus's chance
        row = line + (small if any(goals) else 0)
        fit_rows = max(1, (room - top - 2) // row)
        column = (width - 24 - 16) // 2
        size = self.coach_cells(best, goals, on_card, column) if fit_rows * 1 < len(best) else None
        columns = 2 if size is not None else 1
        lines = [(self.goal_lines(words, column) if columns == 2 else [words]) if words else [] for words in goals]
        # each row as tall as its cells need (a reason too long for its cell goes on over a second line)
        tops, height, count = [], top + 2, 0
        for first in range(0, len(best), columns):
            cells = lines[first:first + columns]
            tall = line + small * max(len(parts) for parts in cells)
            if count and height + tall > room:
                break
            tops.append(height - top - 2)
            height, count = height + tall, min(len(best), first + columns)
        banner = self.banner_up() and height + line <= room  # a line of its own, or else the title's
        head = line if banner else 0
        panel_rect = pygame.Rect(table.tray_rect.x + 8, table.tray_rect.y + 6, width, height + head)  # in the dock
        veil = pygame.Surface(panel_rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (12, 24, 18, 200), veil.get_rect(), border_radius=12)
        self.coach_panel = panel_rect
        self.banner_line = pygame.Rect(panel_rect.x, panel_rect.y, width, head or line + 4)  # for draw_banner
        occlude(surface, panel_rect)
        surface.blit(veil, panel_rect)
        for i, words in enumerate(titles):
            draw_text(surface, words, 16 if len(titles) == 1 else floor_for(16), (210, 230, 215),
                      (panel_rect.x + 12, panel_rect.y + head + line // 2 + 1 + line * i), "midleft", "bold",
                      width - 24)
        cell = column if columns == 2 else width - 24
        option_room = cell - 188 if columns == 1 else cell  # one column: the words, the score on the right
        for i in range(count):
            x = panel_rect.x + 12 + (i % columns) * (column + 16)
            y = panel_rect.y + head + top + line // 2 + 1 + tops[i // columns]
            colour = theme.HOLD_GOLD if i == 0 else (230, 236, 230)
            style = "bold" if i == 0 else "regular"
            final = self.coach_final(best, i, on_card)
            if columns == 2:  # both on the line at one size, the score after the words
                shown_at = draw_text(surface, final, size, colour, (x + cell, y), "midright", "regular")
                draw_text(surface, describe(best[i], table.variant), size, colour, (x, y), "midleft", style,
                          shown_at.left - 12 - x)
            else:
                draw_text(surface, describe(best[i], table.variant), 17, colour, (x, y), "midleft", style,
                          option_room)
                draw_text(surface, final, 17, colour, (x + cell, y), "midright", "regular", cell - option_room - 10)
            for j, words in enumerate(lines[i]):
                draw_text(surface, words, GOALS_SIZE, (176, 200, 184), (x + 16, y + (line + small) // 2 + j * small),
                          "midleft", "regular", cell - 16)

    def draw_die_keys(self, surface: pygame.Surface) -> None:
        """The key (1-5) that holds each die, on its corner, while a person may hold."""
        table = self.table
        if not table.person_to_play() or table.state.dice is None or not table.state.rolls_left():
            return
        self.draw_key_badges(surface)

    def draw_key_badges(self, surface: pygame.Surface) -> None:
        table = self.table
        for key, die in enumerate(d for d in table.key_order if d < table.tray.count):
            rect = table.tray.die_rect(die)
            if rect.width:
                badge = pygame.Rect(0, 0, 22, 22)
                badge.center = table.tray.badge_centre(die, 11)  # where it covers no pip of this die or another
                pygame.draw.circle(surface, (20, 40, 28), badge.center, 11)
                draw_text(surface, str(key + 1), 15, (220, 240, 225), badge.center, "center", "bold")

    def draw_table(self, surface: pygame.Surface) -> None:
        look = (i18n.language(), assets.text_scale())  # its words are painted in: a new language paints anew
        if self.backdrop is None or self.backdrop_look != look:
            self.backdrop = StaticLayer(self.paint_backdrop)
            self.backdrop_look = look
        self.backdrop.draw(surface)

    def paint_backdrop(self, surface: pygame.Surface) -> None:
        table = self.table
        surface.blit(wood((theme.WIDTH, theme.HEIGHT), 11), (0, 0))
        framed_felt(surface, table.layout.tray)
        shelf = table.layout.shelf
        rounded(surface, theme.WOOD_DARK, shelf, 14)
        rounded(surface, theme.mix(theme.WOOD_DARK, (0, 0, 0), 0.3), shelf.inflate(-12, -12), 10)
        words = t("table.held")
        size = assets.size_to_fit(words, assets.scaled(16), shelf.height - 24, "black", 0.6)
        label = pygame.transform.rotate(assets.text(assets.fit(words, size, shelf.height - 24, "black"), size,
                                                    theme.mix(theme.WOOD_LIGHT, theme.WHITE, 0.2), "black"), 90)
        surface.blit(label, label.get_rect(center=(shelf.x + 26, shelf.centery)))
        title = str(table.variant.name)
        x, width = table.layout.title_at(table.app.viewport.split)
        draw_text(surface, title, 22, theme.PAPER, (x, 32), "midleft", "bold", width)

    def draw_controls(self, surface: pygame.Surface) -> None:
        table = self.table
        table.buttons.draw(surface)
        seat = table.moments.seat_in_view(table.seat)
        x, room = table.layout.hint_x, table.layout.hint_width  # right of the Roll button
        if seat >= 0:
            info = table.state.seats[seat]
            seat_badge(surface, info.colour, seat, (x + 14, 694), 12)
            draw_text(surface, info.name, 28, theme.PAPER, (x + 36, 694), "midleft", "black", room - 30)
            hint, bonus_y = "" if table.moments.showing is not None else self.hint(), 760
            if fits(hint, 19, room):
                draw_text(surface, hint, 19, (232, 222, 200), (x, 730), "midleft", "regular", room)
            else:  # a long hint (in some languages, or beside a six-seat card) takes two smaller lines
                small = floor_for(17)
                y = 694 + assets.line_height(28, 0.5) + assets.line_height(small, 0.55)
                for line in wrap_lines(hint, small, room):
                    draw_text(surface, line, small, (232, 222, 200), (x, y), "midleft", "regular", room)
                    y += assets.line_height(small, 1.15)
                bonus_y = max(bonus_y, y - assets.line_height(small, 1.15) + assets.line_height(17))
            self.draw_bonus_words(surface, self.bonus_words(seat), (x, bonus_y), room)

    @staticmethod
    def draw_bonus_words(surface: pygame.Surface, words: str, at: tuple[int, int], room: int) -> None:
        """The bonus line; with the coach's outlook beside it in a long language, two legible lines rather
        than one too small to read."""
        if fits(words, 17, room):
            draw_text(surface, words, 17, (200, 190, 170), at, "midleft", "regular", room)
            return
        small = floor_for(17)
        lines = wrap_lines(words, small, room)[:2]
        step = assets.line_height(small, 1.1)
        y = at[1] - (step // 2 if len(lines) > 1 else 0)
        for line in lines:
            draw_text(surface, line, small, (200, 190, 170), (at[0], y), "midleft", "regular", room)
            y += step

    def bonus_words(self, seat: int) -> str:
        """"12 more for +35", and while the coach speaks, its outlook: "12 more for +35 · 71% likely (±6)"."""
        table = self.table
        hint = table.card.bonus_hint(seat)
        if seat != table.seat or not table.coaching() or table.coach.quiet():
            return hint
        found = table.coach.bonus_outlook(seat)
        if found is None:
            return hint
        if not found.margin:  # exact: the shipped chance table's figure
            return t("table.coach_bonus_exact", hint=hint, percent=percent(found.chance))
        return t("table.coach_bonus", hint=hint, percent=percent(found.chance), margin=i18n.number(100 * found.margin))

    def hint(self) -> str:
        table = self.table
        state = table.state
        seat = table.seat
        if state.seats[seat].is_computer or table.demo:
            return t("table.thinking") if not table.tray.busy() else t("table.rolling")
        if state.dice is None:
            return t("table.hint_roll")
        if state.rolls_left():
            return bindings.words("table.hint_hold", bindings.pad_in_hand(table.app))
        return t("table.hint_pick")

    def draw_banner(self, surface: pygame.Surface) -> None:
        table = self.table
        if table.banner_time <= 0 or not table.banner:
            return
        alpha = min(1.0, table.banner_time / 0.3)
        rect = self.banner_rect()
        if self.coach_panel is not None and table.handoff is None:  # the coach's panel: the words take its top line
            rect = self.banner_line
            pygame.draw.rect(surface, (12, 24, 18), rect, border_radius=12)
            occlude(surface, rect)
            draw_text(surface, table.banner, 17, theme.HOLD_GOLD, rect.center, "center", "bold", rect.width - 24)
            return
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (20, 14, 10, int(190 * alpha)), veil.get_rect(), border_radius=16)
        occlude(surface, rect)
        surface.blit(veil, rect)
        draw_text(surface, table.banner, 28, theme.PAPER, rect.center, "center", "bold", rect.width - 30)

    def banner_rect(self) -> pygame.Rect:
        """Where the turn's and the roll's words show, at the top of the felt (the dice never rest under it)."""
        tray = self.table.layout.tray
        rect = pygame.Rect(0, 0, min(600, tray.width - 40), 64)
        rect.center = (tray.centerx, tray.y + 48)
        return rect

    def draw_handoff(self, surface: pygame.Surface) -> None:
        """Whose turn it is now, over the dock only: the last player's dice stay in view on the felt below, and
        what they scored is said in large words above the name."""
        table = self.table
        seat = table.handoff
        info = table.state.seats[seat]
        panel = self.dock().inflate(-12, -8)
        veil = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (10, 20, 14, 225), veil.get_rect(), border_radius=14)
        occlude(surface, panel)
        surface.blit(veil, panel)
        width = panel.width - 40
        scored = ""
        if table.state.last_scored:
            who, box, points = table.state.last_scored
            scored = t("table.handoff_scored", name=assets.printable(table.state.seats[who].name), points=points,
                       box=table.variant.box(box).name)
        name = assets.fit(assets.printable(info.name), round(40 * assets.text_scale()), width - 120, "black")
        title = t("table.handoff_turn", name=name)
        pad = bindings.pad_in_hand(table.app)  # a kiosk has no keys; a pad in hand says its A
        ready = t("table.handoff_tap") if getattr(table.app, "kiosk", None) and not pad else bindings.words(
            "table.handoff_ready", pad)
        # three lines: what was scored, whose turn it is (the headline), how to take the dice
        rows = [panel.y + panel.height * f for f in (0.0, 0.4, 0.78)]
        sizes = [None, 40, 20]
        if scored:  # each line whole and clear of the next: smaller (to 15 px, the headline to 24) where they crowd
            sizes, rows = handoff_lines([(scored, 30, width, "bold", 15), (title, 40, width - 50, "black", 24),
                                         (ready, 20, width, "regular", None)], panel)
            draw_text(surface, scored, sizes[0], theme.HOLD_GOLD, (panel.centerx, rows[0]), "center", "bold", width,
                      smallest=15)  # long names beside a six-seat card: smaller before it is cut
        at = (panel.centerx + 22, rows[1])
        # a headline: it may shrink further than most to stay whole (to 24 px: TV text, long names, Dutch)
        draw_text(surface, title, sizes[1], (0, 0, 0), (at[0] + 2, at[1] + 2), "center", "black", width - 50, True,
                  24)
        shown = draw_text(surface, title, sizes[1], theme.PAPER, at, "center", "black", width - 50, smallest=24)
        left = shown.left if isinstance(shown, pygame.Rect) else panel.centerx - width // 2
        seat_badge(surface, info.colour, seat, (left - 26, at[1]), 16)
        draw_text(surface, ready, sizes[2], (230, 220, 200), (panel.centerx, rows[2]), "center", "regular", width)


def handoff_lines(lines, panel: pygame.Rect) -> tuple[list[float], list[float]]:
    """Lines stacked in ``panel`` with even gaps: each as ``(words, size, width, style, smallest)``. Their sizes
    (as ``draw_text`` takes them) and the heights of their middles: a line shrinks to fit its width, and the first
    two further (to their smallest) while the three together are taller than the panel, so none overlaps the next."""
    scale = assets.text_scale()
    drawn = []
    for words, size, width, style, smallest in lines:
        start = assets.scaled(size)
        floor = SMALLEST if smallest is None else min(1.0, smallest / start)
        least = max(assets.least(), int(start * floor))
        drawn.append([assets.size_to_fit(assets.printable(words, style), start, width, style, floor), least, style])

    def height() -> int:
        return sum(assets.font(style, size).get_height() for size, _, style in drawn)

    for line in drawn[:2]:  # what was scored first, then the headline
        while height() > panel.height - 8 and line[0] > line[1]:
            line[0] -= 1
    gap = max(0.0, (panel.height - height()) / (len(drawn) + 1))
    rows, y = [], panel.y + gap
    for size, _, style in drawn:
        tall = assets.font(style, size).get_height()
        rows.append(y + tall / 2)
        y += tall + gap
    return [size / scale for size, _, _ in drawn], rows


def dice_showing(dice: tuple[int, ...], keep: tuple[int, ...]) -> list[int]:
    """The dice (by index) that show the values of ``keep``."""
    wanted, found = list(keep), []
    for index, face in enumerate(dice):
        if face in wanted:
            wanted.remove(face)
            found.append(index)
    return found
