"""The how-to's MaskablePPO recipe runs (its ```py block needs PyTorch and sb3-contrib).

tests/test_docs.py runs the page's ```python blocks; the recipe is a ```py block so that a
machine without PyTorch skips it here, by name, instead of failing there.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "how-to" / "train-an-agent.md"


def test_the_maskable_ppo_recipe_runs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    monkeypatch.setenv("SB3_LOGDIR", str(tmp_path))  # the recipe's logger folder (else an SB3-* folder in /tmp)
    blocks = re.findall(r"^```py\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.DOTALL | re.MULTILINE)
    assert len(blocks) == 1
    assert "total_timesteps=2_048" in blocks[0]
    exec(compile(blocks[0], str(PAGE), "exec"), {"__name__": "__docs__"})
    score = int(capsys.readouterr().out.strip().splitlines()[-1])
    assert 0 <= score <= 1675
