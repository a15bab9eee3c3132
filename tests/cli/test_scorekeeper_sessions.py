"""The scorekeeper (``yamskit play --dice ask``) as people use it: keystrokes in a real terminal (tmux), piped lines.

Each session is a few turns of classic, Yams Challenge or Yam Master typed one line at a
time, with a mistyped line (explained, asked again, nothing applied) and an ``undo``. The
saved record must hold exactly the moves the lines meant, and the sheet must be shown as
each turn ends.

The tmux tests need tmux: outside CI they are skipped when it is missing; with ``CI`` set
(``.ci/run`` installs it) they fail instead.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import yamskit
from yamskit import Action, GameRecord, Pass, Place, Roll, Score

SRC = Path(yamskit.__file__).resolve().parents[1]
WAIT = 60  # seconds: the bound on waiting for one prompt (only a hang reaches it)


@attrs.frozen
class Session:
    """What the players type, what each mistyped line is told, and the moves the record must hold."""

    variant: str
    lines: tuple[str, ...]
    told: tuple[str, ...]
    moves: tuple[Action, ...]


SESSIONS = {
    "classic": Session(
        "classic",
        (
            "3",  # one face for five dice: refused
            "66612",
            "keep 666 roll 4",  # one face for two dice: refused
            "keep 666 roll 45",
            "chance",
            "undo",  # Ann meant the sixes
            "sixes",
            "12345",
            "3",  # a menu number out of habit: a face, refused, never the third box
            "large straight",
            "quit",
        ),
        (
            "5 dice were thrown, so give 5 faces, not 1: '3'",
            "2 dice were thrown, so give 2 faces, not 1: '4'",
            "undone: Ann: score chance",
            "5 dice were thrown, so give 5 faces, not 1: '3'; a box is named by its words (chance) or #N (#3)",
        ),
        (
            Roll(outcome="66612"),
            Roll(keep="666", outcome="45"),
            Score("sixes"),
            Roll(outcome="12345"),
            Score("large_straight"),
        ),
    ),
    "challenge": Session(
        "challenge",
        (
            "66666",
            "yams dry",
            "undo",
            "Yams Disorder",
            "1234",  # four faces: refused
            "12345",
            "keep 2345 rolled 6",
            "keep 9 roll 1234",  # no 9 among the dice: refused
            "large_straight disorder",
            "quit",
        ),
        (
            "undone: Ann: score yams dry",
            "5 dice were thrown, so give 5 faces, not 4: '1234'",
            "invalid face",
        ),
        (
            Roll(outcome="66666"),
            Score("yams", "disorder"),
            Roll(outcome="12345"),
            Roll(keep="2345", outcome="6"),
            Score("large_straight", "disorder"),
        ),
    ),
    "yam-master": Session(
        "yam-master",
        (
            "55555",
            "place 9,9",  # no such cell: refused
            "place 1,1",
            "undo",
            "place 2,2",
            "12345",
            "pass",
            "quit",
        ),
        (
            "not an entry now: 'place 9,9'",
            "undone: Ann: place 1,1",
        ),
        (Roll(outcome="55555"), Place((2, 2)), Roll(outcome="12345"), Pass()),
    ),
}


def command(session: Session, save: Path) -> list[str]:
    return [
        sys.executable, "-m", "yamskit", "play", session.variant, "--players", "Ann", "Bob",
        "--dice", "ask", "-o", "first_player=Ann", "--seed", "3", "--save", str(save),
    ]  # fmt: skip


def environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(SRC), "PYTHONIOENCODING": "utf-8", "COLUMNS": "200"}


def plain(text: str) -> str:
    """``text`` without trailing spaces on its lines (a terminal's capture drops them)."""
    return "\n".join(line.rstrip() for line in text.splitlines())


def check_session(session: Session, out: str, save: Path) -> None:
    """The record holds the moves meant; every mistyped line was told why; the sheet was shown at each turn's end."""
    out = plain(out)
    moves = tuple(move.action for move in GameRecord.load(save.read_text()).moves)
    assert moves == session.moves
    for told in session.told:
        assert told in out
    state = yamskit.variant(session.variant).new_game(["Ann", "Bob"], seed=3)
    turns = 0
    for action in session.moves:
        player = state.current_player
        state = state.apply(action)
        if state.current_player != player:  # the turn ended: its sheet (or board) is shown
            turns += 1
            assert plain(state.render()) in out
    assert turns >= 1
    assert "Game left unfinished." in out


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_a_session_by_piped_lines(name: str, tmp_path: Path) -> None:
    session = SESSIONS[name]
    save = tmp_path / "table.json"
    done = subprocess.run(
        command(session, save),
        input="\n".join(session.lines) + "\n",
        capture_output=True,
        text=True,
        env=environment(),
        timeout=WAIT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.count("> ") >= len(session.lines)  # one prompt a line: each mistake asked again
    check_session(session, done.stdout, save)


def test_a_whole_game_of_classic_ends_with_the_result_naming_the_winner_once_and_an_undo(tmp_path: Path) -> None:
    rows = yamskit.variant("classic").rows
    lines = []
    for row in rows:
        lines += ["66666", row.replace("_", " ")]
    lines.insert(3, "undo")
    lines.insert(4, lines[2])  # the undone box, written again
    # the last throw mistyped: seen in the result, undone (the box, then the throw), typed again; then Enter
    lines[-2:] = ["11111", "chance", "undo", "undo", "66666", "chance", ""]
    save = tmp_path / "solo.json"
    args = [
        sys.executable,
        "-m",
        "yamskit",
        "play",
        "classic",
        "--players",
        "Ann",
        "--dice",
        "ask",
        "--save",
        str(save),
    ]
    done = subprocess.run(
        args, input="\n".join(lines) + "\n", capture_output=True, text=True, env=environment(), timeout=WAIT
    )
    assert done.returncode == 0, done.stderr
    report = yamskit.check_record(save.read_text())
    assert report.valid
    assert report.finished
    final = GameRecord.load(save.read_text()).to_game()
    assert done.stdout.count(final.result().headline) == 2  # under the sheet, once for each end of the game
    assert done.stdout.count("Game over: undo takes back the last entry, Enter ends> ") == 2
    assert "undone: Ann: score chance\n" in done.stdout
    assert "undone: Ann: roll -> 11111\n" in done.stdout
    assert [m.action for m in GameRecord.load(save.read_text()).moves][-1] == Score(rows[-1])
    assert final.render() in done.stdout
    assert done.stdout.endswith("Enter ends> ")


# ---------------------------------------------------------------- a real terminal
def need_tmux() -> str:
    """The path of tmux; skip (outside CI) or fail (in CI, which installs it) when it is missing."""
    path = shutil.which("tmux")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is missing (CI installs it: see .ci/run)")
        pytest.skip("tmux is missing (apt-get install tmux)")
    return path


class Terminal:
    """A tmux server of its own, one session running one command in a 220 x 50 terminal.

    Its socket lives in a folder of its own, removed with the server (``-L`` would leave one
    socket file per test in tmux's shared folder); the folder is a short one, since a socket's
    path may not be longer than about 100 characters.
    """

    def __init__(self, tmux: str, folder: Path) -> None:
        self.tmux = tmux
        self.home = Path(tempfile.mkdtemp(prefix="tmux-"))
        self.socket = str(self.home / "socket")
        self.config = folder / "tmux.conf"
        self.config.write_text("set -g history-limit 100000\n")

    def run(self, *args: str) -> str:
        done = subprocess.run(
            [self.tmux, "-S", self.socket, "-f", str(self.config), *args],
            capture_output=True,
            text=True,
            timeout=WAIT,
            check=True,
        )
        return done.stdout

    def start(self, argv: list[str], folder: Path) -> None:
        script = folder / "run.sh"
        exports = "".join(
            f"export {key}={shlex.quote(value)}\n" for key, value in environment().items() if key.isidentifier()
        )
        script.write_text(f'{exports}{shlex.join(argv)}\necho "[exit $?]"\nsleep 600\n')
        self.run("new-session", "-d", "-s", "table", "-x", "220", "-y", "50", f"sh {shlex.quote(str(script))}")

    def screen(self) -> str:
        """Everything the terminal showed, wrapped lines joined."""
        return self.run("capture-pane", "-p", "-J", "-S", "-", "-t", "table")

    def wait_for(self, ready: Any) -> str:
        deadline = time.monotonic() + WAIT
        while True:
            text = self.screen()
            if ready(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"the terminal never got there; it shows:\n{text[-3000:]}")
            time.sleep(0.05)

    def type(self, line: str) -> None:
        self.run("send-keys", "-t", "table", "-l", line)
        self.run("send-keys", "-t", "table", "Enter")

    def close(self) -> None:
        try:
            subprocess.run(
                [self.tmux, "-S", self.socket, "kill-server"], capture_output=True, timeout=WAIT, check=False
            )
        finally:
            shutil.rmtree(self.home, ignore_errors=True)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    screen = Terminal(need_tmux(), tmp_path)
    try:
        yield screen
    finally:
        screen.close()


PROMPT = re.compile(r"^(Ann|Bob)> ", re.MULTILINE)


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_a_session_typed_in_a_terminal(name: str, terminal: Terminal, tmp_path: Path) -> None:
    session = SESSIONS[name]
    save = tmp_path / "table.json"
    terminal.start(command(session, save), tmp_path)
    for count, line in enumerate(session.lines, start=1):
        terminal.wait_for(lambda text, count=count: len(PROMPT.findall(text)) >= count)
        if line == "large straight":  # typed with a slip of the finger, corrected with Backspace
            terminal.run("send-keys", "-t", "table", "-l", "large strx")
            terminal.run("send-keys", "-t", "table", "BSpace")
            line = "aight"
        terminal.type(line)
    out = terminal.wait_for(lambda text: "[exit " in text)
    assert "[exit 0]" in out
    assert "Traceback" not in out
    check_session(session, out, save)
