"""The coach's advice is worked out off the frame (issue 28, "Measured"): a thread of its own, one position at a
time, the newest wins and a stale answer is dropped; the panel and the marks come once it is ready, and what needs
the advice at once (judging a move) still gets the right answer. The thread is held on an Event where a test needs
it slow: nothing here sleeps."""

from __future__ import annotations

import threading

import pygame
from scene_driver import Driver

from game.coach.advice import Advice, Advisor, moment_of, work_out
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.variants import find_variant

WAIT = 10.0  # seconds: a real timeout, never reached when all is well


class HeldWork:
    """A work function that stops until released, and says which positions it was given."""

    def __init__(self):
        self.release = threading.Event()
        self.started = threading.Event()
        self.given: list = []

    def __call__(self, state, table, moment):
        self.given.append(moment)
        self.started.set()
        assert self.release.wait(WAIT)
        return Advice(moment, [f"answer to {moment}"])


def test_the_newest_position_wins_and_a_stale_answer_is_dropped():
    work = HeldWork()
    advisor = Advisor(None, work)
    advisor.ask(("a",), lambda: "state a")
    assert work.started.wait(WAIT)  # "a" is being worked out
    advisor.ask(("b",), lambda: "state b")
    advisor.ask(("c",), lambda: "state c")  # "b" never started: the newest replaces it
    assert advisor.busy() and advisor.answer(("a",)) is None
    work.release.set()
    assert advisor.idle.wait(WAIT)
    assert work.given == [("a",), ("c",)]
    assert advisor.ready == Advice(("c",), ["answer to ('c',)"])  # the answer for "a" came too late: dropped
    assert advisor.answer(("a",)) is None and advisor.answer(("c",)) is not None
    advisor.ask(("c",), lambda: "state c")  # asked again: nothing more to work out
    assert advisor.idle.is_set() and work.given == [("a",), ("c",)]
    advisor.close()


def test_waiting_for_the_position_being_worked_out():
    work = HeldWork()
    advisor = Advisor(None, work)
    advisor.ask(("a",), lambda: "state a")
    assert work.started.wait(WAIT)
    assert advisor.wait(("a",), 0.01) is None  # not in time
    threading.Timer(0.01, work.release.set).start()
    assert advisor.wait(("a",), WAIT).options == ["answer to ('a',)"]
    assert advisor.wait(("z",), WAIT) is None  # never asked: nothing to wait for
    advisor.close()


def _coached_roll(driver):
    from scenes.scorecard.table import TableScene

    session = Session(find_variant("classic"), [Seat("Ann"), Seat("Ada", "computer", "greedy")], seed=7,
                      rolloff=False)
    table = TableScene(driver.app, session)
    driver.start(table)
    driver.click(table.coach_button.rect.center)
    assert 0 in table.coach.on
    return table, session


def test_the_panel_and_the_marks_wait_for_the_thread_and_frames_keep_coming():
    driver = Driver(animation="instant")
    try:
        table, session = _coached_roll(driver)
        work = HeldWork()
        real = work_out

        def held(state, table_, moment):
            work(state, table_, moment)
            return real(state, table_, moment)

        table.coach.advisor().work = held
        driver.settle_coach = lambda timeout=WAIT: None  # the test holds the thread itself
        driver.key(pygame.K_SPACE)  # roll
        assert work.started.wait(WAIT)
        for _ in range(5):  # the frames go on while the advice is worked out: nothing waits for it
            driver.step(0.05)
            assert table.animating() and table.coach.panel is None and table.coach.fresh() is None
        assert table.tray.highlight == set() and table.card.focus_box is None  # no marks before the advice
        work.release.set()
        assert table.coach.settle(WAIT)
        driver.step(0.05)
        advice = table.coach.panel
        assert advice is not None and advice is table.coach.fresh()
        assert advice.options == work_out(session.state, table.coach.table).options
        best = advice.options[0]
        if best.kind == "keep":
            assert sorted(session.state.dice[d] for d in table.tray.highlight) == sorted(best.keep)
        else:
            assert table.card.focus_box == best.box
        assert not table.coach.working()
    finally:
        driver.close()


def test_holding_a_die_asks_nothing_new_and_a_reroll_keeps_the_panel_until_ready():
    driver = Driver(animation="instant")
    try:
        table, session = _coached_roll(driver)
        driver.key(pygame.K_SPACE)
        first = table.coach.panel
        assert first is not None and first.options
        driver.key(pygame.K_1)  # hold the first die: the log grows, the position is the same
        assert any(session.state.held)
        assert table.coach.panel is first and not table.coach.working()
        work = HeldWork()
        table.coach.advisor().work = lambda state, table_, moment: (work(state, table_, moment),
                                                                   work_out(state, table_, moment))[1]
        driver.settle_coach = lambda timeout=WAIT: None
        before = moment_of(session.state)
        driver.key(pygame.K_SPACE)  # roll
        assert moment_of(session.state) != before and work.started.wait(WAIT)
        driver.step(0.05)
        assert table.coach.panel is first and table.coach.fresh() is None  # the last panel of the turn, no marks
        work.release.set()
        assert table.coach.settle(WAIT)
        driver.step(0.05)
        assert table.coach.panel is not first and table.coach.panel.moment == moment_of(session.state)
    finally:
        driver.close()


def test_judging_a_move_gets_the_right_advice_while_the_thread_works():
    driver = Driver(animation="instant")
    try:
        table, session = _coached_roll(driver)
        work = HeldWork()
        table.coach.advisor().work = lambda state, table_, moment: (work(state, table_, moment),
                                                                   work_out(state, table_, moment))[1]
        driver.settle_coach = lambda timeout=WAIT: None
        driver.key(pygame.K_SPACE)  # roll
        assert work.started.wait(WAIT)
        threading.Timer(0.01, work.release.set).start()
        options = table.coach.options()  # waits for the thread's answer (judge and "Score 0?" need it now)
        assert options == work_out(session.state, table.coach.table).options
        assert table.coach.advisor().answer(moment_of(session.state)).options == options
    finally:
        driver.close()


def test_the_coach_computes_directly_when_nothing_is_being_worked_out():
    from game.coach.coach import Coach

    session = Session(find_variant("classic"), [Seat("Ann")], seed=3, rolloff=False)
    coach = Coach(session)
    while not session.state.dice:
        session.act(session.legal_actions()[0])
    assert not coach.working()
    options = coach.options()
    assert options and options == work_out(session.state, coach.table).options
    # worked out without the bonus odds, so not offered: the panel asks the thread for the whole advice
    assert coach.advisor().answer(moment_of(session.state)) is None
    assert coach.advice().options == options and coach.advisor().answer(moment_of(session.state)) is not None
    coach.close()
