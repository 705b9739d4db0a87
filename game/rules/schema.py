"""A small reader for validated YAML mappings.

``Fields`` wraps one mapping from :mod:`game.rules.yamlsource` and hands out its
values one by one, checked for type and range; the first problem raises a
:class:`VariantError` with the file, the line and the dotted field path.
Unknown keys are reported before anything else, so a misspelt key reads as
"unknown key" rather than as a missing field. Variants, kiosk settings and
later files all read their YAML through it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, overload

from game.errors import SHOWN_LENGTH, VariantError, one_line, shown
from game.rules.yamlsource import LineDict, LineList, text_problem

_MISSING = object()

_TYPE_WORDS = {
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "text",
    dict: "a mapping of keys",
    list: "a list",
}


def describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, (dict, list)):
        return "a mapping" if isinstance(value, dict) else "a list"
    if isinstance(value, str):
        return f"text {shown(value)}"
    return shown(value)


def _is(value: Any, kind: type) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, kind)


class Fields:
    """The checked view of one YAML mapping."""

    def __init__(self, file: str, path: str, value: Any, line: int, allowed: set[str] | None = None):
        self.file, self.path, self.line = file, path, line
        if not isinstance(value, dict):
            raise VariantError(file, line, path or "(top)", f"expected a mapping of keys, got {describe(value)}")
        self.data: dict[str, Any] = value
        self.key_lines: dict[str, int] = getattr(value, "key_lines", {})
        if allowed is not None:
            for key in value:
                if key not in allowed:
                    known = ", ".join(sorted(allowed))
                    raise VariantError(file, self.line_of(key), self.field(str(key)),
                                       f"unknown key (known keys: {known})")

    def field(self, key: str) -> str:
        key = one_line(key, SHOWN_LENGTH)  # a key a file made up may be long or hold a line break
        return f"{self.path}.{key}" if self.path else key

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)

    def fail(self, key: str, problem: str) -> VariantError:
        return VariantError(self.file, self.line_of(key), self.field(key), problem)

    def has(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = _MISSING) -> Any:
        if key not in self.data:
            if default is _MISSING:
                raise VariantError(self.file, self.line, self.field(key), "missing (this field is required)")
            return default
        value = self.data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not any(_is(value, k) for k in kinds):
            wanted = " or ".join(_TYPE_WORDS.get(k, k.__name__) for k in kinds)
            raise self.fail(key, f"expected {wanted}, got {describe(value)}")
        problem = text_problem(value) if isinstance(value, str) else None
        if problem:
            raise self.fail(key, problem)
        return value

    # A default of None gives None when the key is left out; any other default, or none, gives a number.
    @overload
    def integer(self, key: str, default: int = ..., low: int | None = None, high: int | None = None) -> int: ...

    @overload
    def integer(self, key: str, default: None, low: int | None = None, high: int | None = None) -> int | None: ...

    def integer(self, key: str, default: Any = _MISSING, low: int | None = None,
                high: int | None = None) -> int | None:
        """A whole number from ``low`` to ``high``; a default is held to the same bounds as a given value (a
        default may be worked out from other fields, and a file must not slip past the bounds by leaving a key
        out)."""
        value: int | None = self.get(key, int, default)
        if value is None and key not in self.data:
            return None
        assert value is not None  # None only as the default of a key left out, returned above
        if low is not None and value < low or high is not None and value > high:
            bounds = f"from {low} to {high}" if low is not None and high is not None else (
                f"at least {low}" if low is not None else f"at most {high}")
            got = f"got {value}" if key in self.data else f"not given, and its default would be {value}"
            raise self.fail(key, f"must be {bounds}, {got}")
        return value

    def choice(self, key: str, choices: tuple[str, ...], default: Any = _MISSING) -> str:
        value: str = self.get(key, str, default)
        if key in self.data and value not in choices:
            raise self.fail(key, f"unknown value {shown(value)} (one of: {', '.join(choices)})")
        return value

    # A default of None gives None when the key is left out; without one the key is required.
    @overload
    def sub(self, key: str, allowed: set[str] | None) -> Fields: ...

    @overload
    def sub(self, key: str, allowed: set[str] | None, default: None) -> Fields | None: ...

    def sub(self, key: str, allowed: set[str] | None, default: Any = _MISSING) -> Fields | None:
        if key not in self.data:
            if default is _MISSING:
                raise VariantError(self.file, self.line, self.field(key), "missing (this field is required)")
            return None
        value = self.data[key]
        return Fields(self.file, self.field(key), value, getattr(value, "line", self.line_of(key)), allowed)

    def items(self, key: str, most: int = 100) -> Iterator[tuple[int, Any, int]]:
        """Yields (index, item, line) of a required non-empty list of at most ``most`` entries."""
        value = self.get(key, list)
        if not value:
            raise self.fail(key, "must list at least one entry")
        if len(value) > most:
            raise self.fail(key, f"lists {len(value)} entries; at most {most}")
        lines = getattr(value, "item_lines", None) or [self.line_of(key)] * len(value)
        for index, item in enumerate(value):
            yield index, item, lines[index]


__all__ = ["Fields", "LineDict", "LineList", "describe"]
