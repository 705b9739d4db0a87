"""The optimal solver (issue 8): published values, the table files, advice and the optimal player.

Independent routes used here:
- the published optimal start values of docs/rules.md section 4 (shipped tables);
- a brute-force recursion over whole games (:class:`Brute`): real ``Card``
  objects, ``box_options`` for every roll, ``Card.total`` for every gain (the
  upper bonus counted from the card, not on crossing; the upper total never
  capped), every keep of every roll enumerated with ``keep_outcomes``. It
  checks the builder on small variants from scratch and the advice on
  end-game states of the real variants.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from game.bots.levels import make_player
from game.bots.optimal import OptimalPlayer
from game.bots.solver import (
    Position,
    SolverTableError,
    advise,
    advise_state,
    build_values,
    load_table,
    save_table,
    shipped_path,
    solve_turn,
    table_for,
    user_path,
)
from game.bots.solver import main as solver_main
from game.bots.solver_file import forget_loaded, read_header, scoring_fingerprint
from game.bots.solver_model import geometry, hand_values, joker_tables, model
from game.cli import simulate
from game.engine.actions import Copy, Hold, Release, Roll, Score
from game.engine.card import Card
from game.engine.families import new_state
from game.engine.session import Session
from game.engine.state import Seat
from game.rules.hands import all_hands, keep_outcomes, reachable_keeps
from game.rules.scoring import Options, box_options, hand_scores, is_five_alike
from game.rules.variants import find_variant, load_variant_file

PUBLISHED = {"official": 254.5877, "yatzy": 248.4400, "classic": 253.9702, "dutch": 254.5896}
SCORECARD = ("classic", "official", "dutch", "fivezee", "yatzy", "challenge")


@pytest.fixture(autouse=True)
def _fresh_tables():
    forget_loaded()
    yield
    forget_loaded()


_SHIPPED: dict = {}


def shipped(name: str):
    """The shipped table of a variant, loaded once per test session (never built here)."""
    variant = find_variant(name)
    if name not in _SHIPPED:
        _SHIPPED[name] = load_table(shipped_path(variant), variant)
    return variant, _SHIPPED[name]


# ------------------------------------------------------------ brute force --

class Brute:
    """Exact expected gain of ``Card.total`` over the rest of the game, by enumeration."""

    def __init__(self, variant):
        self.v = variant
        self.hands = all_hands(variant.dice, variant.faces)
        self.keeps = sorted({k for h in self.hands for k in reachable_keeps(h)})
        self.memo: dict = {}

    def key(self, card: Card):
        five = self.v.five_alike_box
        filled = tuple(card.boxes[b] is not None for b in self.v.box_ids)
        return filled, card.upper_total(self.v), card.boxes[five] if five else None

    def move(self, card: Card, box: str, options: Options) -> float:
        new = Card(dict(card.boxes), card.five_alike_bonus)
        new.boxes[box] = options.scores[box]
        new.five_alike_bonus += options.five_alike_bonus
        return new.total(self.v) - card.total(self.v) + self.value(new)

    def levels(self, card: Card):
        """levels[r][hand]: best gain with this hand and r rolls left; keeps[r][keep] with r rolls left after it."""
        finals = {}
        for hand in self.hands:
            options = box_options(self.v, card.boxes, hand)
            finals[hand] = max(self.move(card, box, options) for box in options.scores)
        levels, keeps = [finals], [None]
        for _ in range(1, self.v.rolls_per_turn):
            prev = levels[-1]
            kv = {k: sum(p * prev[h] for h, p in keep_outcomes(k, self.v.dice, self.v.faces)) for k in self.keeps}
            keeps.append(kv)
            levels.append({h: max(kv[k] for k in reachable_keeps(h)) for h in self.hands})
        return levels, keeps

    def value(self, card: Card) -> float:
        if card.is_full():
            return 0.0
        key = self.key(card)
        if key not in self.memo:
            levels, _ = self.levels(card)
            top = levels[-1]
            self.memo[key] = sum(p * top[h] for h, p in keep_outcomes((), self.v.dice, self.v.faces))
        return self.memo[key]

    def options(self, card: Card, dice, rolls_left: int) -> dict:
        """Every option's exact value: ('box', id) and ('keep', values)."""
        hand = tuple(sorted(dice))
        options = box_options(self.v, card.boxes, hand)
        found = {("box", box): self.move(card, box, options) for box in options.scores}
        if rolls_left:
            _, keeps = self.levels(card)
            for keep in reachable_keeps(hand):
                if len(keep) < len(hand):
                    found[("keep", keep)] = keeps[rolls_left][keep]
        return found


