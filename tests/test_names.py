"""One naming scheme: ids, display labels, aliases, did-you-mean, and the old names of 0.1.0.dev0."""

from __future__ import annotations

import itertools

import pytest

import yamskit
from yamskit import Dice, GameRecord, Roll, Score, Scratch, TakeChip, UnknownNameError, check_record
from yamskit.names import Name, Names, normalize
from yamskit.variants.yam_master.board import LABEL_TABLE, LABELS, cells_with_label, dice_labels
from yamskit.variants.yamslam.chips import ChipSet, chip_kind

# Any DeprecationWarning a test does not expect fails it.
pytestmark = pytest.mark.filterwarnings("error::DeprecationWarning")


# ---------------------------------------------------------------- the table itself
def test_normalize_ignores_case_accents_spaces_and_hyphens() -> None:
    assert normalize(" Full  House ") == "full_house"
    assert normalize("Défi") == normalize("DEFI") == "defi"
    assert normalize("three-of-a-kind") == "three_of_a_kind"


def test_ids_win_over_labels_and_labels_over_aliases() -> None:
    table = Names("row", [Name("a", "B"), Name("b", "x", aliases=("a",))])
    assert table.resolve("a") == "a"  # the id a, not the alias a of b
    assert table.resolve("B") == "b"  # the id b, not the label B of a
    assert table.resolve("x") == "b"


def test_a_name_far_from_every_id_gets_no_suggestion() -> None:
    with pytest.raises(UnknownNameError) as caught:
        yamskit.variant("classic").score("zzzzzz", "12345")
    assert str(caught.value).startswith("unknown row 'zzzzzz'; rows: ones, twos")
    assert "did you mean" not in str(caught.value)


def test_a_non_string_name_is_refused_with_the_list() -> None:
    with pytest.raises(UnknownNameError, match="unknown row 3; rows: ones"):
        yamskit.variant("classic").score(3, "12345")  # type: ignore[arg-type]


# ---------------------------------------------------------------- rows
@pytest.mark.parametrize("spelling", ["full_house", "Full house", "FULL HOUSE", "full-house"])
def test_rows_read_by_id_or_label_in_any_case(spelling: str) -> None:
    g = yamskit.variant("classic").new_game(seed=1).apply(Roll(outcome="22555"))
    after = g.apply(Score(spelling))
    assert after.cell(0, "full_house").points == 25
    assert after.history[-1].action == Score("full_house")  # written down by id


def test_a_near_miss_row_suggests_the_row() -> None:
    g = yamskit.variant("classic").new_game(seed=1).apply(Roll(outcome="22555"))
    with pytest.raises(UnknownNameError, match=r"unknown row 'ful_house'; did you mean 'full_house'\? rows: ones"):
        g.apply(Score("ful_house"))
    assert not g.is_legal(Score("ful_house"))


def test_the_yahtzee_preset_has_a_yahtzee_row() -> None:
    v = yamskit.variant("yahtzee")
    assert v.category("yams").label == "Yahtzee"
    g = v.new_game(seed=1).apply(Roll(outcome="44444"))
    for spelling in ("yahtzee", "Yahtzee", "yams"):
        assert g.placement(Score(spelling)).points == 50
    assert g.apply(Score("yahtzee")).cell(0, "yams").points == 50
    assert v.score("yahtzee", [3, 3, 3, 3, 3]) == 50


def test_scratch_reads_names_like_score() -> None:
    g = yamskit.variant("classic").new_game(seed=1).apply(Roll(outcome="12346"))
    after = g.apply(Scratch("Large straight"))
    assert after.cell(0, "large_straight").scratched
    assert after.history[-1].action == Scratch("large_straight")


# ---------------------------------------------------------------- columns
def test_challenge_and_competitive_share_the_down_up_pair() -> None:
    assert yamskit.variant("challenge").columns[:2] == ("down", "up")
    assert yamskit.variant("competitive").columns[:3] == ("down", "free", "up")


@pytest.mark.parametrize("spelling", ["up", "Up", "ascending", "Ascending", "ASCENDING"])
def test_challenge_columns_read_by_id_label_or_alias(spelling: str) -> None:
    g = yamskit.variant("challenge").new_game(seed=1).apply(Roll(outcome="55555"))
    after = g.apply(Score("minus", spelling))
    assert after.cell(0, "minus", "up").points == 25
    assert after.history[-1].action == Score("minus", "up")


