"""Kniffel scores and places a further Kniffel as Schmidt Spiele's sheets say; its other readings are options.

Sources (cited on docs/rules/kniffel.md):

* Schmidt Spiele, *Reise-Kniffel* rule sheet, "Zweiter, dritter usw. Kniffel"
  (https://gebruikershandleiding.com/Schmidt-Reise-Kniffel/preview-handleiding-1015198.html?page=0004):
  "Kniffel als Joker" (Kniffel box and the number box filled: any lower box, e.g. 40 for a Große
  Straße; all lower boxes filled: a number box is crossed out) and "Kniffel für 50 Zusatzpunkte"
  (Kniffel box filled, number box open: the points there, e.g. 25 for five 5s, and 50 more);
* Schmidt Spiele, *Kniffel* Jubiläums-Edition rule sheet (2011)
  (http://doczz.com.br/doc/815528/kniffel-jubiedition_anleitung_final.indd-1-24.11.11-14-45): 13 boxes,
  up to three throws, the first with all five dice, a box "gestrichen" takes a 0;
* jkor.de, *Knifflig* (https://jkor.de/Knifflig/knifflig.php), the worked example: 2-2-2-4-4 is worth 6
  in the Zweier, 8 in the Vierer, 14 in the Dreierpasch or 25 in the Full House; 35 bonus at 63;
* Wikipedia (de), *Kniffel*, 2007 copy (http://wikipedia2007.classicistranieri.com/de/k/n/i/Kniffel.html):
  the upper bonus of 35 at 63 or more, the boxes' values;
* Kölnische Rundschau, *Kniffel - die Regeln* (https://www.rundschau-online.de/redaktion/kniffel-die-regeln-257352):
  another edition's reading, 100 points for each further Kniffel (``kniffel_bonus=100, bonus_when="always"``).
"""

from __future__ import annotations

from typing import Any

import pytest

import yamskit
from yamskit import Dice, JokerRuleError, Roll, RuleConfigError, Score, Scratch
from yamskit.dice import ROLLS
from yamskit.scorecard import ScorecardGame

KNIFFEL = yamskit.variant("kniffel")
HASBRO = {"kniffel_bonus": 100, "bonus_when": "always"}
ROWS = (
    "einser", "zweier", "dreier", "vierer", "fuenfer", "sechser",
    "dreierpasch", "viererpasch", "full_house", "kleine_strasse", "grosse_strasse", "kniffel", "chance",
)  # fmt: skip


def _play(variant: yamskit.ScorecardVariant, turns: list[tuple[str, str]]) -> ScorecardGame:
    """A solitaire game through ``(outcome, row)`` turns (row ``x:row`` crosses the box out)."""
    game = variant.new_game(players=["Anna"], seed=1)
    for outcome, row in turns:
        game = game.apply(Roll(outcome=outcome))
        game = game.apply(Scratch(row[2:]) if row.startswith("x:") else Score(row))
    return game


def _scores(game: ScorecardGame) -> set[str]:
    return {a.row for a in game.legal_actions() if isinstance(a, Score)}


def test_the_block_has_yahtzees_thirteen_boxes_under_their_german_ids_and_labels() -> None:
    assert KNIFFEL.rows == ROWS
    labels = [KNIFFEL.category(row).label for row in ROWS]
    assert labels == [
        "Einser", "Zweier", "Dreier", "Vierer", "Fünfer", "Sechser", "Dreierpasch", "Viererpasch",
        "Full House", "Kleine Straße", "Große Straße", "Kniffel", "Chance",
    ]  # fmt: skip
    assert all(row.isascii() and row.isidentifier() for row in ROWS)  # ids are safe in JSON and notation
    assert sum(KNIFFEL.category(row).max for row in ROWS) == 105 + 30 + 30 + 25 + 30 + 40 + 50 + 30


def test_the_worked_example_of_22244() -> None:
    """jkor.de's example: three 2s and two 4s."""
    dice = Dice.parse("22244")
    assert [KNIFFEL.score(row, dice) for row in ("zweier", "vierer", "dreierpasch", "full_house")] == [6, 8, 14, 25]
    assert KNIFFEL.score("viererpasch", dice) == 0