def card_with(variant, **boxes) -> Card:
    card = Card.empty(variant)
    card.boxes.update(boxes)
    return card


TINY = """\
format: 1
name: Tiny
description: A small variant for the solver's tests.
players: {{min: 1, max: 2}}
dice: {dice}
faces: {faces}
rolls_per_turn: {rolls}
joker: {joker}
upper_bonus: {{threshold: {threshold}, points: 40}}
five_alike_bonus: 100
boxes:
{boxes}
"""
TINY_BOXES = {
    "4d4": """\
  - {id: twos,   name: Twos,   kind: face, face: 2}
  - {id: threes, name: Threes, kind: face, face: 3}
  - {id: full_house, name: Full House, kind: full_house, score: 25}
  - {id: straight, name: Straight, kind: straight, length: 4, score: 30}
  - {id: yahtzee, name: Yahtzee, kind: five_alike, score: 50}
  - {id: chance, name: Chance, kind: chance}""",
    "3d6": """\
  - {id: sixes,  name: Sixes,  kind: face, face: 6}
  - {id: chance, name: Upper Chance, kind: chance, section: upper}
  - {id: pair,   name: Pair,   kind: pairs, count: 1}
  - {id: triple, name: Triple, kind: five_alike, score: 30}""",
    "5d6": """\
  - {id: fives,  name: Fives,  kind: face, face: 5}
  - {id: sixes,  name: Sixes,  kind: face, face: 6}
  - {id: full_house, name: Full House, kind: full_house, score: 25}
  - {id: yahtzee, name: Yahtzee, kind: five_alike, score: 50}""",
}


def tiny(tmp_path: Path, joker: str = "official", shape: str = "4d4", threshold: int = 12, name: str = "tiny"):
    dice, faces, rolls = {"4d4": (4, 4, 3), "3d6": (3, 6, 2), "5d6": (5, 6, 3)}[shape]
    path = tmp_path / f"{name}.yaml"
    boxes = TINY_BOXES[shape]
    if joker == "none" and dice != 5:  # a full house (three and two) needs five dice: with four, only a joker scores it
        boxes = boxes.replace("{id: full_house, name: Full House, kind: full_house, score: 25}",
                              "{id: two_pairs, name: Two Pairs, kind: pairs, count: 2, score: 25}")
    path.write_text(TINY.format(dice=dice, faces=faces, rolls=rolls, joker=joker, threshold=threshold,
                                boxes=boxes), encoding="utf-8")
    return load_variant_file(path)


# ---------------------------------------------------- the published values --

@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_published_start_values(name):
    variant, table = shipped(name)
    assert table.rules_hash == variant.rules_hash
    assert round(table.start_value, 4) == PUBLISHED[name]  # the shipped float32 value
    assert round(table.start64, 4) == PUBLISHED[name]  # the value as built in float64


def test_dutch_start_value_is_the_published_254_5896():
    # docs/rules.md section 4: joker `upper_filled` (Verhoeff's rule) is worth 254.5896 from the start.
    table = table_for(find_variant("dutch"), build=False)
    assert round(table.start_value, 4) == 254.5896


def test_challenge_has_the_solitaire_values_of_dutch():
    _, dutch = shipped("dutch")
    _, challenge = shipped("challenge")
    dutch_values, challenge_values = np.asarray(dutch.data), np.asarray(challenge.data)
    both = np.isfinite(dutch_values)
    assert np.array_equal(both, np.isfinite(challenge_values))
    assert np.array_equal(dutch_values[both], challenge_values[both])


# ------------------------------------------------------------ table files --

