"""Reading YAML safely while remembering the line every key and item came from.

The loader derives from ``yaml.SafeLoader``: it builds only plain data (no
tags that run code), exactly like ``yaml.safe_load``, and it also rejects a
key given twice (a key merged in with ``<<`` may be given again: that is how
a merge is overridden, as YAML's merge key says). Every error becomes a :class:`VariantError` naming the
file, the line and the field, so a bad file never shows a traceback.

Before PyYAML sees a file it is checked for what would hurt the reader
itself: more than ``MAX_BYTES``, bytes that are not UTF-8, control
characters, and nesting deeper than ``MAX_DEPTH`` (PyYAML builds nested
collections by recursion).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from game.errors import SHOWN_LENGTH, VariantError, one_line, shown
from game.paths import read_file

MAX_BYTES = 256 * 1024  # every file the game reads is a few KB; the largest shipped variant is 5 KB
MAX_DEPTH = 20  # a variant nests five deep at most
# C0 and C1 controls other than tab, newline and carriage return (YAML's own rule), and lone surrogates.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")
# In a text once escapes are read ("\a", "\ud800"): controls, lone surrogates, non-characters, and the
# bidirectional overrides that would make a name read differently from what it is.
_BAD_IN_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff"
                          "\u202a-\u202e\u2066-\u2069]")
# libyaml's parser when PyYAML has it (ten times faster: any file under the cap reads well within a second).
_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def text_problem(text: str) -> str | None:
    """What makes a text unfit to show or store (see _BAD_IN_TEXT), or None."""
    bad = _BAD_IN_TEXT.search(text)
    return f"holds a character that cannot be shown (U+{ord(bad.group()):04X})" if bad else None


class LineDict(dict[Any, Any]):
    """A mapping that knows its own line and the line of each of its keys."""

    line: int = 0
    key_lines: dict[Any, int]


class LineList(list[Any]):
    """A sequence that knows its own line and the line of each item."""

    line: int = 0
    item_lines: list[int]


class _Loader(_BASE):  # type: ignore[misc, valid-type]
    pass


_MERGE = "tag:yaml.org,2002:merge"


def _mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for merged in reversed(_merged(loader, node)):  # "<<: [*a, *b]": the first listed wins
        result.update(merged)
        result.key_lines.update(merged.key_lines)
    given: set[Any] = set()
    for key_node, value_node in node.value:
        if key_node.tag == _MERGE:
            continue
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if not isinstance(key, (str, int, float, bool)) or key is None:
            raise VariantError(loader.name, line, one_line(str(key), SHOWN_LENGTH), "a key must be a plain word")
        if isinstance(key, str) and text_problem(key):
            raise VariantError(loader.name, line, shown(key), f"the key {text_problem(key)}")
        if key in given:  # a key of the mapping's own, twice; one merged in with << may be given again
            raise VariantError(loader.name, line, one_line(str(key), SHOWN_LENGTH), "key given twice")
        given.add(key)
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = line
    return result


def _merged(loader: _Loader, node: yaml.MappingNode) -> list[LineDict]:
    """The mappings YAML's merge key ("<<: *defaults" or "<<: [*a, *b]") brings into this one, in order.

    Done here, not by PyYAML's flatten_mapping, whose choice between two merged mappings with the same key
    depends on whether Python happened to intern the key's text."""
    found: list[LineDict] = []
    merges = [(key, value) for key, value in node.value if key.tag == _MERGE]
    if len(merges) > 1:
        raise VariantError(loader.name, merges[1][0].start_mark.line + 1, "<<", "key given twice")
    for _, value_node in merges:
        sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
        for source in sources:
            if not isinstance(source, yaml.MappingNode):
                raise VariantError(loader.name, source.start_mark.line + 1, "<<",
                                   "merges a mapping or a list of mappings (an &anchor's *alias)")
            found.append(loader.construct_object(source, deep=True))
    return found


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    result = LineList(loader.construct_object(item, deep=True) for item in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [item.start_mark.line + 1 for item in node.value]
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def _line_at(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _check_characters(text: str, name: str) -> None:
    bad = _CONTROL.search(text)
    if bad:
        code = f"U+{ord(bad.group()):04X}"
        raise VariantError(name, _line_at(text, bad.start()), "file", f"holds a control character ({code})")


def _check_depth(text: str, name: str) -> None:
    """Count nesting from the parser's events (an iterative state machine) before anything recurses."""
    depth = 0
    for event in yaml.parse(text, Loader=_BASE):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                line = event.start_mark.line + 1 if event.start_mark else 0
                raise VariantError(name, line, "yaml", f"nested more than {MAX_DEPTH} deep")
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


def load_text(text: str, name: str) -> Any:
    """Parse YAML text; ``name`` is the file name used in messages."""
    if len(text) > MAX_BYTES:
        raise VariantError(name, None, "file", f"is larger than {MAX_BYTES // 1024} KB")
    _check_characters(text, name)
    loader = None
    try:
        _check_depth(text, name)
        loader = _Loader(text)
        loader.name = name
        return loader.get_single_data()
    except VariantError:
        raise
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        problem = error.problem or error.context or "not valid YAML"
        raise VariantError(name, line, "yaml", f"not valid YAML: {problem}") from None
    except yaml.YAMLError as error:
        raise VariantError(name, None, "yaml", f"not valid YAML: {error}") from None
    except RecursionError:  # a last guard: the depth check should have stopped this
        raise VariantError(name, None, "yaml", "nested too deep") from None
    except (ValueError, TypeError, IndexError, OverflowError):  # "2024-02-30", !!int "12x": the value is not echoed
        raise VariantError(name, None, "yaml", "a value is not what it says it is (an impossible date, or a "
                           "tagged number that is not one)") from None
    finally:
        if loader is not None:
            loader.dispose()


def load_file(path: Path) -> Any:
    """Read and parse one YAML file; unreadable files become a VariantError too."""
    name = str(path)
    try:
        raw = read_file(path, MAX_BYTES + 1)  # never more than the cap into memory; a FIFO is refused at once
    except OSError as error:
        raise VariantError(name, None, "file", f"cannot be read: {error.strerror or error}") from None
    if len(raw) > MAX_BYTES:
        raise VariantError(name, None, "file", f"is larger than {MAX_BYTES // 1024} KB")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise VariantError(name, line, "file", f"is not UTF-8 text (byte 0x{raw[error.start]:02x})") from None
    return load_text(text, name)
