"""The pure core: cards, melds, variants, scoring and validation.

Nothing here does I/O or imports typer, rich or tinydb, so the rules can be
tested in isolation and reused from Python.
"""
