"""The admin panel's changes to kiosk.yaml: one top-level setting rewritten in place, the rest of the file (its
comments, its PIN) kept as the operator wrote it."""

from __future__ import annotations

import re
from pathlib import Path

from game.errors import VariantError
from game.rules.yamlsource import MAX_BYTES, load_text
from game.store.storage import write_atomic

_TOP = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:")


def set_setting(path: Path, key: str, value: str) -> str | None:
    """Write ``key: value`` (YAML text) into the file: in place of the key's lines (its own and those indented
    under it), else at the end. None when written; else why not, in words (a file that does not read as a whole
    is the operator's to fix: it is left untouched)."""
    try:
        old = path.read_text(encoding="utf-8") if path.is_file() else ""
        if len(old) > MAX_BYTES:
            return f"{path} is larger than {MAX_BYTES // 1024} KB"
        if old.strip():
            load_text(old, str(path))
    except (OSError, UnicodeDecodeError) as error:
        return f"{path} could not be read: {getattr(error, 'strerror', None) or error}"
    except VariantError as error:
        return f"{error} (fix it first)"
    lines = old.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    start = next((i for i, line in enumerate(lines) if (m := _TOP.match(line)) and m.group(1) == key), None)
    new_line = f"{key}: {value}\n"
    if start is None:
        lines.append(new_line)
    else:
        end = start + 1
        while end < len(lines) and (lines[end][:1] in (" ", "\t") or not lines[end].strip()):
            end += 1
        while end > start + 1 and not lines[end - 1].strip():  # blank lines after the block stay
            end -= 1
        lines[start:end] = [new_line]
    text = "".join(lines)
    try:
        data = load_text(text, str(path))
        if not isinstance(data, dict) or data.get(key) != load_text(new_line, "")[key]:
            return f"{path}: {key}: the file's layout leaves no place to write it"
        write_atomic(path, text, backup=False, mode=0o600)  # it holds the admin PIN
    except VariantError as error:
        return f"{error}"
    except OSError as error:
        return f"{path} could not be written: {error.strerror or error}"
    return None
