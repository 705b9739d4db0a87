"""A refused command in the players' words: what the table says for a moment when it does not take a press."""

from __future__ import annotations

from game.rules.i18n import t
from game.table.events import Refused


def refusal_words(refused: Refused) -> str:
    """``Refused.reason`` as the players read it (``refused.<reason>``, with its words; counted ones by count)."""
    words = dict(refused.words)
    key = refused.reason if "." in refused.reason else f"refused.{refused.reason}"  # a kind's own: a whole key
    return str(t(key, **words))
