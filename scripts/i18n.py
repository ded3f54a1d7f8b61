#!/usr/bin/env python3
"""keystand's translation catalogs, kept with Babel (a development tool, not a runtime one).

    python scripts/i18n.py extract   # the marked strings -> locale/keystand.pot
    python scripts/i18n.py update    # the template merged into every language's .po
    python scripts/i18n.py compile   # every .po -> its .mo (what the package ships)
    python scripts/i18n.py check     # exit 1, naming each problem, unless all is in step

The workflow and the decision to check the .mo files in are in docs/translations.md.
tests/test_translations.py runs the same checks as ``check``.
"""

from __future__ import annotations

import io
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "firmware_host" / "keystand"
sys.path.insert(0, str(PACKAGE.parent))
from keystand.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE  # noqa: E402

TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS = {**DEFAULT_KEYWORDS, "N_plural": (1, 2)}
# Placeholders a translation must keep: %d, %s, %(name)s and {name}.
PLACEHOLDER = re.compile(r"%(?:\([a-z_]+\))?[ds]|\{[a-z_]*\}")


def extract_mission_names(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel extractor for the mission maps: every mission's ``name`` is shown to players."""
    text = fileobj.read().decode("utf-8")
    names = {m["name"] for m in tomllib.loads(text).get("mission", [])}
    for lineno, line in enumerate(text.splitlines(), 1):
        m = re.match(r'\s*name\s*=\s*"(.*)"\s*$', line)
        if m and m.group(1) in names:
            yield lineno, None, m.group(1), ["A mission's name, as on the mission map"]


METHODS = [("**.py", "python"), ("rules/data/*.toml", extract_mission_names)]


def extract() -> Catalog:
    """A fresh template from the strings marked in the package."""
    template = Catalog(project="keystand", domain=DOMAIN, fuzzy=False)
    template.header_comment = "# keystand: every string players read, extracted by scripts/i18n.py."
    found = extract_from_dir(
        str(PACKAGE), METHODS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    )
    for filename, lineno, message, comments, context in found:
        where = f"keystand/{filename}"
        template.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return template


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def translated_languages() -> list[str]:
    return [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE]


def read_catalog(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def compiled(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def problems(template: Catalog | None = None) -> list[str]:
    """Everything that is not in step, one line each: what ``check`` and the tests report."""
    template = template or extract()
    # Keyed by msgid and context: the page's "press" button (pgettext "page button")
    # is not the Diagnostics screen's "press".
    wanted = {(m.id, m.context): m for m in template if m.id}
    out = []
    with TEMPLATE.open("rb") as f:
        shipped_template = {(m.id, m.context) for m in read_po(f) if m.id}
    if shipped_template != set(wanted):
        out.append(f"{TEMPLATE.name} is stale: run `python scripts/i18n.py extract`")
    for lang in translated_languages():
        catalog = read_catalog(lang)
        have = {(m.id, m.context): m for m in catalog if m.id}
        for (msgid, context), message in wanted.items():
            entry = have.get((msgid, context))
            name = msgid if isinstance(msgid, str) else msgid[0]
            if context:
                name = f"{context}|{name}"
            if entry is None:
                out.append(f"{lang}: {name!r} is not in the catalog (run update)")
                continue
            forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            if message.pluralizable and any(forms) and not (
                len(forms) == catalog.num_plurals and all(forms)
            ):
                out.append(f"{lang}: {name!r} needs {catalog.num_plurals} plural forms")
                continue
            if not all(forms) or entry.fuzzy:
                out.append(f"{lang}: {name!r} is not translated")
                continue
            sources = msgid if isinstance(msgid, tuple) else (msgid,)
            for form in forms:
                if placeholders(form) not in [placeholders(s) for s in sources]:
                    out.append(f"{lang}: {name!r} -> {form!r} changes the placeholders")
        stale = sorted(str(k if not c else f"{c}|{k}") for k, c in set(have) - set(wanted))
        if stale:
            out.append(f"{lang}: entries no string uses any more: {', '.join(stale)}")
        if not mo_path(lang).exists():
            out.append(f"{lang}: {mo_path(lang).name} is missing (run compile)")
        else:
            with mo_path(lang).open("rb") as f:
                mo = _entries(read_mo(f))
            if mo != _entries(m for m in catalog if not m.fuzzy):
                out.append(f"{lang}: {mo_path(lang).name} does not match its .po (run compile)")
    return out


def _entries(messages) -> dict:
    """(msgid, context) -> msgstr, plurals as tuples (read_mo gives lists, read_po tuples)."""
    def key(x):
        return tuple(x) if isinstance(x, list | tuple) else x

    return {(key(m.id), m.context): key(m.string) for m in messages if m.id}


def _write_po(path: Path, catalog: Catalog, **options) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, **options)


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) == 2 else ""
    if command == "extract":
        _write_po(TEMPLATE, extract(), omit_header=False)
    elif command == "update":
        template = extract()
        for lang in translated_languages():
            if po_path(lang).exists():
                catalog = read_catalog(lang)
            else:
                catalog = Catalog(locale=lang, domain=DOMAIN, project="keystand", fuzzy=False)
                catalog.header_comment = f"# keystand: what players read, in {lang}."
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()  # git keeps history; stale entries only mislead
            _write_po(po_path(lang), catalog)
    elif command == "compile":
        for lang in translated_languages():
            mo_path(lang).write_bytes(compiled(read_catalog(lang)))
    elif command == "check":
        found = problems()
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
