"""Reading YAML safely while remembering the line every key and item came from.

The loader derives from ``yaml.SafeLoader``: it builds only plain data (no
tags that run code), exactly like ``yaml.safe_load``, and it also rejects a
key given twice. Every error becomes a :class:`VariantError` naming the
file, the line and the field, so a bad file never shows a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import VariantError


class LineDict(dict):
    """A mapping that knows its own line and the line of each of its keys."""

    line: int = 0
    key_lines: dict


class LineList(list):
    """A sequence that knows its own line and the line of each item."""

    line: int = 0
    item_lines: list


class _Loader(yaml.SafeLoader):
    pass


def _mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if not isinstance(key, (str, int, float, bool)) or key is None:
            raise VariantError(loader.name, line, str(key), "a key must be a plain word")
        if key in result:
            raise VariantError(loader.name, line, str(key), "key given twice")
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = line
    return result


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    result = LineList(loader.construct_object(item, deep=True) for item in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [item.start_mark.line + 1 for item in node.value]
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load_text(text: str, name: str) -> Any:
    """Parse YAML text; ``name`` is the file name used in messages."""
    loader = _Loader(text)
    loader.name = name
    try:
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
    finally:
        loader.dispose()


def load_file(path: Path) -> Any:
    """Read and parse one YAML file; unreadable files become a VariantError too."""
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise VariantError(name, None, "file", f"cannot be read: {error.strerror or error}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise VariantError(name, None, "file", "is not UTF-8 text") from None
    return load_text(text, name)