@pytest.mark.parametrize("name", SCORECARD)
def test_shipped_tables_are_current_and_small(name):
    variant = find_variant(name)
    path = shipped_path(variant)
    assert path.stat().st_size < 5_000_000
    header = read_header(path)
    assert header["rules_hash"] == variant.rules_hash
    assert header["scoring"] == scoring_fingerprint(variant)
    table = table_for(variant, build=False)
    assert table.rules_hash == variant.rules_hash
    assert 200 < table.start_value < 300


def test_builder_matches_brute_force_on_a_small_variant(tmp_path):
    for joker in ("official", "upper_filled", "free", "none"):
        variant = tiny(tmp_path, joker, name=f"tiny_{joker}")
        table = build_values(variant)
        brute = Brute(variant)
        assert table.start_value == pytest.approx(brute.value(Card.empty(variant)), abs=1e-9)
        m = model(variant)
        compared = 0
        for (filled, upper, five), value in brute.memo.items():  # every state the game can reach
            mask = sum(1 << i for i, f in enumerate(filled) if f)
            assert table.value(mask, min(upper, m.threshold), int(bool(five))) == pytest.approx(value, abs=1e-9)
            compared += 1
        assert compared > 100


@pytest.mark.parametrize("joker, shape, threshold", [("upper_filled", "5d6", 20), ("free", "3d6", 15)])
def test_builder_matches_brute_force_with_other_dice(tmp_path, joker, shape, threshold):
    # five dice of six faces; and three dice, two rolls a turn, a Chance counted in the upper section
    variant = tiny(tmp_path, joker, shape, threshold=threshold)
    table = build_values(variant)
    brute = Brute(variant)
    assert table.start_value == pytest.approx(brute.value(Card.empty(variant)), abs=1e-9)
    m = model(variant)
    for (filled, upper, five), value in brute.memo.items():
        mask = sum(1 << i for i, f in enumerate(filled) if f)
        assert table.value(mask, min(upper, m.threshold), int(bool(five))) == pytest.approx(value, abs=1e-9)


def test_a_changed_rules_hash_is_refused_and_rebuilt(tmp_path):
    variant = tiny(tmp_path, name="house")
    table = table_for(variant)  # built on first use, cached in the user's folder
    path = user_path(variant)
    assert path.is_file() and path.parent == Path(tmp_path / "home" / "data" / "solver")
    forget_loaded()
    assert table_for(variant, build=False).start_value == pytest.approx(table.start_value, abs=1e-4)

    # The YAML changes (a bigger upper bonus): the old file is refused, never used.
    text = (tmp_path / "house.yaml").read_text().replace("points: 40", "points: 45")
    (tmp_path / "house.yaml").write_text(text)
    changed = load_variant_file(tmp_path / "house.yaml")
    assert changed.rules_hash != variant.rules_hash
    with pytest.raises(SolverTableError, match="other rules"):
        load_table(path, changed)
    forget_loaded()
    with pytest.raises(SolverTableError, match="no solver table"):
        table_for(changed, build=False)
    rebuilt = table_for(changed)
    assert rebuilt.rules_hash == changed.rules_hash
    assert rebuilt.start_value > table.start_value  # the bonus is worth more now
    assert load_table(user_path(changed), changed).rules_hash == changed.rules_hash


def test_a_table_from_other_scoring_code_is_refused(tmp_path):
    variant = tiny(tmp_path)
    table = build_values(variant)
    table.scoring = "0" * 16
    path = save_table(table, tmp_path / "stale.table")
    with pytest.raises(SolverTableError, match="other scoring code"):
        load_table(path, variant)
    with pytest.raises(SolverTableError, match="not a solver table"):
        (tmp_path / "junk.table").write_bytes(b"not a table")
        load_table(tmp_path / "junk.table", variant)


def test_build_command_writes_a_table_with_its_hash(tmp_path, capsys):
    variant = tiny(tmp_path, name="cli")
    assert solver_main(["build", "--quiet", "--out", str(tmp_path / "out"), str(tmp_path / "cli.yaml")]) == 0
    assert "from the start" in capsys.readouterr().out
    table = load_table(tmp_path / "out" / "cli.table", variant)
    assert table.rules_hash == variant.rules_hash


# ----------------------------------------------- the rules the solver uses --

