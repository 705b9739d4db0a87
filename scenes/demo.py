"""``--demo VARIANT``: computer players on every seat, through the real scenes."""

from __future__ import annotations

from game.bots.levels import DEMO_LEVELS
from game.engine.session import Session
from game.engine.state import Seat
from game.errors import UnknownVariant
from scenes.ui import theme

DEMO_NAMES = ("Ada", "Bram", "Chloé", "Dirk", "Eva", "Femke")


def demo_session(app, variant_id: str, seats: int | None, seed: int | None) -> Session:
    try:
        variant = app.catalogue.find(variant_id)
    except UnknownVariant as error:
        raise ValueError(str(error)) from None
    count = seats if seats is not None else min(max(2, variant.min_players), variant.max_players)
    if not variant.min_players <= count <= variant.max_players:
        raise ValueError(f"{variant.id} is for {variant.min_players} to {variant.max_players} players, not {count}")
    players = [Seat(DEMO_NAMES[i], "computer", DEMO_LEVELS[i], theme.SEAT_ORDER[i]) for i in range(count)]
    return Session(variant, players, 1, seed=seed if seed is not None else 1)


def demo_scene(app, variant_id: str, seats: int | None, seed: int | None):
    return app.scene("opening", demo_session(app, variant_id, seats, seed), demo=True)
