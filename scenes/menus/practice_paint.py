"""Practice's picture and words: the card as it was, the dice on the felt, the question, and the answer.

The card is a clean static one (the table's scorecard draws a live game with every seat; here one person's card
at one moment, with what these dice would score in each open box). The dice are the flat pictures the title and
Challenge's markers use, held ones raised with the gold hold mark.
"""

from __future__ import annotations

import pygame

from game.coach.coach import AS_GOOD, about, describe, goals_said
from game.coach.odds import goals_of_holds
from game.coach.reasons import hold_reasons, why_box
from game.coach.slips import Slip
from game.rules import i18n
from game.rules.i18n import t
from game.rules.scoring import upper_bonus_needed, upper_total
from scenes.dice.die_art import die_surface, glow_surface, shadow_margin
from scenes.ui import assets, bindings, theme
from scenes.ui.textfit import wrap_lines
from scenes.ui.widgets import baize_backdrop, draw_text, drop_shadow, framed_felt, panel, rounded

CARD = pygame.Rect(30, 86, 400, 610)
FELT = pygame.Rect(450, 86, 800, 610)
DIE = 92  # the dice on the felt
MARKER = 54  # Challenge's markers above them
LIFT = 16  # a held die stands this much higher
ANSWER_ROOM = 84  # below the answer: the Next button
ANSWER_SIZES = ((24, 20, 17), (21, 18, 15), (18, 16, 14), (16, 14, 13))  # the verdict, the moves, the details
ON_FELT = (226, 238, 226)  # light words on the felt (7:1)
RIGHT_INK = (26, 110, 60)  # the best box's mark on the card
WRONG_INK = (170, 70, 60)


def cap(words: str) -> str:
    return words[:1].upper() + words[1:]


