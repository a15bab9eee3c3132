"""web/build.py without building: what counts as up to date, and how a missing tool is reported."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from .conftest import build_module

builder = build_module()


def test_the_digest_of_the_inputs_is_stable_and_names_every_input() -> None:
    assert builder.inputs_digest() == builder.inputs_digest()
    assert len(builder.inputs_digest()) == 64
    read = [p.name for p in builder._files(builder.PAGE)]
    assert {"index.html", "app.js", "worker.js", "python.js", "yamskit_page.py", "playground.js"} <= set(read)
    assert not any(name.endswith(".pyc") for name in read)


def test_a_build_is_fresh_only_with_the_current_digest_and_all_its_files(tmp_path: Path) -> None:
    digest = builder.inputs_digest()
    assert not builder.is_fresh(tmp_path, digest)  # no manifest
    (tmp_path / "app.js").write_text("//")
    manifest = {"digest": digest, "files": {"app.js": 2}}
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    assert builder.is_fresh(tmp_path, digest)
    assert not builder.is_fresh(tmp_path, "0" * 64)  # an input changed
    (tmp_path / "app.js").unlink()
    assert not builder.is_fresh(tmp_path, digest)  # a file is missing
    (tmp_path / "manifest.json").write_text("{not json")
    assert not builder.is_fresh(tmp_path, digest)


def test_without_npm_the_build_says_so_and_the_command_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_which = shutil.which
    monkeypatch.setattr(shutil, "which", lambda name: None if name == "npm" else real_which(name))
    with pytest.raises(builder.BuildError, match="npm is not installed"):
        builder.build(tmp_path / "page", force=True)
    assert not (tmp_path / "page").exists()
    assert builder.main(["--out", str(tmp_path / "page"), "--force"]) == 1
    assert "web build failed: npm is not installed" in capsys.readouterr().err
