"""The variant registry: names to variants, built-ins and plug-ins.

The built-in families (`yamskit.variants`) register their names when first needed.
Another package adds variants through the entry-point group ``yamskit.variants``: each
entry point names a factory taking keyword-only options and returning a variant. At
run time, `register_variant` does the same. The store behind this typed face is
``yamskit._registry``, which the core uses to rebuild the variant a save names.

A name is read like a row name: case, ``-``, ``_`` and spaces do not matter, so
``"yam_master"``, ``"Yam Master"`` and ``"YAM-MASTER"`` all mean ``"yam-master"``. The
games' full names are aliases of the built-ins (`BUILTIN_ALIASES`: ``"Yams"`` and
``"Classic Yams"`` for ``"classic"``, ``"Yams Challenge"``, ``"Competitive Yams"``,
``"Pro Yams"``, ``"Scandinavian Yatzy"`` and ``"Yacht Dice"``). The variant keeps its
registered name, which saves, records and notation write.

Examples:
    >>> import yamskit
    >>> "classic" in yamskit.variant_names()
    True
    >>> yamskit.variant("Yam Master").name, yamskit.variant("Pro Yams").name
    ('yam-master', 'competitive')
    >>> yamskit.variant("classic", yams_bonus=100).options["yams_bonus"]
    100
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, overload

from . import _registry
from ._registry import ENTRY_POINT_GROUP
from .game import Variant

if TYPE_CHECKING:  # (the families load on first use: `import yamskit` does not import them)
    from .scorecard import ScorecardVariant
    from .variants.yam_master import YamMasterVariant
    from .variants.yamslam import YamslamVariant

__all__ = [
    "BUILTIN_ALIASES",
    "ENTRY_POINT_GROUP",
    "ScorecardVariantName",
    "option_choices",
    "register_variant",
    "variant",
    "variant_names",
]

#: The built-in names whose variant is a `ScorecardVariant` (for type checkers).
ScorecardVariantName: TypeAlias = Literal[
    "classic",
    "yahtzee",
    "challenge",
    "competitive",
    "yatzy",
    "yacht",
    "kniffel",
    "generala",
    "maxi-yatzy",
    "balut",
    "crag",
]


#: The other names of the built-in games (the names their rule sheets use), each with the
#: variant it means; read like any name (case, ``-``, ``_`` and spaces do not matter).
BUILTIN_ALIASES: dict[str, str] = {
    "yams": "classic",
    "classic yams": "classic",
    "yams challenge": "challenge",
    "competitive yams": "competitive",
    "pro yams": "competitive",
    "scandinavian yatzy": "yatzy",
    "yacht dice": "yacht",
    "maxiyatzy": "maxi-yatzy",
}


def _builtins() -> None:
    """Import the built-in families (each registers its names with ``yamskit._registry``) and their aliases."""
    from .variants import (  # noqa: F401
        balut,
        challenge,
        classic,
        competitive,
        crag,
        generala,
        kniffel,
        maxi_yatzy,
        yacht,
        yam_master,
        yamslam,
        yatzy,
    )

    for alias, name in BUILTIN_ALIASES.items():
        _registry.add_alias(alias, name)


_registry.add_loader(_builtins)


def register_variant(name: str, factory: Callable[..., Any], *, replace: bool = False) -> None:
    """Make ``yamskit.variant(name, **options)`` call ``factory(**options)``.

    Raises:
        RuleConfigError: ``name`` is taken (pass ``replace=True`` to replace it).

    Examples:
        >>> import yamskit
        >>> from yamskit.categories import Category, total
        >>> register_variant("just_chance", lambda: yamskit.ScorecardVariant.define(
        ...     "just_chance", rows=[Category("chance", total)]), replace=True)
        >>> yamskit.variant("just_chance").rows
        ('chance',)
    """
    _registry.register(name, factory, replace=replace)


def variant_names() -> list[str]:
    """The names `variant` accepts, sorted.

    Examples:
        >>> import yamskit
        >>> {"classic", "yahtzee"} <= set(yamskit.variant_names())
        True
    """
    return _registry.names()


@overload
def variant(name: ScorecardVariantName, /, **options: Any) -> ScorecardVariant: ...
@overload
def variant(name: Literal["yam-master"], /, **options: Any) -> YamMasterVariant: ...
@overload
def variant(name: Literal["yamslam"], /, **options: Any) -> YamslamVariant: ...
@overload
def variant(name: str, /, **options: Any) -> Variant: ...
def variant(name: str, /, **options: Any) -> Variant:
    """The variant ``name`` with ``options`` (keyword-only, documented per variant).

    ``name`` is read like a row name (case, ``-``, ``_`` and spaces do not matter) or is
    an alias (`BUILTIN_ALIASES`); the variant keeps its registered name.

    For type checkers the result is precise for a literal built-in name
    (``variant("classic")`` is a `ScorecardVariant`, ``variant("yam-master")`` a
    ``YamMasterVariant``, ``variant("yamslam")`` a ``YamslamVariant``) and the
    `yamskit.Variant` protocol for any other name (plug-ins, registered variants).

    Raises:
        RuleConfigError: unknown name (the message suggests the nearest names and lists
            the known ones), unknown option (lists the variant's options) or a bad option value.

    Examples:
        >>> import yamskit
        >>> yamskit.variant("classic", joker="forced").options
        {'joker': 'forced', 'yams_bonus': 0}
        >>> yamskit.variant("YAM_MASTER").name
        'yam-master'
        >>> yamskit.variant("yam slma")
        Traceback (most recent call last):
        ...
        yamskit.errors.RuleConfigError: unknown variant 'yam slma'; did you mean 'yamslam'? known variants: ...
    """
    return _registry.build(name, options)


def option_choices(name: str, /) -> dict[str, tuple[Any, ...]]:
    """The options of variant ``name`` that take one of a closed list of values, with those values.

    An option's values are listed when its factory types it ``Literal[...]``; the command
    line reads them to say which option seats the players a game refused.

    Examples:
        >>> import yamskit.registry
        >>> yamskit.registry.option_choices("competitive")["mode"]
        ('1v1', '1v1v1', '2v2')
        >>> yamskit.registry.option_choices("yamslam")
        {'mode': ('standard', 'solo', 'team')}
    """
    return _registry.choices(name)