@pytest.mark.parametrize(
    ("row", "dice", "points"),
    [
        ("dreierpasch", "33325", 16),  # the sum of all five dice
        ("viererpasch", "66661", 25),
        ("viererpasch", "66611", 0),
        ("kleine_strasse", "12346", 30),
        ("kleine_strasse", "23456", 30),  # a Große Straße is a Kleine Straße too
        ("grosse_strasse", "12345", 40),
        ("grosse_strasse", "12346", 0),
        ("full_house", "55555", 0),  # five of a kind is no Full House (except as a joker)
        ("kniffel", "44444", 50),
        ("chance", "12356", 17),
    ],
)
def test_every_box_scores_as_the_sheet_says(row: str, dice: str, points: int) -> None:
    assert KNIFFEL.score(row, dice) == points


@pytest.mark.parametrize(
    ("spelling", "row"),
    [
        ("fuenfer", "fuenfer"),
        ("Fünfer", "fuenfer"),
        ("fünfer", "fuenfer"),
        ("FUENFER", "fuenfer"),
        ("fives", "fuenfer"),
        ("Fünfen", "fuenfer"),
        ("fuenfen", "fuenfer"),
        ("Große Straße", "grosse_strasse"),
        ("grosse strasse", "grosse_strasse"),
        ("large straight", "grosse_strasse"),
        ("kleine-strasse", "kleine_strasse"),
        ("small_straight", "kleine_strasse"),
        ("Full House", "full_house"),
        ("three of a kind", "dreierpasch"),
        ("4er Pasch", "viererpasch"),
        ("Yahtzee", "kniffel"),
        ("yams", "kniffel"),
        ("ones", "einser"),
    ],
)
def test_a_row_is_found_by_its_id_label_and_english_names(spelling: str, row: str) -> None:
    assert KNIFFEL.rules.row_names.resolve(spelling) == row
    game = KNIFFEL.new_game(players=["Anna"], seed=1).apply(Roll(outcome="55555"))
    assert game.apply(Score(spelling)).cell(0, row).holds_number


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("score yahtzee", Score("kniffel")),
        ("score full house", Score("full_house")),
        ("score ones", Score("einser")),
        ("aces", Score("einser")),
        ("4s", Score("vierer")),
        ("score fünfer", Score("fuenfer")),
        ("Große Straße", Score("grosse_strasse")),
        ("cross out yahtzee", Scratch("kniffel")),
        ("brelan", Score("dreierpasch")),
        ("scratch large straight", Scratch("grosse_strasse")),
    ],
)
def test_the_action_text_reads_german_and_english_names(text: str, action: Any) -> None:
    game = KNIFFEL.new_game(players=["Anna"], seed=1).apply(Roll(outcome="23456"))
    assert game.parse_action(text) == action
    assert game.parse_action(game.action_text(action)) == action


def test_a_further_kniffel_in_its_open_number_box_earns_50_more_even_after_a_0_in_the_kniffel_box() -> None:
    """Schmidt's "Kniffel für 50 Zusatzpunkte": five 5s give 25 in the Fünfer and 50 beside the boxes."""
    for first in ("kniffel", "x:kniffel"):
        game = _play(KNIFFEL, [("22222", first)]).apply(Roll(outcome="55555"))
        assert _scores(game) == {"fuenfer"}  # the number box of its face, while it is open
        with pytest.raises(JokerRuleError, match="must go in 'fuenfer'"):
            game.apply(Score("chance"))
        after = game.apply(Score("fuenfer"))
        assert (after.cell(0, "fuenfer").points, after.sheets[0].extra) == (25, 50)
        assert after.result().scores == ((50 if first == "kniffel" else 0) + 25 + 50,)


def test_a_further_kniffel_is_a_joker_once_its_number_box_is_filled_and_earns_no_bonus() -> None:
    """Schmidt's "Kniffel als Joker": e.g. 40 points for a Große Straße."""
    game = _play(KNIFFEL, [("66666", "kniffel"), ("66612", "sechser")]).apply(Roll(outcome="66666"))
    assert _scores(game) == {"dreierpasch", "viererpasch", "full_house", "kleine_strasse", "grosse_strasse", "chance"}
    after = game.apply(Score("grosse_strasse"))
    assert (after.cell(0, "grosse_strasse").points, after.sheets[0].extra) == (40, 0)
    assert game.placement(Score("full_house")).points == 25
    assert game.placement(Score("kleine_strasse")).points == 30
    with pytest.raises(JokerRuleError, match="goes in a lower box"):
        game.apply(Score("einser"))