@pytest.mark.parametrize("name", SCORECARD)
def test_hand_values_agree_with_box_options_on_every_hand(name):
    """On sampled cards, each hand's value is the best box_options move, by every hand (jokers included)."""
    variant, table = shipped(name)
    m = model(variant)
    rng = random.Random(8)
    n = m.n_boxes
    masks = [rng.randrange((1 << n) - 1) for _ in range(16)] + [((1 << n) - 1) ^ (1 << b) for b in range(n)]
    jokers = joker_tables(m)
    for mask in masks:
        card = {b: (0 if mask >> i & 1 else None) for i, b in enumerate(variant.box_ids)}
        five = variant.five_alike_box
        for flag in range(m.F):
            if flag and card[five] is None:
                continue
            if card[five] is not None and flag:
                card[five] = variant.box(five).score
            upper = 0  # the filled upper boxes hold 0s
            pos = Position(mask, upper, flag)
            H = hand_values(m, np.asarray(table.data, dtype=np.float64), np.array([mask]), np.array([upper]),
                            np.array([flag]), jokers)[:, 0]
            for h, hand in enumerate(m.geo.hands):
                options = box_options(variant, card, hand)
                if not is_five_alike(hand):
                    assert options.scores == {b: hand_scores(variant, hand)[b] for b in variant.box_ids
                                              if card[b] is None}
                best = max(points + options.five_alike_bonus + _next(m, table, pos, variant, box, points)
                           for box, points in options.scores.items())
                assert H[h] == pytest.approx(best, abs=1e-9), (mask, flag, hand)


def _next(m, table, pos, variant, box, points):
    from game.bots.solver import move_value

    return move_value(m, table, pos, variant.box_ids.index(box), points)[0]


# ---------------------------------------------------------------- advice --

def _check_against_brute(variant, table, card, dice, rolls_left, brute):
    ranked = advise(variant, table, card.boxes, None, None, dice, rolls_left)
    exact = brute.options(card, dice, rolls_left)
    got = {(o.kind, o.box if o.kind == "box" else o.keep): o.value for o in ranked}
    assert set(got) == set(exact)
    for option, value in exact.items():
        assert got[option] == pytest.approx(value, abs=1e-4), option
    assert ranked[0].value == pytest.approx(max(exact.values()), abs=1e-4)
    best = [k for k, v in exact.items() if v >= max(exact.values()) - 1e-6]
    assert ((ranked[0].kind, ranked[0].box if ranked[0].kind == "box" else ranked[0].keep) in best
            or ranked[0].value >= max(exact.values()) - 1e-4)


ENDGAMES = [
    # (variant, open boxes, other values, dice, rolls left)
    ("official", ["chance"], {}, (2, 3, 3, 5, 6), 2),
    ("official", ["fours"], {"yahtzee": 50}, (4, 4, 4, 4, 4), 0),
    ("official", ["large_straight"], {"yahtzee": 50, "sixes": 18}, (1, 1, 1, 1, 1), 0),
    ("official", ["sixes"], {"aces": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15}, (6, 6, 2, 3, 4), 2),
    ("official", ["small_straight", "fours"], {"yahtzee": 50}, (4, 4, 4, 4, 4), 1),
    ("official", ["sixes", "chance"], {"aces": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15},
     (6, 6, 1, 2, 3), 2),
    ("official", ["threes", "yahtzee"], {"aces": 3, "twos": 6, "fours": 16, "fives": 15, "sixes": 18},
     (3, 3, 3, 5, 5), 2),
    ("dutch", ["full_house", "fours"], {"yahtzee": 50}, (4, 4, 4, 4, 2), 2),
    ("dutch", ["sixes", "yahtzee"], {"aces": 2, "twos": 6, "threes": 9, "fours": 12, "fives": 15}, (6, 6, 6, 1, 2), 1),
    ("fivezee", ["full_house", "threes"], {"fivezee": 0}, (3, 3, 3, 3, 1), 2),
    ("classic", ["full_house"], {"yahtzee": 50}, (5, 5, 5, 5, 5), 0),
    ("yatzy", ["two_pairs", "ones"], {}, (1, 1, 5, 5, 6), 2),
]


