"""The language the command line speaks (SPEC §7).

``--lang CODE`` (before or after the command, like ``--db``), else
``SCOREKEEPER_LANG``, else the locale variables, else English
(:func:`scorekeeper.locale.choose` decides). Three moments:

- :func:`early`, when the command line is imported: our help texts are strings
  given to typer at import, so the language is read from ``sys.argv`` and the
  environment before the commands are registered (a bad choice is left to the
  root callback, which says so; a TAB answer never loads a catalog);
- :func:`lang_first`, when the root group parses its arguments: a ``--lang``
  written after the command is moved in front of it, where the root option reads
  it (this is also the path of typer's ``CliRunner``);
- :func:`start`, in the root callback: the language of the run is chosen (an
  unknown one is refused, exit 2) and spoken. A ``--json`` run builds its
  document in English (``--json`` is the same in every language); its errors
  are still said in the chosen language (:func:`speaking`).

:func:`_`, :func:`ngettext`, :func:`pgettext` are the cheap forms for the texts
made at import: they read no catalog and import nothing while the language is
English.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator, Mapping, Sequence

OPTION = "--lang"
#: where the root group keeps whether the command asked for ``--json`` (``ctx.meta``)
JSON_KEY = "scorekeeper.json"
#: the environment variable set while a shell asks for a TAB completion
COMPLETING = "_SCOREKEEPER_COMPLETE"

_spoken = "en"


def spoken() -> str:
    """The language spoken now (``en`` until one is chosen)."""
    return _spoken


def _(text: str) -> str:
    if _spoken == "en":
        return text
    from scorekeeper.core import messages

    return messages._(text)


def helptext(code: str) -> str:
    """The help text (or help frame word) ``code`` of :mod:`scorekeeper.core.helptext` in the
    language spoken, as a template (its ``{fields}`` not filled in): English reads only that table;
    another language looks it up in the catalog under its code (``pgettext(code, english)``)."""
    from scorekeeper.core.helptext import TEMPLATES

    if _spoken == "en":
        return TEMPLATES[code]
    from scorekeeper.core import messages

    return messages.pgettext(code, TEMPLATES[code])


def ngettext(one: str, many: str, n: int) -> str:
    if _spoken == "en":
        return one if n == 1 else many
    from scorekeeper.core import messages

    return messages.ngettext(one, many, n)


def pgettext(context: str, text: str) -> str:
    if _spoken == "en":
        return text
    from scorekeeper.core import messages

    return messages.pgettext(context, text)


def say(code: str, /, **facts) -> str:
    """The text of message ``code`` with ``facts`` (:func:`scorekeeper.core.messages.say`),
    for the commands: the templates are loaded when a command says something, not when
    the command line is imported."""
    from scorekeeper.core.messages import say as said

    return said(code, **facts)


def speak(code: str) -> None:
    """Speak ``code`` from now on (English reads no catalog)."""
    global _spoken
    if code == "en":
        messages = sys.modules.get("scorekeeper.core.messages")
        if messages is not None:  # not loaded: nothing was ever said in another language
            messages.use(None)
    else:
        from scorekeeper.locale import speak as load

        load(code)
    _spoken = code


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak ``code`` for a while, then the language spoken before."""
    before = _spoken
    speak(code)
    try:
        yield
    finally:
        speak(before)


def _value_on_line(args: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` on the line (before ``--``), or None."""
    found = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == OPTION and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith(OPTION + "="):
            found = arg[len(OPTION) + 1:]
    return found


def early(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> None:
    """Speak the language the line or the environment asks for, before any help text
    is made. Nothing happens while a shell asks for a TAB completion, and a choice
    that is not a language leaves English (the root callback refuses it)."""
    env = os.environ if environ is None else environ
    if env.get(COMPLETING):
        return
    from scorekeeper.core.errors import InputError

    try:
        code = _choose(_value_on_line(argv[1:]), env)
    except InputError:
        return
    speak(code)


def configured() -> str | None:
    """The language the configuration file sets, checked (None: it sets none). Raises
    :class:`InputError` for a bad file or a language scorekeeper does not speak."""
    from scorekeeper.app import settings
    from scorekeeper.core.errors import InputError
    from scorekeeper.locale import LANGUAGES

    value = settings.read().get("language")
    if value is None:
        return None
    code = value.strip().lower()
    if code not in LANGUAGES:
        raise InputError("language.unknown", value=value, where=str(settings.path()), languages=list(LANGUAGES))
    return code


def _choose(option: str | None, env: Mapping[str, str], strict: bool = True) -> str:
    """``--lang``, else ``SCOREKEEPER_LANG``, else the configuration file, else the locale
    (:func:`scorekeeper.locale.choose` reads all but the file). ``strict=False``: a bad
    configuration file is passed over (``config`` must work to mend it)."""
    from scorekeeper.core.errors import InputError
    from scorekeeper.locale import choose

    if option is None and not env.get("SCOREKEEPER_LANG"):
        try:
            code = configured()
        except InputError:
            if strict:
                raise
            code = None
        if code is not None:
            return code
    return choose(option, env)


def lang_first(args: list[str]) -> list[str]:
    """``args`` with every ``--lang CODE`` (or ``--lang=CODE``) moved to the front, where
    the root option reads it; nothing after ``--`` is touched."""
    moved: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        if arg == OPTION:
            moved.extend(args[i:i + 2])
            i += 2
            continue
        if arg.startswith(OPTION + "="):
            moved.append(arg)
        else:
            rest.append(arg)
        i += 1
    return moved + rest if moved else list(args)


def wants_json(args: Sequence[str]) -> bool:
    """Whether the command's arguments ask for ``--json`` (before ``--``)."""
    for arg in args:
        if arg == "--":
            return False
        if arg == "--json":
            return True
    return False


def start(option: str | None, json: bool = False, strict: bool = True) -> str:
    """Choose the run's language (``--lang``, else the environment, else the configuration
    file, else the locale) and speak it, or English while a ``--json`` document is made.
    Returns the chosen language; an unknown ``--lang`` or ``SCOREKEEPER_LANG`` raises
    ``language.unknown``, a bad configuration file its error unless ``strict`` is False."""
    code = _choose(option, os.environ, strict)
    speak("en" if json else code)
    return code
