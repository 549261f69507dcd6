"""The zh_CN catalogue is complete and in step with the templates and code.

Fails when a string is missing from the catalogue, untranslated, fuzzy, has mismatched
placeholders, or when the compiled ``.mo`` or the ``.pot`` template is stale. Fix with the
commands in the README (pybabel extract / update / compile).
"""

from __future__ import annotations

import gettext
import shutil
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

import cribkit.web
from cribkit.web.site.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, Catalogues

ROOT = Path(__file__).resolve().parents[2]
WEB = Path(cribkit.web.__file__).parent
TRANSLATED = [language for language in LANGUAGES if language.locale != "en"]


def _extracted() -> set[str]:
    with (ROOT / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    found = set()
    for _, _, message, _, _ in extract_from_dir(str(WEB), method_map, options_map):
        found.add(message if isinstance(message, str) else message[0])
    return found


def _po(locale: str) -> Catalog:
    with (LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        return read_po(handle, locale=locale)


def _ids(catalog: Catalog) -> set[str]:
    return {
        message.id if isinstance(message.id, str) else message.id[0]
        for message in catalog
        if message.id
    }


def _translated(message: Message) -> bool:
    strings = [message.string] if isinstance(message.string, str) else list(message.string)
    return all(strings)


def test_template_is_up_to_date_with_code_and_templates() -> None:
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as handle:
        template = _ids(read_po(handle))
    extracted = _extracted()
    assert len(extracted) > 100
    assert sorted(extracted - template) == [], "new strings: run pybabel extract"
    assert sorted(template - extracted) == [], "strings gone: run pybabel extract"


def test_every_string_is_translated() -> None:
    extracted = _extracted()
    for language in TRANSLATED:
        catalog = _po(language.locale)
        assert sorted(extracted - _ids(catalog)) == [], "run pybabel update, then translate"
        assert sorted(_ids(catalog) - extracted) == [], "obsolete strings: run pybabel update"
        untranslated = [m.id for m in catalog if m.id and not _translated(m)]
        fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
        assert untranslated == []
        assert fuzzy == []


def test_placeholders_match() -> None:
    for language in TRANSLATED:
        problems = [(m.id, errors) for m, errors in _po(language.locale).check()]
        assert problems == []


def test_compiled_catalogue_matches_its_source() -> None:
    for language in TRANSLATED:
        mo_path = LOCALE_DIR / language.locale / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if not mo_path.exists():
            continue  # compiled at app start instead
        with mo_path.open("rb") as handle:
            compiled = gettext.GNUTranslations(handle)
        stale = []
        for message in _po(language.locale):
            if not message.id or not _translated(message) or message.fuzzy:
                continue  # untranslated: reported by test_every_string_is_translated
            if isinstance(message.id, str):
                shown = compiled.gettext(message.id)
                expected = message.string
            else:  # plural forms: Chinese has one
                shown = compiled.ngettext(message.id[0], message.id[1], 2)
                expected = message.string[0]
            if shown != expected:
                stale.append(message.id)
        assert stale == [], "run pybabel compile"


def test_missing_mo_is_compiled_in_memory(tmp_path: Path) -> None:
    shutil.copytree(LOCALE_DIR, tmp_path / "locale")
    for mo_path in (tmp_path / "locale").rglob("*.mo"):
        mo_path.unlink()
    catalogues = Catalogues(tmp_path / "locale")
    for language in TRANSLATED:
        catalog = _po(language.locale)
        message = next(m for m in catalog if m.id == "Score calculator")
        assert catalogues.get(language).gettext("Score calculator") == message.string != message.id
