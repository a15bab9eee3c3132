"""The variant registry's store: names to factories, filled by the families themselves.

Each variant family registers its names when its module is imported
(``_registry.register("classic", classic)``); plug-in packages are found through the
entry-point group ``yamskit.variants``, read the first time a name is not known. The
typed face users call is `yamskit.registry` (``yamskit.variant``, ``register_variant``,
``variant_names``); this module is what the core uses to rebuild the variant a save,
a record or a notation names, without knowing any family.

Names are read the way row names are (`yamskit.names.normalize`): case, accents, ``-``,
``_`` and spaces do not matter (``"Yam Master"``, ``"yam_master"`` and ``"YAM-MASTER"``
are all ``"yam-master"``), and an alias added with `add_alias` means its variant. The
variant built keeps its registered name, so what is saved or written is always that one.

Examples:
    >>> import yamskit
    >>> build("classic", {"yams_bonus": 100}).options
    {'joker': None, 'yams_bonus': 100}
    >>> resolve("classic", {}, yamskit.variant("classic")).name
    'classic'
    >>> build("Yam Master").name
    'yam-master'
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from typing import Any

from ._hooks import FAMILIES
from .errors import ECHO_LIMIT, DeserializationError, RuleConfigError, YamskitError, brief
from .game import Variant
from .names import normalize

__all__ = [
    "ENTRY_POINT_GROUP",
    "FAMILIES",
    "add_alias",
    "add_loader",
    "aliases",
    "build",
    "builtin_names",
    "canonical",
    "choices",
    "defaults",
    "names",
    "register",
    "register_family",
    "resolve",
]

#: The entry-point group plug-in packages use to add variants.
ENTRY_POINT_GROUP = "yamskit.variants"

_FACTORIES: dict[str, Callable[..., Variant]] = {}
_BUILTIN: set[str] = set()
#: Aliases in their normalised form, each to the registered name it stands for.
_ALIASES: dict[str, str] = {}
_state = {"plugins": False}


def add_loader(loader: Callable[[], None]) -> None:
    """Run ``loader`` (which imports variant families, each registering itself) before the first lookup.

    `yamskit.registry` adds the loader of the built-in families; the families are imported
    only when a name is first looked up, so ``import yamskit`` stays quick.

    Examples:
        >>> add_loader(lambda: None)
    """
    FAMILIES.add_loader(loader)


def _load() -> None:
    FAMILIES.load()


def _load_plugins() -> None:
    """Read the entry points once (``importlib.metadata`` takes tens of milliseconds to import)."""
    if _state["plugins"]:
        return
    _state["plugins"] = True
    from importlib.metadata import entry_points

    for entry in entry_points(group=ENTRY_POINT_GROUP):
        if entry.name in _FACTORIES:
            continue
        try:
            _FACTORIES[entry.name] = entry.load()
        except Exception:  # a broken plug-in must not break the built-ins
            continue


def register_family(factories: Mapping[str, Callable[..., Any]]) -> None:
    """Register a family's variants (its ``VARIANTS``), leaving any name a user registered first.

    Each built-in family calls this when it is imported.

    Examples:
        >>> import yamskit
        >>> from yamskit.variants import classic
        >>> register_family(classic.VARIANTS)
        >>> build("yahtzee").name
        'yahtzee'
    """
    for name, factory in factories.items():
        _FACTORIES.setdefault(name, factory)
        _BUILTIN.add(name)


def builtin_names() -> list[str]:
    """The names yamskit's own families register (not plug-ins or names registered at run time), sorted.

    Examples:
        >>> builtin_names()
        ['balut', 'challenge', 'classic', 'competitive', 'crag', 'generala', 'kniffel', 'maxi-yatzy', 'yacht',
         'yahtzee', 'yam-master', 'yamslam', 'yatzy']
    """
    _load()
    return sorted(_BUILTIN)


def register(name: str, factory: Callable[..., Any], *, replace: bool = False) -> None:
    """Make ``build(name, options)`` call ``factory(**options)``.

    Raises:
        RuleConfigError: ``name`` is not a non-empty string, or is taken and ``replace`` is false.

    Examples:
        >>> register("classic", lambda: None)
        Traceback (most recent call last):
        ...
        yamskit.errors.RuleConfigError: a variant named 'classic' already exists (pass replace=True)
    """
    _load()
    if not isinstance(name, str) or not name:
        raise RuleConfigError(f"a variant name is a non-empty string, not {brief(name)}")
    if name in _FACTORIES and not replace:
        raise RuleConfigError(f"a variant named {brief(name)} already exists (pass replace=True)")
    same = [known for known in _FACTORIES if known != name and normalize(known) == normalize(name)]
    if same:
        raise RuleConfigError(f"{brief(name)} reads as the variant {brief(same[0])}: register it under that name")
    _FACTORIES[name] = factory


def names() -> list[str]:
    """Every registered name, sorted (plug-ins included).

    Examples:
        >>> "yamslam" in names()
        True
    """
    _load()
    _load_plugins()
    return sorted(_FACTORIES)


def add_alias(alias: str, name: str) -> None:
    """Make ``alias`` (read like any name: case, ``-``, ``_`` and spaces do not matter) mean ``name``.

    A registered name wins over an alias spelled the same way.

    Raises:
        RuleConfigError: ``alias`` is not a non-empty string, or already stands for another name.

    Examples:
        >>> add_alias("Yams", "classic")
        >>> canonical("YAMS")
        'classic'
        >>> add_alias("yams", "yahtzee")
        Traceback (most recent call last):
        ...
        yamskit.errors.RuleConfigError: the variant alias 'yams' already means 'classic', not 'yahtzee'
    """
    if not isinstance(alias, str) or not normalize(alias):
        raise RuleConfigError(f"a variant alias is a non-empty string, not {brief(alias)}")
    key = normalize(alias)
    if _ALIASES.get(key, name) != name:
        raise RuleConfigError(
            f"the variant alias {brief(alias)} already means {brief(_ALIASES[key])}, not {brief(name)}"
        )
    _ALIASES[key] = name


def aliases() -> dict[str, str]:
    """Every alias (in its normalised form) with the name it stands for, sorted by alias.

    Examples:
        >>> aliases()["yams"]
        'classic'
    """
    _load()
    return dict(sorted(_ALIASES.items()))


#: No variant name or alias is longer; a longer one is unknown without reading it through.
_LONGEST_NAME = 100


def _spelled(name: str) -> str | None:
    """The registered name ``name`` spells (or the one its alias stands for), or ``None``."""
    if len(name) > _LONGEST_NAME:
        return None
    key = normalize(name)
    same = sorted(known for known in _FACTORIES if normalize(known) == key)
    if len(same) > 1:
        raise RuleConfigError(f"the variant name {brief(name)} is ambiguous: {' or '.join(map(repr, same))}")
    if same:
        return same[0]
    target = _ALIASES.get(key)
    return target if target in _FACTORIES else None


def _unknown(name: str) -> RuleConfigError:
    known = sorted(_FACTORIES)
    spellings = {normalize(known_name): known_name for known_name in known}
    spellings.update({alias: target for alias, target in _ALIASES.items() if target in _FACTORIES})
    key = normalize(name[:ECHO_LIMIT])  # a near miss is short: the search reads no more than the message shows
    ratios = {spelling: difflib.SequenceMatcher(None, key, spelling).ratio() for spelling in spellings}
    best = max(ratios.values(), default=0.0)
    # the nearest names: every spelling about as close as the closest one, if that one is close
    close = sorted((s for s, r in ratios.items() if r >= max(0.6, best - 0.05)), key=lambda s: -ratios[s])
    nearest = list(dict.fromkeys(spellings[spelling] for spelling in close))
    hint = f"; did you mean {' or '.join(map(repr, nearest))}?" if nearest else ";"
    return RuleConfigError(f"unknown variant {brief(name)}{hint} known variants: {', '.join(known)}")


def canonical(name: str) -> str:
    """The registered name that ``name`` means: ignoring case, accents, ``-``, ``_`` and spaces, or by alias.

    Raises:
        RuleConfigError: ``name`` is not a string, or names no variant (the message
            suggests the nearest names and lists the known ones).

    Examples:
        >>> canonical("yam_master"), canonical("Yam Master"), canonical("YAM-MASTER")
        ('yam-master', 'yam-master', 'yam-master')
        >>> canonical("yam-mastr")
        Traceback (most recent call last):
        ...
        yamskit.errors.RuleConfigError: unknown variant 'yam-mastr'; did you mean 'yam-master'? known variants: ...
    """
    if not isinstance(name, str):
        raise RuleConfigError(f"a variant name is a string, not {brief(name)}")
    _load()
    if name in _FACTORIES:
        return name
    found = _spelled(name)
    if found is None:
        _load_plugins()
        found = name if name in _FACTORIES else _spelled(name)
    if found is None:
        raise _unknown(name)
    return found


def _check_options(name: str, factory: Callable[..., Any], options: Mapping[str, Any]) -> None:
    import inspect

    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):  # pragma: no cover - builtins without signatures
        return
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return
    known = [p for p, info in params.items() if info.kind in (info.KEYWORD_ONLY, info.POSITIONAL_OR_KEYWORD)]
    unknown = [o for o in options if o not in known]
    if unknown:
        listed = ", ".join(known) if known else "none"
        named = ", ".join(map(brief, unknown))
        raise RuleConfigError(f"variant {brief(name)} has no option {named}; options: {listed}")


def build(name: str, options: Mapping[str, Any] | None = None) -> Variant:
    """The variant ``name`` built with ``options``.

    Options are a mapping, so an option may be called anything (even ``name``).

    Raises:
        RuleConfigError: an unknown name (the message lists the known ones), an unknown
            option (it lists the variant's options) or a bad option value.

    Examples:
        >>> build("yamslam", {"mode": "solo"}).options
        {'mode': 'solo'}
        >>> build("classic", {"name": "x"})
        Traceback (most recent call last):
        ...
        yamskit.errors.RuleConfigError: variant 'classic' has no option 'name'; options: joker, yams_bonus
    """
    name = canonical(name)
    factory = _FACTORIES[name]
    given = dict(options or {})
    if any(not isinstance(key, str) for key in given):
        raise RuleConfigError(f"option names are strings, not {brief([k for k in given if not isinstance(k, str)])}")
    _check_options(name, factory, given)
    try:
        return factory(**given)
    except YamskitError:
        raise
    except (TypeError, ValueError, LookupError, AttributeError) as error:
        raise RuleConfigError(f"bad options for variant {brief(name)}: {error}") from error


def defaults(name: str) -> dict[str, Any] | None:
    """The options of ``name`` built without options, or ``None`` when it cannot be built so.

    Examples:
        >>> defaults("yam-master")
        {'removed': 'supply', 'max_turns': 200}
    """
    try:
        return dict(build(name).options)
    except YamskitError:
        return None


def choices(name: str) -> dict[str, tuple[Any, ...]]:
    """The options of ``name`` whose values are a closed list (typed ``Literal[...]``), with those values.

    The command line reads them to suggest an option when a seating does not fit.

    Examples:
        >>> choices("competitive")["mode"]
        ('1v1', '1v1v1', '2v2')
    """
    import typing

    try:
        hints = typing.get_type_hints(_FACTORIES[canonical(name)])
    except Exception:
        return {}
    found: dict[str, tuple[Any, ...]] = {}
    for option, hint in hints.items():
        if typing.get_origin(hint) is typing.Literal:
            found[option] = typing.get_args(hint)
    return found


def _spelled_quietly(name: str) -> str | None:
    try:
        return canonical(name)
    except YamskitError:
        return None


def resolve(
    name: str,
    options: Mapping[str, Any],
    given: Variant | None = None,
    *,
    error: type[DeserializationError] = DeserializationError,
    what: str = "this game",
) -> Variant:
    """The variant a save, a record or a notation names: ``given`` when it is that one, else built.

    With ``given`` (a caller's own variant, registered or not) the name must be its name
    and the options its options, options left at their defaults may be left out. Without
    it, the variant is built from the registry.

    Raises:
        DeserializationError: ``error``, the name or options naming other rules than
            ``given``, or a variant the registry cannot build.

    Examples:
        >>> import yamskit
        >>> resolve("classic", {"joker": None}, yamskit.variant("classic")).options["joker"] is None
        True
        >>> resolve("Classic", {}, yamskit.variant("classic")).name
        'classic'
        >>> resolve("yamslam", {}, yamskit.variant("classic"), what="this record")
        Traceback (most recent call last):
        ...
        yamskit.errors.DeserializationError: this record is 'yamslam' {}, not 'classic' {'joker': None, 'yams_bonus': 0}
    """
    if given is None:
        try:
            return build(name, options)
        except YamskitError as failure:
            raise error(f"cannot rebuild variant {brief(name)}: {failure}") from None
    if given.name == name or _spelled_quietly(name) == given.name:
        if dict(given.options) == dict(options):
            return given
        full = defaults(given.name)
        if full is not None and set(options) <= set(full) and {**full, **options} == dict(given.options):
            return given
    raise error(f"{what} is {brief(name)} {brief(dict(options))}, not {brief(given.name)} {given.options}")
