"""What makes the program say each refusal: the triggers of tools/gallery.py.

:data:`TRIGGERS` lists, by the module that raises it, each message code an error is raised with
and what makes the program say it: ``(code, setup, step, ...)`` — ``setup`` names a database of
:data:`SETUPS` the steps run in (the same setup one after another shares the database: a refused
command stores nothing), each step a command line after ``scorekeeper`` (``NAME=VALUE …`` first
for its environment) or a function of the gallery's ``Shot`` (for what needs a file written
first). The gallery fails when an error code of the source has no trigger here, or its trigger
does not make the program say it. A new refusal: add a line under its module.
"""
from __future__ import annotations

#: the databases the triggers start from: each the command lines that make it
SETUPS: dict[str, list[str]] = {
    "": [],
    "rummy500": ["new rummy500 Оля Назар Зоя"],
    "rummy500 played": ["new rummy500 Оля Назар Зоя", 'hand "Оля: 7H 8H 9H -AS" "Назар: -" "Зоя: -KD"'],
    "rum500": ["new rum500 Оля Назар Зоя"],
    "carousel": ["new carousel Оля Назар Зоя"],
    "crazy": ["new crazy Оля Назар Зоя"],
    "gin": ["new gin Оля Назар"],
    "contract": ["new contract Оля Назар Зоя"],
}

TRIGGERS: dict[str, list[tuple]] = {
    "scorekeeper/core/cards.py": [
        ("cards.not_a_card", "rummy500", 'hand "Оля: 1H" "Назар: -" "Зоя: -"'),
    ],
}
