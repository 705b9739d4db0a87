"""The errors the core raises: each says what was wrong, in players' words."""


class DiceParlorError(ValueError):
    """Base of every error the core raises on purpose."""


class VariantError(DiceParlorError):
    """A variant file that cannot be played.

    ``str(error)`` is the one line shown to the user: ``FILE:LINE: field: what is wrong``.
    """

    def __init__(self, file: str, line: int | None, field: str, problem: str):
        self.file, self.line, self.field, self.problem = file, line, field, problem
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {field}: {problem}")


class UnknownVariant(DiceParlorError):
    """A variant name that no loaded file defines."""


class IllegalAction(DiceParlorError):
    """An action that is not legal in the current state; the state is left untouched."""


class SaveError(DiceParlorError):
    """A saved state that cannot be read back."""