@pytest.mark.parametrize("name, open_boxes, values, dice, rolls_left", ENDGAMES)
def test_best_moves_agree_with_brute_force_in_the_end_game(name, open_boxes, values, dice, rolls_left):
    variant, table = shipped(name)
    card = Card.empty(variant)
    for box in variant.box_ids:
        card.boxes[box] = values.get(box, 0) if box not in open_boxes else None
    brute = Brute(variant)
    _check_against_brute(variant, table, card, dice, rolls_left, brute)
    for r in range(rolls_left):  # the same state with fewer rolls left
        _check_against_brute(variant, table, card, dice, r, brute)


def test_advice_is_ranked_lists_every_legal_box_and_only_boxes_at_the_end():
    variant, table = shipped("official")
    rng = random.Random(3)
    for _ in range(30):
        card = Card.empty(variant)
        for box in rng.sample(variant.box_ids, rng.randrange(13)):
            card.boxes[box] = variant.box(box).face * rng.randrange(4) if variant.box(box).upper else 0
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        for rolls_left in (0, 1, 2):
            ranked = advise(variant, table, card.boxes, None, None, dice, rolls_left)
            values = [o.value for o in ranked]
            assert values == sorted(values, reverse=True)
            assert ranked[0].loss == 0 and all(o.loss >= 0 for o in ranked)
            boxes = {o.box: o.points for o in ranked if o.kind == "box"}
            assert boxes == box_options(variant, card.boxes, dice).scores
            keeps = [o for o in ranked if o.kind == "keep"]
            if rolls_left == 0:
                assert keeps == []
            else:
                assert {o.keep for o in keeps} == {k for k in reachable_keeps(tuple(sorted(dice))) if len(k) < 5}


@pytest.mark.parametrize("name", ["official", "yatzy", "fivezee"])
def test_best_option_after_the_first_roll_averages_to_the_table_value(name):
    variant, table = shipped(name)
    geo = geometry(variant.dice, variant.faces)
    rng = random.Random(5)
    cards = [Card.empty(variant)]
    for _ in range(3):
        card = Card.empty(variant)
        for box in rng.sample(variant.box_ids, rng.randrange(1, len(variant.box_ids))):
            b = variant.box(box)
            card.boxes[box] = b.face * rng.randrange(0, 4) if b.kind == "face" else 0
        cards.append(card)
    for card in cards:
        pos = Position.of_card(variant, card.boxes)
        mean = sum(p * advise(variant, table, card.boxes, None, None, hand, variant.rolls_per_turn - 1)[0].value
                   for hand, p in zip(geo.hands, geo.first_roll))
        assert mean == pytest.approx(table.value(pos.mask, pos.upper, pos.five), abs=2e-4)


def test_best_option_averages_exactly_on_a_float64_table(tmp_path):
    variant = tiny(tmp_path, "official")
    table = build_values(variant)
    geo = geometry(variant.dice, variant.faces)
    card = card_with(variant, yahtzee=50, twos=4)
    pos = Position.of_card(variant, card.boxes)
    mean = sum(p * advise(variant, table, card.boxes, None, None, hand, 2)[0].value
               for hand, p in zip(geo.hands, geo.first_roll))
    assert mean == pytest.approx(table.value(pos.mask, pos.upper, pos.five), abs=1e-9)
    # and the explicit upper total / five flag arguments mean the same as reading the card
    assert advise(variant, table, card.boxes, 4, True, (3, 3, 3, 3), 1) == \
        advise(variant, table, card.boxes, None, None, (3, 3, 3, 3), 1) == \
        advise(variant, table, card.boxes, pos, None, (3, 3, 3, 3), 1)


def test_advice_refuses_what_cannot_be():
    variant, table = shipped("official")
    with pytest.raises(ValueError):
        advise(variant, table, Card.empty(variant).boxes, 0, False, (1, 2, 3), 2)
    with pytest.raises(ValueError):
        advise(variant, table, Card.empty(variant).boxes, 0, False, (1, 2, 3, 4, 5), 3)
    _, yatzy = shipped("yatzy")
    with pytest.raises(SolverTableError):
        advise(variant, yatzy, Card.empty(variant).boxes, 0, False, (1, 2, 3, 4, 5), 2)
    odd = card_with(variant, aces=7)  # seven from five aces cannot happen
    with pytest.raises(SolverTableError, match="cannot occur"):
        solve_turn(variant, table, Position.of_card(variant, odd.boxes))


