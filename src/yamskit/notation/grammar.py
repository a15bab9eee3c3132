"""The fields every position notation shares: the variant head, names, seats, the turn, the stream.

Each function here writes one field or reads it back, raising `NotationError`
(a `DeserializationError`) that names the field when the text is malformed. What the
fields mean for each variant, and how they fit together, is in `yamskit.notation`.

Examples:
    >>> import yamskit
    >>> variant_head(yamskit.variant("competitive", mode="2v2"))
    'competitive(mode=2v2)'
    >>> parse_head("classic(joker=free,yams_bonus=100)")
    ('classic', {'joker': 'free', 'yams_bonus': 100})
    >>> write_names(("Ann", "Zoé B.")), read_names("Ann,Zoé%20B.", "PLAYERS")
    ('Ann,Zoé%20B.', ('Ann', 'Zoé B.'))
"""

from __future__ import annotations

import json
import re
from typing import Any

from .. import _registry
from ..dice import Dice, DiceStream
from ..errors import DeserializationError, NotationError, YamskitError, brief
from ..game import Variant
from ..jsontext import unique_keys
from ..turn import Throw, Turn

__all__ = [
    "NotationError",
    "expect_fields",
    "parse_head",
    "read_int",
    "read_ints",
    "read_names",
    "read_seats",
    "read_stream",
    "read_turn",
    "resolve_variant",
    "variant_head",
    "write_names",
    "write_stream",
    "write_turn",
]

_BARE = re.compile(r"[A-Za-z0-9_.\-]+")
_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=")
_NAME = re.compile(r"([^\s(),]+)(?:\((.*)\))?", re.S)
_INT = re.compile(r"0|[1-9][0-9]{0,19}")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    try:
        return unique_keys(pairs)
    except DeserializationError as error:
        raise NotationError(f"field 1 (HEAD): an option's value: {error}") from None


#: JSON option values of the head: an object with the same key twice is refused, as `parse_json` does.
_DECODER = json.JSONDecoder(object_pairs_hook=_unique_keys)


# ------------------------------------------------------------------ head
def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _write_value(value: Any) -> str:
    if isinstance(value, str) and _BARE.fullmatch(value) and not _is_json(value):
        return value
    text = json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=True)
    return text.replace(" ", "\\u0020")


def variant_head(variant: Variant) -> str:
    """The first field: the variant's name, then the options that differ from its defaults.

    Strings that read unambiguously are written bare; other values as compact JSON.

    Examples:
        >>> import yamskit
        >>> variant_head(yamskit.variant("classic")), variant_head(yamskit.variant("yamslam", mode="solo"))
        ('classic', 'yamslam(mode=solo)')
    """
    options = dict(variant.options)
    defaults = _registry.defaults(variant.name)
    if defaults is not None and set(defaults) == set(options):
        options = {key: value for key, value in options.items() if defaults[key] != value}
    if not options:
        return str(variant.name)
    return f"{variant.name}(" + ",".join(f"{key}={_write_value(value)}" for key, value in options.items()) + ")"


def _read_value(text: str, start: int) -> tuple[Any, int]:
    try:
        value, end = _DECODER.raw_decode(text, start)
        if end == len(text) or text[end] == ",":
            return value, end
    except NotationError:
        raise
    except (ValueError, RecursionError):
        pass
    match = _BARE.match(text, start)
    if match is None:
        raise NotationError(f"field 1 (HEAD): cannot read an option value at {brief(text[start : start + 20])}")
    return match.group(), match.end()


def parse_head(text: str) -> tuple[str, dict[str, Any]]:
    """Read the first field: the variant name and its options.

    Examples:
        >>> parse_head('competitive(coefficients={"down":8},mode=1v1v1)')
        ('competitive', {'coefficients': {'down': 8}, 'mode': '1v1v1'})
    """
    match = _NAME.fullmatch(text)
    if match is None:
        raise NotationError(f"field 1 (HEAD) must be a variant name with optional (key=value,...): {brief(text[:60])}")
    name, inner = match.group(1), match.group(2)
    options: dict[str, Any] = {}
    i = 0
    while inner is not None and i < len(inner):
        key = _KEY.match(inner, i)
        if key is None:
            raise NotationError(f"field 1 (HEAD): expected key=value at {brief(inner[i : i + 20])}")
        if key.group(1) in options:
            raise NotationError(f"field 1 (HEAD): option {brief(key.group(1))} is given twice")
        options[key.group(1)], i = _read_value(inner, key.end())
        if i < len(inner):
            if inner[i] != "," or i + 1 == len(inner):
                raise NotationError(f"field 1 (HEAD): expected ',' between options at {brief(inner[i : i + 20])}")
            i += 1
    if inner == "":
        raise NotationError("field 1 (HEAD): write the name alone when there are no options, not 'name()'")
    return name, options


