"""Why an option is best, or what it costs: the words live with the solver (:mod:`game.bots.reasons`), so the
command line and the built app's benchmark say and time the same lines as the coach's panel."""

from game.bots.reasons import why_box, why_hold  # noqa: F401
