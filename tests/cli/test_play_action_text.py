"""``yamskit play`` reads action text at its prompt: short forms, labels, French names, canonical texts."""

from __future__ import annotations

from pathlib import Path

import yamskit
from yamskit import Roll, Score, Scratch

from .test_cli import run


def test_the_prompt_reads_action_text_and_the_record_holds_the_actions(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    script = ["roll", "keep 3,3", "Roll", "scratch Yahtzee", "ROLL", "garder rien", "Chance", "quit"]
    done = run("play", "yahtzee", "--players", "Ann", "--seed", "3", "--save", str(save), stdin="\n".join(script))
    assert done.returncode == 0, done.stderr
    assert "not a choice: 'garder rien'; cannot read 'garder rien' as an action" in done.stdout
    record = yamskit.GameRecord.load(save.read_text())
    actions = [move.action for move in record.moves]
    assert [type(a) for a in actions] == [Roll, Roll, Roll, Scratch, Roll, Score]
    assert actions[1] == Roll(keep="33", outcome=actions[1].outcome)  # type: ignore[union-attr]
    assert actions[3] == Scratch("yams")
    assert actions[5] == Score("chance")


def test_seeded_dice_refuse_faces_typed_at_the_prompt() -> None:
    done = run("play", "classic", "--players", "Ann", "--seed", "3", stdin="roll 66666\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "the dice are thrown for you: type 'roll'" in done.stdout
