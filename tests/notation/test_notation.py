"""Position notation: exact round trips over random playouts of every variant and mode, and the grammar."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from tests.strategies import examples
from yamskit.errors import NotationError
from yamskit.notation import from_notation, to_notation
from yamskit.position import PositionError

#: (variant name, options, players, examples): every variant and mode, the slow ones played less often.
CONFIGS: list[tuple[str, dict[str, Any], int, int]] = [
    ("classic", {}, 2, 6),
    ("classic", {"joker": "free", "yams_bonus": 100}, 1, 6),
    ("classic", {"joker": "forced", "yams_bonus": 100}, 1, 4),
    ("classic", {"joker": "seed", "yams_bonus": 100}, 1, 4),
    ("yahtzee", {}, 2, 4),
    ("challenge", {}, 1, 3),
    ("competitive", {}, 2, 2),
    ("competitive", {"mode": "1v1v1", "four_of_a_kind": "all_dice"}, 3, 1),
    (
        "competitive",
        {
            "mode": "2v2",
            "coefficients": dict(
                zip(("down", "free", "up", "mid", "turbo", "connected"), (1, 2, 3, 4, 5, 6), strict=True)
            ),
        },
        4,
        1,
    ),
    ("yam-master", {}, 2, 3),
    ("yam-master", {"removed": "out", "max_turns": 80}, 2, 6),
    ("yamslam", {}, 3, 6),
    ("yamslam", {"mode": "solo"}, 1, 6),
    ("yamslam", {"mode": "team"}, 4, 6),
    ("yatzy", {}, 2, 4),
    ("yatzy", {"two_pairs_from_four": True, "full_house_from_five": True}, 1, 2),
    ("yacht", {}, 2, 3),
    ("yacht", {"four_of_a_kind": "all_dice", "full_house_from_five": True}, 1, 2),
    ("kniffel", {}, 2, 3),
    ("kniffel", {"joker": "free", "kniffel_bonus": 100, "bonus_when": "always"}, 1, 2),
    ("generala", {}, 2, 2),
    ("balut", {}, 2, 2),
    ("generala", {"generala_points": 60, "doble_generala": False}, 1, 2),
    ("crag", {}, 2, 2),
    ("crag", {"thirteen_takes_crag": True}, 1, 2),
    ("maxi-yatzy", {}, 2, 1),
]


def same_position(a: Any, b: Any) -> bool:
    """Equal in every compared field but the history."""
    return type(a) is type(b) and all(
        getattr(a, f.name) == getattr(b, f.name) for f in attrs.fields(type(a)) if f.eq and "history" not in f.name
    )


def playout_round_trips(variant: Any, players: int, seed: int, *, stride: int = 1) -> int:
    """Play one random game; at every step the notation reads back to the same position, and both go on alike.

    With ``stride`` above 1 the position is read back at one step in ``stride`` (and at the
    end) only: reading a position checks it with a witness game, whose cost grows with the game.
    """
    rng = random.Random(seed)
    names = [f"P{i} of, 100%" if i % 2 else f"Zoé {i}" for i in range(players)]
    state = variant.new_game(players=names, seed=seed, first_player=rng.randrange(players))
    steps = 0
    while True:
        if steps % stride and not state.is_over:
            state = state.apply(rng.choice(list(state.legal_actions())))
            steps += 1
            continue
        text = state.to_notation()
        assert "\n" not in text
        assert text == to_notation(state)
        back = variant.from_notation(text)
        assert same_position(back, state), text
        assert back.history == ()
        assert back.to_notation() == text
        if state.is_over:
            assert back.is_over
            assert back.result().scores == state.result().scores
            return steps
        action = rng.choice(list(state.legal_actions()))
        state, after = state.apply(action), back.apply(action)
        assert same_position(after, state)
        steps += 1


#: Competitive's positions are checked with a witness search at every step: a game takes a
#: minute or more, so its cases run in the full run only (``slow``), as does Yam Master's
#: longer default game (its 80-turn one stays in the quick run).
_SLOW = {("competitive", None), ("yam-master", 200)}
#: Competitive's three- and four-player games (700 to 1,000 steps, each read back through a
#: witness search over the whole game so far: 3 minutes for 2v2 under coverage) are read back at
#: every third or fifth step; the two-player game and every other variant at every step.
_STRIDE = {("competitive", 3): 3, ("competitive", 4): 5}


@pytest.mark.parametrize(
    ("name", "options", "players", "examples"),
    [
        pytest.param(*c, marks=[pytest.mark.slow] if {(c[0], None), (c[0], c[1].get("max_turns", 200))} & _SLOW else [])
        for c in CONFIGS
    ],
    ids=[f"{c[0]}-{c[1]}" for c in CONFIGS],
)
def test_notation_round_trips_every_reachable_state(
    name: str, options: dict[str, Any], players: int, examples: int
) -> None:
    variant = yamskit.variant(name, **options)

    @settings(max_examples=examples)
    @given(seed=st.integers(min_value=0, max_value=2**32))
    def check(seed: int) -> None:
        assert playout_round_trips(variant, players, seed, stride=_STRIDE.get((name, players), 1)) > 0

    check()


def test_seeded_game_continues_identically_from_its_notation() -> None:
    v = yamskit.variant("classic")
    game = v.new_game(players=["Ann"], seed=11).apply(yamskit.Roll()).apply(yamskit.Roll(keep=""))
    back = v.from_notation(game.to_notation())
    assert back.stream == game.stream
    assert back.apply(yamskit.Roll()).dice == game.apply(yamskit.Roll()).dice


def test_notation_names_the_variant_so_it_reads_without_one() -> None:
    game = yamskit.variant("yamslam", mode="team").new_game(seed=4)
    back = yamskit.from_notation(game.to_notation())
    assert back.variant == game.variant
    assert same_position(back, game)


def test_head_lists_only_options_that_differ_from_the_defaults() -> None:
    assert yamskit.variant("classic").new_game(seed=1).to_notation().startswith("classic ")
    text = yamskit.variant("classic", joker="free", yams_bonus=100).new_game(seed=1).to_notation()
    assert text.startswith("classic(joker=free,yams_bonus=100) ")
    coeffs = {"down": 8, "free": 10, "up": 12, "mid": 14, "turbo": 16, "connected": 18}
    text = yamskit.variant("competitive", coefficients=coeffs).new_game(players=["A", "B"], seed=1).to_notation()
    head = text.split()[0]
    assert head == 'competitive(coefficients={"connected":18,"down":8,"free":10,"mid":14,"turbo":16,"up":12})'
    assert yamskit.from_notation(text).variant.options["coefficients"] == coeffs


def test_options_equal_to_the_defaults_may_be_written_out() -> None:
    v = yamskit.variant("classic")
    text = v.new_game(players=["Ann"], seed=3).to_notation().replace("classic ", "classic(joker=null,yams_bonus=0) ")
    assert v.from_notation(text).variant == v


def test_competitive_notation_carries_the_dealt_coefficients() -> None:
    game = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=9)
    fields = game.to_notation().split()
    assert len(fields) == 7
    assert tuple(int(w) for w in fields[6].split(",")) == game.column_weights


def test_a_challenge_and_the_throws_are_written_exactly() -> None:
    v = yamskit.variant("yam-master")
    g = v.new_game(players=["Ann", "Bob"], seed=1).apply(yamskit.Roll(outcome="12346"))
    g = g.apply(yamskit.DeclareChallenge()).apply(yamskit.Roll(keep="1234", outcome="5"))
    assert g.to_notation().split()[5] == "12346!,1234+5"
    assert v.from_notation(g.to_notation()).labels == g.labels


def test_keeping_all_five_dice_is_a_throw_of_none() -> None:
    v = yamskit.variant("classic")
    g = v.new_game(seed=1).apply(yamskit.Roll(outcome="12345")).apply(yamskit.Roll(keep="12345"))
    assert g.to_notation().split()[4] == "12345,12345+"
    assert v.from_notation(g.to_notation()).turn == g.turn


def test_reading_with_another_variant_is_refused() -> None:
    text = yamskit.variant("classic", joker="free").new_game(seed=1).to_notation()
    with pytest.raises(NotationError, match="not for 'classic'"):
        yamskit.variant("classic").from_notation(text)
    with pytest.raises(NotationError, match="not for 'yahtzee'"):
        yamskit.variant("yahtzee").from_notation(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty notation"),
        ("nosuch Ann", "unknown variant"),
        ("classic(joker=free Ann", "HEAD"),
        ("classic() Ann ,,,,,,,,,,,, 0:0 - 3:0", "name alone"),
        ("classic(joker=free,joker=free) Ann ,,,,,,,,,,,, 0:0 - 3:0", "given twice"),
        ("classic(colour=red) Ann ,,,,,,,,,,,, 0:0 - 3:0", "no option"),
        ("classic Ann", "6 or 7 fields"),
        ("classic Ann ,,,,,,,,,,, 0:0 - 3:0", "12 boxes, not 13"),
        ("classic Ann ,,,,,,,,,,,|,,,,,,,,,,,, 0:0 - 3:0", "2 columns, not 1"),
        ("classic Ann,Bob ,,,,,,,,,,,, 0:0 - 3:0", "1 sheets for 2 players"),
        ("classic Ann ,,07,,,,,,,,,, 0:0 - 3:0", "whole number"),
        ("classic Ann ,,y,,,,,,,,,, 0:0 - 3:0", "whole number"),
        ("classic Ann ,,,,,,,,,,,, 0 - 3:0", "current:first"),
        ("classic Ann ,,,,,,,,,,,, 1:0 - 3:0", "not from 0 to 0"),
        ("classic Ann ,,,,,,,,,,,, 0:0 1234561 3:0", "classic throws 5 dice, not 7"),
        ("classic Ann ,,,,,,,,,,,, 0:0 12347 3:0", "faces are 1 to 6"),
        ("classic Ann ,,,,,,,,,,,, 0:0 12345,12345,12345,12345 3:0", "at most 3"),
        ("classic Ann ,,,,,,,,,,,, 0:0 - 3", "seed:draws"),
        ("classic Ann ,,,,,,,,,,,, 0:0 - 3:0 1,2", "expected 1 numbers"),
        ("yam-master A,B ...../...../...../..... 0,0 0:0 - 1:0 0", "5 rows"),
        ("yam-master A,B ...../...../...../...../....Z 0,0 0:0 - 1:0 0", "BOARD"),
        ("yamslam A,B 0000000/000000 0000000 0:0 - 1:0 -", "7 digits"),
        ("yamslam A,B 0000000/0000000 0000000 0:0 - 1:0 x", "FLAGS"),
        ("yamslam A,B 0000000/0000000 0000000 0:0 - 1:0 L", "whole number"),
        ("classic A%FF ,,,,,,,,,,,, 0:0 - 3:0", "UTF-8"),
    ],
)
def test_malformed_notation_names_the_field(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        from_notation(text)


def test_malformed_text_is_a_deserialization_error_and_impossible_text_a_position_error() -> None:
    assert issubclass(NotationError, yamskit.DeserializationError)
    with pytest.raises(PositionError) as info:
        from_notation("classic Ann ,,99,,,,,,,,,, 0:0 - 3:0")
    assert info.value.rule == "row_values"
    assert "'threes'" in str(info.value)


def test_not_a_string_or_too_long_is_refused() -> None:
    with pytest.raises(NotationError):
        from_notation(b"classic")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="longer"):
        from_notation("classic " + "A" * 30_000)


def test_to_notation_refuses_other_objects() -> None:
    with pytest.raises(TypeError):
        to_notation(object())


def _lucky_dice(rng: random.Random, keep: yamskit.Dice, dice: int = 5) -> yamskit.Dice:
    """Faces for a throw of ``dice`` dice keeping ``keep``: often all alike or low (jokers, bonuses, secs)."""
    n, r = dice - len(keep), rng.random()
    if r < 0.6 and len(set(keep.faces)) <= 1:
        return yamskit.Dice([keep.faces[0] if len(keep) else rng.randint(1, 6)] * n)
    if r < 0.7:
        return yamskit.Dice([rng.choice((1, 1, 2)) for _ in range(n)])
    return yamskit.Dice([rng.randint(1, 6) for _ in range(n)])


@pytest.mark.parametrize(
    ("name", "options", "players"),
    [
        ("classic", {"joker": "free", "yams_bonus": 100}, 1),
        pytest.param("yahtzee", {}, 2, marks=pytest.mark.slow),  # two sheets of jokers: half a minute
        ("classic", {"joker": "seed", "yams_bonus": 100}, 1),
        pytest.param("competitive", {}, 2, marks=pytest.mark.slow),
        ("yam-master", {"removed": "out"}, 2),
        ("yamslam", {"mode": "solo"}, 1),
        ("yamslam", {}, 2),
        ("yatzy", {"two_pairs_from_four": True, "full_house_from_five": True}, 1),
        ("yacht", {}, 2),
        pytest.param("kniffel", {}, 1, marks=pytest.mark.slow),  # jokers and bonuses: 15 s (playouts check them too)
        ("generala", {}, 2),
        ("balut", {}, 2),
        ("crag", {}, 2),
    ],
)
@settings(max_examples=2)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_notation_round_trips_games_full_of_five_of_a_kind(
    name: str, options: dict[str, Any], players: int, seed: int
) -> None:
    variant = yamskit.variant(name, **options)
    rng = random.Random(seed)
    state = variant.new_game(players=[f"P{i}" for i in range(players)], seed=seed)
    while True:
        back = variant.from_notation(state.to_notation())
        assert same_position(back, state)
        if state.is_over:
            return
        legal = list(state.legal_actions())
        ends = [a for a in legal if not isinstance(a, (yamskit.Roll, yamskit.DeclareChallenge))]
        action = rng.choice(legal)
        if ends and state.turn.has_thrown and rng.random() < 0.6:
            me = state.current_player
            action = max(ends, key=lambda a: (state.apply(a).result().scores[me], rng.random()))
        if isinstance(action, yamskit.Roll):
            count = getattr(state.turn, "dice_count", 5)  # Crag throws three
            action = yamskit.Roll(keep=action.keep, outcome=_lucky_dice(rng, action.keep, count))
        state = state.apply(action)


def test_a_variant_of_your_own_round_trips_through_its_own_from_notation() -> None:
    from yamskit.categories import Category, total, upper

    mini = yamskit.ScorecardVariant.define("mini", rows=[upper(6), Category("chance", total)])
    game = mini.new_game(players=["Ann"], seed=2).apply(yamskit.Roll(outcome="66612"))
    text = game.to_notation()
    assert text == "mini Ann , 0:0 12666 2:0"
    assert same_position(mini.from_notation(text), game)
    with pytest.raises(NotationError, match="unknown variant 'mini'"):
        from_notation(text)


@pytest.mark.parametrize("value", ["a b", "100", "null", "x,y", "é", "", 7, None, True, {"k": [1, "two words"]}])
def test_option_values_of_any_json_kind_are_written_in_one_field(value: Any) -> None:
    from yamskit.notation.grammar import parse_head, variant_head

    class Fake:
        name = "nosuch"
        options = {"a": value, "b": 1}  # noqa: RUF012

    head = variant_head(Fake())
    assert len(head.split()) == 1
    assert parse_head(head) == ("nosuch", {"a": value, "b": 1})


def _samples() -> list[str]:
    """Notations of mid-game states of every kind, to damage."""
    texts = ["yam-master(removed=out) Ann,Bob XX.../.O.../...../...../..... 0,0 1:0 12346!,1234+5 3:4 3"]
    for name, options, players in (
        ("classic", {"yams_bonus": 100}, 2),
        ("challenge", {}, 1),
        ("competitive", {}, 2),
        ("yamslam", {}, 3),
        ("yamslam", {"mode": "solo"}, 1),
    ):
        rng = random.Random(4)
        state = yamskit.variant(name, **options).new_game(players=[f"P{i}" for i in range(players)], seed=4)
        for _ in range(25):
            state = state.apply(rng.choice(list(state.legal_actions())))
        texts.append(state.to_notation())
    return texts


_SAMPLES = _samples()


def test_the_samples_to_damage_read_back() -> None:
    for text in _SAMPLES:
        assert from_notation(text).to_notation() == text


@settings(max_examples=examples(200))
@given(
    sample=st.sampled_from(_SAMPLES),
    edits=st.lists(
        st.tuples(st.integers(0, 200), st.sampled_from("0123456789,/|:+-x.!XO Lc2()={}%"), st.booleans()),
        min_size=1,
        max_size=3,
    ),
)
def test_damaged_notation_raises_only_yamskit_errors(sample: str, edits: list[tuple[int, str, bool]]) -> None:
    text = list(sample)
    for at, char, insert in edits:
        at %= len(text)
        if insert:
            text.insert(at, char)
        else:
            text[at] = char
    with contextlib.suppress(yamskit.YamskitError):
        from_notation("".join(text))
