"""Hand files given on the command line (``hand --file``, ``edit --file``). Every
refusal is an :class:`InputError` with a code and facts."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from scorekeeper.core.errors import InputError


#: the largest hand file read (bytes; characters from standard input): a hand is a few hundred; more is not a hand
MAX_HAND_FILE = 1024 * 1024


def _no_repeats(pairs: list) -> dict:
    """A JSON object, refusing a key given twice (TOML refuses it too)."""
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise InputError("cli.hand_file.repeated_key", key=key)
        out[key] = value
    return out


def standard_input(limit: int, too_big: InputError, not_text: InputError) -> str:
    """The text of standard input, at most ``limit`` bytes (an endless pipe, ``< /dev/zero``:
    ``too_big`` once it gives more), UTF-8 (else ``not_text``). A closed standard input reads
    as empty."""
    from scorekeeper.app.inputs import InputTrouble, read_standard_input

    stream = sys.stdin
    if stream is None:
        return ""
    try:
        if hasattr(stream, "buffer"):
            return read_standard_input(stream.buffer, limit).decode("utf-8")
        text = stream.read(limit + 1)  # a text stream of its own (a test's): counted in characters
    except InputTrouble as e:
        if e.kind == "too_big":
            raise too_big from None
        raise InputError("cli.stdin_unreadable", reason=e.facts.get("reason", "")) from None
    except UnicodeDecodeError:
        raise not_text from None
    except OSError as e:
        raise InputError("cli.stdin_unreadable", reason=e.strerror or str(e)) from None
    if len(text) > limit:
        raise too_big
    return text


def _hand_file_trouble(e: Any, name: str) -> InputError:
    """The refusal of a hand file that was not read (:class:`~scorekeeper.app.inputs.InputTrouble`)."""
    if e.kind == "missing":
        return InputError("cli.hand_file.missing", name=name)
    if e.kind == "directory":
        return InputError("cli.hand_file.directory", name=name)
    if e.kind == "special":
        return InputError("cli.hand_file.special", name=name)
    if e.kind == "too_big":
        return InputError("cli.hand_file.too_big", name=name, limit=MAX_HAND_FILE)
    return InputError("cli.hand_file.unreadable", name=name, reason=e.facts.get("reason", ""))


def read_hand_file(name: str) -> Any:
    """Read a hand file: JSON or TOML by extension; ``-`` reads standard input
    (JSON first, then TOML). Raises :class:`InputError`."""
    if name == "-":
        text = standard_input(MAX_HAND_FILE, InputError("cli.hand_file.too_big", name=name, limit=MAX_HAND_FILE),
                              InputError("cli.hand_file.stdin_not_unicode"))
        from scorekeeper.core.phrase import phrase

        label, kinds = phrase("cli.standard_input"), ("json", "toml")
    else:
        from scorekeeper.app.inputs import InputTrouble, read_file

        path = Path(name)
        try:  # a regular file, at most MAX_HAND_FILE bytes: a pipe, a socket or a device is never read
            text = read_file(path, MAX_HAND_FILE).decode("utf-8")
        except InputTrouble as e:
            raise _hand_file_trouble(e, name) from None
        except UnicodeDecodeError:
            raise InputError("cli.hand_file.not_unicode", name=name) from None
        label = name
        suffix = path.suffix.lower()
        kinds = ("toml",) if suffix == ".toml" else ("json",) if suffix == ".json" else ("json", "toml")
    if not text.strip():  # nothing at all: TOML would read it as a hand with no players
        if name == "-":
            raise InputError("cli.hand_file.empty_stdin")
        raise InputError("cli.hand_file.empty", name=name)
    from scorekeeper.app.inputs import too_deep

    if too_deep(text):  # refused before a parser follows it down
        raise InputError("cli.hand_file.too_deep", label=label, kinds=[k.upper() for k in kinds],
                         kind="/".join(k.upper() for k in kinds))
    first: tuple[str, dict] | None = None
    furthest: dict | None = None  # of the readings that failed on their syntax, the one that went further
    for kind in kinds:
        if kind == "json":
            decode, invalid = (lambda t: json.loads(t, object_pairs_hook=_no_repeats)), json.JSONDecodeError
        else:
            import tomllib  # read only for TOML: most hand files are JSON

            decode, invalid = tomllib.loads, tomllib.TOMLDecodeError
        try:
            raw = decode(text)
        except invalid as e:
            from scorekeeper.core.syntax import json_fault, toml_fault

            fault = {"kind": kind.upper(), **(json_fault(e) if kind == "json" else toml_fault(e, text))}
            if furthest is None or (fault["line"], fault["column"]) > (furthest["line"], furthest["column"]):
                furthest = fault
            failed = ("cli.hand_file.invalid", fault)
        except RecursionError:
            failed = ("cli.hand_file.too_deep", {"kind": kind.upper()})
        except ValueError:  # a whole number of thousands of digits (Python's int limit)
            failed = ("cli.hand_file.number_too_long", {"kind": kind.upper()})
        else:
            if raw is None:
                if name == "-":
                    raise InputError("cli.hand_file.null_stdin")
                raise InputError("cli.hand_file.null", name=name)
            return raw
        first = first or failed
    code, facts = first
    if code == "cli.hand_file.invalid" and len(kinds) > 1:
        code, facts = "cli.hand_file.invalid_either", furthest
    raise InputError(code, label=label, kinds=[k.upper() for k in kinds], **facts)

