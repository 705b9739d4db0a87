"""The coach: the optimal solver's advice at the table, and after the game the choices that cost most.

It reads the solver's ranked options (:func:`game.bots.solver.advise_state`) for
the seat whose turn it is. For people it also weighs each roll and each
scoring against the best option at that moment, so the game-over screen can
say "turn 7, putting 3 3 3 2 1 in Chance cost about 12 points on average; scoring Threes (9) was better".
Multi-seat and Challenge games use the solitaire values (the coach's help says so).
"""

from __future__ import annotations

import logging
import threading
import zlib
from dataclasses import dataclass

from game.coach.reasons import about, goals_said, percent  # noqa: F401 (the coach's words for numbers)
from game.coach.review import AS_GOOD, chosen_option, expected_before
from game.engine.actions import Action, Score
from game.engine.review import Decision
from game.rules import i18n
from game.rules.i18n import t

log = logging.getLogger("dice_parlor.coach")
SAID_ALWAYS = 1.0  # points: with the panel always shown, a move costing this much (a slip: review.CLASSES) is said


@dataclass
class Cost:
    game: int
    turn: int
    loss: float
    chosen: object  # the option taken and the best one, put in words when shown (the language may change)
    best: object
    variant: object
    dice: tuple[int, ...] = ()  # the dice the choice was made with
    games: int = 1  # the match's games: in a match the slip says which game ("game 2, turn 7")
    at: int = -1  # where in the session's log the choice was made: an undo back past it takes the slip back too

    @property
    def text(self) -> str:
        """"turn 7, putting 3 3 3 2 1 in Chance cost about 12 points on average; scoring Twos (6) was better"."""
        return t("coach.slip_better", slip=self.short_text, best=describe(self.best, self.variant))

    @property
    def short_text(self) -> str:
        """The same without the better choice, where room is short."""
        if self.games > 1:
            return t("coach.slip_in_match", game=self.game + 1, turn=self.turn, chosen=self.said(),
                     loss=about(self.loss))
        return t("coach.slip", turn=self.turn, chosen=self.said(), loss=about(self.loss))

    def said(self) -> str:
        """The choice with the dice it was made with: "putting 3 3 3 2 1 in Chance", "with 6 5 5 2 1, holding
        two fives"."""
        dice = " ".join(map(str, _grouped(self.dice)))
        if not dice:
            return describe(self.chosen, self.variant)
        if self.chosen.kind == "box":
            return t("coach.slip_box", dice=dice, box=self.variant.box(self.chosen.box).name)
        return t("coach.slip_with", dice=dice, chosen=describe(self.chosen, self.variant))


@dataclass
class Step:
    """One of a person's choices, weighed for luck and skill: ``luck`` is what the roll before it was worth against
    the average (the expected final score with these dice, less what it was before the roll), ``loss`` what the
    choice cost against the best one; ``expected`` the expected final score once chosen."""

    game: int
    at: int
    luck: float
    loss: float
    expected: float
    first: bool  # the first choice of the game: ``before`` is the expected score at its start
    before: float


@dataclass(frozen=True)
class LuckAndSkill:
    """A person's game split in two: ``score - start == luck - skill`` (up to float rounding)."""

    start: float  # the expected final score at the start of the game, under the best play
    luck: float  # what the dice were worth against the average (positive: kinder)
    skill: float  # what the choices cost against the best ones (0 or more)


def _grouped(dice) -> list[int]:
    """Dice as a person reads a hand: the biggest group first, high before low ("3 3 3 2 1", "6 6 6 5 5")."""
    return sorted(dice, key=lambda face: (-list(dice).count(face), -face))


def describe(option, variant) -> str:
    """An option in words, naming its dice: "holding three fives", "holding 2, 3, 4 and 5", "scoring Chance (22)",
    "rolling all the dice". Two options of one list never read the same."""
    if option.kind == "box":
        return t("coach.score_box", box=variant.box(option.box).name, points=option.points)
    if not option.keep:
        return t("coach.roll_all") if option.kind == "keep" else t("coach.copy_nothing")
    verb = "copy" if option.kind == "copy" else "hold"
    faces = sorted(set(option.keep))
    if len(faces) == 1:
        face, count = faces[0], len(option.keep)
        amount = t(f"coach.amount.{count}") if 2 <= count <= 6 else i18n.number(count)
        return t(f"coach.{verb}_same", count=count, amount=amount, face=t(f"coach.face.{face}"),
                 faces=t(f"coach.faces.{face}"))
    return t(f"coach.{verb}_dice", dice=listed(sorted(option.keep)))


