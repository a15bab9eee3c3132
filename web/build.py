"""Build yamskit's web page: ``python web/build.py`` writes ``web/dist/``, a folder any static server can serve.

What goes in, and where it comes from:

* the page itself (``web/page/``: HTML, CSS, JavaScript, and ``yamskit_page.py``, the
  Python it runs);
* Pyodide's core files, from the ``pyodide`` package of the npm registry at the version
  ``web/package-lock.json`` pins (``npm ci`` into ``web/node_modules``);
* the yamskit wheel, built from this checkout (a copy of its sources, so two builds
  never share a ``build/`` folder);
* the attrs wheel, from the package index, pinned by hash in ``web/requirements.txt``.

``manifest.json`` lists every file with its size and SHA-256 (the page checks the
wheels and its Python against it) and a digest of everything the build read. A build
whose output already carries the digest of the current inputs does nothing, so the
docs build and the tests can call it freely. Nothing is fetched at run time: the page
loads only files of this folder.

Usage::

    python web/build.py                 # web/dist, unless already up to date
    python web/build.py --out /tmp/page --force

With ``YAMSKIT_WEB_HOME`` set, ``dist/``, ``node_modules/`` and the build's lock go into that
folder instead of ``web/`` (the tests use it to leave the checkout as they found it).
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

WEB = Path(__file__).resolve().parent
ROOT = WEB.parent
PAGE = WEB / "page"
#: The environment variable naming another folder for the build's own files (``dist/``,
#: ``node_modules/``, the lock): the tests set it so that they write nothing into the checkout.
HOME_VARIABLE = "YAMSKIT_WEB_HOME"
#: Pyodide's files the page loads (its source maps, consoles and type files stay out).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
#: What yamskit's wheel is built from (a copy of these, never the checkout in place).
WHEEL_SOURCES = ("pyproject.toml", "README.md", "LICENSE", "src")


class BuildError(RuntimeError):
    """A step of the build failed; the message says which and why."""


def home() -> Path:
    """Where the build keeps ``dist/``, ``node_modules/`` and its lock: ``web/``, or ``$YAMSKIT_WEB_HOME``."""
    chosen = os.environ.get(HOME_VARIABLE)
    return Path(chosen).resolve() if chosen else WEB


def default_out() -> Path:
    """The page's default output folder, ``dist/`` in :func:`home`."""
    return home() / "dist"


def pyodide_package() -> Path:
    """The installed ``pyodide`` npm package (after :func:`npm_install`)."""
    return home() / "node_modules" / "pyodide"


def _files(path: Path) -> Iterator[Path]:
    if path.is_file():
        yield path
        return
    for item in sorted(path.rglob("*")):
        skipped = any(part == "__pycache__" or part.endswith(".egg-info") for part in item.parts)
        if item.is_file() and not skipped and item.suffix != ".pyc":
            yield item


def inputs_digest() -> str:
    """SHA-256 over every file the build reads (paths and contents), so a changed input means a new build.

    Examples:
        >>> len(inputs_digest())
        64
    """
    digest = hashlib.sha256()
    sources = [ROOT / name for name in WHEEL_SOURCES]
    sources += [PAGE, WEB / "package.json", WEB / "package-lock.json", WEB / "requirements.txt", Path(__file__)]
    for source in sources:
        for item in _files(source.resolve()):
            digest.update(item.relative_to(ROOT).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(item.read_bytes()).digest())
    return digest.hexdigest()


def is_fresh(out: Path, digest: str | None = None) -> bool:
    """Whether ``out`` holds a whole build of the current inputs."""
    try:
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if manifest.get("digest") != (digest or inputs_digest()):
        return False
    return all((out / name).is_file() for name in manifest.get("files", {}))


