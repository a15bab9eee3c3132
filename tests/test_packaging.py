"""The source distribution: the package, its tests, docs and licence only, and its tests pass once unpacked."""

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


@pytest.mark.slow
def test_the_unpacked_sdist_passes_its_own_tests(sdist: Path, tmp_path: Path) -> None:
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
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-x", "-p", "no:cacheprovider", "-m", "not slow", "-n", "2"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout.splitlines()[-1]  # the summary line (the project's addopts has -q)
