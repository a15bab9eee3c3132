"""The title line of a picture: the variant's name as players know it (its family registers it), with its options."""

from __future__ import annotations

from typing import Any

from ..adapters import title as registered_title
from ..game import Variant
from ..notation.grammar import parse_head, variant_head


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return "/".join(_value(item) for item in value)
    return str(value).replace("_", " ")


def variant_title(variant: Variant) -> str:
    """The variant's name, then its options that differ from the defaults (all of them for a user's variant).

    Examples:
        >>> import yamskit
        >>> variant_title(yamskit.variant("competitive", mode="2v2"))
        'Competitive Yams (mode 2v2)'
        >>> variant_title(yamskit.variant("classic", joker="free", yams_bonus=100))
        'Classic Yams (joker free, yams bonus 100)'
        >>> variant_title(yamskit.variant("yamslam"))
        'Yamslam'
    """
    name, options = parse_head(variant_head(variant))
    shown = ", ".join(f"{key.replace('_', ' ')} {_value(value)}" for key, value in options.items() if value is not None)
    title = registered_title(name)  # as the family calls it (`yamskit.adapters.register_title`), else its name
    return f"{title} ({shown})" if shown else title
