"""The README is for players and stays short; the rest lives in docs/ (issue 35, item 7). What could drift
without anyone noticing: the README growing back, its two set-up commands losing the top, a link to a page
that moved, and a fence that shares its line with text (it swallows everything after it into a block)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
PLAY = "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && dice-parlor"
TEST = ("tests/setup-x.sh && eval \"$(tests/setup-synapse.sh)\" && python3 -m venv .venv && . .venv/bin/activate"
        " && pip install -e '.[test]' && python -m pytest")
# [text](target) and ![alt](target); a target may carry a "title" after a space.
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def _outside_code(text: str) -> str:
    """The page without its fenced blocks and inline code, where a link-like text is no link."""
    text = re.sub(r"^```.*?^```[ \t]*$", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def test_the_readme_has_at_most_200_lines():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines; move the rest into docs/"


def test_the_readme_starts_with_the_two_commands():
    """The first two code lines, before any section, are Play and Test, exactly as a newcomer pastes them."""
    text = README.read_text(encoding="utf-8")
    top = text[:text.index("\n## ")] if "\n## " in text else text
    commands = [line[4:] for line in top.splitlines() if line.startswith("    ") and line.strip()]
    assert commands[:2] == [PLAY, TEST]
    lines = text.splitlines()
    assert lines.index("    " + PLAY) < 10 and lines.index("    " + TEST) < 15


def test_the_commands_scripts_are_there_and_synapse_prints_an_export():
    """The Test command runs both scripts and evals what setup-synapse.sh prints on stdout."""
    for script in ("tests/setup-x.sh", "tests/setup-synapse.sh"):
        path = ROOT / script
        assert path.is_file() and path.stat().st_mode & 0o111, f"{script} is missing or not executable"
    source = (ROOT / "tests/setup-synapse.sh").read_text(encoding="utf-8")
    assert re.search(r'^echo "export DICE_PARLOR_SYNAPSE=', source, flags=re.M)


def test_every_relative_link_points_at_a_file_that_exists():
    broken = []
    for page in PAGES:
        for target in LINK.findall(_outside_code(page.read_text(encoding="utf-8"))):
            if re.match(r"[a-z][a-z0-9+.-]*:", target, flags=re.I) or target.startswith("#"):
                continue  # a web address or a place on the same page
            path = unquote(target.split("#", 1)[0])
            if not (page.parent / path).exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert broken == []


def test_the_link_check_sees_a_broken_link():
    """The check above finds links at all: a page with one to a missing file is caught."""
    text = "See [the kiosk](docs/kiosk.md) and ![a picture](nowhere/missing.png \"title\"), not `[x](y)`."
    assert LINK.findall(_outside_code(text)) == ["docs/kiosk.md", "nowhere/missing.png"]


def test_every_code_fence_is_on_a_line_of_its_own():
    """A fence opens with ``` and a language word at most, and closes with ``` alone; fences pair up."""
    stray = []
    for page in PAGES:
        fences = 0
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if "```" not in line:
                continue
            fences += 1
            if not re.fullmatch(r"```\w*" if fences % 2 else "```", line.strip()):
                stray.append(f"{page.relative_to(ROOT)}:{number}: {line.strip()[:60]}")
        if fences % 2:
            stray.append(f"{page.relative_to(ROOT)}: a fence is never closed")
    assert stray == []