def test_advise_state_reads_the_engine_state():
    variant, table = shipped("official")
    state = new_state(variant, [Seat("A"), Seat("B")], rolloff=False)
    assert advise_state(state, table=table) == []  # nothing rolled yet
    session = Session(variant, [Seat("A"), Seat("B")], seed=4, rolloff=False)
    session.act(Roll())
    state = session.state
    ranked = advise_state(state, table=table)
    assert ranked == advise(variant, table, state.card().boxes, 0, False, state.dice, 2)
    assert advise_state(state, seat=1 - state.seat, table=table) == []  # not that seat's turn


# ---------------------------------------------------------------- player --

def test_optimal_is_a_level_and_plays_legal_actions():
    assert type(make_player("optimal")) is OptimalPlayer
    player = make_player("optimal", random.Random(1))
    assert player.level == "optimal"
    variant = find_variant("official")
    session = Session(variant, [Seat("Bot", "computer", "optimal")], seed=12, rolloff=False)
    state = session.state
    kinds = set()
    while not state.is_terminal():
        action = player.choose(state)
        assert state.is_legal(action), action
        kinds.add(type(action).__name__)
        session.act(action)
    assert {"Roll", "Hold", "Score"} <= kinds
    assert state.card(0).is_full()


def test_optimal_follows_the_best_option_move_by_move():
    variant, table = shipped("official")
    player = OptimalPlayer(random.Random(0), table)
    session = Session(variant, [Seat("Bot", "computer", "optimal")], seed=99, rolloff=False)
    state = session.state
    while not state.is_terminal():
        action = player.choose(state)
        if state.dice is not None and state.rolls_used:
            best = advise_state(state, table=table)[0]
            if best.kind == "box":
                assert action == Score(best.box)
            else:
                assert isinstance(action, (Hold, Release, Roll))
                if isinstance(action, Roll):  # holding exactly the best keep when it rolls
                    held = tuple(sorted(d for d, h in zip(state.dice, state.held) if h))
                    assert held == best.keep
        session.act(action)


def test_optimal_beats_the_heuristic_player_on_classic():
    variant = find_variant("classic")
    games = 100
    optimal = simulate(variant, ["optimal"], games, 2024)["seats"][0]["mean"]
    heuristic = simulate(variant, ["heuristic"], games, 2024)["seats"][0]["mean"]
    assert optimal > heuristic + 10
    assert 235 < optimal < 275  # the optimum is 253.97; 100 games have a standard error of about 6


def test_optimal_plays_challenge_with_solitaire_values():
    variant = find_variant("challenge")
    session = Session(variant, [Seat("A", "computer", "optimal"), Seat("B", "computer", "heuristic")], seed=5,
                      rolloff=False)
    players = [make_player("optimal", random.Random(1)), make_player("heuristic", random.Random(2))]
    state = session.state
    copies = 0
    while not state.is_terminal():
        seat = state.current_player()
        action = players[seat].choose(state)
        assert state.is_legal(action)
        if seat == 0 and isinstance(action, Copy):
            best = advise_state(state)[0]
            assert best.kind == "copy" and tuple(action.values) == best.keep
            copies += 1
        session.act(action)
    assert copies >= 13
    assert all(state.card(s).is_full() for s in range(2))


def test_optimal_solitaire_mean_is_near_the_table_value():
    # 300 seeded games of official: mean within 3.5 standard errors of 254.59
    result = simulate(find_variant("official"), ["optimal"], 300, 77)["seats"][0]
    assert abs(result["mean"] - 254.5877) < 3.5 * result["sd"] / 300 ** 0.5


def test_registering_the_player_does_not_load_numpy():
    import subprocess
    import sys

    code = ("import sys, game.bots.levels\n"
            "assert game.bots.levels.make_player('optimal').level == 'optimal'\n"
            "print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parent.parent)
    assert out.stdout.strip() == "False"


# The difficulty dial (easy < medium < hard < perfect) is tests/test_ladder.py's.
