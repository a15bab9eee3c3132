"""Action text: round trips over random playouts of every variant and mode, worked examples, and a fuzz."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yamskit
from tests.strategies import examples
from yamskit import DeclareChallenge, Dice, Pass, Place, RemoveToken, Roll, Score, Scratch, TakeChip
from yamskit.action_text import MAX_LENGTH
from yamskit.categories import Category, total, upper
from yamskit.errors import NotationError
from yamskit.scorecard import Column, FillPolicy, TurnCondition


def _user_variant() -> Any:
    """A user's own sheet: two columns, one ordered, one dry, rows with labels of their own."""
    return yamskit.ScorecardVariant.define(
        "mini-text",
        rows=[upper(5), upper(6), Category("big_one", total, label="Big one"), Category("chance", total)],
        columns=[Column("down", FillPolicy.down()), Column("free"), Column("dry", condition=TurnCondition.dry())],
    )


#: (variant, options, players, games): every variant and mode, and a user-defined sheet.
CONFIGS: list[tuple[Any, dict[str, Any], int, int]] = [
    ("classic", {}, 2, 3),
    ("yahtzee", {}, 1, 3),
    ("challenge", {}, 1, 1),
    ("competitive", {}, 2, 1),
    ("competitive", {"mode": "1v1v1"}, 3, 1),
    ("competitive", {"mode": "2v2"}, 4, 1),
    ("yam-master", {}, 2, 3),
    ("yam-master", {"removed": "out", "max_turns": 60}, 2, 2),
    ("yamslam", {}, 2, 3),
    ("yamslam", {"mode": "solo"}, 1, 3),
    ("yamslam", {"mode": "team"}, 4, 2),
    ("yatzy", {}, 2, 2),
    ("yacht", {"four_of_a_kind": "all_dice", "full_house_from_five": True}, 1, 2),
    ("kniffel", {}, 2, 2),
    ("generala", {}, 2, 2),
    ("balut", {}, 2, 2),
    ("crag", {}, 2, 2),
    ("maxi-yatzy", {}, 2, 1),
    (_user_variant, {}, 2, 3),
]
IDS = [f"{v if isinstance(v, str) else 'user'}-{o.get('mode', '')}-{i}" for i, (v, o, _, _) in enumerate(CONFIGS)]


def _variant(name: Any, options: dict[str, Any]) -> Any:
    return yamskit.variant(name, **options) if isinstance(name, str) else name()


def _check_state(state: Any) -> None:
    """Every legal action reads back from its canonical text and from its short form, and the shorts differ."""
    legal = list(state.legal_actions())
    shorts = {}
    for action in legal:
        assert state.parse_action(str(action)) == action, str(action)
        short = state.action_text(action)
        assert state.parse_action(short) == action, short
        assert len(short) <= len(str(action)) + 8
        shorts[short] = action
    assert len(shorts) == len(legal), "two legal actions share a short form"


@pytest.mark.parametrize(("name", "options", "players", "games"), CONFIGS, ids=IDS)
def test_every_legal_action_reads_back_from_both_texts(name: Any, options: dict[str, Any], players: int, games: int):
    variant = _variant(name, options)
    for seed in range(games):
        rng = random.Random(seed)
        state = variant.new_game(players=[f"P{i}" for i in range(players)], seed=seed)
        steps = 0
        while not state.is_over and steps < 400:
            _check_state(state)
            legal = list(state.legal_actions())
            action = rng.choice(legal)
            if isinstance(action, Roll):  # the throw with its faces reads back too, in both forms
                thrown = state.apply(action).history[-1].action
                assert state.parse_action(str(thrown)) == thrown
                assert state.parse_action(state.action_text(thrown)) == thrown
            state = state.apply(action)
            steps += 1
        if state.is_over:
            with pytest.raises(NotationError, match="over"):
                state.parse_action("roll")


@pytest.fixture
def classic() -> Any:
    return yamskit.variant("classic").new_game(players=["Ann"], seed=1).apply(Roll(outcome="22555"))


@pytest.fixture
def challenge() -> Any:
    return yamskit.variant("challenge").new_game(players=["Ann"], seed=1).apply(Roll(outcome="22555"))


@pytest.mark.parametrize(
    "text",
    ["full house", "FULL HOUSE", "  full   house ", "Full-House", "full_house", "score full_house", "full", "Full"],
)
def test_a_row_reads_in_any_case_spacing_and_in_french(classic: Any, text: str) -> None:
    assert classic.parse_action(text) == Score("full_house")


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("brelan", Score("three_of_a_kind")),
        ("carré", Score("four_of_a_kind")),
        ("petite suite", Score("small_straight")),
        ("Yahtzee", Score("yams")),
        ("scratch yams", Scratch("yams")),
        ("cross out Yams", Scratch("yams")),
        ("barrer la chance", Scratch("chance")),
        ("score sixes main", Score("sixes")),
        ("keep 555", Roll(keep="555")),
        ("KEEP 5,5,5", Roll(keep="555")),
        ("555 kept, rolled 12", Roll(keep="555", outcome="12")),
        ("garder 22 relancer", Roll(keep="22")),
        ("roll", Roll()),
        ("roll all", Roll()),
    ],
)
def test_worked_examples_of_classic(classic: Any, text: str, action: Any) -> None:
    assert classic.parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("Ones Descending", Score("ones", "down")),
        ("full house disorder", Score("full_house", "disorder")),
        ("Full house in the Disorder column", Score("full_house", "disorder")),
        ("désordre full", Score("full_house", "disorder")),
        ("score full_house dry", Score("full_house", "dry")),
        ("scratch yams sèche", Scratch("yams", "dry")),
        ("moins montante", Score("minus", "up")),
        ("Minus Ascending", Score("minus", "up")),
        ("ones down", Score("ones", "down")),
        ("as descendante", Score("ones", "down")),
    ],
)
def test_worked_examples_of_challenge(challenge: Any, text: str, action: Any) -> None:
    assert challenge.parse_action(text) == action


