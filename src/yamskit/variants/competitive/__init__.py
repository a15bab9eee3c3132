"""Competitive Yams, also called Pro Yams (rule sheet 000): six columns, the golden rule, duels.

The package reads like the rule sheet, one job a module: `.variant` (the rows, the columns
and `competitive`, the variant built from them), `.rules` (the placement rules: the golden
rule, the two sums, the sec) and `.duels` (the coefficients and the duels between neighbours).

Examples:
    >>> import yamskit
    >>> [c.id for c in COLUMNS]
    ['down', 'free', 'up', 'mid', 'turbo', 'connected']
"""

from __future__ import annotations

from ... import adapters as _adapters
from .variant import COLUMNS, VARIANTS, competitive, rows, sec_maxima

_adapters.register_title("competitive", "Competitive Yams")  # its name in pictures

__all__ = ["COLUMNS", "VARIANTS", "competitive", "rows", "sec_maxima"]
