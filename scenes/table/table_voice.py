"""What is said aloud at a table (game.speech): each event as it comes, and the speech keys' answers.

A part of a table scene, handed the app (its speech and settings), the variant, who is a person at this screen,
where the state is read (a new object after an undo) and what the coach would say now."""

from __future__ import annotations

from collections.abc import Callable

from game.speech.narrator import Narrator


class TableVoice:
    def __init__(self, app, variant, is_person: Callable[[int], bool], state: Callable[[], object],
                 coach: Callable[[], str]):
        self.app, self.variant, self.is_person, self.state, self.coach = app, variant, is_person, state, coach

    def narrator(self) -> Narrator:
        """What is said aloud at this table, at the verbosity the player chose now."""
        return Narrator(self.variant, self.app.settings.speech_verbosity, self.is_person)

    def narrate(self, events: list) -> None:
        """Each event said, in order, after what is being said (a key press cuts it: scenes.app)."""
        if not self.app.speech.listened():
            return
        narrator = self.narrator()
        for event in events:
            self.app.speech.speak(narrator.event(event, self.state()))

    def read_aloud(self, kind: str) -> None:
        """The speech keys a table answers: F4 the card, F5 the dice, F6 everyone's scores, F7 the coach."""
        narrator, state = self.narrator(), self.state()
        if kind == "speech_coach":
            self.app.speech.speak(self.coach(), interrupt=True)
        elif kind == "speech_card":
            self.app.speech.speak(narrator.card(state), interrupt=True)
        elif kind == "speech_dice":
            self.app.speech.speak(narrator.dice(state), interrupt=True)
        else:
            self.app.speech.speak(narrator.scores(state), interrupt=True)
