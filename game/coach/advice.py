"""The coach's advice for one position, worked out off the frame: the ranked options, every hold's odds and goals,
and every hold's line of why (issue 28: a decision takes ~5 ms, and up to ~65 ms at worst on a shared 2-core
machine, while a frame at 60 fps is 16.7 ms).

- :func:`moment_of` is what the advice depends on in an engine state (not the dice held, nor the log's length:
  holding a die asks nothing new).
- :func:`work_out` gives the :class:`Advice` of a state (pure: it reads the state and the solver's table only).
- :class:`Advisor` works it out in a thread of its own, one position at a time: the newest position asked wins,
  and an answer for a position no longer wanted is dropped. The solver's table is read-only; the solved turns'
  cache is shared under a lock (:func:`game.bots.solver_turn.solve_turn`), the odds' tables under
  ``functools.lru_cache`` (safe across threads).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger("dice_parlor.coach")


@dataclass(frozen=True)
class Advice:
    """The advice of one position (``moment``): ``options`` ranked best first (:class:`game.bots.solver.Option`);
    ``goals`` the one or two goals of each hold by its index, with their chances; ``reasons`` each hold's line
    before it is put in words (:class:`game.coach.reasons.Reason`: the language may change)."""

    moment: tuple
    options: list = field(default_factory=list)
    goals: dict = field(default_factory=dict)
    reasons: dict = field(default_factory=dict)
    bonus: tuple = ()  # each option's exact chance of the upper bonus (empty: the bonus is not at stake, or no table)


def moment_of(state) -> tuple:
    """What the advice of an engine state depends on: two states with the same moment get the same advice."""
    head = (state.variant.kind, state.phase, getattr(state, "game", 0))
    seat = getattr(state, "seat", -1)
    if state.phase != "play" or seat is None or seat < 0:
        return head
    markers = getattr(state, "markers", None)
    common = getattr(state, "common", None)
    return head + (seat, tuple(state.card(seat).boxes.items()), tuple(state.dice) if state.dice else None,
                   getattr(state, "rolls_used", None), getattr(state, "stage", None), getattr(state, "step", None),
                   getattr(state, "roller", None), tuple(markers[seat]) if markers else None,
                   tuple(common) if common else None)


def same_turn(one: tuple, other: tuple) -> bool:
    """Whether two moments are of one seat's turn with the card as it was (a reroll, a copy): while the new advice
    is worked out, the panel may keep the last one."""
    return len(one) > 4 and one[:5] == other[:5]


def work_out(state, table, moment: tuple | None = None, bonus_odds: bool = True) -> Advice:
    """The advice of the state's seat now (a failure gives no options: advice is a help, it never stops a game).
    ``bonus_odds`` False leaves out each option's chance of the upper bonus (what judging a move needs not)."""
    from game.bots.solver import advise_state
    from game.coach.odds import goals_of_holds
    from game.coach.reasons import hold_reasons

    moment = moment_of(state) if moment is None else moment
    try:
        options = advise_state(state, table=table)
        bonus = bonus_chances(state, table, options) if bonus_odds else ()
        holds = [i for i, option in enumerate(options) if option.kind in ("keep", "copy")]
        held = _held(state) if holds else None
        if held is None:
            return Advice(moment, options, bonus=bonus)
        base, left = held
        variant, card = state.variant, state.card(state.seat).boxes
        reasons = hold_reasons(variant, card, options, left, base, tuple(state.dice or ()))
        found = goals_of_holds(variant, card, [tuple(sorted(base + tuple(options[i].keep))) for i in holds], left)
        return Advice(moment, options, dict(zip(holds, found)), reasons, bonus)
    except Exception as error:
        log.warning("coach failed: %s", error)
        return Advice(moment)


def bonus_chances(state, table, options) -> tuple:
    """Each option's exact chance of the upper bonus, where the choice changes it (a solo turn's holds and boxes;
    Challenge's copies are not worked out): empty where every option leaves the same chance."""
    from game.coach.bonus_chance import chances, option_chances

    variant = state.variant
    if not variant.upper_bonus or not options or any(o.kind == "copy" for o in options) or state.dice is None:
        return ()
    chances(variant, table, build_it=False)  # read here, off the frame, also on a last turn: the bonus hint's figure
    found = option_chances(variant, table, lambda: chances(variant, table, build_it=False),
                           state.card(state.seat).boxes, None, None, state.rolls_left(), options)
    if None in found or max(found) - min(found) < 0.005:
        return ()
    return tuple(found)


def _held(state) -> tuple[tuple[int, ...], int] | None:
    """What a hold starts from and the rolls after it: solo, nothing and the rolls left; Challenge, the seat's
    markers and the steps to come (solitaire odds: as if the next roll were of the missing dice alone)."""
    if state.common_roll:
        if state.stage != "pick":
            return None
        return tuple(state.markers[state.seat]), max(0, state.variant.rolls_per_turn - state.step)
    if getattr(state, "dice", None) is None:
        return None
    return (), state.rolls_left()


class Advisor:
    """Works the advice out in a daemon thread, one position at a time; the newest position asked wins."""

    def __init__(self, table, work: Callable = work_out):
        self.table = table
        self.work = work
        self.ready: Advice | None = None  # the newest answer, for the newest position asked
        self.idle = threading.Event()  # set while nothing is asked or being worked out
        self.idle.set()
        self._lock = threading.Condition()
        self._asked: tuple | None = None  # the newest position asked
        self._waiting: tuple | None = None  # (moment, state) not started yet
        self._working: tuple | None = None  # the moment being worked out
        self._thread: threading.Thread | None = None
        self._closed = False

    def answer(self, moment: tuple) -> Advice | None:
        """The advice of ``moment`` if it is ready (never waits)."""
        ready = self.ready
        return ready if ready is not None and ready.moment == moment else None

    def busy(self) -> bool:
        return not self.idle.is_set()

    def ask(self, moment: tuple, state_of: Callable) -> None:
        """Work out the advice of ``moment`` (``state_of()``: a copy of the state the thread may read, made only
        when the position is new); an answer still being worked out for another position will be dropped."""
        with self._lock:
            if self._closed or self._asked == moment:
                return
            self._asked = moment
            if self.answer(moment) is not None:
                return
            self._waiting = (moment, state_of())
            self.idle.clear()
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="coach-advice", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def wait(self, moment: tuple, timeout: float) -> Advice | None:
        """The advice of ``moment``: waited for if it is being worked out (None: it is not, or not in time)."""
        with self._lock:
            self._lock.wait_for(lambda: moment not in (self._working, self._waiting and self._waiting[0]), timeout)
            return self.answer(moment)

    def offer(self, advice: Advice) -> None:
        """An answer worked out elsewhere, for the position now (the main thread could not wait): the newest; one
        still being worked out for an older position will be dropped."""
        with self._lock:
            self._asked, self.ready = advice.moment, advice

    def close(self) -> None:
        with self._lock:
            self._closed, self._waiting = True, None
            self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._waiting is not None or self._closed)
                if self._closed:
                    self.idle.set()
                    return
                (moment, state), self._waiting = self._waiting, None
                self._working = moment
            advice = self.work(state, self.table, moment)
            with self._lock:
                self._working = None
                if moment == self._asked:  # a stale answer (a newer position was asked) is dropped
                    self.ready = advice
                if self._waiting is None:
                    self.idle.set()
                self._lock.notify_all()