def test_competitive_accepts_descending_as_an_alias_of_down() -> None:
    g = yamskit.variant("competitive").new_game(players=["Ann", "Bob"], seed=1).apply(Roll(outcome="11123"))
    after = g.apply(Score("ones", "descending"))
    assert after.cell(0, "ones", "down").points == 3


def test_competitive_coefficients_take_column_names() -> None:
    given = {"descending": 8, "Free": 10, "up": 12, "mid": 14, "TURBO": 16, "connected": 18}
    v = yamskit.variant("competitive", coefficients=given)
    assert v.options["coefficients"] == {"down": 8, "free": 10, "up": 12, "mid": 14, "turbo": 16, "connected": 18}
    with pytest.raises(yamskit.RuleConfigError, match="did you mean 'turbo'"):
        yamskit.variant("competitive", coefficients={**given, "turb": 16})
    with pytest.raises(yamskit.RuleConfigError, match="name a column twice"):
        yamskit.variant("competitive", coefficients={**given, "down": 8})


def test_a_near_miss_column_suggests_the_column() -> None:
    g = yamskit.variant("challenge").new_game(seed=1).apply(Roll(outcome="55555"))
    with pytest.raises(UnknownNameError, match=r"unknown column 'disordr'; did you mean 'disorder'\? columns: down"):
        g.apply(Score("ones", "disordr"))


# ---------------------------------------------------------------- Yam Master labels
def test_yam_master_labels_have_english_ids_and_french_labels() -> None:
    assert {e.id: e.label for e in LABEL_TABLE if not e.id.isdigit()} == {
        "full_house": "Full",
        "four_of_a_kind": "Carré",
        "yams": "Yam",
        "straight": "Suite",
        "less_than_8": "≤8",
        "one_shot": "Sec",
        "challenge": "Défi",
    }
    assert {label for row in LABELS for label in row} == set(LABEL_TABLE.ids)


@pytest.mark.parametrize("spelling", ["four_of_a_kind", "Carré", "carre", "CARRE", "Four of a kind"])
def test_yam_master_labels_read_by_id_or_label(spelling: str) -> None:
    assert cells_with_label(spelling) == ((1, 1), (4, 2))
    assert spelling in dice_labels(Dice.parse("44442"))


def test_yam_master_old_label_ids_still_work_with_a_warning() -> None:
    with pytest.warns(DeprecationWarning, match="'le8' is deprecated; use 'less_than_8'"):
        assert cells_with_label("le8") == ((2, 0), (3, 3))
    with pytest.warns(DeprecationWarning, match="'le8'"):
        assert "le8" in dice_labels(Dice.parse("11123"))
    # the other old ids read as the printed labels they were: no warning
    assert cells_with_label("defi") == cells_with_label("challenge")
    assert "yam" in dice_labels(Dice.parse("55555"))


def test_a_near_miss_label_suggests_the_label() -> None:
    with pytest.raises(UnknownNameError, match=r"unknown cell label 'strait'; did you mean 'straight'\?"):
        cells_with_label("strait")


def test_the_board_text_shows_the_printed_labels() -> None:
    text = yamskit.variant("yam-master").new_game(players=["Ann", "Bob"], seed=1).render()
    assert "Carré" in text
    assert "Défi" in text
    assert "four_of_a_kind" not in text


# ---------------------------------------------------------------- Yamslam chips
@pytest.mark.parametrize("spelling", ["full_house", "Full house", "full house", "FULL-HOUSE"])
def test_chips_read_by_id_or_label(spelling: str) -> None:
    assert chip_kind(spelling) == "full_house"
    assert ChipSet.of(spelling).count("full_house") == 1
    g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1).apply(Roll(outcome="22555"))
    after = g.apply(TakeChip(spelling))
    assert after.history[-1].action == TakeChip("full_house")


def test_a_near_miss_chip_suggests_the_chip() -> None:
    g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=1).apply(Roll(outcome="22555"))
    with pytest.raises(UnknownNameError, match=r"unknown chip 'ful_house'; did you mean 'full_house'\? chips:"):
        g.apply(TakeChip("ful_house"))


# ---------------------------------------------------------------- dice and players
def test_sequences_of_faces_are_dice() -> None:
    assert Roll(keep=[6, 6]) == Roll(keep="66") == Roll(keep=(6, 6)) == Roll(keep=Dice.of(6, 6))
    assert Roll(outcome=[5, 1, 3]).outcome == Dice.of(1, 3, 5)
    g = yamskit.variant("classic").new_game(seed=1).apply(Roll(outcome=[6, 6, 6, 1, 2]))
    assert len(g.outcomes([6, 6, 6])) == 21
    with pytest.raises(yamskit.InvalidDiceError):
        Roll(keep=[7])
    with pytest.raises(yamskit.InvalidDiceError):
        Roll(keep=iter(range(1, 10**9)))  # never read past the ninth face (a 7 among them)
    with pytest.raises(yamskit.InvalidDiceError, match="9 dice"):
        Roll(keep=itertools.repeat(6))  # nine dice are more than any game throws: refused, never read on