def resolve_variant(text: str, variant: Variant | None = None) -> Variant:
    """The variant the head names: built from the registry, or checked against ``variant``.

    Raises:
        NotationError: a malformed head, an unknown variant or option, or a head that
            names other rules than ``variant``.

    Examples:
        >>> import yamskit
        >>> resolve_variant("classic(joker=free)").options
        {'joker': 'free', 'yams_bonus': 0}
    """
    name, options = parse_head(text)
    if variant is None:
        try:
            return _registry.build(name, options)
        except YamskitError as error:
            raise NotationError(f"field 1 (HEAD): {error}") from None
    try:
        return _registry.resolve(name, options, variant, error=NotationError)
    except NotationError:
        raise NotationError(f"this notation is for {brief(text)}, not for {brief(variant_head(variant))}") from None


def expect_fields(fields: list[str], name: str, layout: str, counts: tuple[int, ...]) -> None:
    """Refuse a notation of ``name`` whose number of fields is not one of ``counts``.

    Examples:
        >>> expect_fields(["classic", "Ann"], "classic", "HEAD PLAYERS SHEETS SEATS TURN STREAM [WEIGHTS]", (6, 7))
        Traceback (most recent call last):
        ...
        yamskit.errors.NotationError: a classic notation has 6 or 7 fields \
(HEAD PLAYERS SHEETS SEATS TURN STREAM [WEIGHTS]), not 2
    """
    if len(fields) not in counts:
        wanted = " or ".join(str(c) for c in counts)
        raise NotationError(f"a {name} notation has {wanted} fields ({layout}), not {len(fields)}")


# ------------------------------------------------------------------ small fields
def read_int(text: str, where: str, low: int = 0, high: int = 2**64 - 1) -> int:
    """A whole number written in decimal without leading zeros, from ``low`` to ``high``.

    Examples:
        >>> read_int("42", "TURNS")
        42
    """
    if not _INT.fullmatch(text):
        raise NotationError(f"{where}: expected a whole number, not {brief(text[:30])}")
    value = int(text)
    if not low <= value <= high:
        raise NotationError(f"{where}: {value} is not from {low} to {high}")
    return value


def read_ints(text: str, where: str, count: int | None = None, high: int = 10**6) -> tuple[int, ...]:
    """Comma-separated whole numbers (exactly ``count`` of them when given).

    Examples:
        >>> read_ints("8,10,12", "WEIGHTS", 3)
        (8, 10, 12)
    """
    parts = text.split(",")
    if count is not None and len(parts) != count:
        raise NotationError(f"{where}: expected {count} numbers separated by ',', not {len(parts)}")
    return tuple(read_int(part, where, 0, high) for part in parts)


def _escape(char: str) -> str:
    if char in "%,/" or char.isspace() or not char.isprintable():
        # a lone surrogate (a name read from undecodable bytes) is written as the three bytes
        # UTF-8 would give it, so that the notation stays text and reads back to the same name
        return "".join(f"%{byte:02X}" for byte in char.encode("utf-8", "surrogatepass"))
    return char


def write_names(players: tuple[str, ...]) -> str:
    """The names, comma-separated, with ``%``, ``,``, ``/``, spaces, control characters and lone surrogates %-escaped.

    Examples:
        >>> write_names(("Player 1", "a,b", "Ann\\ud800"))
        'Player%201,a%2Cb,Ann%ED%A0%80'
    """
    return ",".join("".join(_escape(char) for char in name) for name in players)


def read_names(text: str, where: str) -> tuple[str, ...]:
    """Read `write_names` back (the names are checked by the variant, not here).

    Examples:
        >>> read_names("Player%201,Bob,Ann%ED%A0%80", "PLAYERS")
        ('Player 1', 'Bob', 'Ann\\ud800')
    """
    try:
        from urllib.parse import unquote  # read only here; it takes a millisecond to import

        return tuple(unquote(part, errors="surrogatepass") for part in text.split(","))
    except UnicodeDecodeError:
        raise NotationError(f"{where}: a %-escape that is not UTF-8 in {brief(text[:60])}") from None


