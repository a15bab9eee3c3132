"""The variant registry: names to factories, built-ins and plug-ins.

Built-in variants live in `yamskit.variants` (each module lists its names in
``VARIANTS``). Another package adds variants through the entry-point group
``yamskit.variants``: each entry point names a factory taking keyword-only options
and returning a variant. At run time, `register_variant` does the same.

Examples:
    >>> import yamskit
    >>> "classic" in yamskit.variant_names()
    True
    >>> yamskit.variant("classic", yams_bonus=100).options["yams_bonus"]
    100
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import pkgutil
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, overload

from .errors import RuleConfigError, YamskitError

if TYPE_CHECKING:
    from .game import VariantLike
    from .scorecard_game import ScorecardVariant
    from .variants.yam_master import YamMasterVariant
    from .variants.yamslam import YamslamVariant

__all__ = ["ENTRY_POINT_GROUP", "ScorecardVariantName", "register_variant", "variant", "variant_names"]

#: The built-in names whose variant is a `ScorecardVariant` (for type checkers).
ScorecardVariantName: TypeAlias = Literal["classic", "yahtzee", "challenge", "competitive"]

#: The entry-point group plug-in packages use to add variants.
ENTRY_POINT_GROUP = "yamskit.variants"

_FACTORIES: dict[str, Callable[..., Any]] = {}
_loaded = False


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from . import variants

    for info in sorted(pkgutil.iter_modules(variants.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{variants.__name__}.{info.name}")
        for name, factory in getattr(module, "VARIANTS", {}).items():
            _FACTORIES.setdefault(name, factory)
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        if entry.name in _FACTORIES:
            continue
        try:
            _FACTORIES[entry.name] = entry.load()
        except Exception:  # a broken plug-in must not break the built-ins
            continue


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
    _load()
    if not isinstance(name, str) or not name:
        raise RuleConfigError(f"a variant name is a non-empty string, not {name!r}")
    if name in _FACTORIES and not replace:
        raise RuleConfigError(f"a variant named {name!r} already exists (pass replace=True)")
    _FACTORIES[name] = factory


def variant_names() -> list[str]:
    """The names `variant` accepts, sorted.

    Examples:
        >>> import yamskit
        >>> {"classic", "yahtzee"} <= set(yamskit.variant_names())
        True
    """
    _load()
    return sorted(_FACTORIES)


@overload
def variant(name: ScorecardVariantName, **options: Any) -> ScorecardVariant: ...
@overload
def variant(name: Literal["yam-master"], **options: Any) -> YamMasterVariant: ...
@overload
def variant(name: Literal["yamslam"], **options: Any) -> YamslamVariant: ...
@overload
def variant(name: str, **options: Any) -> VariantLike: ...
def variant(name: str, **options: Any) -> Any:
    """The variant ``name`` with ``options`` (keyword-only, documented per variant).

    For type checkers the result is precise for a literal built-in name
    (``variant("classic")`` is a `ScorecardVariant`, ``variant("yam-master")`` a
    ``YamMasterVariant``, ``variant("yamslam")`` a ``YamslamVariant``) and the
    `VariantLike` protocol for any other name (plug-ins, registered variants).

    Raises:
        RuleConfigError: unknown name (the message lists the known ones), unknown
            option (lists the variant's options) or a bad option value.

    Examples:
        >>> import yamskit
        >>> yamskit.variant("classic", joker="forced").options
        {'joker': 'forced', 'yams_bonus': 0}
    """
    _load()
    factory = _FACTORIES.get(name) if isinstance(name, str) else None
    if factory is None:
        close = difflib.get_close_matches(name, list(_FACTORIES), n=1) if isinstance(name, str) else []
        hint = f"; did you mean {close[0]!r}?" if close else ";"
        raise RuleConfigError(f"unknown variant {name!r}{hint} known variants: {', '.join(sorted(_FACTORIES))}")
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):  # pragma: no cover - builtins without signatures
        signature = None
    if signature is not None:
        params = signature.parameters
        takes_any = any(p.kind is p.VAR_KEYWORD for p in params.values())
        known = [p for p in params if params[p].kind in (params[p].KEYWORD_ONLY, params[p].POSITIONAL_OR_KEYWORD)]
        unknown = [o for o in options if o not in known]
        if unknown and not takes_any:
            listed = ", ".join(known) if known else "none"
            raise RuleConfigError(f"variant {name!r} has no option {', '.join(map(repr, unknown))}; options: {listed}")
    try:
        return factory(**options)
    except YamskitError:
        raise
    except (TypeError, ValueError) as error:
        raise RuleConfigError(f"bad options for variant {name!r}: {error}") from error
