"""The gettext catalogues: up to date with the string tables, found by extraction, complete in every language."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from game.rules import i18n

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
LANGUAGES = list(i18n.languages())


def _read(language: str):
    with i18n.catalogue_path(language).open("rb") as handle:
        return read_po(handle, locale=None if language == "en" else language)


def _entries(catalog):
    return [message for message in catalog if message.id]


def test_the_catalogues_are_what_the_script_writes_from_the_string_tables():
    """Someone who changed a YAML table and forgot `python packaging/strings_to_po.py` hears it here."""
    result = subprocess.run([sys.executable, str(ROOT / "packaging" / "strings_to_po.py"), "--check"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_extraction_finds_every_entry_of_every_catalogue():
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map=[("game/**.py", "python"), ("scenes/**.py", "python")],
            keywords={"t": None, "N_": None}):
        found.add(message[0] if isinstance(message, tuple) else message)
    keys = {message.context for message in _entries(_read("en"))}
    assert len(keys) > 500
    for language in LANGUAGES:
        contexts = {message.context for message in _entries(_read(language))}
        assert sorted(contexts - found) == [], f"{language}: entries pybabel extract does not find " \
                                                "(add them to game/rules/runtime_keys.py)"
    # the other way round (every key the code names is in the catalogue) is tests/test_strings.py's: the
    # extractor joins the two keys of `t("a" if x else "b")` into one, so its list is no judge of that


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_is_complete_with_cldr_plurals_and_the_source_placeholders(language):
    catalog = _read(language)
    assert catalog.num_plurals == len(i18n.plural_tags(language)), "Plural-Forms is not CLDR's"
    english = {message.context: message for message in _entries(_read("en"))}
    seen = set()
    for message in _entries(catalog):
        seen.add(message.context)
        assert "fuzzy" not in message.flags, f"{language} {message.context}: fuzzy"
        forms = message.string if isinstance(message.string, (tuple, list)) else [message.string]
        assert all(forms), f"{language} {message.context}: untranslated"
        if isinstance(message.id, tuple):
            assert len(forms) == catalog.num_plurals, f"{language} {message.context}: plural forms"
        source = english[message.context].id
        wanted = {n for text in ([source] if isinstance(source, str) else source) for n in PLACEHOLDER.findall(text)}
        # a counted entry's forms share its placeholders ("one {face}", "{amount} {faces}"), and may leave
        # out {count} ("one roll left"); none is invented or lost
        got = {name for form in forms for name in PLACEHOLDER.findall(form)}
        assert got <= wanted | {"count"} and wanted - {"count"} <= got, (language, message.context, forms)
    assert seen == set(english), f"{language}: entries differ from English"


def test_compiled_catalogues_load_and_translate(tmp_path, monkeypatch):
    """What the build ships (build.spec compiles with --compile) reads the same as the .po."""
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import strings_to_po
    finally:
        sys.path.pop(0)
    written = strings_to_po.compile_all(tmp_path)
    assert {path.parent.parent.name for path in written} == set(LANGUAGES)
    import gettext
    for path in written:
        catalog = gettext.GNUTranslations(io.BytesIO(path.read_bytes()))
        assert catalog.pgettext("common.back", "Back")


def test_numbers_lists_and_plurals_by_cldr():
    try:
        i18n.set_language("en")
        assert i18n.names(["Ada", "Bob", "Kim"]) == "Ada, Bob and Kim"
        assert i18n.percent(0.093) == "9%"
        if "sv" in LANGUAGES:
            i18n.set_language("sv")
            assert i18n.number(1000) == "1\u00a0000"  # grouped with a no-break space
            assert i18n.names(["Ada", "Bob", "Kim"]) == "Ada, Bob och Kim"
        if "fr" in LANGUAGES:
            i18n.set_language("fr")
            assert i18n.number(1234567) == "1\u00a0234\u00a0567"  # CLDR's narrow one, drawn as a no-break space
            assert i18n.plural_tags("fr") == ["one", "many", "other"]
            assert i18n.t("rules.points", count=0) == "0 point"  # French takes the singular for 0
            assert i18n.t("rules.points", count=2) == "2 points"
    finally:
        i18n.set_language("en")


def test_the_system_language_is_chosen_at_first_start(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("locale.getlocale", lambda: (None, None))
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    assert i18n.system_language() == "nl"
    monkeypatch.setenv("LANGUAGE", "xx:nl")  # the first one we have, in the user's order
    assert i18n.system_language() == "nl"
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert i18n.system_language() == "en"


def test_swedish_yatzy_speaks_as_swedish_players_do():
    from game.rules.variants import load_all

    yatzy = load_all(refresh=True).find("yatzy")
    assert [box.name.get("sv") for box in yatzy.boxes] == [
        "Ettor", "Tvåor", "Treor", "Fyror", "Femmor", "Sexor", "Ett par", "Två par", "Tretal", "Fyrtal",
        "Liten stege", "Stor stege", "Kåk", "Chans", "Yatzy"]
    try:
        i18n.set_language("sv")
        assert i18n.t("scorecard.upper_total") == "Summa"
        assert i18n.t("practice.rolls_left", count=1) == "1 slag kvar"
        assert i18n.t("rules.points", count=1000) == "1\u00a0000 poäng"
    finally:
        i18n.set_language("en")


def test_german_speaks_kniffel_where_it_is_the_usual_name():
    from game.rules.variants import load_all

    catalogue = load_all(refresh=True)
    classic = catalogue.find("classic")
    assert [box.name.get("de") for box in classic.boxes][6:] == [
        "Dreierpasch", "Viererpasch", "Full House", "Kleine Straße", "Große Straße", "Kniffel", "Chance"]
    assert classic.name.get("de") == "Klassisches Yahtzee"  # the game keeps its name; the box is a Kniffel
    assert catalogue.find("yatzy").box("yatzy").name.get("de") == "Yatzy"
    try:
        i18n.set_language("de")
        assert i18n.t("rules.points", count=1) == "1 Punkt" and i18n.number(1234.5, 1) == "1.234,5"
        assert i18n.names(["Ada", "Bob", "Kim"]) == "Ada, Bob und Kim"
    finally:
        i18n.set_language("en")


def test_the_picker_names_each_language_in_itself():
    assert i18n.languages() == {"en": "English", "da": "Dansk", "de": "Deutsch", "es": "Español", "fr": "Français",
                                "nb": "Norsk bokmål", "nl": "Nederlands", "sv": "Svenska"}


# Entries that rightly read as in English, per language: everything else equal to the English is English left
# behind by a merge (as Today's dice's strings once were). Placeholder-and-punctuation entries ("{name}!",
# "1 - 5") need no listing. Keep these lists short: add a key only where players of that language say it so.
PAD_AND_LETTER_KEYS = {  # printed on the pad or the key cap, the same everywhere
    "pad.a", "pad.b", "pad.x", "pad.y", "pad.lt", "pad.rt", "pad.start", "pad.back", "rules.keys_pad.esc",
    "rules.keys_pad.back_button", "help.key.f11", "help.key.c", "help.key.x", "help.key.u", "walkthrough.next_key",
    "speech.help.keys"}
KEY_CAPS = {"help.key.enter", "help.key.esc", "help.key.tab_enter", "rules.keys.back_button", "rules.keys.esc"}
JACKPOT = {"jackpot.roll_class.four_alike", "jackpot.roll_said.four_alike"}  # "Jackpot!" is the word everywhere
DOLLAR = {"jackpot.symbol.dollar.name", "jackpot.symbol.dollar.count"}
SAME_AS_ENGLISH = {
    "nl": {"online.homeserver"} | PAD_AND_LETTER_KEYS | KEY_CAPS | JACKPOT | DOLLAR | {
        "common.ok", "common.menu", "newgame.computer", "newgame.computer_name", "newgame.level.perfect",
        "records.title", "records.bonus", "speech.bonus", "speech.card_open", "settings.volume", "table.coach",
        "table.coach_progress", "title.records", "speech.coach"},
    "sv": {"online.homeserver"} | PAD_AND_LETTER_KEYS | KEY_CAPS | JACKPOT | DOLLAR | {
        "rules.keys.page", "common.ok", "gameover.match_row", "kiosk.admin", "newgame.colour.orange",
        "records.bonus", "speech.bonus", "settings.text_normal", "settings.speed_normal", "table.coach",
        "speech.coach"},
    "de": {"online.homeserver"} | PAD_AND_LETTER_KEYS | KEY_CAPS | JACKPOT | {
        "common.ok", "gameover.match_row", "jackpot.rack.chance", "kiosk.admin", "newgame.computer",
        "newgame.start", "newgame.computer_name", "newgame.colour.orange", "scorecard.computer",
        "scorecard.computer_short", "settings.text_normal", "settings.speed_normal", "table.coach", "table.scored",
        "speech.bonus", "speech.coach", "speech.seat_name"},
    "fr": PAD_AND_LETTER_KEYS | DOLLAR | {
        "jackpot.roll_said.four_alike", "coach.face.6", "speech.face.6", "coach.amount.6", "common.ok", "common.menu",
        "gameover.match_row", "gameover.total_row", "jackpot.scores", "jackpot.symbol.orange.name",
        "jackpot.symbol.orange.count", "jackpot.round.total", "jackpot.rack.chance", "kiosk.admin",
        "newgame.colour.orange", "scorecard.total", "settings.volume", "settings.animations", "table.coach",
        "title.records"},
    "es": PAD_AND_LETTER_KEYS | {
        "help.key.esc", "speech.scored", "rules.keys.esc", "jackpot.roll_said.four_alike", "gameover.total_row",
        "jackpot.round.total", "jackpot.rack.chance", "records.solo", "scorecard.computer",
        "scorecard.computer_short", "scorecard.total", "settings.text_normal"},
    "da": {"online.homeserver"} | PAD_AND_LETTER_KEYS | KEY_CAPS | JACKPOT | DOLLAR | {
        "rules.keys.page", "common.ok", "common.menu", "gameover.total_row", "jackpot.round.total",
        "jackpot.rack.chance", "kiosk.admin", "kiosk.log_file", "newgame.computer", "newgame.start",
        "newgame.computer_name", "newgame.colour.orange", "records.bonus", "speech.bonus", "scorecard.computer",
        "scorecard.computer_short", "scorecard.total", "settings.text_normal", "settings.speed_normal"},
    "nb": {"online.homeserver"} | PAD_AND_LETTER_KEYS | KEY_CAPS | JACKPOT | DOLLAR | {
        "rules.keys.page", "common.ok", "kiosk.admin", "newgame.start", "practice.best_line", "records.best",
        "records.bonus", "speech.bonus", "scorecard.computer", "scorecard.computer_short", "settings.text_normal",
        "settings.speed_normal", "table.coach_best", "gameover.review_class.best"},
}


def _forms(string) -> list[str]:
    return [string] if isinstance(string, str) else list(string)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_no_english_is_left_behind(language):
    english = {message.context: _forms(message.string) for message in _entries(_read("en"))}
    allowed = SAME_AS_ENGLISH.get(language, set())
    left = []
    for message in _entries(_read(language)):
        source = english[message.context]
        words = [PLACEHOLDER.sub("", form) for form in source]
        if not any(char.isalpha() for form in words for char in form):
            continue  # placeholders and punctuation only: nothing to translate
        if all(form in source for form in _forms(message.string)) and message.context not in allowed:
            left.append(message.context)
    assert left == [], f"{language}: English left behind (translate it, or list the key in SAME_AS_ENGLISH)"


def test_a_new_string_arrives_untranslated_not_in_another_language(tmp_path, monkeypatch):
    """A catalogue that lacks Today's dice gets its entries empty, never Dutch's or English's text."""
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import strings_to_po
    finally:
        sys.path.pop(0)
    old = _read("sv")
    for message in [m for m in _entries(old) if m.context.startswith("daily.")]:
        old.delete(message.id, context=message.context)
    path = tmp_path / "sv.po"
    with path.open("wb") as handle:
        handle.write(strings_to_po.rendered(old))
    monkeypatch.setattr(strings_to_po, "po_path", lambda language: path)
    catalog = strings_to_po.catalogue_for("sv", strings_to_po.template())
    daily = [message for message in catalog if message.id and message.context.startswith("daily.")]
    assert daily and all(not any(_forms(message.string)) for message in daily)