def test_a_row_several_columns_could_take_must_name_its_column(challenge: Any) -> None:
    with pytest.raises(NotationError, match="'full house disorder' or 'full house dry': say which"):
        challenge.parse_action("full house")
    assert challenge.action_text(Score("full_house", "dry")) == "full house dry"


def test_a_row_one_column_can_take_needs_no_column() -> None:
    g = yamskit.variant("challenge").new_game(players=["Ann"], seed=1).apply(Roll())
    g = g.apply(Roll(keep="", outcome="22555"))  # a later throw of all five: dry is still open
    g2 = yamskit.variant("challenge").new_game(players=["Ann"], seed=1).apply(Roll(outcome="22455"))
    g2 = g2.apply(Roll(keep="2255", outcome="5"))  # dice kept: the dry column is shut
    assert g2.parse_action("full house") == Score("full_house", "disorder")
    assert g2.action_text(Score("full_house", "disorder")) == "full house"
    assert g.action_text(Score("full_house", "disorder")) == "full house disorder"


def test_the_short_form_of_the_classic_sheet_is_the_row(classic: Any) -> None:
    assert classic.action_text(Score("full_house")) == "full house"
    assert classic.action_text(Scratch("yams")) == "scratch yams"
    assert classic.action_text(Roll(keep="555")) == "keep 555"
    assert classic.action_text(Roll(keep="555", outcome="12")) == "keep 555 roll 12"
    assert str(Score("full_house")) == "score full_house"


def test_an_illegal_action_text_names_the_rule_and_the_nearest_legal_actions(challenge: Any) -> None:
    with pytest.raises(NotationError, match=r"reads as 'score full_house down', but column 'down' fills"):
        challenge.parse_action("full house down")
    with pytest.raises(NotationError, match=r"cannot read 'full hose' as an action; did you mean 'full house"):
        challenge.parse_action("full hose")
    with pytest.raises(yamskit.IllegalActionError):
        challenge.action_text(Score("full_house", "down"))


def test_yam_master_cells_read_by_coordinates_and_by_label() -> None:
    g = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1).apply(Roll(outcome="22225"))
    with pytest.raises(NotationError, match="'carre' could be 'place 1,1' or 'place 4,2': say which"):
        g.parse_action("place carré")
    assert g.action_text(Place((1, 1))) == "place 1,1"
    assert g.parse_action("place 2 4,1") == Place((4, 1))
    assert g.parse_action("place 1,1") == g.parse_action("PLACE 1 1") == g.parse_action("11") == Place((1, 1))
    assert g.parse_action("défi") == g.parse_action("Declare challenge") == DeclareChallenge()
    assert g.parse_action("pass") == g.parse_action("Je passe") == Pass()
    with pytest.raises(NotationError, match="cell 1,1 is 'carré', not 'full'"):
        g.parse_action("place full 1,1")


def test_yam_master_removal_reads_back() -> None:
    g = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1)
    g = g.apply(Roll(outcome="12345")).apply(Place((2, 4)))
    g = g.apply(Roll(outcome="66666"))
    assert g.parse_action("remove 2,4") == g.parse_action("retirer suite") == RemoveToken((2, 4))
    assert g.action_text(RemoveToken((2, 4))) == "remove suite"


def test_yamslam_chips_read_in_english_and_french() -> None:
    g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1, first_player=0)
    g = g.apply(Roll(outcome="22335"))
    assert g.parse_action("Deux paires") == g.parse_action("take two pairs") == TakeChip("two_pairs")
    assert g.action_text(TakeChip("two_pairs")) == "take two pairs"
    with pytest.raises(NotationError, match="reads as 'take flush'"):
        g.parse_action("take flush")


def test_canonical_text_is_a_pure_function_of_the_fields() -> None:
    assert str(Roll(keep=Dice.parse("55"), outcome="312")) == "keep 55 roll 123"
    assert str(Score("yams", "dry")) == "score yams dry"
    assert str(Place((0, 4))) == "place 0,4"
    assert str(TakeChip("flush", from_discard=True)) == "take flush from discard"


