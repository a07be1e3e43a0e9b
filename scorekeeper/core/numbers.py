"""Whole numbers as they are typed at the table: points, totals carried over, option values."""
from __future__ import annotations

import sys

#: The largest whole number a rule option (a target, a bonus, a value) may be: far above
#: what any game holds, so a slip of thousands of digits is refused where it is typed.
MAX_NUMBER = 10 ** 9


class TooBig(ValueError):
    """A whole number beyond :data:`MAX_NUMBER` (``limit``), where one is typed or stored."""

    limit = MAX_NUMBER


def too_big(value: object) -> bool:
    """Whether ``value`` (a whole number, or the text of one) is beyond :data:`MAX_NUMBER`
    either way; text of more digits than Python reads as a number is too."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) > MAX_NUMBER
    text = str(value).strip()
    digits = text[1:] if text[:1] in ("+", "-") else text
    return digits.isdecimal() and len(digits.lstrip("0")) > len(str(MAX_NUMBER))


def max_digits() -> int:
    """The most digits a typed whole number may have: as many as Python reads as a number
    (its limit, 4,300 digits unless set otherwise; longer, ``int()`` refuses the text)."""
    return sys.get_int_max_str_digits() or sys.maxsize


def typed_number(text: str, signed: bool = False) -> int | None:
    """The whole number ``text`` writes — decimal digits only, no more than
    :func:`max_digits` of them, after one ``+`` or ``-`` where ``signed`` — or None when
    it writes none (``"12"`` → 12, ``"-5"`` → -5 when signed; ``"1e3"``, ``"²"`` and a
    number of 5,000 digits → None). How large a number may be is for the rules to say."""
    digits = text[1:] if signed and len(text) > 1 and text[0] in "+-" else text
    if not digits.isdecimal() or len(digits) > max_digits():
        return None
    return int(text)