def listed(dice) -> str:
    """Dice named one by one, as said aloud: "2 and 6", "2, 3, 4 and 5" (not "2 6", which runs into the roll)."""
    words = [str(die) for die in dice]
    if len(words) < 2:
        return "".join(words)
    return t("coach.and", first=", ".join(words[:-1]), last=words[-1])


BONUS_AT_STAKE = 0.10  # an option's chance of the upper bonus is said where it is this far from the best option's


def bonus_said(advice, index: int) -> str | None:
    """Option ``index``'s exact chance of the upper bonus in words, against the best option's, where the two are
    :data:`BONUS_AT_STAKE` apart ("upper bonus 75% → 52%"); None where the choice hardly changes it (the panel's
    lines stay short enough for four options)."""
    found = advice.bonus if advice is not None else ()
    if not 0 < index < len(found) or abs(found[index] - found[0]) < BONUS_AT_STAKE:
        return None
    chance = found[index]
    if chance >= 1.0:
        return t("coach.bonus_made")
    if chance <= 0.0:
        return t("coach.bonus_out")
    return t("coach.bonus_chance", best=percent(found[0]), chance=percent(chance))


@dataclass(frozen=True)
class Exact:
    """The chance of the upper bonus from the start of this turn, read from the shipped table (no margin)."""

    chance: float
    margin: float = 0.0
    games: int = 0