def test_with_every_lower_box_filled_a_further_kniffel_crosses_out_a_number_box() -> None:
    """Schmidt's sheet: "muss der Spieler im oberen Bereich ein Feld streichen"."""
    lower = [("33312", "dreierpasch"), ("33332", "viererpasch"), ("22333", "full_house"), ("12346", "kleine_strasse")]
    lower += [("23456", "grosse_strasse"), ("12356", "chance")]
    game = _play(KNIFFEL, [("44444", "kniffel"), ("44412", "vierer"), *lower]).apply(Roll(outcome="44444"))
    assert _scores(game) == {"einser", "zweier", "dreier", "fuenfer", "sechser"}
    assert game.placement(Score("sechser")).points == 0
    assert game.apply(Score("zweier")).sheets[0].extra == 0


def test_the_hasbro_reading_is_yahtzee_on_the_kniffel_block() -> None:
    kniffel, yahtzee = yamskit.variant("kniffel", **HASBRO), yamskit.variant("yahtzee")
    assert all(
        kniffel.score(k, roll) == yahtzee.score(y, roll)
        for roll in ROLLS
        for k, y in zip(kniffel.rows, yahtzee.rows, strict=True)
    )
    turns = [("44444", "kniffel"), ("44444", "vierer"), ("44444", "grosse_strasse")]
    as_yahtzee = [(outcome, yahtzee.rows[kniffel.rows.index(row)]) for outcome, row in turns]
    assert _play(kniffel, turns).result().scores == _play(yahtzee, as_yahtzee).result().scores == (50 + 20 + 40 + 200,)


def test_other_readings_of_the_bonus_and_the_joker() -> None:
    no_bonus = _play(yamskit.variant("kniffel", kniffel_bonus=0), [("33333", "kniffel"), ("33333", "dreier")])
    assert no_bonus.sheets[0].extra == 0
    always = _play(yamskit.variant("kniffel", bonus_when="always"), [("33333", "x:kniffel"), ("33333", "dreier")])
    assert always.sheets[0].extra == 0  # 'always' pays only while the Kniffel box holds 50
    free = yamskit.variant("kniffel", joker="free")
    game = _play(free, [("33333", "kniffel")]).apply(Roll(outcome="33333"))
    assert "chance" in _scores(game)
    plain = _play(yamskit.variant("kniffel", joker=None), [("33333", "kniffel")]).apply(Roll(outcome="33333"))
    assert plain.placement(Score("full_house")).points == 0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"joker": "wild"}, "joker must be None, 'free', 'forced' or 'seed', not 'wild'"),
        ({"kniffel_bonus": 75}, "kniffel_bonus must be 0, 50 or 100, not 75"),
        ({"kniffel_bonus": True}, "kniffel_bonus must be 0, 50 or 100, not True"),
        ({"bonus_when": "sometimes"}, "bonus_when must be 'number_box' or 'always', not 'sometimes'"),
        (
            {"yams_bonus": 100},
            "variant 'kniffel' has no option 'yams_bonus'; options: joker, kniffel_bonus, bonus_when",
        ),
    ],
)
def test_a_bad_option_is_refused_by_name(options: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleConfigError, match=message):
        yamskit.variant("kniffel", **options)


def test_options_are_recorded_so_a_save_rebuilds_the_same_variant() -> None:
    variant = yamskit.variant("kniffel", joker="free", **HASBRO)
    assert variant.options == {"joker": "free", **HASBRO}
    game = _play(variant, [("55555", "kniffel"), ("55555", "fuenfer")])
    assert yamskit.load_game(game.to_json()) == game
    assert yamskit.load_game(game.to_json()).variant == variant
    assert KNIFFEL.options == {"joker": "forced", "kniffel_bonus": 50, "bonus_when": "number_box"}


def test_describe_names_every_box_the_rulings_and_the_options() -> None:
    text = KNIFFEL.describe()
    assert text.splitlines()[0] == "kniffel: 13 rows x 1 column(s), 3 throws a turn"
    assert "  fuenfer: Fünfer, max 25" in text
    assert "Upper bonus per column: 35 at 63+" in text
    for words in ("Schmidt", "number box", "Hasbro", "end: after 13 rounds", "share the win"):
        assert words in text, words
