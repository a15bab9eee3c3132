"""The source distribution: the package, its tests, docs and licence, every tracked file of them, and nothing else.

Once unpacked, its tests collect and those that read files beside them pass.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Files a user who unpacks the sdist needs to run the tests and build the docs.
EXPECTED = (
    "LICENSE",
    "README.md",
    "CHANGELOG.md",
    "mkdocs.yml",
    "pyproject.toml",
    "src/yamskit/py.typed",
    "conftest.py",
    "tests/conftest.py",
    "tests/strategies.py",
    "tests/typing/test_api_types.py",
    "examples/quickstart.py",
    "docs/index.md",
    "docs/reference/names.md",
    "docs/explanation/compatibility.md",
    "docs/contributing.md",
)

#: Everything the sdist may hold at its top: the package (``src/``, with setuptools' egg-info),
#: its metadata, the tests (and the examples and ``conftest.py`` they run), the docs (and what
#: builds them: ``mkdocs.yml``, whose hook lives in ``web/``) and the licence.
ALLOWED_TOP = {
    "PKG-INFO",
    "setup.cfg",
    "pyproject.toml",
    "MANIFEST.in",
    "LICENSE",
    "README.md",
    "CHANGELOG.md",
    "mkdocs.yml",
    "conftest.py",
    "src",
    "tests",
    "examples",
    "docs",
    "web",
}
#: What must never be shipped (CI, benchmarks, mutation scripts, npm's and the page's build output).
FORBIDDEN = (".ci/", "benchmarks/", "mutation/", "web/node_modules/", "web/dist/", "web/.build.lock")


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory, source_tree: Path) -> Path:
    if importlib.util.find_spec("build") is None:
        pytest.skip("the 'build' package is not installed (the dev group: pip install -e . --group dev)")
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--outdir", str(out), str(source_tree)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (archive,) = out.glob("yamskit-*.tar.gz")
    return archive


@pytest.mark.slow
def test_the_sdist_carries_the_license_tests_examples_and_docs(sdist: Path) -> None:
    with tarfile.open(sdist) as tar:
        top = sdist.name.removesuffix(".tar.gz")
        names = {name.removeprefix(top + "/") for name in tar.getnames()}
    missing = [path for path in EXPECTED if path not in names]
    assert not missing, f"the sdist lacks {missing}"
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)
    tops = {name.split("/")[0] for name in names if name != top}
    assert tops <= ALLOWED_TOP, f"the sdist holds {sorted(tops - ALLOWED_TOP)} beside the package, tests and docs"
    shipped = [name for name in names if name.startswith(FORBIDDEN)]
    assert not shipped, f"the sdist ships {shipped[:10]}"
    src = {name.split("/")[1] for name in names if name.startswith("src/") and name.count("/") >= 1}
    assert src == {"yamskit", "_yamskit_cli.py", "yamskit.egg-info"}


def _tracked() -> list[str]:
    """The files git tracks in this checkout (empty outside a git checkout, as in an unpacked sdist)."""
    if not (ROOT / ".git").exists():
        return []
    done = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    return [name for name in done.stdout.decode().split("\0") if name]


def _shipped_by_manifest(name: str) -> bool:
    """Whether MANIFEST.in sends a tracked file to the sdist (the package, tests, examples, docs, web's sources)."""
    top = name.split("/")[0]
    if name.startswith(FORBIDDEN) or ("/" not in name and name not in ALLOWED_TOP):
        return False
    return top in {"src", "tests", "examples", "docs", "web"} or "/" not in name


@pytest.mark.slow
def test_the_sdist_holds_every_tracked_file_of_the_package_tests_and_docs(sdist: Path) -> None:
    tracked = _tracked()
    if not tracked:
        pytest.skip("not a git checkout: the listing is compared with git ls-files")
    with tarfile.open(sdist) as tar:
        top = sdist.name.removesuffix(".tar.gz")
        names = {name.removeprefix(top + "/") for name in tar.getnames()}
    missing = [name for name in tracked if _shipped_by_manifest(name) and name not in names]
    assert not missing, f"the sdist lacks tracked files: {missing[:10]}"
    assert {name for name in tracked if name.startswith("tests/data/")} <= names


#: Test modules the unpacked sdist runs beside collecting everything: those that read the
#: tree's own files (the docs pages, the README, the CHANGELOG, the recorded games and other
#: test data) through paths relative to the tests, which is what an unpacked sdist could get
#: wrong. Other modules that open files (the command line's, the family modules' example
#: scripts, the browser tests) read files the listing test above finds in the sdist, and run
#: from the checkout in the README's run and the full run.
READERS = (
    "tests/test_docs.py",
    "tests/test_readme.py",
    "tests/test_compat.py",
    "tests/test_names_page.py",
    "tests/test_registry_names.py",
    "tests/test_playout_records.py",
    "tests/test_yacht_howto.py",
    "tests/svg/test_pictures.py",
    "tests/cli/test_cli_reference.py",
    "tests/cli/test_rules_text.py",
    "tests/rl/test_howto.py",
    "tests/rl/test_docs_table.py",
    "tests/variants/yatzy/test_rules.py",
)


@pytest.mark.slow
def test_the_unpacked_sdist_collects_every_test_and_runs_those_that_read_its_docs_and_data(
    sdist: Path, tmp_path: Path
) -> None:
    # The whole suite runs from the checkout (the README's run and the full run); from the
    # sdist, the risk is a file it does not carry: every module must import (collect), and
    # the modules that read the tree's docs and data must pass (READERS). Running the whole
    # quick suite again here cost 5 to 10 minutes of CI's 2 cores.
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path, filter="data")
    (root,) = tmp_path.iterdir()
    env = {**os.environ, "PYTHONPATH": str(root / "src"), "HYPOTHESIS_PROFILE": "dev"}
    env.pop("PYTEST_ADDOPTS", None)  # .ci/run's coverage options are for the outer run
    where = subprocess.run(
        [sys.executable, "-c", "import yamskit; print(yamskit.__file__)"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(root), "the tests must import the unpacked package"
    pytest_args = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider"]
    collected = subprocess.run(
        [*pytest_args, "--collect-only"], cwd=root, env=env, capture_output=True, text=True, timeout=600
    )
    assert collected.returncode == 0, collected.stdout[-4000:] + collected.stderr[-2000:]
    readers = [name for name in READERS if (root / name).exists()]
    assert readers == list(READERS), "the sdist lacks test modules"
    done = subprocess.run(
        [*pytest_args, "-x", "-m", "not slow", "-n", "2", *readers],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout.splitlines()[-1]  # the summary line (the project's addopts has -q)