class Coach:
    def __init__(self, session):
        self.session = session
        self.variant = session.variant
        self.on: set[int] = session.coached  # the seats that want advice shown (saved with the game)
        self.table = None
        self.costs: dict[int, list[Cost]] = {}
        self._advisor = None  # game.coach.advice.Advisor: the advice worked out in a thread of its own
        self._fresh = None  # the advice of the position now, once ready (taken on the main thread, by poll)
        self.panel = None  # the advice the panel shows: the fresh one, or the last one of this turn until it is ready
        self.quiet_below = 0.0  # points (Settings > Coach speaks): a move that costs less is not remarked on
        self.asked: int | None = None  # the moment (log length) a person asked the quiet coach for its answer
        self.spoken: Cost | None = None  # a costly move the coach has to say, once
        self.steps: dict[int, list[Step]] = {}  # every choice of each person, for luck and skill
        self._outlook = None  # (key, the bonus outlook being worked out in its thread)
        self._chances_there: bool | None = None  # whether an exact chance table is there to read (asked once)
        self.progress: float | None = None  # while a user's variant gets its table built
        self.thread: threading.Thread | None = None
        self.missing: str | None = None  # the string key that says why a scorecard game has no coach
        self.available = self._load()
        session.listen(self._heard)

    def _heard(self, session, action) -> None:
        """After an undo: the moves taken back are no slips (only the moves that stand are reviewed). After any move
        of a coached seat: its advice is asked of the thread at once (ready by the time the dice land)."""
        if action is None:
            self.forget_from(len(session.log))
        if self.available and getattr(session.state, "seat", -1) in self.on:
            self._ask()

    def forget_from(self, at: int) -> None:
        """Drop the costs of choices made at this point of the log or after it."""
        for costs in self.costs.values():
            costs[:] = [cost for cost in costs if cost.at < at]
        for steps in self.steps.values():
            steps[:] = [step for step in steps if step.at < at]

    def _load(self) -> bool:
        if not self.variant.solvable:  # the solver knows the scorecard games only
            return False
        from game.bots.solver import SolverTableError, can_build, table_for

        try:
            self.table = table_for(self.variant, build=False)
        except SolverTableError as error:
            if can_build():  # a user's variant: its table is built now, in the background
                log.info("building the solver table for %s: %s", self.variant.id, error)
                self.progress = 0.0
                self.thread = threading.Thread(target=self._build, name="solver-table", daemon=True)
                self.thread.start()
            else:  # no numpy here (the standalone app): the button says why there is no coach
                log.info("no coach for %s: %s", self.variant.id, error)
                self.missing = "table.coach_no_table"
        except Exception as error:
            log.warning("no coach for %s: %s", self.variant.id, error)
        return self.table is not None

    def _build(self) -> None:
        from game.bots.solver import table_for

        def progress(fraction: float, message: str = "") -> None:
            self.progress = fraction

        try:
            self.table = table_for(self.variant, progress=progress)
            self.available = True
        except Exception as error:  # a table that cannot be built leaves the game as it was, without a coach
            log.warning("the solver table for %s could not be built: %s", self.variant.id, error)
        finally:
            self.progress = None

    def options(self) -> list:
        """The ranked options now, for what needs them right away (judging a move, "Score 0?"): the thread's answer,
        waited for if it is being worked out, else worked out here without the bonus odds (which only the panel
        shows, and which cost more than the rest of the advice: the panel asks the thread for them)."""
        advice = self.advice(bonus_odds=False)
        return advice.options if advice is not None else []

    def advice(self, bonus_odds: bool = True):
        """The :class:`game.coach.advice.Advice` of the position now (None: no coach), the same as the thread's
        (``bonus_odds`` False: worked out here without them when the thread has none, and not offered to it)."""
        from game.coach.advice import moment_of, work_out

        if not self.available:
            return None
        moment = moment_of(self.session.state)
        if self._fresh is not None and self._fresh.moment == moment:
            return self._fresh
        advisor = self.advisor()
        found = advisor.answer(moment) or advisor.wait(moment, 10.0)
        if found is None:
            found = work_out(self.session.state, self.table, moment, bonus_odds)
            if bonus_odds:
                advisor.offer(found)
        return found

    def advisor(self):
        from game.coach.advice import Advisor

        if self._advisor is None:
            self._advisor = Advisor(self.table)
        return self._advisor

    def _ask(self) -> None:
        from game.coach.advice import moment_of

        self.advisor().ask(moment_of(self.session.state), self.session.state.clone)

    def poll(self, ask: bool) -> bool:
        """Each update, on the main thread (``ask``: the panel is wanted now): the advice of the position now taken
        once the thread has it, and asked of it when new; never waits. Whether what the panel shows changed."""
        from game.coach.advice import moment_of, same_turn

        if not self.available:
            return False
        moment = moment_of(self.session.state)
        advisor = self.advisor()
        fresh = advisor.answer(moment)
        if fresh is None and ask:
            advisor.ask(moment, self.session.state.clone)
        keep = self.panel is not None and fresh is None and ask and same_turn(self.panel.moment, moment)
        panel = fresh if fresh is not None else self.panel if keep else None
        self._fresh = fresh
        changed, self.panel = panel is not self.panel, panel
        return changed

    def fresh(self):
        """The advice of the position now, if the thread has it (as taken by the last :meth:`poll`)."""
        return self._fresh

    def working(self) -> bool:
        """Whether advice is being worked out (frames keep coming until it is ready)."""
        return self._advisor is not None and self._advisor.busy()

    def settle(self, timeout: float) -> bool:
        """Wait until the advice asked is worked out (tests: the made-up game time outruns the thread)."""
        return self._advisor is None or self._advisor.idle.wait(timeout)

    def settle_outlook(self, timeout: float) -> bool:
        """Wait until the bonus outlook asked is worked out (tests: a sharper estimate is one more frame)."""
        return self._outlook is None or self._outlook[1].done.wait(timeout)

    def bonus_outlook(self, seat: int):
        """The chance of the seat reaching the upper bonus from the start of this turn under the coach's play: exact
        (:class:`Exact`) once the chance table is read, else as far as it is played out (an
        :class:`game.coach.bonus.Estimate`, or None: not yet, earned, out of reach)."""
        from game.coach.bonus import Outlook
        from game.rules.scoring import upper_bonus_needed

        state = self.session.state
        card = state.card(seat).boxes
        if not self.available or not self.variant.upper_bonus or upper_bonus_needed(self.variant, card) in (0, None):
            return None
        from game.coach.bonus_chance import loaded, shipped_or_kept, unreadable

        found = loaded(self.variant)  # the advice's thread reads the shipped table: the frame never waits for it
        if found is not None:
            from game.bots.solver_turn import Position, rules

            if self._outlook is not None:  # played out while the table was being read: no longer needed
                self._outlook[1].cancel()
                self._outlook = None
            pos = Position.of_card(self.variant, card)
            chance = found[rules(self.variant).flat(pos.mask, pos.upper, pos.five)]
            return Exact(float(chance)) if chance > 0 else None  # 0: out of reach; NaN: a card no game reaches
        if self._chances_there is None or self._chances_there and unreadable(self.variant):
            self._chances_there = shipped_or_kept(self.variant)
        if self._chances_there:
            return None  # the advice's thread is reading it: the hint alone for a frame or two
        key = (state.game, seat, tuple(sorted((box, score) for box, score in card.items() if score is not None)))
        if self._outlook is None or self._outlook[0] != key:
            if self._outlook is not None:
                self._outlook[1].cancel()
            self._outlook = (key, Outlook(self.variant, self.table, card, seed=zlib.crc32(repr(key).encode())))
        found = self._outlook[1].now
        return found if found is not None and found.games >= 25 else None

    def close(self) -> None:
        """The table is left: the outlook still being worked out stops (it would take a core for seconds)."""
        if self._outlook is not None:
            self._outlook[1].cancel()
            self._outlook = None
        if self._advisor is not None:
            self._advisor.close()

    def quiet(self) -> bool:
        """Whether the panel and the marks keep quiet now: a threshold is set and nobody asked at this moment."""
        return self.quiet_below > 0 and self.asked != len(self.session.log)

    def on_as_left(self, names) -> None:
        """A game not begun yet: the coach is on for the people who left it on in their last game (Settings keep
        ``coach_for``); a game resumed keeps the seats it was saved with."""
        state = self.session.state
        if getattr(state, "game", 0) or any(state.card(seat).filled() for seat in range(state.n)):
            return
        for seat, info in enumerate(state.seats):
            if not info.is_computer and info.name in names:
                self.on.add(seat)

    def switch(self, seat: int) -> str:
        """The Coach button or C: a quiet coach answers now; else the seat's coach goes on or off. The words to
        say."""
        if seat in self.on and self.quiet():
            self.asked = len(self.session.log)
            return t("table.coach_asked")
        self.on ^= {seat}
        if seat not in self.on:
            return t("table.coach_off")
        if self.quiet_below > 0:
            places = 0 if self.quiet_below % 1 == 0 else 1
            return t("table.coach_on_quiet", points=i18n.number(self.quiet_below, places))
        return t("table.coach_on")

    def said_slip(self) -> str | None:
        """The words for a move that cost more than the threshold, once: "That cost about 3.7 points: holding three
        fives was better"."""
        cost, self.spoken = self.spoken, None
        if cost is None:
            return None
        return t("table.coach_slip", loss=about(cost.loss), best=describe(cost.best, self.variant))

    def goals(self, index: int, advice=None) -> list[tuple[str, float]]:
        """The one or two goals that explain option ``index`` of :meth:`options` (or of ``advice``; a hold), with
        their chances by the end of the turn: [("yahtzee", 0.093), ("four_kind", 0.518)]; [] for a box or none."""
        advice = advice or self.advice()
        return advice.goals.get(index, []) if advice is not None else []

    def why(self, index: int, advice=None) -> str | None:
        """The line under option ``index`` of :meth:`options` (or of ``advice``, the panel's): why it is best, or
        what it costs, from the solver's numbers (a box: what it scores now against what is still to come; a hold
        or copy: its odds)."""
        from game.coach.reasons import why_box

        advice = advice or self.advice()
        options = advice.options if advice is not None else []
        if not 0 <= index < len(options):
            return None
        if options[index].kind == "box":
            return why_box(options, index, self.variant)
        reason = advice.reasons.get(index)
        return reason.said(self.variant) if reason is not None else None

    def panel_line(self, index: int, advice=None) -> str | None:
        """The panel's line under option ``index``: its why, and its chance of the upper bonus where the choice
        changes it ("upper bonus 71%")."""
        advice = advice or self.advice()
        said = [words for words in (self.why(index, advice), bonus_said(advice, index)) if words]
        return " · ".join(said) or None

    def agrees(self, box: str) -> bool:
        """Whether scoring ``box`` now is the coach's best move (or as good as it: no slip, its panel says "best")."""
        chosen = next((o for o in self.options() if o.kind == "box" and o.box == box), None)
        return chosen is not None and chosen.loss < AS_GOOD

    def on_card(self, seat: int) -> int:
        """The points on the seat's card of this game now, bonuses included: an option's expected final score is
        these plus its value (the points still to come)."""
        return self.session.state.card(seat).total(self.variant)

    def judge(self, action: Action) -> None:
        """Before a person's move: what it costs against the best option now."""
        state = self.session.state
        self.forget_from(len(self.session.log))  # anything judged here before was taken back
        seat = state.current_player()
        if not self.available or seat < 0 or state.seats[seat].is_computer:
            return
        options = self.options()
        if not options:
            return
        chosen = chosen_option(state, action, options)  # the same reading as the game's review afterwards
        if chosen is not None:
            self._weigh(state, seat, options, chosen)
            self._keep(state, seat, options, chosen)
        if chosen is None or chosen.loss < AS_GOOD:
            return
        best = options[0]
        turn = state.card(seat).filled() + 1
        cost = Cost(state.game, turn, chosen.loss, chosen, best, self.variant, _dice_of(state, seat, action),
                    getattr(state, "games", 1), len(self.session.log))
        self.costs.setdefault(seat, []).append(cost)
        # said at once: over the threshold the player set; with none ("Always": the panel shows), a slip (1 point)
        said = cost.loss > self.quiet_below if self.quiet_below > 0 else cost.loss >= SAID_ALWAYS
        if seat in self.on and said:
            self.spoken = cost

    def _keep(self, state, seat: int, options: list, chosen) -> None:
        """A decision for the records (where there was a choice), with its position when it was a slip."""
        from game.coach.slips import slip_of

        if len(options) < 2:
            return
        slip = None
        if chosen.loss >= AS_GOOD:
            index = next(i for i, option in enumerate(options) if option is chosen)
            slip = slip_of(state, seat, options, index, self.on_card(seat)).to_dict()
        self.session.review.add(Decision(seat, state.game, len(self.session.log), chosen.loss, slip))

    def _weigh(self, state, seat: int, options: list, chosen) -> None:
        """Luck and skill of one choice (Challenge's copies too, in solitaire values: the sums still add up, as each
        choice's luck is measured from the expected score the choice before it left)."""
        on_card = self.on_card(seat)
        now = on_card + options[0].value  # the expected final score with the dice as they fell
        steps = [step for step in self.steps.get(seat, []) if step.game == state.game]
        before = expected_before(state, seat, self.table, steps[-1].expected if steps else None)
        if before is None:
            return  # the coach came in mid-turn: no luck to weigh for this game
        first = not steps and state.card(seat).filled() == 0
        self.steps.setdefault(seat, []).append(Step(state.game, len(self.session.log), now - before, chosen.loss,
                                                    on_card + chosen.value, first, before))

    def luck_and_skill(self, seat: int, game: int | None = None) -> LuckAndSkill | None:
        """The seat's game (this one, or ``game`` of a match) split into luck and skill; None where the coach did not
        weigh every choice from the start (it came in late, or Challenge)."""
        game = self.session.state.game if game is None else game
        steps = [step for step in self.steps.get(seat, []) if step.game == game and step.at < len(self.session.log)]
        if not steps or not steps[0].first:
            return None
        return LuckAndSkill(steps[0].before, sum(step.luck for step in steps), sum(step.loss for step in steps))

    def report(self, seat: int) -> tuple[float, list[Cost]]:
        """What a seat's slips cost together (points, on average) and its costliest ones, worst first: the moves that
        stand only (an undone move is no slip)."""
        costs = [cost for cost in self.costs.get(seat, []) if cost.at < len(self.session.log)]
        return sum(c.loss for c in costs), sorted(costs, key=lambda c: -c.loss)[:3]


def luck_and_skill_said(name: str, split: LuckAndSkill, slip: Cost | None) -> str:
    """"Ann, your dice were 14 points kinder than average; your choices cost 23. Your biggest slip: ..."."""
    if split.luck >= 0.05:
        dice = t("gameover.coach_dice_kinder", name=name, luck=about(split.luck))
    elif split.luck <= -0.05:
        dice = t("gameover.coach_dice_crueller", name=name, luck=about(-split.luck))
    else:
        dice = t("gameover.coach_dice_average", name=name)
    if slip is None:
        return t("gameover.coach_choices_perfect", dice=dice)
    return t("gameover.coach_choices", dice=dice, skill=about(split.skill), slip=slip.text)


def _dice_of(state, seat: int, action: Action) -> tuple[int, ...]:
    """The dice a choice was made with: Challenge scores a seat's own markers, else the dice on the table."""
    markers = getattr(state, "markers", None)
    if isinstance(action, Score) and markers is not None:
        return tuple(markers[seat])
    return tuple(state.dice or ())