def _run(command: list[str], *, cwd: Path, what: str) -> None:
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=900, check=False)
    except FileNotFoundError:
        raise BuildError(f"{what}: {command[0]} is not installed") from None
    if done.returncode != 0:
        raise BuildError(f"{what} failed ({' '.join(command)}):\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


def npm_install() -> Path:
    """Install the pinned ``pyodide`` npm package into ``node_modules`` of :func:`home` (once per lock file)."""
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is not installed (Debian: apt-get install nodejs npm)")
    where = home()
    lock = (WEB / "package-lock.json").read_bytes()
    stamp = where / "node_modules" / ".yamskit-lock-sha256"
    wanted = hashlib.sha256(lock).hexdigest()
    if not (stamp.is_file() and stamp.read_text() == wanted):
        if where != WEB:
            where.mkdir(parents=True, exist_ok=True)
            for name in ("package.json", "package-lock.json"):
                shutil.copy2(WEB / name, where / name)
        _run([npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=where, what="npm ci")
        stamp.write_text(wanted)
    return pyodide_package()


def build_wheel(into: Path) -> Path:
    """The yamskit wheel, built from a copy of this checkout's sources."""
    with tempfile.TemporaryDirectory(prefix="yamskit-wheel-") as tmp:
        copy = Path(tmp) / "yamskit"
        copy.mkdir()
        for name in WHEEL_SOURCES:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
            else:
                shutil.copy2(source, copy / name)
        command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(into), str(copy)]
        _run(command, cwd=copy, what="building the yamskit wheel")
    (wheel,) = into.glob("yamskit-*.whl")
    return wheel


def download_wheels(into: Path) -> list[Path]:
    """The pinned wheels of ``web/requirements.txt``, checked against their hashes by pip."""
    requirements = WEB / "requirements.txt"
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:"]
    command += ["--require-hashes", "-r", str(requirements), "--dest", str(into)]
    _run(command, cwd=WEB, what="downloading the pinned wheels")
    return sorted(p for p in into.glob("*.whl") if not p.name.startswith("yamskit-"))


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    """One build at a time on this machine (test workers and the docs build may ask together)."""
    where = home()
    where.mkdir(parents=True, exist_ok=True)
    with open(where / ".build.lock", "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build(out: Path | None = None, *, force: bool = False) -> Path:
    """Build the page into ``out`` (replaced whole) unless it already holds a build of the current inputs.

    ``out`` defaults to :func:`default_out`.

    Raises:
        BuildError: npm or pip failed, or is missing.
    """
    out = (out or default_out()).resolve()
    with _locked():
        digest = inputs_digest()
        if not force and is_fresh(out, digest):
            return out
        started = time.perf_counter()
        pyodide = npm_install()
        out.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".build-", dir=out.parent))
        staging.chmod(0o755)
        try:
            for item in PAGE.iterdir():
                if item.is_file():
                    shutil.copy2(item, staging / item.name)
            (staging / "pyodide").mkdir()
            for name in PYODIDE_FILES:
                shutil.copy2(pyodide / name, staging / "pyodide" / name)
            wheels = staging / "wheels"
            wheels.mkdir()
            ours = build_wheel(wheels)
            theirs = download_wheels(wheels)
            version = json.loads((pyodide / "package.json").read_text(encoding="utf-8"))["version"]
            lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
            files = {
                p.relative_to(staging).as_posix(): p.stat().st_size for p in sorted(staging.rglob("*")) if p.is_file()
            }
            manifest = {
                "digest": digest,
                "pyodide": version,
                "python": lock["info"]["python"],
                "wheels": [
                    {"file": f"wheels/{w.name}", "sha256": _sha256(w), "bytes": w.stat().st_size}
                    for w in [ours, *theirs]
                ],
                "page": {"file": "yamskit_page.py", "sha256": _sha256(staging / "yamskit_page.py")},
                "files": files,
                "bytes": sum(files.values()),
                "built_in_seconds": round(time.perf_counter() - started, 1),
            }
            (staging / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
            old = out.with_name(out.name + ".old")
            shutil.rmtree(old, ignore_errors=True)
            if out.exists():
                os.replace(out, old)
            os.replace(staging, out)
            shutil.rmtree(old, ignore_errors=True)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return out


def main(argv: list[str] | None = None) -> int:
    """The command line: build, print where and how big; exit 1 with the reason when a step fails."""
    parser = argparse.ArgumentParser(description="Build yamskit's web page (Pyodide, offline).")
    parser.add_argument("--out", type=Path, default=None, help="output folder (default: web/dist)")
    parser.add_argument("--force", action="store_true", help="rebuild even when the output is up to date")
    args = parser.parse_args(argv)
    try:
        out = build(args.out, force=args.force)
    except BuildError as error:
        print(f"web build failed: {error}", file=sys.stderr)
        return 1
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    print(f"built {out} ({manifest['bytes'] / 1e6:.1f} MB, Pyodide {manifest['pyodide']}, Python {manifest['python']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
