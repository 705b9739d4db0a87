"""The errors the core raises: each says what was wrong, in players' words, on one line."""

import json
import reprlib
import sys

SHOWN_LENGTH = 60  # characters of a value a message shows; a longer one is cut with "..."
_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxlong, _SHORT.maxother = 3, SHOWN_LENGTH, SHOWN_LENGTH, SHOWN_LENGTH


def shown(value: object, most: int = SHOWN_LENGTH) -> str:
    """A value as a message shows it: quoted and escaped as ``repr`` does (``'off\\nicial'``, so a line break
    inside stays on the line), and cut when long.

    >>> shown("off\\nicial")
    "'off\\\\nicial'"
    >>> shown("x" * 100, most=5)
    "'xxxxx'..."
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** most:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"  # too long to write out
    if isinstance(value, str) and len(value) > most:
        return repr(value[:most]) + "..."
    try:
        text = _SHORT.repr(value)  # a list or mapping of any size or depth is shown in part, never built whole
    except ValueError:  # a number past Python's digit limit inside a list
        return "a value too large to show"
    return text if len(text) <= most else text[:most] + "..."


def one_line(text: str, most: int | None = None) -> str:
    """The text with every character that would start a new line, or not show, escaped (``\\n``, ``\\u2028``);
    with ``most``, cut to that many characters and "..."."""
    if most is not None and len(text) > most:
        text = text[:most] + "..."
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def cause(error: BaseException) -> str:
    """An unexpected error as a message shows it: ``KeyError: 'seats'``, on one line and cut when long."""
    return f"{type(error).__name__}: {one_line(str(error), SHOWN_LENGTH)}"


def message(file: str, line: int | None, field: str, problem: str) -> str:
    """The one shape of every message about a file: ``FILE:LINE: field: what is wrong``, on one line."""
    where = f"{file}:{line}" if line else file
    return one_line(f"{where}: {field}: {problem}")


class DiceParlorError(ValueError):
    """Base of every error the core raises on purpose; its message is always one line."""

    def __str__(self) -> str:
        return one_line(super().__str__())


class VariantError(DiceParlorError):
    """A variant file that cannot be played.

    ``str(error)`` is the one line shown to the user: ``FILE:LINE: field: what is wrong``.
    """

    def __init__(self, file: str, line: int | None, field: str, problem: str):
        self.file, self.line, self.field, self.problem = file, line, field, problem
        super().__init__(message(file, line, field, problem))


class UnknownVariant(DiceParlorError):
    """A variant name that no loaded file defines."""


class IllegalAction(DiceParlorError):
    """An action that is not legal in the current state; the state is left untouched."""


class SaveError(DiceParlorError):
    """A saved state that cannot be read back."""


class NotJSON(DiceParlorError):
    """Text from outside (a file, a command's argument) that is not JSON this program can read; its message
    completes "it is ...": ``not complete JSON (Expecting value, line 1, column 9)``."""


def json_from(text: str | bytes) -> object:
    """The data of a JSON text, or :class:`NotJSON` whatever is wrong with it, including what ``json`` raises
    besides its own JSONDecodeError: a number past Python's digit limit (a bare ValueError) and a nesting
    too deep for the parser (RecursionError)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise NotJSON(f"not complete JSON ({error.msg}, line {error.lineno}, column {error.colno})") from None
    except UnicodeDecodeError:
        raise NotJSON("not UTF-8 text") from None
    except RecursionError:
        raise NotJSON("JSON nested too deep") from None
    except ValueError:  # int("9" * 5000) past sys.get_int_max_str_digits(): a number no file of ours holds
        raise NotJSON(f"JSON with a number longer than {sys.get_int_max_str_digits()} digits") from None
