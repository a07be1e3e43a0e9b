"""Whole numbers as they are typed at the table: points, totals carried over, option values."""
from __future__ import annotations

#: The most digits a number typed at the table may have: no score of any rummy game comes
#: near a billion, and Python itself refuses to read a number thousands of digits long.
MAX_DIGITS = 9


def typed_number(text: str, signed: bool = False) -> int | None:
    """The whole number ``text`` writes — decimal digits only, at most :data:`MAX_DIGITS`
    of them, after one ``+`` or ``-`` where ``signed`` — or None when it writes none
    (``"12"`` → 12, ``"-5"`` → -5 when signed, ``"1e3"``, ``"²"``, ``"9" * 5000`` → None)."""
    digits = text[1:] if signed and len(text) > 1 and text[0] in "+-" else text
    if not digits.isdecimal() or len(digits) > MAX_DIGITS:
        return None
    return int(text)
