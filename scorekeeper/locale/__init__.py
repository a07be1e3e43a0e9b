"""The languages people read the program in (SPEC §7), and their catalogs.

``en`` is built in (the message ids are English); ``uk``, ``ru`` and ``be`` are
gettext catalogs: ``scorekeeper/locale/LANG/LC_MESSAGES/scorekeeper.po`` is the
source kept in the repository, ``scorekeeper.mo`` beside it the compiled catalog
shipped in the package (``python tools/catalogs.py`` rebuilds both
with Babel). A catalog is read only when something is printed for people.
"""
from __future__ import annotations

import gettext
import os
from pathlib import Path
from typing import Mapping

from scorekeeper.core.errors import InputError

LANGUAGES = ("en", "uk", "ru", "be")
DOMAIN = "scorekeeper"
LOCALE_DIR = Path(__file__).resolve().parent

#: the locale variables, in the order gettext reads them
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def _code(text: str) -> str:
    """``uk_UA.UTF-8`` → ``uk``; ``ru-RU`` → ``ru``; ``C`` → ``c``."""
    return text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def _given(value: str, where: str) -> str:
    code = _code(value)
    if code not in LANGUAGES:
        raise InputError("language.unknown", value=value, where=where, languages=list(LANGUAGES))
    return code


def choose(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``--lang``, else ``SCOREKEEPER_LANG``, else the first
    locale variable that names one of :data:`LANGUAGES` (gettext's order), else ``en``.

    A bad ``--lang`` or ``SCOREKEEPER_LANG`` raises :class:`InputError` listing the
    languages; a valid ``--lang`` wins over a bad ``SCOREKEEPER_LANG``; a locale
    the program does not speak falls back to English silently.
    """
    env = os.environ if environ is None else environ
    if option is not None:
        return _given(option, "--lang")
    if env.get("SCOREKEEPER_LANG"):
        return _given(env["SCOREKEEPER_LANG"], "SCOREKEEPER_LANG")
    for var in LOCALE_VARIABLES:
        value = env.get(var)
        if not value:
            continue
        for part in value.split(":"):  # LANGUAGE may list several: "uk:ru:en"
            if _code(part) in LANGUAGES:
                return _code(part)
        return "en"  # the first variable set decides, as in gettext
    return "en"


def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalog of language ``code`` (nothing to read for English)."""
    if code == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code])


def speak(code: str) -> None:
    """Make every sentence from now on be in language ``code``."""
    from scorekeeper.core import messages

    messages.use(translations(code), code)