def box_rows(slip: Slip) -> list[tuple[str, pygame.Rect]]:
    """Each box's row on the card, in the card's order (a small gap after the upper section)."""
    boxes = slip.variant.boxes
    step = min(36, (CARD.height - 150) // max(1, len(boxes)))
    rows, y = [], CARD.y + 56
    for k, box in enumerate(boxes):
        if k and boxes[k - 1].upper and not box.upper:
            y += 10
        rows.append((box.id, pygame.Rect(CARD.x + 12, y, CARD.width - 24, step - 2)))
        y += step
    return rows


class Answer:
    """The answer to one position, in words: the verdict, the best move and the person's with their odds or
    reasons and expected final scores, and what they chose in the game."""

    def __init__(self, slip: Slip, index: int):
        self.slip, self.index = slip, index
        options, variant = slip.options, slip.variant
        chosen = options[index]
        self.right = chosen.loss < AS_GOOD
        best = describe(options[0], variant)
        if index == 0:
            self.verdict = t("practice.right", best=cap(best))
        elif self.right:
            self.verdict = t("practice.as_good", best=best)
        else:
            self.verdict = t("practice.better", loss=about(chosen.loss))
        goals = self._goals()
        self.lines = [(t("practice.best_line", best=best), self._detail(0, goals))]
        if index != 0:
            self.lines.append((t("practice.yours_line", chosen=describe(chosen, variant)), self._detail(index, goals)))
        if index == slip.chosen:
            self.game = t("practice.same_as_game")
        else:
            self.game = t("practice.in_your_game", chosen=describe(slip.chosen_option, variant),
                          loss=about(slip.loss))

    def _goals(self) -> dict[int, list[tuple[str, float]]]:
        """The one or two goals of each hold (a copy: the markers with it), as the coach's panel gives them."""
        slip = self.slip
        holds = [i for i, option in enumerate(slip.options) if option.kind in ("keep", "copy")]
        if not holds:
            return {}
        keeps = [tuple(sorted(slip.markers + slip.options[i].keep)) for i in holds]
        return dict(zip(holds, goals_of_holds(slip.variant, slip.card, keeps, max(1, slip.rolls_left))))

    def _detail(self, index: int, goals: dict) -> str:
        slip, option = self.slip, self.slip.options[index]
        if option.kind == "box":
            said = why_box(list(slip.options), index, slip.variant) or ""
        else:  # the coach's own line for a hold (what it changes against the best one), else its goals
            reason = hold_reasons(slip.variant, slip.card, list(slip.options), max(1, slip.rolls_left),
                                  slip.markers, slip.dice).get(index)
            said = reason.said(slip.variant) if reason else goals_said(goals.get(index, []), slip.variant)
        # to a tenth, as the coach's panel gives it: two finals 0.3 apart never both read 234 (issue 38, D11)
        final = t("practice.final", points=i18n.number(slip.on_card + option.value, 1))
        return f"{said} · {final}" if said else cap(final)


class PracticePaint:
    def dice_rects(self, slip: Slip | None, held: set[int] = frozenset()) -> list[pygame.Rect]:
        if slip is None:
            return []
        count, gap = len(slip.dice), 22
        left = FELT.centerx - (count * DIE + (count - 1) * gap) // 2
        centre = FELT.y + (222 if slip.common else 200)
        return [pygame.Rect(left + i * (DIE + gap), centre - DIE // 2 - (LIFT if i in held else 0), DIE, DIE)
                for i in range(count)]

    def draw(self, surface: pygame.Surface, scene) -> None:
        baize_backdrop(surface)
        people = scene.people
        title = t("practice.title", name=people[scene.person]) if people else t("practice.button")
        draw_text(surface, title, 40, theme.PAPER, (theme.WIDTH // 2, 46), "center", "title", theme.WIDTH - 80)
        slip = scene.slip
        felt = framed_felt(surface, FELT)
        if slip is None:
            words = (t("practice.cannot") if scene.cannot else t("practice.none") if not scene.slips else
                     t("practice.done", right=scene.right, total=len(scene.slips)))
            self._lines(surface, words, 28, ON_FELT, felt.centerx, felt.centery - 40, felt.width - 80, "bold")
        else:
            self._card(surface, scene, slip)
            self._felt(surface, scene, slip, felt)
        for button in scene.row.buttons:
            if button.style != "painted":
                button.draw(surface)

    # ---------------------------------------------------------------- the card --
    def _card(self, surface: pygame.Surface, scene, slip: Slip) -> None:
        variant, card = slip.variant, slip.card
        panel(surface, CARD, theme.PAPER, 14, theme.WOOD_LIGHT)
        draw_text(surface, str(variant.name), 22, theme.INK, (CARD.centerx, CARD.y + 28), "center", "black",
                  CARD.width - 30)
        answer = scene.answer
        painted = {b.label: b for b in scene.row.buttons if b.style == "painted"}
        for box, rect in box_rows(slip):
            button = painted.get(box)
            mark = None
            if answer is not None:
                best, chosen = slip.options[0], slip.options[answer.index]
                mark = RIGHT_INK if best.box == box else WRONG_INK if chosen.box == box else None
            if mark:
                rounded(surface, theme.mix(mark, theme.PAPER, 0.8), rect, 6)
                rounded(surface, mark, rect, 6, 2)
            elif button is not None and (button.hover or button.focus):
                rounded(surface, (255, 236, 170), rect, 6)
                if button.focus:
                    rounded(surface, theme.INK, rect, 6, 2)
            pygame.draw.line(surface, theme.PAPER_LINE, rect.bottomleft, rect.bottomright)
            draw_text(surface, str(variant.box(box).name), 19, theme.INK, (rect.x + 8, rect.centery), "midleft",
                      "regular", rect.width - 80)
            index = slip.find("box", box=box)
            if card.get(box) is not None:
                draw_text(surface, i18n.number(card[box]), 20, theme.INK, (rect.right - 10, rect.centery), "midright",
                          "black")
            elif index is not None:
                draw_text(surface, i18n.number(slip.options[index].points), 20,
                          theme.INK if mark else theme.PREVIEW_INK, (rect.right - 10, rect.centery), "midright", "bold")
        y = box_rows(slip)[-1][1].bottom + 22
        upper = upper_total(variant, card)
        draw_text(surface, t("scorecard.upper_total"), 18, theme.INK_SOFT, (CARD.x + 20, y), "midleft", "bold", 240)
        draw_text(surface, i18n.number(upper), 18, theme.INK_SOFT, (CARD.right - 22, y), "midright", "bold")
        needed = upper_bonus_needed(variant, card) if variant.upper_bonus else None
        if variant.upper_bonus:
            words = (t("scorecard.bonus_lost") if needed is None else
                     t("scorecard.bonus_earned", points=variant.upper_bonus.points) if needed == 0 else
                     t("scorecard.bonus_needed", needed=needed, points=variant.upper_bonus.points))
            draw_text(surface, words, 17, theme.INK_FAINT, (CARD.x + 20, y + 24), "midleft", "regular",
                      CARD.width - 40)
        draw_text(surface, t("scorecard.total"), 20, theme.INK, (CARD.x + 20, y + 52), "midleft", "black", 240)
        draw_text(surface, i18n.number(slip.on_card), 20, theme.INK, (CARD.right - 22, y + 52), "midright", "black")

    # ---------------------------------------------------------------- the felt --
    def _felt(self, surface: pygame.Surface, scene, slip: Slip, felt: pygame.Rect) -> None:
        name = str(slip.variant.name)
        where = (t("practice.where_in_match", game=name, number=slip.game + 1, games=slip.games, turn=slip.turn)
                 if slip.games > 1 else t("practice.where", game=name, turn=slip.turn))
        rolls = (t("practice.rolls_left", count=slip.rolls_left) if slip.rolls_left else t("practice.last_roll"))
        count = t("practice.count", number=scene.index + 1, total=len(scene.slips))
        right = draw_text(surface, count, 20, ON_FELT, (felt.right - 16, felt.y + 22), "midright", "bold", 140)
        draw_text(surface, f"{where} · {rolls}", 22, theme.PAPER, (felt.x + 16, felt.y + 22), "midleft", "bold",
                  right.x - felt.x - 40)
        if slip.common:
            self._markers(surface, slip, felt)
        held = scene.picked if scene.answer is None else set()
        best_dice = self._best_dice(slip) if scene.answer is not None else set()
        for i, rect in enumerate(self.dice_rects(slip, held)):
            margin = shadow_margin(DIE)
            if i in best_dice:
                surface.blit(glow_surface(DIE, (255, 226, 120)), (rect.x - margin, rect.y - margin))
            drop_shadow(surface, rect, DIE // 5, 90 if i in held else 120, (5, 9 + (LIFT if i in held else 0)))
            surface.blit(die_surface(slip.dice[i], DIE, marked=i in held), rect)
            if i < len(scene.die_buttons) and scene.die_buttons[i].focus:  # the keys' and the pad's focus
                rounded(surface, theme.INK, rect.inflate(16, 16), 18, 3)
                rounded(surface, theme.WHITE, rect.inflate(10, 10), 15, 3)
            if scene.answer is None and scene.can_roll():
                draw_text(surface, str(i + 1), 15, ON_FELT,
                          (rect.centerx, rect.bottom + 18 + (LIFT if i in held else 0)), "center", "bold")
        top = self.dice_rects(slip)[0].bottom
        if scene.answer is None:
            self._question(surface, scene, slip, felt, top + 44)
        else:
            self._answer(surface, scene.answer, felt, top + 14)

    def _markers(self, surface: pygame.Surface, slip: Slip, felt: pygame.Rect) -> None:
        y = felt.y + 70
        label = draw_text(surface, t("practice.markers"), 20, ON_FELT, (felt.x + 24, y), "midleft", "bold", 260)
        for k in range(slip.variant.dice):
            rect = pygame.Rect(label.right + 20 + k * (MARKER + 10), y - MARKER // 2, MARKER, MARKER)
            if k < len(slip.markers):
                surface.blit(die_surface(slip.markers[k], MARKER), rect)
            else:
                rounded(surface, theme.FELT_DARK, rect, 10, 2)
        draw_text(surface, t("practice.common_dice"), 20, ON_FELT, (felt.x + 24, y + 42), "midleft", "bold", 300)

    def _best_dice(self, slip: Slip) -> set[int]:
        """The dice the best move holds (or copies), to glow once answered."""
        best = slip.best
        if best.kind == "box":
            return set()
        wanted, found = list(best.keep), set()
        for i, face in enumerate(slip.dice):
            if face in wanted:
                wanted.remove(face)
                found.add(i)
        return found

    def _question(self, surface: pygame.Surface, scene, slip: Slip, felt: pygame.Rect, top: int) -> None:
        draw_text(surface, t("practice.question"), 34, theme.PAPER, (felt.centerx, top + 12), "center", "black",
                  felt.width - 40)
        low, high = slip.copy_range
        pad = bindings.pad_in_hand(scene.app)
        hint = (bindings.words("practice.hint_copy", pad, low=low, high=high) if slip.common else
                bindings.words("practice.hint_roll" if slip.rolls_left and scene.can_roll() else "practice.hint_score",
                               pad))
        y = self._lines(surface, hint, 21, ON_FELT, felt.centerx, top + 62, felt.width - 80)
        if scene.warning:
            y = self._lines(surface, scene.warning, 21, theme.HOLD_GOLD, felt.centerx, y + 6, felt.width - 80, "bold")
        if slip.common:
            self._lines(surface, t("practice.solitaire"), 17, ON_FELT, felt.centerx, y + 8, felt.width - 80)

    def _answer(self, surface: pygame.Surface, answer: Answer, felt: pygame.Rect, top: int) -> None:
        box = pygame.Rect(felt.x + 24, top, felt.width - 48, felt.bottom - ANSWER_ROOM - top)
        panel(surface, box, theme.PAPER, 14, theme.WOOD_LIGHT)
        width, x = box.width - 40, box.x + 20
        for big, head_size, small in ANSWER_SIZES:  # the largest words that fit the panel (a long language, large text)
            if self._answer_height(answer, width, big, head_size, small) <= box.height - 16:
                break
        y = self._lines(surface, answer.verdict, big, RIGHT_INK if answer.right else WRONG_INK, x, box.y + 10, width,
                        "black", "topleft")
        for head, detail in answer.lines:
            y = self._lines(surface, cap(head), head_size, theme.INK, x, y + 4, width, "bold", "topleft")
            y = self._lines(surface, detail, small, theme.INK_SOFT, x + 16, y, width - 16, "regular", "topleft")
        self._lines(surface, answer.game, small, theme.INK_SOFT, x, y + 4, width, "regular", "topleft")

    @staticmethod
    def _answer_height(answer: Answer, width: int, big: int, head_size: int, small: int) -> int:
        def height(words: str, size: int, room: int, style: str) -> int:
            return len(wrap_lines(words, size, room, style, most=2)) * assets.line_height(size, 1.2)
        found = height(answer.verdict, big, width, "black") + height(answer.game, small, width, "regular") + 4
        for head, detail in answer.lines:
            found += 4 + height(cap(head), head_size, width, "bold") + height(detail, small, width - 16, "regular")
        return found

    @staticmethod
    def _lines(surface, words: str, size: int, colour, x: int, y: int, width: int, style: str = "regular",
               align: str = "center") -> int:
        """Words wrapped on up to two lines from ``y`` down (centred on ``x``, or from it); returns where they end."""
        step = assets.line_height(size, 1.2)
        for line in wrap_lines(words, size, width, style, most=2):
            anchor = (x, y + step // 2)
            draw_text(surface, line, size, colour, anchor, "center" if align == "center" else "midleft", style, width)
            y += step
        return y
