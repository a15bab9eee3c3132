"""Keeping score with real dice: `yamskit.scorekeeper` and ``yamskit play --dice ask``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import yamskit
from yamskit import Dice, InvalidDiceError, Roll, Score
from yamskit.cli import main
from yamskit.scorekeeper import keep_score, roll_off, thrown


def test_thrown_checks_one_face_per_thrown_die() -> None:
    game = yamskit.variant("classic").new_game(seed=1).apply(Roll(outcome="66612"))
    assert thrown(game, keep="666", faces=[6, 4]) == Roll(keep="666", outcome="46")
    with pytest.raises(InvalidDiceError, match="2 dice were thrown"):
        thrown(game, keep="666", faces="641")
    with pytest.raises(InvalidDiceError, match="invalid face"):
        thrown(game, keep="666", faces="67")
    with pytest.raises(yamskit.IllegalActionError):
        thrown(game, keep="555", faces="12")  # 555 is not among the dice


def test_keep_score_plays_a_whole_game_with_the_faces_given(tmp_path: Path) -> None:
    variant = yamskit.variant("classic")
    throws = iter(["66612", "66"] + ["12345"] * 12)
    saved: list[int] = []

    def decide(state: yamskit.ScorecardGame) -> yamskit.Action:
        if not state.turn.has_thrown:
            return Roll()
        if state.dice == Dice.parse("66612"):
            return Roll(keep="666")
        return next(a for a in state.legal_actions() if isinstance(a, (Score, yamskit.Scratch)))

    done = keep_score(
        variant.new_game(seed=1),
        decide=decide,
        faces=lambda _s, _k: next(throws),
        after=lambda s: saved.append(len(s.history)),
    )
    assert done.is_over
    assert saved == list(range(1, len(done.history) + 1))
    first = [m.action for m in done.history[:3]]
    assert first == [Roll(outcome="12666"), Roll(keep="666", outcome="66"), Score("ones")]
    assert done.sheets[0].cell(0, 0).value == 0  # five sixes in the ones box
    record = yamskit.GameRecord.from_game(done, claimed=True)
    assert yamskit.check_record(record.dump()).valid


def test_play_dice_ask_reads_faces_corrects_typos_and_saves_after_every_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "table.json"
    lines = ["", "1234", "12x45", "12345", "score large_straight", "66123", "quit"]  # Ann starts
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", "classic", "--players", "Ann", "Bob", "--dice", "ask", "--save", str(save)]) == 0
    text = out.getvalue()
    assert "5 dice were thrown, so give 5 faces, not 4" in text
    assert "invalid face 'x'" in text
    assert "Ann: roll -> 12345" in text
    assert "Bob: roll -> 12366" in text
    report = yamskit.check_record(save.read_text())
    assert report.valid
    assert report.scores == (40, 0)
    moves = yamskit.GameRecord.load(save.read_text()).moves
    assert [m.action for m in moves] == [Roll(outcome="12345"), Score("large_straight"), Roll(outcome="12366")]


def test_the_record_is_written_before_the_game_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "table.json"
    seen: list[int] = []
    real_readline = io.StringIO("22555\nscore full_house\n").readline

    def readline() -> str:
        if save.exists():
            seen.append(len(yamskit.GameRecord.load(save.read_text()).moves))
        return real_readline()

    stdin = io.StringIO()
    stdin.readline = readline  # type: ignore[method-assign]
    monkeypatch.setattr("sys.stdin", stdin)
    monkeypatch.setattr("sys.stdout", io.StringIO())
    assert main(["play", "yahtzee", "--players", "Ann", "--dice", "ask", "--save", str(save)]) == 0
    assert seen == [1, 2]  # after the throw (before the score was typed), then after the score
    assert len(yamskit.GameRecord.load(save.read_text()).moves) == 2


def test_dice_ask_refuses_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "classic", "--bots", "1", "--dice", "ask"]) == 2
    assert "--dice ask" in capsys.readouterr().err


class Lines:
    """Standard input whose lines marked ``BAD`` are not UTF-8 text."""

    def __init__(self, text: str) -> None:
        self._lines = iter(text.splitlines(keepends=True))

    def readline(self) -> str:
        line = next(self._lines, "")
        if line.strip() == "BAD":
            raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
        return line


def test_a_line_that_is_not_utf8_is_refused_at_both_prompts(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", Lines("BAD\nBAD\n12345\nquit\n"))
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", "classic", "--players", "Ann", "--dice", "ask", "--seed", "1"]) == 0
    text = out.getvalue()
    assert text.count("could not read that line (not UTF-8 text)") == 2
    assert "Ann: roll -> 12345" in text
    assert "Game left unfinished." in text


def test_roll_off_with_real_dice_lets_tied_leaders_throw_again() -> None:
    throws = iter(["66543", "66543", "11111", "55555", "66666"])
    result = roll_off(["Ann", "Bob", "Cy"], lambda seat, dice: next(throws))
    assert result.first == 1  # Ann 24, Bob 24, Cy 5; then Ann 25, Bob 30
    assert [seat for seat, _ in result.throws] == [0, 1, 2, 0, 1]
    with pytest.raises(InvalidDiceError, match="a roll-off throw is 1 dice"):
        roll_off(["Ann", "Bob"], lambda seat, dice: "66", dice=1)


def _play(monkeypatch: pytest.MonkeyPatch, lines: list[str], *args: str) -> str:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", *args]) == 0
    return out.getvalue()


def test_the_scorekeeper_asks_who_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "table.json"
    lines = ["Bob", "12345", "quit"]
    text = _play(monkeypatch, lines, "classic", "--players", "Ann", "Bob", "--dice", "ask", "--save", str(save))
    assert "Who starts?" in text
    assert "Bob: roll -> 12345" in text
    assert yamskit.GameRecord.load(save.read_text()).setup == {"first_player": 1}


def test_the_scorekeeper_records_a_roll_off_thrown_at_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "table.json"
    lines = ["roll", "3", "3", "2", "6", "12345", "quit"]  # one die each (Yamslam): 3 and 3 tie, then 2 and 6
    text = _play(monkeypatch, lines, "yamslam", "--players", "Ann", "Bob", "--dice", "ask", "--save", str(save))
    assert "Bob starts (roll-off: Ann 3, Bob 3, Ann 2, Bob 6)" in text
    assert yamskit.GameRecord.load(save.read_text()).setup == {"first_player": 1}


def test_first_player_is_a_set_up_option(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = ["12345", "quit"]
    text = _play(monkeypatch, lines, "classic", "--players", "Ann", "Bob", "--dice", "ask", "-o", "first_player=1")
    assert "Who starts?" not in text
    assert "Bob: roll -> 12345" in text
    named = _play(monkeypatch, ["quit"], "yamslam", "--players", "Ann", "Bob", "Cy", "-o", "first_player=Cy")
    assert "Cy to throw" in named
    assert main(["play", "classic", "--players", "Ann", "-o", "first_player=3"]) == 2


# ---------------------------------------------------------------- one line per entry
from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from yamskit.cli.play import _menu  # noqa: E402
from yamskit.cli.scorekeeping import Problem, read_entry  # noqa: E402
from yamskit.scorekeeper import read_throw  # noqa: E402


def _thrown_game(faces: str = "55123") -> yamskit.ScorecardGame:
    return yamskit.variant("classic").new_game(["Ann", "Bob"], seed=1).apply(Roll(outcome=faces))


@pytest.mark.parametrize(
    ("line", "roll"),
    [
        ("12345", Roll(outcome="12345")),
        ("1 2, 3 4 5", Roll(outcome="12345")),
        ("roll 64321", Roll(outcome="12346")),
        ("keep 55 roll 123", Roll(keep="55", outcome="123")),
        ("KEEP 5 5 rolled 1,2,3", Roll(keep="55", outcome="123")),
        ("55 kept, rolled 123", Roll(keep="55", outcome="123")),
        ("5 5 kept 1 2 3", Roll(keep="55", outcome="123")),
        ("keep 55123", Roll(keep="55123", outcome="")),  # a throw of no dice: legal, spends a throw
    ],
)
def test_a_throw_is_one_line(line: str, roll: Roll) -> None:
    assert read_throw(_thrown_game(), line) == roll


@pytest.mark.parametrize(
    ("line", "error", "words"),
    [
        ("3", InvalidDiceError, "give 5 faces, not 1"),
        ("keep 55 roll 12", InvalidDiceError, "give 3 faces, not 2"),
        ("keep 55", InvalidDiceError, "say what the 3 thrown dice show: keep 55 roll 352"),
        ("roll", InvalidDiceError, "say what the 5 thrown dice show"),
        ("keep 66 roll 123", yamskit.KeepError, "cannot keep 66"),
        ("12x45", InvalidDiceError, "invalid face 'x'"),
        ("keep 55 123", InvalidDiceError, "say roll between the dice kept and the faces thrown"),
        ("keep 55 roll abc", InvalidDiceError, "invalid face 'a'"),
    ],
)
def test_a_throw_that_cannot_be_is_explained(line: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        read_throw(_thrown_game(), line)


def test_no_throw_is_left_after_the_third() -> None:
    game = _thrown_game().apply(Roll(keep="55", outcome="123")).apply(Roll(keep="55", outcome="123"))
    with pytest.raises(yamskit.IllegalActionError):
        read_throw(game, "12345")


def test_lines_that_start_with_a_word_are_no_throw() -> None:
    game = _thrown_game()
    assert [read_throw(game, line) for line in ("chance", "score chance", "#3", "undo", "", "  ")] == [None] * 6


def test_boxes_are_named_by_words_or_by_number_never_by_a_bare_number() -> None:
    game = _thrown_game("22555")
    menu = _menu(game, list(game.legal_actions()))
    boxes = [action for action, _ in menu if not isinstance(action, Roll)]
    assert read_entry(game, "full house", menu) == Score("full_house")
    assert read_entry(game, "Full-House", menu) == Score("full_house")
    assert read_entry(game, "score full_house", menu) == Score("full_house")
    assert read_entry(game, "#3", menu) == boxes[2]
    assert read_entry(game, "#99", menu) == Problem(f"no choice #99: the list goes from #1 to #{len(boxes)}")
    assert isinstance(read_entry(game, "3", menu), Problem)  # 0.1.0 wrote the third choice here
    # the list crosses yams out (scoring it writes 0); the exact words still score it
    assert read_entry(game, "yams", menu) == yamskit.Scratch("yams")
    assert read_entry(game, "score yams", menu) == Score("yams")
    assert read_entry(game, "nonsense", menu) == Problem(
        "not an entry now: 'nonsense'; type the faces thrown (12345 or keep 55 roll 123), "
        "a box (its name, or #N from the list), undo, sheet, help or quit"
    )
    assert [read_entry(game, word, menu) for word in ("undo", "?", "Sheet", "q")] == ["undo", "help", "sheet", "quit"]


@given(line=st.text(max_size=30))
def test_any_line_is_an_entry_or_a_problem_never_an_error(line: str) -> None:
    game = _thrown_game("22555")
    menu = _menu(game, list(game.legal_actions()))
    entry = read_entry(game, line, menu)
    if not isinstance(entry, (str, Problem)):
        game.check(entry)  # a legal move or a checked throw
