"""Everything drawn for people, from the documents the application returns
(the same documents ``--json`` prints). One module per kind of screen:

- :mod:`.cards` — cards coloured from card objects (hearts and diamonds red;
  letters instead of suit symbols without colour, SPEC §3);
- :mod:`.common` — signed numbers, the session heading, measuring tables;
- :mod:`.game` — new, hand, standings, history, undo and redo;
- :mod:`.disputes` — explain, check, rules;
- :mod:`.audit` — history --audit;
- :mod:`.sessions` — sessions, use, delete;
- :mod:`.sharing` — export, import, stats;
- :mod:`.chart` — the score chart;
- :mod:`.database` — db check, db restore;
- :mod:`.prompt` — the hand asked at the table;
- :mod:`.demo` — the bundled game.

User text (names, titles) always goes in as :class:`rich.text.Text`, never
as markup. Every function takes the run's terminal first (anything with
``out``, ``err``, ``color`` and ``print``); nothing here imports the terminal
module, the storage or the application.
"""
from __future__ import annotations

from scorekeeper.cli.render.cards import card, sentence, typed_cards  # noqa: F401
from scorekeeper.cli.render.common import signed  # noqa: F401
