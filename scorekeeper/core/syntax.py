"""Where a JSON or TOML text stops being valid, as facts for a sentence of our own.

``json`` and ``tomllib`` say what is wrong in English; a message for people must be in
the language spoken (SPEC §7). :func:`json_fault` and :func:`toml_fault` turn their
errors into facts — ``line`` and ``column`` (1-based, the place in the text) and
``problem``, a phrase of the ``syntax.*`` templates — that every refusal of a hand
file, an import or a configuration file is said with.

Where the place comes from: :class:`json.JSONDecodeError` has ``lineno`` and ``colno``;
its ``msg`` (the message without the place, one of a few fixed texts of the ``json``
module) tells what was expected. :class:`tomllib.TOMLDecodeError` has ``lineno`` and
``colno`` from Python 3.14 on; before that it has only its text, which ends
``(at line L, column C)`` or ``(at end of document)`` (tomllib's ``suffixed_err``):
:func:`toml_place` reads the place from that ending, here and nowhere else. What TOML
found wrong is then said from the text itself — the character at that place, or the
end of the line or of the text — never from tomllib's English.
Pure functions: no I/O.
"""
from __future__ import annotations

import json
import re
from typing import Any

from scorekeeper.core.phrase import Phrase, phrase

#: the json module's messages (``JSONDecodeError.msg``, without the place) and what each expected
_JSON_PROBLEMS = (
    ("Expecting value", "syntax.json.value"),
    ("Expecting ',' delimiter", "syntax.json.comma"),
    ("Expecting ':' delimiter", "syntax.json.colon"),
    ("Expecting property name", "syntax.json.key"),
    ("Unterminated string", "syntax.json.unterminated"),
    ("Invalid control character", "syntax.json.control"),
    ("Invalid \\uXXXX escape", "syntax.json.escape"),
    ("Invalid \\escape", "syntax.json.escape"),
    ("Extra data", "syntax.json.extra"),
    ("Illegal trailing comma", "syntax.json.trailing_comma"),
)

#: the ending tomllib (before Python 3.14) gives its message: the place in the text
_TOML_PLACE = re.compile(r"\(at line (\d+), column (\d+)\)\s*$")
_TOML_END = re.compile(r"\(at end of document\)\s*$")


def json_fault(error: json.JSONDecodeError) -> dict[str, Any]:
    """``{"line", "column", "problem"}`` of a JSON text that is not valid: the place (1-based)
    and what was expected there, as a phrase (``syntax.json.value`` "a value was expected" …;
    ``syntax.json.other`` for a message this version of Python has and this list has not)."""
    code = next((c for start, c in _JSON_PROBLEMS if error.msg.startswith(start)), "syntax.json.other")
    return {"line": error.lineno, "column": error.colno, "problem": phrase(code)}


def toml_place(error: Exception, text: str) -> tuple[int, int]:
    """``(line, column)``, 1-based, where tomllib stopped reading ``text``: its ``lineno`` and
    ``colno`` (Python 3.14+), else the ending of its message (Python 3.11 – 3.13); the end of
    the text when neither says."""
    lineno, colno = getattr(error, "lineno", None), getattr(error, "colno", None)
    if isinstance(lineno, int) and isinstance(colno, int):
        return lineno, colno
    said = str(error)
    found = _TOML_PLACE.search(said)
    if found:
        return int(found.group(1)), int(found.group(2))
    return _end_of(text)


def _end_of(text: str) -> tuple[int, int]:
    lines = text.split("\n")
    return len(lines), len(lines[-1]) + 1


def toml_fault(error: Exception, text: str) -> dict[str, Any]:
    """``{"line", "column", "problem"}`` of a TOML text that is not valid: the place
    (:func:`toml_place`) and what stands there, as a phrase: ``syntax.found`` (the
    character, quoted), ``syntax.end_of_line`` or ``syntax.end_of_text``."""
    line, column = toml_place(error, text)
    if str(error).startswith(_TOML_TWICE):  # a key or a table given again: name it
        return {"line": line, "column": column, "problem": _given_twice(text, line)}
    return {"line": line, "column": column, "problem": found_at(text, line, column)}


#: the beginnings of tomllib's messages for a key or a table given a second time
_TOML_TWICE = ("Cannot overwrite a value", "Cannot declare", "Cannot mutate")


def _given_twice(text: str, line: int) -> Phrase:
    """``syntax.toml.twice`` (with ``key``, the key or table the line gives again) for the
    1-based ``line`` of ``text``; ``syntax.toml.twice_unnamed`` when the line names none."""
    lines = text.split("\n")
    row = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    if row.startswith("["):
        key = row.strip("[]").strip()
    else:
        key = row.split("=", 1)[0].strip() if "=" in row else ""
    return phrase("syntax.toml.twice", key=key) if key else phrase("syntax.toml.twice_unnamed")


def found_at(text: str, line: int, column: int) -> Phrase:
    """What stands at ``line``/``column`` (1-based) of ``text``, as a phrase: the character
    (``syntax.found``, with ``found``), the end of that line or the end of the text."""
    lines = text.split("\n")
    if line > len(lines) or (line == len(lines) and column > len(lines[-1])):
        return phrase("syntax.end_of_text")
    row = lines[line - 1].rstrip("\r")
    if column > len(row):
        return phrase("syntax.end_of_line")
    return phrase("syntax.found", found=row[column - 1])


#: how deeply a JSON or TOML text given to scorekeeper may nest its lists, objects and tables (a
#: hand file needs 4 levels, an export 8, the configuration file 2): deeper is refused before it is
#: parsed, so no reader meets a structure deeper than the code that walks it can follow
MAX_DEPTH = 64

_STRUCTURE = bytes(range(256)).translate(None, b'[]{}"\'\\')  # every byte but these is taken out
_ESCAPE = re.compile(rb"\\.", re.DOTALL)
_STRINGS = re.compile(rb'"[^"]*"|\'[^\']*\'')
_INNERMOST = re.compile(rb"\[\]|\{\}")


def too_deep(text: str | bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether a JSON or TOML text nests its lists, objects or tables more than ``limit`` deep,
    told before it is parsed (cheaply: a 10 MB export in tens of milliseconds). Only the brackets
    count: escapes and quoted strings are taken out first, then each pass takes away the innermost
    pairs, ``limit`` passes at most (a pass may take two levels, so up to twice ``limit`` may pass:
    a bound, not a measure). Brackets that do not pair (a text that is not valid) stop the count:
    the parser says what is wrong with it."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    data = _ESCAPE.sub(b"", data.translate(None, _STRUCTURE))
    # two quotes side by side are an empty string, or the end of one and the start of the next:
    # taking them away leaves every bracket inside or outside a string as it was (and is quick)
    data = data.replace(b'""', b"").replace(b"''", b"")
    data = _STRINGS.sub(b"", data).translate(None, b"\"'\\")
    run = re.compile(rb"[\[{]{%d}" % (limit + 1))  # so many opened in a row: that deep at least
    for _ in range(limit):  # each pass takes away a level or two (a pair emptied by the first replace)
        if not data:
            return False
        if run.search(data):
            return True
        shorter = data.replace(b"[]", b"").replace(b"{}", b"")
        if len(shorter) == len(data):
            return False
        data = shorter
    return bool(_INNERMOST.search(data))