def test_the_bots_are_exported_at_the_top_level() -> None:
    assert yamskit.GreedyPlayer is yamskit.bots.GreedyPlayer
    assert yamskit.OptimalPlayer is yamskit.bots.OptimalPlayer
    assert {"GreedyPlayer", "OptimalPlayer", "RandomPlayer", "Player"} <= set(yamskit.__all__)


# ---------------------------------------------------------------- simulate naming
def test_both_simulations_take_games_and_bot_and_report_stdev() -> None:
    from yamskit.bots.simulate import simulate
    from yamskit.solver import simulate as batch

    one = simulate("classic", games=3, bot="greedy", seed=1)
    many = batch(yamskit.variant("classic"), games=50, bot="greedy", seed=1)
    assert (one.games, many.games) == (3, 50)
    assert one.stdev >= 0
    assert many.stdev > 0


def test_the_old_simulate_names_still_work_with_a_warning() -> None:
    from yamskit.bots.simulate import simulate
    from yamskit.solver import simulate as batch

    with pytest.warns(DeprecationWarning, match="'n' is deprecated; use 'games'"):
        old = simulate("classic", n=3, seed=1)
    assert old == simulate("classic", 3, seed=1)
    with pytest.warns(DeprecationWarning, match="'policy' is deprecated; use 'bot'"):
        result = batch(yamskit.variant("classic"), 40, policy="greedy", seed=2)
    with pytest.warns(DeprecationWarning, match="'std' is deprecated; use 'stdev'"):
        assert result.std == result.stdev
    assert (result.scores == batch(yamskit.variant("classic"), 40, bot="greedy", seed=2).scores).all()
    with pytest.raises(TypeError, match="give 'games' only"):
        simulate("classic", 3, n=3)


# ---------------------------------------------------------------- old saves and records
def _partial_challenge_game() -> yamskit.ScorecardGame:
    g = yamskit.variant("challenge").new_game(players=["Ann", "Bob"], seed=4)
    g = g.apply(Roll(outcome="55555")).apply(Score("minus", "up"))
    g = g.apply(Roll(outcome="11111")).apply(Score("ones", "down"))
    return g.apply(Roll(outcome="66665")).apply(Score("plus", "up"))


def _as_written_before_0_1_0(text: str) -> str:
    for new, old in (("down", "descending"), ("up", "ascending")):
        text = text.replace(f'"column":"{new}"', f'"column":"{old}"').replace(
            f'"column": "{new}"', f'"column": "{old}"'
        )
    return text


def test_an_old_challenge_save_with_old_column_ids_loads() -> None:
    game = _partial_challenge_game()
    old = _as_written_before_0_1_0(game.to_json())
    assert '"descending"' in old
    assert '"ascending"' in old
    loaded = yamskit.load_game(old)
    assert isinstance(loaded, yamskit.ScorecardGame)
    assert loaded.sheets == game.sheets
    assert loaded.cell(0, "plus", "up").points == 29
    assert loaded.apply(Roll(outcome="22222")).apply(Score("twos", "down")).cell(1, "twos", "down").points == 10


def test_an_old_challenge_record_with_old_column_ids_checks_and_replays() -> None:
    game = _partial_challenge_game()
    old = _as_written_before_0_1_0(GameRecord.from_game(game).dump())
    assert '"descending"' in old
    report = check_record(old)
    assert report.valid
    assert GameRecord.load(old).to_game().sheets == game.sheets


def test_an_old_yamslam_record_with_chip_labels_replays() -> None:
    g = yamskit.variant("yamslam").new_game(players=["Ann", "Bob"], seed=3).apply(Roll(outcome="22555"))
    g = g.apply(TakeChip("full_house"))
    text = GameRecord.from_game(g).dump().replace('"kind": "full_house"', '"kind": "Full house"')
    assert '"Full house"' in text
    assert check_record(text).valid


# ---------------------------------------------------------------- variant names
def test_a_near_miss_variant_name_suggests_the_variant() -> None:
    with pytest.raises(yamskit.RuleConfigError, match=r"unknown variant 'yam_mastr'; did you mean 'yam-master'\?"):
        yamskit.variant("yam_mastr")