def read_seats(text: str, players: int) -> tuple[int, int]:
    """Read ``current:first``, the seat to play and the seat that played first.

    Examples:
        >>> read_seats("1:0", 2)
        (1, 0)
    """
    current, sep, first = text.partition(":")
    if not sep:
        raise NotationError(f"SEATS must be current:first, such as 1:0, not {brief(text[:30])}")
    return read_int(current, "SEATS", 0, players - 1), read_int(first, "SEATS", 0, players - 1)


def write_turn(turn: Turn) -> str:
    """The throws of the turn: ``-`` before the first; else ``kept+rolled`` per throw, ``!`` after a challenge.

    Examples:
        >>> t = Turn.start().throw(Dice(), Dice.parse("12346")).declare_challenge()
        >>> write_turn(t.throw(Dice.parse("1234"), Dice.parse("6")))
        '12346!,1234+6'
    """
    if not turn.throws:
        return "-"
    parts = [f"{throw.kept}+{throw.rolled}" if len(throw.kept) else str(throw.rolled) for throw in turn.throws]
    if turn.challenge:
        parts[0] += "!"
    return ",".join(parts)


def _read_dice(text: str, where: str) -> Dice:
    if not text.isdigit() and text:
        raise NotationError(f"{where}: dice are digits 1 to 6, not {brief(text)}")
    try:
        return Dice.parse(text)
    except YamskitError as error:
        raise NotationError(f"{where}: {error}") from None


def read_turn(text: str, max_throws: int, dice: int = 5, game: str = "this game", *, saved: int = 0) -> Turn:
    """Read `write_turn` back, a turn of ``dice`` dice of ``game``; whether a game can reach it is checked elsewhere.

    ``saved``: the stored throws the turn may spend beyond ``max_throws`` (a game with saved throws).

    Raises:
        NotationError: a malformed turn, or a throw of more dice than ``game`` throws.

    Examples:
        >>> read_turn("22255,222+16", 3).dice
        Dice.parse('12226')
        >>> read_turn("123456", 3, game="classic")
        Traceback (most recent call last):
        ...
        yamskit.errors.NotationError: TURN throw 1: '123456': classic throws 5 dice, not 6
    """
    if text == "-":
        return Turn.start(max_throws=max_throws, dice=dice, saved=saved)
    parts = text.split(",")
    if len(parts) > max_throws + saved:
        stored = f" (and {saved} saved)" if saved else ""
        raise NotationError(f"TURN: {len(parts)} throws, but a turn has at most {max_throws}{stored}")
    challenge = parts[0].endswith("!")
    throws = []
    for i, part in enumerate(parts, start=1):
        if i == 1 and challenge:
            part = part[:-1]
        kept, sep, rolled = part.partition("+")
        if not sep:
            kept, rolled = "", kept
        kept_dice, rolled_dice = _read_dice(kept, f"TURN throw {i}"), _read_dice(rolled, f"TURN throw {i}")
        if len(kept_dice) + len(rolled_dice) > dice:
            raise NotationError(
                f"TURN throw {i}: {brief(part)}: {game} throws {dice} dice, not {len(kept_dice) + len(rolled_dice)}"
            )
        try:
            throws.append(Throw(kept=kept_dice, rolled=rolled_dice))
        except YamskitError as error:  # (nothing the checks above left)
            raise NotationError(f"TURN throw {i}: {brief(part)}: {error}") from None
    return Turn(max_throws=max_throws, throws=tuple(throws), challenge=challenge, dice_count=dice, saved=saved)


def write_stream(stream: DiceStream) -> str:
    """``seed:draws``: the dice stream's seed and how many faces were drawn from it.

    Examples:
        >>> write_stream(DiceStream(seed=7, draws=15))
        '7:15'
    """
    return f"{stream.seed}:{stream.draws}"


def read_stream(text: str) -> DiceStream:
    """Read `write_stream` back.

    Examples:
        >>> read_stream("7:15")
        DiceStream(seed=7, draws=15)
    """
    seed, sep, draws = text.partition(":")
    if not sep:
        raise NotationError(f"STREAM must be seed:draws, such as 7:15, not {brief(text[:30])}")
    return DiceStream(seed=read_int(seed, "STREAM"), draws=read_int(draws, "STREAM"))
