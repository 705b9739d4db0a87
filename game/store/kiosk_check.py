"""``dice-parlor check-kiosk``: what an operator needs to know about a kiosk's settings, without starting it.

Where ``kiosk.yaml`` is, every setting in force (defaults included), each problem on one line, and whether the
admin PIN is ``set``, ``missing`` (the kiosk writes a random one at its first start) or ``invalid`` (the admin
panel stays shut): never its digits. The exit status is 0 without a problem, 2 with one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.rules.variants import load_all
from game.store.kiosk import PIN_LONGEST, PIN_SHORTEST, KioskConfig, PinLock, kiosk_path, load_kiosk, unlock

PIN_WORDS = {
    "set": "set",
    "missing": "missing (a random 6-digit PIN is written into the file at the kiosk's first start)",
    "invalid": f"invalid (must be {PIN_SHORTEST} to {PIN_LONGEST} digits in quotes; the admin panel stays shut)",
}


def report(config: KioskConfig, path: Path) -> dict[str, Any]:
    """The check as data: the same for ``--json`` and for people."""
    return {
        "file": str(path),
        "exists": path.exists(),
        "settings": {
            "variants": list(config.variants),
            "seats": {"min": config.min_seats, "max": config.max_seats},
            "idle": {"game_seconds": int(config.game_idle), "countdown_seconds": int(config.countdown),
                     "title_seconds": int(config.title_idle)},
            "show_cursor": config.show_cursor,
            "gamepad": config.gamepad,
            "attract": config.attract,
            "attract_variants": list(config.attract_variants),
            "daily": config.daily,
            "language": config.language,
            "speech": config.speech,
        },
        "admin_pin": config.pin_state,
        "pin_pad_locked_seconds": round(PinLock().locked_for),
        "problems": list(config.problems),
    }


def _lines(found: dict[str, Any]) -> list[str]:
    settings = found["settings"]
    lines = [f"kiosk file: {found['file']}" + ("" if found["exists"] else " (not there: every default applies)"),
             "settings in force:"]
    for key, value in settings.items():
        if isinstance(value, dict):
            value = ", ".join(f"{name} {number}" for name, number in value.items())
        elif isinstance(value, list):
            value = ", ".join(value)
        elif isinstance(value, bool):
            value = str(value).lower()
        lines.append(f"  {key}: {value}")
    lines.append(f"admin PIN: {PIN_WORDS[found['admin_pin']]}")
    if found["pin_pad_locked_seconds"]:
        lines.append(f"PIN pad: locked for {found['pin_pad_locked_seconds']} s more after wrong PINs "
                     "(`dice-parlor kiosk-unlock` ends it)")
    problems = found["problems"]
    lines.append(f"{len(problems)} problem{'s' * (len(problems) != 1)}" + (":" if problems else ""))
    lines += [f"  {problem}" for problem in problems]
    return lines


def check_kiosk(as_json: bool = False, path: Path | None = None) -> int:
    path = path or kiosk_path()
    found = report(load_kiosk(load_all().names(), path), path)
    print(json.dumps(found, ensure_ascii=False, indent=2) if as_json else "\n".join(_lines(found)))
    return 2 if found["problems"] else 0


def kiosk_unlock() -> int:
    print(unlock())
    return 0
