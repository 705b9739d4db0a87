"""A refused command in the players' words: what the table says for a moment when it does not take a press."""

from __future__ import annotations

from game.rules.i18n import t
from game.table.events import Refused


def refusal_words(refused: Refused) -> str:
    """``Refused.reason`` as the players read it (``refused.<reason>``, with its words; counted ones by count)."""
    words = dict(refused.words)
    return str(t(f"refused.{refused.reason}", **words))