def test_every_catalogue_lacking_a_string_gets_it_empty_not_another_languages_text(tmp_path, monkeypatch):
    """outputs() brings every catalogue up to date in one run: a string missing from all of them arrives empty in
    each (Dutch takes its own YAML text), never the text a language before it wrote (Babel's update hands the
    template's own Message objects to every catalogue; one shared template once gave Swedish the Dutch text and
    the others the English)."""
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import strings_to_po
    finally:
        sys.path.pop(0)
    key = "speech.on"
    locale = tmp_path / "locale"
    shutil.copytree(ROOT / "assets" / "locale", locale)
    monkeypatch.setattr(strings_to_po, "LOCALE", locale)
    others = [code for code in strings_to_po.languages() if code != "en"]
    assert {"nl", "sv", "de"} <= set(others)
    english = next(m for m in _entries(_read("en")) if m.context == key).id
    for language in ["en", *others]:  # English too: a new string, as when it was just added to the YAML
        path = strings_to_po.po_path(language)
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=None if language == "en" else language)
        message = next(m for m in catalog if m.context == key)
        catalog.delete(message.id, context=key)
        path.write_bytes(strings_to_po.rendered(catalog))
    dutch = strings_to_po.read_tables("nl")[key][0]
    assert dutch != english
    files = strings_to_po.outputs()
    english_po = read_po(io.BytesIO(files[strings_to_po.po_path("en")]))
    assert next(m for m in english_po if m.context == key).string == english
    for language in others:
        catalog = read_po(io.BytesIO(files[strings_to_po.po_path(language)]), locale=language)
        got = next(m for m in catalog if m.context == key).string
        assert got == (dutch if language == "nl" else ""), f"{language}: {got!r}"
