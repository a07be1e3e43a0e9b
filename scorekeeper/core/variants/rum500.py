"""Rum 500 (Michigan rum): Rummy 500's rule book with another deal (SPEC §2.1–§2.3, I-3).

It is defined beside Rummy 500, in :mod:`scorekeeper.core.variants.rummy500`; this module
is where the registry finds it by its id (SPEC §8).
"""
from __future__ import annotations

from scorekeeper.core.variants.rummy500 import RUM500

#: The object the entry point ``rum500`` names (SPEC §8).
VARIANT = RUM500
