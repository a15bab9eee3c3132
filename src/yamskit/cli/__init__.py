"""The ``yamskit`` command: play, score, check records, simulate, show rules.

A thin layer over the public API (argparse for the arguments, plain-text tables; a
progress bar from rich when rich is installed, none otherwise: no command needs an
extra). Every command exits 0 on success,
2 with a one-line error on bad usage or bad input; ``check`` exits 1 when a record
breaks a rule; Ctrl-C (SIGINT) exits 130. Text from records (names, moves) is
printed with control characters and lone surrogates escaped.

One module a job: `yamskit.cli.parser` (the arguments and `main`), ``play``,
``scorekeeping`` (the prompt of ``play --dice ask``: a throw a line, undo),
``lookup`` (score, rules, advise), ``check``, ``simulate``, ``output`` (escaping,
tables, the progress bar) and ``common`` (usage errors, variant options, action ids).

Examples:
    >>> main(["score", "classic", "full_house", "22555"])
    25
    0
"""

from __future__ import annotations

from .common import action_id
from .parser import main
from .play import _menu as _menu  # imported by tests from here, as before the split

__all__ = ["action_id", "main"]
