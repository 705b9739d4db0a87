"""A game process for the kill test: plays whole games with computer seats, autosaving after every
move, and reports each completed save on stdout ("saved BOXES HASH LOG_LENGTH"). The test SIGKILLs it at
random moments and checks that the save on disk is always whole and never behind."""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.bots.levels import make_player  # noqa: E402
from game.engine.session import Session  # noqa: E402
from game.engine.state import Seat  # noqa: E402
from game.rules.variants import find_variant  # noqa: E402
from game.store.saves import save_session  # noqa: E402


def state_hash(state) -> str:
    return hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()[:16]


def scored(state) -> int:
    return sum(card.filled() for game in state.cards for card in game)


def main(seed: int) -> None:
    # One long match (six games: hundreds of saves), so the save on disk only ever moves forward.
    variant = find_variant("classic")
    session = Session(variant, [Seat("Ann"), Seat("Bob")], games=6, seed=seed)
    players = [make_player("greedy", random.Random(i)) for i in range(2)]
    while not session.state.is_terminal():
        session.act(players[session.state.current_player()].choose(session.state))
        save_session(session)
        print(f"saved {scored(session.state)} {state_hash(session.state)} {len(session.log)}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]))
