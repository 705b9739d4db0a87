"""The state of a scorecard match, and the one API everyone plays through.

In the manner of OpenSpiel: the :class:`Variant` is what never changes, the
state is what does. Ask ``current_player()`` who acts (a seat, ``CHANCE`` for
dice to be drawn, ``TERMINAL`` when the match is over), ``legal_actions()``
for what they may do, and ``apply(action)`` to do it. An illegal action
raises :class:`IllegalAction` and leaves the state untouched.

A match is: a roll-off for who starts (every seat throws all dice, the
highest total starts, ties throw again), then 1 to 6 games. Each later game
is started by the seat to the left of the previous game's starter. The turn
structure of a game is ``solo`` (each seat in turn rolls up to N times and
fills one box, here) or ``common`` (Challenge, in :mod:`game.engine.challenge`).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action, Dice, Hold, Release, Roll, Score
from game.engine.card import Card
from game.engine.results import CardResults, Results, Row
from game.errors import IllegalAction, SaveError, cause, shown
from game.rules.scoring import Options, box_options
from game.rules.variant import Variant
from game.rules.yamlsource import text_problem

CHANCE = -1
TERMINAL = -2
SEAT_KINDS = ("person", "computer")
MAX_NAME = 40  # characters of a seat's name: typed, saved and read back (every screen shortens further)


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = "person"
    level: str | None = None  # the computer's level
    colour: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.kind == "computer"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level, "colour": self.colour}

    @classmethod
    def from_json(cls, data: Any) -> Seat:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str) or data.get("kind") not in SEAT_KINDS:
            raise SaveError(f"not a seat: {shown(data)}")
        name = data["name"]
        if len(name) > MAX_NAME or text_problem(name):
            raise SaveError(f"a seat's name is {len(name)} characters long or unprintable (at most {MAX_NAME})")
        level, colour = data.get("level"), data.get("colour")
        if not all(value is None or isinstance(value, str) and len(value) <= 20 for value in (level, colour)):
            raise SaveError("a seat's level or colour is not a short word")
        return cls(name, data["kind"], level, colour)


class GameState:
    """What every game's state answers alike; a family's state adds its rules (``why_illegal``, ``_apply``)."""

    seats: tuple[Seat, ...]
    phase: str
    pending: tuple[int, ...] | None
    seat: int
    variant: Any  # the family's own variant (Variant, JackpotVariant): each state below names its kind
    # Whether everyone copies from dice one seat rolls for all (Challenge) instead of rolling their own: what the
    # computers, the coach and the terminal ask, not the state's class (tests/test_kinds.py).
    common_roll = False

    def __init__(self, variant: Any, seats: list[Seat], games: int = 1, rolloff: bool = True) -> None:
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    @property
    def results_shown(self) -> bool:
        """Whether the last move ended a round or game whose results everyone was shown."""
        raise NotImplementedError

    # What every kind says of its results (game.engine.results; tests/test_kinds.py checks each answers them).
    games: int

    @property
    def results(self) -> Results:
        raise NotImplementedError

    def game_totals(self, game: int | None = None) -> list[int]:
        return self.results.game_totals(game)

    def match_totals(self) -> list[int]:
        return self.results.match_totals()

    def returns(self) -> list[int]:
        """OpenSpiel's name: what each seat ends with."""
        return self.results.match_totals()

    def winners(self) -> list[int]:
        return self.results.winners()

    def bonuses_won(self, seat: int) -> dict[str, int | None]:
        return self.results.bonuses_won(seat)

    def result_rows(self, last: int) -> list[Row]:
        return self.results.rows(last)

    def result_row_count(self) -> int:
        return self.results.row_count()

    @property
    def n(self) -> int:
        return len(self.seats)

    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.pending is not None:
            return CHANCE
        return self.seat

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def chance_dice(self) -> int:
        return len(self.chance_faces())

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def apply(self, action: Action) -> None:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(f"{action!r} is not legal now: {reason}")
        self._apply(action)

    def why_illegal(self, action: Action) -> str | None:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def chance_faces(self) -> list[int]:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: Any, variant: Any) -> GameState:
        raise NotImplementedError

    def clone(self) -> GameState:
        return type(self).from_json(self.to_json(), self.variant)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