def test_over_long_text_is_refused_before_any_work(classic: Any) -> None:
    with pytest.raises(NotationError, match="longer than"):
        classic.parse_action("roll " * 10_000_000)
    with pytest.raises(NotationError, match="a string"):
        classic.parse_action(b"roll")
    with pytest.raises(NotationError, match="control character"):
        classic.parse_action("roll\x00")
    with pytest.raises(NotationError, match="control character"):
        classic.parse_action("keep 555\x1b[2J")
    with pytest.raises(NotationError, match="empty"):
        classic.parse_action(" ,;  ")


_STATES = [
    yamskit.variant("classic").new_game(players=["Ann"], seed=1).apply(Roll(outcome="22555")),
    yamskit.variant("challenge").new_game(players=["Ann"], seed=1).apply(Roll(outcome="22555")),
    yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1).apply(Roll(outcome="66666")),
    yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1).apply(Roll(outcome="66666")),
    yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1).apply(Roll(outcome="66666")),
]
_WORDS = st.sampled_from(
    ["roll", "keep", "55", "1", "2,3", "full", "house", "down", "scratch", "place", "take", "from", "discard", "défi"]
)


@settings(max_examples=examples(300), deadline=None)
@given(
    state=st.sampled_from(_STATES),
    text=st.one_of(
        st.text(max_size=300),
        st.lists(_WORDS, max_size=8).map(" ".join),
        st.text(alphabet=st.characters(max_codepoint=0x2FF), max_size=50),
    ),
)
def test_any_text_reads_as_a_legal_action_or_raises_notation_error(state: Any, text: str) -> None:
    try:
        action = state.parse_action(text)
    except NotationError as error:
        message = str(error)
    else:
        assert state.is_legal(action)
        return
    assert len(message) < 2 * MAX_LENGTH + 600  # the message quotes a bounded part of the text


@pytest.mark.parametrize(("name", "options", "players", "games"), CONFIGS, ids=IDS)
def test_a_record_story_reads_back_into_its_moves(name: Any, options: dict[str, Any], players: int, games: int):
    variant = _variant(name, options)
    seats = [f"P{i}" for i in range(players)]
    bots = [yamskit.RandomPlayer(seed=i) for i in range(players)]
    final = yamskit.play(variant.new_game(players=seats, seed=5), bots)
    record = yamskit.GameRecord.from_game(final)
    state = variant.new_game(players=seats, seed=5)
    moves = []
    for line in record.story(variant=variant if not isinstance(name, str) else None):
        player, _, texts = line.partition(": ")
        for text in texts.split(", "):
            assert state.players[state.current_player] == player
            action = state.parse_action(text)
            moves.append(action)
            state = state.apply(action)
    assert moves == [move.action for move in record.moves]
    assert state.is_over
    assert state.result().scores == final.result().scores  # the faces came from the text, not the stream


def _spellings(text: str) -> list[str]:
    """The same text in other case and spacing: what a person types."""
    spaced = text.replace("_", " ")
    return [
        text.upper(),
        text.title(),
        spaced,
        f"  {spaced.upper()}  ",
        spaced.replace(" ", "  "),
        text.replace("_", "-"),
    ]


@pytest.mark.parametrize("state", _STATES, ids=lambda s: s.variant.name)
def test_case_and_spacing_do_not_change_what_a_text_reads_as(state: Any) -> None:
    for action in state.legal_actions():
        for text in {str(action), state.action_text(action)}:
            for spelled in _spellings(text):
                assert state.parse_action(spelled) == action, spelled


def _dice_sheet(count: int) -> yamskit.ScorecardVariant:
    from yamskit.categories import Category, total, upper

    return yamskit.ScorecardVariant.define(
        f"dice-{count}", rows=[upper(6), Category("chance", total)], dice=count, max_throws=2
    )


@pytest.mark.parametrize("count", [1, 3, 6, 8])
def test_throws_read_as_many_digits_as_the_game_throws_and_other_counts_are_refused_by_count(count: int) -> None:
    variant = yamskit.variant("crag") if count == 3 else _dice_sheet(count)
    game = variant.new_game(players=["Ann"], seed=1)
    faces = "".join(str(1 + i % 6) for i in range(count))
    assert game.parse_action(f"roll {faces}") == yamskit.Roll(outcome=faces)
    assert game.parse_action("roll " + ", ".join(faces)) == yamskit.Roll(outcome=faces)
    thrown = game.apply(yamskit.Roll(outcome="6" * count))
    if count > 1:
        kept = "6" * (count - 1)
        assert thrown.parse_action(f"keep {kept} roll 1") == yamskit.Roll(keep=kept, outcome="1")
        assert thrown.action_text(yamskit.Roll(keep=kept)) == f"keep {kept}"
    for wrong in {count - 1, count + 1} - {0, 9}:
        with pytest.raises(NotationError, match=f"{count} were thrown|throws {count} dice"):
            game.parse_action(f"roll {'6' * wrong}")
    with pytest.raises(NotationError, match=f"it names 9 dice, and this game throws {count}"):
        game.parse_action("roll 666666666")


def test_a_five_dice_game_names_its_count_for_a_sixth_die() -> None:
    game = yamskit.variant("classic").new_game(seed=1)
    with pytest.raises(NotationError, match="classic throws 5 dice, not 6"):
        game.parse_action("roll 123456")
