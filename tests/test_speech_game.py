"""Speech at a whole Classic game, played by keys alone, read only through the speech log (never the screen).

A person (Ann) plays a computer (Bob) by keys; every sentence said goes to the speech log. The log alone must let
a listener follow the game: each throw's five faces in order (equal to the engine's dice), each score with its
points, each change of turn, the winner. The engine's own record (the session's log, replayed) is the truth the
log is checked against.
"""

from __future__ import annotations

import random
import re

import pygame
from scene_driver import Driver
from test_keyboard import MOUSE, play_turn_by_keys

from game.bots.levels import make_player
from game.engine.actions import Dice, Score
from game.engine.session import Session
from game.engine.state import Seat
from game.rules import i18n
from game.rules.variants import find_variant
from game.speech.narrator import LONGEST

WORDS = {
    "en": {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6},
    "nl": {"een": 1, "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6},
}
TURN = {"en": (r"^(\w+), your turn\.$", r"^(\w+) plays\.$"), "nl": (r"^(\w+), jouw beurt\.$", r"^(\w+) speelt\.$")}
TOTAL = {"en": "Total", "nl": "Totaal"}
OVER = {"en": "Game over.", "nl": "Spel voorbij."}


def engine_record(session: Session):
    """The engine's truth, replayed from its log: the dice after each throw, each box filled (seat, box, points)."""
    state = session.start.clone()
    throws, scores = [], []
    seat = 0
    for action in session.log:
        if not isinstance(action, Dice):
            seat = state.current_player()  # a chance step is nobody's: the dice are the roller's
        state.apply(action)
        if isinstance(action, Dice) and state.phase == "play":
            throws.append((seat, tuple(state.dice)))
        if isinstance(action, Score):
            scores.append((seat, action.box, state.cards[0][seat].boxes[action.box]))
    return throws, scores


def play_whole_game(tmp_path, language: str):
    driver = Driver(animation="instant", language=language)
    pygame.event.set_blocked(list(MOUSE))  # keys alone
    log_path = tmp_path / "speech.log"
    driver.app.speech.log = open(log_path, "w", encoding="utf-8")
    try:
        from scenes.scorecard.table import TableScene

        seats = [Seat("Ann"), Seat("Bob", "computer", "greedy")]
        session = Session(find_variant("classic"), seats, seed=11, rolloff=False)
        table = TableScene(driver.app, session)
        driver.start(table)
        driver.step(0.2)
        player = make_player("greedy", random.Random(3))
        for _ in range(400):
            if table.state.is_terminal() or driver.top is not table:
                break
            if table.seat >= 0 and table.controller.is_person(table.seat):
                play_turn_by_keys(driver, table, player)
            else:
                driver.step(0.2)  # the computer plays at its pace
        assert table.state.is_terminal()
        driver.step(0.5)
        return session, log_path.read_text(encoding="utf-8").splitlines()
    finally:
        pygame.event.set_allowed(None)
        driver.close()
        i18n.set_language("en")


def check_log(session: Session, lines: list[str], language: str) -> None:
    names = [seat.name for seat in session.state.seats]
    variant = session.variant
    words = WORDS[language]
    i18n.set_language(language)
    box_names = {str(box.name): box.id for box in variant.boxes}
    i18n.set_language("en")
    throws, scores = engine_record(session)
    said_throws, said_scores, said_turns = [], [], []
    for line in lines:
        assert 0 < len(line) <= LONGEST, line
        thrown = re.fullmatch(r"(\w+)(?: kept [\w, ]+| hield [\w, ]+ vast)?: ((?:\w+, ){4}\w+)\.", line)
        if thrown and all(word.lower() in words for word in thrown[2].split(", ")):
            said_throws.append((names.index(thrown[1]), tuple(words[w.lower()] for w in thrown[2].split(", "))))
            continue
        scored = re.fullmatch(rf"(\w+): (.+), (\d+)\. {TOTAL[language]} (\d+)\.( Bonus!)?", line)
        if scored:
            said_scores.append((names.index(scored[1]), box_names[scored[2]], int(scored[3])))
            continue
        for pattern in TURN[language]:
            turn = re.fullmatch(pattern, line)
            if turn:
                said_turns.append(names.index(turn[1]))
    assert said_throws == throws  # every throw's five faces, in order, as the engine drew them
    assert said_scores == scores  # every box filled, with its points
    # every change of turn: after each box but the last, the next seat is named (and the opening turn too)
    assert said_turns == [0] + [1 - seat for seat, _, _ in scores[:-1]]
    assert any(line.startswith(OVER[language]) for line in lines[-3:])
    winner = names[session.state.winners()[0]]
    assert winner in lines[-1] or winner in lines[-2]


def test_a_whole_classic_game_by_keys_can_be_followed_from_the_speech_log_alone(tmp_path):
    session, lines = play_whole_game(tmp_path, "en")
    check_log(session, lines, "en")
    assert len(lines) > 60
    assert any(" kept " in line for line in lines)  # a computer's holds told with its next throw


def test_dutch_speaks_dutch(tmp_path):
    session, lines = play_whole_game(tmp_path, "nl")
    check_log(session, lines, "nl")
    text = "\n".join(lines)
    assert "jouw beurt" in text and "Totaal" in text
    for english in ("your turn", "Total", " plays.", "Game over", "three", "Hold "):
        assert english not in text, english