class ScorecardState(GameState):
    """Roll-off, match bookkeeping and the solo turn: roll, hold, release, score."""

    variant: Variant

    def __init__(self, variant: Variant, seats: list[Seat], games: int = 1, rolloff: bool = True) -> None:
        if not variant.min_players <= len(seats) <= variant.max_players:
            raise IllegalAction(f"{variant.name} is for {variant.min_players} to {variant.max_players} players,"
                                f" not {len(seats)}")
        if not 1 <= games <= variant.max_games:
            raise IllegalAction(f"a match of {variant.name} is 1 to {variant.max_games} games, not {games}")
        self.variant = variant
        self.seats = tuple(seats)
        self.games = games
        self.game = 0
        self.cards = [[Card.empty(variant) for _ in seats] for _ in range(games)]
        self.starter = 0
        self.seat = 0
        self.dice: tuple[int, ...] | None = None
        self.held = [False] * variant.dice
        self.rolls_used = 0
        self.pending: tuple[int, ...] | None = None  # dice waiting for a chance step
        self.last_scored: tuple[int, str, int] | None = None  # (seat, box, points) for the front end
        # Roll-off: who still contends, whose throw is next, this round's totals, every round so far.
        self.contenders: list[int] = list(range(len(seats)))
        self.rolloff_totals: dict[int, int] = {}
        self.rolloff_rounds: list[dict[int, int]] = []
        if rolloff and len(seats) > 1:
            self.phase = "rolloff"
            self.seat = self.contenders[0]
        else:
            self.phase = "play"
            self._start_game()

    # ------------------------------------------------------------ queries --
    def card(self, seat: int | None = None, game: int | None = None) -> Card:
        return self.cards[self.game if game is None else game][self.seat if seat is None else seat]

    def options(self, seat: int | None = None) -> Options | None:
        """The boxes the dice on the table may go in for this seat, with their scores."""
        if self.dice is None or self.rolls_used == 0 or self.phase != "play":
            return None
        return box_options(self.variant, self.card(seat).boxes, self.dice)

    def rolls_left(self) -> int:
        return self.variant.rolls_per_turn - self.rolls_used

    @property
    def results(self) -> CardResults:
        return CardResults(self.variant, self.cards, self.game)

    def chance_faces(self) -> list[int]:
        """How many faces each die waiting for a chance step has."""
        return [self.variant.faces] * (len(self.pending) if self.pending is not None else 0)

    # ------------------------------------------------------------ actions --
    def legal_actions(self) -> list[Action]:
        if self.phase == "over":
            return []
        if self.pending is not None:
            faces = range(1, self.variant.faces + 1)
            return [Dice(t) for t in itertools.product(faces, repeat=len(self.pending))]
        if self.phase == "rolloff":
            return [Roll()]
        return self._play_actions()

    def _play_actions(self) -> list[Action]:
        actions: list[Action] = []
        can_roll = self.rolls_used < self.variant.rolls_per_turn
        if can_roll and not all(self.held):
            actions.append(Roll())
        if self.dice is not None and can_roll:
            for die, held in enumerate(self.held):
                actions.append(Release(die) if held else Hold(die))
        options = self.options()
        if options:
            actions.extend(Score(box) for box in options.scores)
        return actions

    def why_illegal(self, action: Action) -> str | None:
        """None when the action is legal now, else the reason in one sentence."""
        if self.phase == "over":
            return "the match is over"
        if self.pending is not None:
            if not isinstance(action, Dice):
                return "the dice are rolling: only their faces can be applied now"
            faces = action.faces
            if len(faces) != len(self.pending):
                return f"{len(self.pending)} dice are rolling, not {len(faces)}"
            if not all(isinstance(f, int) and 1 <= f <= self.variant.faces for f in faces):
                return f"a die shows 1 to {self.variant.faces}"
            return None
        if isinstance(action, Dice):
            return "no dice are rolling"
        if self.phase == "rolloff":
            return None if isinstance(action, Roll) else "everyone throws all dice to decide who starts"
        return self._why_illegal_in_play(action)

    def _why_illegal_in_play(self, action: Action) -> str | None:
        can_roll = self.rolls_used < self.variant.rolls_per_turn
        if isinstance(action, Roll):
            if not can_roll:
                return f"no rolls left (a turn is {self.variant.rolls_per_turn} rolls)"
            if all(self.held):
                return "every die is held: release one to roll"
            return None
        if isinstance(action, (Hold, Release)):
            if self.dice is None:
                return "roll first"
            if not can_roll:
                return "no rolls left: holding would not change anything"
            if not (isinstance(action.die, int) and 0 <= action.die < self.variant.dice):
                return f"there is no die {action.die}"
            if isinstance(action, Hold) and self.held[action.die]:
                return f"die {action.die + 1} is already held"
            if isinstance(action, Release) and not self.held[action.die]:
                return f"die {action.die + 1} is not held"
            return None
        if isinstance(action, Score):
            return self._why_box_illegal(action.box, self.options())
        return f"{type(action).__name__} is not an action of this game"

    def _why_box_illegal(self, box: str, options: Options | None) -> str | None:
        if options is None:
            return "roll first"
        if box not in self.variant.box_ids:
            return f"there is no box '{box}'"
        if self.card().boxes[box] is not None:
            return f"{self.variant.box(box).name} is already filled"
        if box not in options.scores:
            return f"{self.variant.box(box).name} is not allowed: the joker rule says where this roll goes"
        return None

    def _apply(self, action: Action) -> None:
        if isinstance(action, Dice):
            self._land(action.faces)
        elif self.phase == "rolloff":
            self.pending = tuple(range(self.variant.dice))
        else:
            self._apply_play(action)

    def _apply_play(self, action: Action) -> None:
        if isinstance(action, Roll):
            self.pending = tuple(d for d in range(self.variant.dice) if not self.held[d] or self.dice is None)
        elif isinstance(action, Hold):
            self.held[action.die] = True
        elif isinstance(action, Release):
            self.held[action.die] = False
        elif isinstance(action, Score):
            assert self.dice is not None  # why_illegal: a box is scored only once rolled
            self._score(self.seat, action.box, self.dice)
            self._next_turn()

    def _land(self, faces: tuple[int, ...]) -> None:
        dice = list(self.dice) if self.dice is not None and self.phase == "play" else [0] * self.variant.dice
        assert self.pending is not None  # faces land only on dice that were rolling
        for die, face in zip(self.pending, faces):
            dice[die] = face
        self.dice = tuple(dice)
        self.pending = None
        if self.phase == "rolloff":
            self._rolloff_throw()
        else:
            self._landed()

    def _landed(self) -> None:
        self.rolls_used += 1

    # ----------------------------------------------------------- roll-off --
    def _rolloff_throw(self) -> None:
        assert self.dice is not None  # just landed
        self.rolloff_totals[self.seat] = sum(self.dice)
        position = self.contenders.index(self.seat) + 1
        if position < len(self.contenders):
            self.seat = self.contenders[position]
            return
        self.rolloff_rounds.append(dict(self.rolloff_totals))
        best = max(self.rolloff_totals.values())
        leaders = [s for s in self.contenders if self.rolloff_totals[s] == best]
        self.rolloff_totals = {}
        if len(leaders) > 1:  # ties throw again
            self.contenders = leaders
            self.seat = leaders[0]
            return
        self.starter = leaders[0]
        self.phase = "play"
        self._start_game()

    # -------------------------------------------------------- turns, games --
    def _score(self, seat: int, box: str, dice: tuple[int, ...]) -> None:
        options = box_options(self.variant, self.cards[self.game][seat].boxes, dice)
        card = self.cards[self.game][seat]
        points = options.scores[box]
        card.boxes[box] = points
        card.five_alike_bonus += options.five_alike_bonus
        if options.joker and not self.variant.box(box).upper:
            card.jokers.append(box)
        self.last_scored = (seat, box, points)

    def game_starter(self, game: int | None = None) -> int:
        return (self.starter + (self.game if game is None else game)) % self.n

    def _start_game(self) -> None:
        self.seat = self.game_starter()
        self._start_turn()

    def _start_turn(self) -> None:
        self.dice = None
        self.held = [False] * self.variant.dice
        self.rolls_used = 0

    @property
    def results_shown(self) -> bool:
        """The last move ended a game (of a match, or the last): everyone has seen the results, so no undo goes
        back past it. At that moment the next game's cards are still empty and no die is on the table."""
        if self.phase == "over":
            return True
        return self.phase == "play" and self.game > 0 and self.dice is None and \
            not any(card.filled() for card in self.cards[self.game])

    def _game_over(self) -> bool:
        return all(card.is_full() for card in self.cards[self.game])

    def _end_game(self) -> None:
        if self.game + 1 < self.games:
            self.game += 1
            self._start_game()
        else:
            self.phase = "over"
            self.dice = None

    def _next_turn(self) -> None:
        if self._game_over():
            self._end_game()
            return
        self.seat = (self.seat + 1) % self.n
        self._start_turn()

    # --------------------------------------------------------------- JSON --
    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant.id,
            "rules_hash": self.variant.rules_hash,
            "seats": [seat.to_json() for seat in self.seats],
            "games": self.games,
            "game": self.game,
            "phase": self.phase,
            "starter": self.starter,
            "seat": self.seat,
            "dice": list(self.dice) if self.dice is not None else None,
            "held": list(self.held),
            "rolls_used": self.rolls_used,
            "pending": list(self.pending) if self.pending is not None else None,
            "last_scored": list(self.last_scored) if self.last_scored else None,
            "cards": [[card.to_json() for card in game] for game in self.cards],
            "contenders": list(self.contenders),
            "rolloff_totals": {str(k): v for k, v in self.rolloff_totals.items()},
            "rolloff_rounds": [{str(k): v for k, v in r.items()} for r in self.rolloff_rounds],
            **self._extra_json(),
        }

    def _extra_json(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_json(cls, data: Any, variant: Variant) -> ScorecardState:
        """Rebuild a state from its ``to_json``; damaged data raises SaveError."""
        try:
            if data["variant"] != variant.id:
                raise SaveError(f"this state is of variant {shown(data['variant'])}, not {shown(variant.id)}")
            if data["rules_hash"] != variant.rules_hash:
                raise SaveError(f"the rules of {variant.id} have changed since this game was saved")
            seats = [Seat.from_json(s) for s in data["seats"]]
            state = cls(variant, seats, data["games"], rolloff=False)
            state.game = data["game"]
            state.phase = data["phase"]
            state.starter = data["starter"]
            state.seat = data["seat"]
            state.dice = tuple(data["dice"]) if data["dice"] is not None else None
            state.held = [bool(h) for h in data["held"]]
            state.rolls_used = data["rolls_used"]
            state.pending = tuple(data["pending"]) if data["pending"] is not None else None
            state.last_scored = tuple(data["last_scored"]) if data["last_scored"] else None
            state.cards = [[Card.from_json(c, variant) for c in game] for game in data["cards"]]
            state.contenders = list(data["contenders"])
            state.rolloff_totals = {int(k): v for k, v in data["rolloff_totals"].items()}
            state.rolloff_rounds = [{int(k): v for k, v in r.items()} for r in data["rolloff_rounds"]]
            state._load_extra(data)
            _check_shape(state)
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            raise SaveError(f"the saved state is damaged ({cause(error)})") from None
        return state

    def _load_extra(self, data: dict[str, Any]) -> None:
        pass


def _check_shape(state: ScorecardState) -> None:
    v = state.variant
    ok = (state.phase in ("rolloff", "play", "over") and 0 <= state.game < state.games
          and len(state.cards) == state.games and all(len(g) == state.n for g in state.cards)
          and 0 <= state.seat < state.n and len(state.held) == v.dice
          and 0 <= state.rolls_used <= v.rolls_per_turn
          and (state.dice is None or (len(state.dice) <= v.dice and all(0 <= d <= v.faces for d in state.dice))))
    if not ok:
        raise SaveError("the saved state does not fit its variant")
