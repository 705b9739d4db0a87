"""Write the gettext catalogues from the string tables: run it after adding or changing a string.

    python packaging/strings_to_po.py            # assets/locale/*: the template and every catalogue
    python packaging/strings_to_po.py --check    # exit 1 (and say which) if any catalogue is out of date
    python packaging/strings_to_po.py --add fr   # start a catalogue for a new language
    python packaging/strings_to_po.py --compile DIR   # the .mo files, for the built app (build.spec)

English is the source: ``assets/strings/en/*.yaml`` (a key per string, ``<area>.<name>``, nested mappings add
dots, ``{one: ..., other: ...}`` for counted text), its comments the translators' notes. From it come
``assets/locale/dice-parlor.pot`` and ``assets/locale/en/LC_MESSAGES/dice-parlor.po``. Each entry's
``msgctxt`` is the key, its ``msgid`` the English text, so ``t("box.chance")`` looks up msgctxt "box.chance".

Other languages: a language that still has YAML tables (``assets/strings/nl``) takes its translations from
them, over what its catalogue held; every other catalogue is its own source (translators edit the ``.po``)
and is brought up to date with the template: new strings arrive untranslated, changed English drops the old
translation (so it is translated again), removed strings go. Running it twice changes nothing.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

import yaml
from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.rules.yamlsource import load_file  # noqa: E402  (the game's own checked YAML reader)

STRINGS = ROOT / "assets" / "strings"
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "dice-parlor"
SOURCE = "en"
PLURAL_KEYS = {"zero", "one", "two", "few", "many", "other"}
# Fixed so that running the script again writes the same bytes (no date churn in every diff).
STAMP = datetime(2026, 11, 28, tzinfo=UTC)
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
HEADER_NOTE = "Dice Parlor's strings. msgctxt is the key the code asks for; keep every {placeholder} as it is."


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def babel_locale(language: str) -> str:
    return "en_GB" if language == SOURCE else language


def plural_tags(language: str) -> list[str]:
    rule = Locale.parse(babel_locale(language)).plural_form
    return [tag for tag in ("zero", "one", "two", "few", "many", "other") if tag in rule.tags or tag == "other"]


def is_plural(value) -> bool:
    return isinstance(value, dict) and "other" in value and set(value) <= PLURAL_KEYS


# ------------------------------------------------------------- YAML side --
def _comments(lines: list[str], node_line: int, header_end: int) -> list[str]:
    """The comment block right above a key (not the file's header), and a comment after it on its line."""
    notes = []
    row = node_line - 1
    while row >= header_end and lines[row].lstrip().startswith("#"):
        notes.insert(0, lines[row].strip().lstrip("#").strip())
        row -= 1
    return notes


def _trailing(line: str) -> str | None:
    """A ``# comment`` after the value on a key's line (a # inside quotes is text, not a comment)."""
    quote = None
    for index, char in enumerate(line):
        if quote:
            if char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "#" and index and line[index - 1] in " \t":
            return line[index + 1:].strip()
    return None


def read_tables(language: str) -> dict[str, tuple[object, list[str], str]]:
    """Every key of one language's YAML tables: (text or plural mapping, notes, where)."""
    out: dict[str, tuple[object, list[str], str]] = {}
    for path in sorted((STRINGS / language).glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        header_end = 0
        while header_end < len(lines) and lines[header_end].lstrip().startswith("#"):
            header_end += 1
        data = load_file(path) or {}
        root = yaml.compose(text)
        where = path.relative_to(ROOT).as_posix()

        # this file's lines and place bound now (walk runs within this pass of the loop; ruff's B023 asks it)
        def walk(prefix: str, value, node, inherited: list[str], lines: list[str] = lines, header_end: int = header_end,
                 where: str = where) -> None:
            if isinstance(value, dict) and not is_plural(value):
                for key_node, value_node in node.value:
                    key = key_node.value
                    line = key_node.start_mark.line
                    notes = [n for n in _comments(lines, line, header_end) if n]
                    trailing = _trailing(lines[line][key_node.end_mark.column:]) if line < len(lines) else None
                    if trailing and value_node.start_mark.line == line and not isinstance(value_node, yaml.MappingNode):
                        notes.append(trailing)
                    elif trailing:
                        notes.append(trailing)
                    walk(f"{prefix}.{key}", value[key], value_node, inherited + notes)
            else:
                out[prefix] = (value, inherited, f"{where}:{node.start_mark.line + 1}")

        walk(path.stem, data, root, [])
    return out


def _notes(key: str, value, notes: list[str]) -> list[str]:
    """The translator's notes: the YAML's comments, then the placeholders to keep and what a count is."""
    out = list(dict.fromkeys(notes))
    forms = value.values() if isinstance(value, dict) else [value]
    names = sorted({n for form in forms for n in PLACEHOLDER.findall(str(form)) if n})
    if names:
        out.append("Placeholders, keep as written: " + ", ".join(f"{{{n}}}" for n in names))
    if isinstance(value, dict):
        out.append("Counted: the form is chosen by {count}, the number" if "count" in names
                   else "Counted: the form is chosen by a number the text does not show")
    if key.startswith(("coach.face.", "coach.faces.")):
        out.append("A die's face, in words (as in 'holding two fives')")
    return out


# ------------------------------------------------------------ catalogues --
def template() -> Catalog:
    catalog = Catalog(locale=None, domain=DOMAIN, project="Dice Parlor", version="1", header_comment=f"# {HEADER_NOTE}",
                      creation_date=STAMP, revision_date=STAMP, charset="utf-8", fuzzy=False)
    for key, (value, notes, where) in read_tables(SOURCE).items():
        path, line = where.rsplit(":", 1)
        msgid = (str(value["one"] if "one" in value else value["other"]), str(value["other"])) if is_plural(value) \
            else str(value)
        flags = ["python-brace-format"] if PLACEHOLDER.search(str(value)) else []
        catalog[msgid] = Message(msgid, context=key, auto_comments=_notes(key, value, notes),
                                 locations=[(path, int(line))], flags=flags)
    return catalog


def _empty(language: str) -> Catalog:
    return Catalog(locale=babel_locale(language), domain=DOMAIN, project="Dice Parlor", version="1",
                   header_comment=f"# {HEADER_NOTE}", creation_date=STAMP, revision_date=STAMP,
                   charset="utf-8", fuzzy=False)


def _set_language(catalog: Catalog, language: str) -> None:
    catalog.locale = Locale.parse(babel_locale(language))
    catalog._num_plurals = len(plural_tags(language))  # CLDR's count, as Babel's Plural-Forms has it
    catalog.language_team = language
    catalog.last_translator = "Dice Parlor"


def catalogue_for(language: str, pot: Catalog) -> Catalog:
    """One language's catalogue, up to date with the template."""
    path = po_path(language)
    if path.is_file():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=babel_locale(language), domain=DOMAIN)
        catalog.update(pot, no_fuzzy_matching=True, update_header_comment=True)
        catalog.obsolete.clear()  # a string the game no longer has is no use to a translator
    else:
        catalog = _empty(language)
        catalog.update(pot, no_fuzzy_matching=True)
    _set_language(catalog, language)
    catalog.creation_date = catalog.revision_date = STAMP
    tags = plural_tags(language)
    yaml_tables = read_tables(language) if language == SOURCE or (STRINGS / language).is_dir() else {}
    for message in catalog:
        if not message.id:
            continue
        if language == SOURCE:
            message.string = message.id if isinstance(message.id, str) else tuple(
                message.id[0] if tag == "one" else message.id[1] for tag in tags)
            continue
        if message.context in yaml_tables:
            value = yaml_tables[message.context][0]
            if isinstance(message.id, tuple):
                value = value if isinstance(value, dict) else {"other": value}
                message.string = tuple(str(value.get(tag, value["other"])) for tag in tags)
            else:
                message.string = str(value)
        elif isinstance(message.id, tuple):
            strings = list(message.string) if isinstance(message.string, (tuple, list)) else [message.string or ""]
            message.string = tuple((strings + [""] * len(tags))[:len(tags)])
        message.flags.discard("fuzzy")
    return catalog


def rendered(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=False, omit_header=False, include_previous=False)
    return out.getvalue()


def languages() -> list[str]:
    found = {p.name for p in STRINGS.iterdir() if p.is_dir() and any(p.glob("*.yaml"))}
    found |= {p.name for p in LOCALE.iterdir() if po_path(p.name).is_file()} if LOCALE.is_dir() else set()
    return sorted(found, key=lambda code: (code != SOURCE, code))


def outputs(extra: list[str] = ()) -> dict[Path, bytes]:
    pot = template()
    files = {LOCALE / f"{DOMAIN}.pot": rendered(pot)}
    for language in [*languages(), *extra]:
        # a template of its own for each: Babel's update hands new entries over as the template's own objects, so
        # one language's text written into them became the next one's (Dutch in Swedish, English elsewhere)
        files[po_path(language)] = rendered(catalogue_for(language, template()))
    return files


def compile_all(target: Path) -> list[Path]:
    """The .mo of every catalogue, under ``target/<language>/LC_MESSAGES/``, for the built app."""
    written = []
    for language in languages():
        with po_path(language).open("rb") as handle:
            catalog = read_po(handle, locale=babel_locale(language), domain=DOMAIN)
        out = target / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        written.append(out)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether the catalogues are up to date")
    parser.add_argument("--add", metavar="LANG", action="append", default=[], help="start a catalogue for LANG")
    parser.add_argument("--compile", metavar="DIR", type=Path, help="write the .mo files under DIR")
    args = parser.parse_args(argv)
    if args.compile:
        for path in compile_all(args.compile):
            print(path)
        return 0
    stale = []
    for path, data in outputs(args.add).items():
        if path.is_file() and path.read_bytes() == data:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    for path in stale:
        print(("out of date: " if args.check else "wrote ") + path.relative_to(ROOT).as_posix())
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
