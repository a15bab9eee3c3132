"""Every code example of the documentation and every script in examples/ runs.

Pages use two kinds of blocks: ```python blocks run in order in one namespace per
page; ```pycon blocks are doctests (their printed output is checked). A python block
that needs an optional third-party package that is not installed (Dask, Ray, the RL extras) is
skipped for that reason only.
"""

from __future__ import annotations

import doctest
import re
import runpy
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([*ROOT.joinpath("docs").rglob("*.md"), ROOT / "README.md"])
EXAMPLES = sorted(ROOT.joinpath("examples").glob("*.py"))
OPTIONAL = {"dask", "ray", "distributed", "gymnasium", "pettingzoo", "pyspiel", "open_spiel"}


def _blocks(text: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", text, re.DOTALL | re.MULTILINE)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_python_blocks_run(page: Path, capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for block in _blocks(page.read_text(encoding="utf-8"), "python"):
        try:
            exec(compile(block, str(page), "exec"), namespace)
        except ModuleNotFoundError as error:
            if error.name not in OPTIONAL:
                raise
            pytest.skip(f"{page.name} needs {error.name}, an optional extra that is not installed")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_pycon_blocks_are_correct_doctests(page: Path) -> None:
    blocks = _blocks(page.read_text(encoding="utf-8"), "pycon")
    if not blocks:
        return
    test = doctest.DocTestParser().get_doctest("\n".join(blocks), {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False) == (0, len(test.examples))


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_scripts_run(script: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", [str(script)])
    code: object = 0
    try:
        runpy.run_path(str(script), run_name="__main__")
    except SystemExit as done:
        code = done.code
    assert code in (0, None)
    assert capsys.readouterr().out


def test_docs_pages_are_all_in_the_navigation() -> None:
    nav = ROOT.joinpath("mkdocs.yml").read_text(encoding="utf-8")
    for page in ROOT.joinpath("docs").rglob("*.md"):
        assert str(page.relative_to(ROOT / "docs")) in nav, page


# ---------------------------------------------------------------- the pages use the current names
#: Renamed names that are not module paths: the Yams Challenge column ids of before 0.1.0, and the
#: position functions listed under "Migration from 0.1" in CHANGELOG.md.
OLD_WORDS = ("descending", "ascending")
OLD_FUNCTIONS = (
    "check_scorecard",
    "check_yam_master",
    "check_yamslam",
    "scorecard_position",
    "yam_master_position",
    "yamslam_position",
)
#: Words that, in the sentence before an old name (or in the header of its table, or in the comment
#: of its code line), say the mention is deliberate: it speaks of the old name as old.
DELIBERATE = re.compile(
    r"\b(was|were|formerly|former|old|before 0\.1(\.0)?|0\.1 path|renamed|aliase?s?|deprecated|still accepted|"
    r"are accepted|is accepted|accepted wherever)\b",
    re.IGNORECASE,
)


def _migration_section() -> str:
    text = ROOT.joinpath("CHANGELOG.md").read_text(encoding="utf-8")
    match = re.search(r"^### Migration from 0\.1\n(.*?)(?=^##)", text, re.S | re.M)
    assert match, "CHANGELOG.md has no 'Migration from 0.1' section"
    return match.group(1)


def old_names() -> list[str]:
    """The 0.1 names the pages must not use: CHANGELOG's migration table (first column), plus the rest."""
    import yamskit

    section = _migration_section()
    paths = re.findall(r"^\| `([\w.]+)` \|", section, re.M)
    assert len(paths) >= 10, "the migration table's first column changed shape"
    for name in OLD_FUNCTIONS:
        assert f"`{name}" in section or f"{name}`" in section, f"{name} is no longer listed as renamed"
    still_public = {f"yamskit.{name}" for name in yamskit.__all__}  # e.g. the function yamskit.record_schema
    return [p for p in paths if p not in still_public] + list(OLD_FUNCTIONS) + list(OLD_WORDS)


def _pattern(names: list[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?<![\w.])(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")(?!\w)"
    )


def undeliberate_mentions(text: str, names: list[str]) -> list[tuple[int, str, str]]:
    """``(line, name, line text)`` of each old name in code (spans and blocks) not marked as deliberate.

    Prose is not searched: "the descending column" is English, the column's label. In code the
    name is the identifier. A code span counts as deliberate when its sentence says so before it
    (``formerly `descending` ``), or the header of its table does (a "Before 0.1.0" column); a
    line of a code block when its comment does (``# the old id, still accepted``).
    """
    pattern = _pattern(names)
    found: list[tuple[int, str, str]] = []
    lines = text.splitlines()
    in_block = False
    paragraph_start = 0
    table_header = ""
    for number, line in enumerate(lines):
        if line.startswith("```"):
            in_block = not in_block
            continue
        if in_block:
            code, _, comment = line.partition("#")
            for match in pattern.finditer(code):
                if not DELIBERATE.search(comment):
                    found.append((number + 1, match.group(1), line))
            continue
        if not line.strip():
            paragraph_start = number + 1
            table_header = ""
            continue
        if line.startswith("|") and not table_header:
            table_header = line
        paragraph = " ".join(lines[paragraph_start:number])
        for span in re.finditer(r"`([^`]+)`", line):
            for match in pattern.finditer(span.group(1)):
                before = (paragraph + " " + line[: span.start()]) if not line.startswith("|") else line[: span.start()]
                sentence = re.split(r"[.!?](?:\s|$)", before)[-1]
                if not (DELIBERATE.search(sentence) or DELIBERATE.search(table_header)):
                    found.append((number + 1, match.group(1), line))
    return found


def test_the_old_name_check_catches_a_regression_and_passes_a_deliberate_mention() -> None:
    names = old_names()
    assert "yamskit.scorecard_game" in names
    assert "yamskit.record_schema" not in names  # still a public function
    regressions = [
        "Each player has the columns (`descending`, `up`).",
        '```python\ngame.apply(Score("fours", "descending"))\n```',
        "Import `yamskit.scorecard_game.ScorecardGame`.",
        "Use `check_scorecard(game)` to check.",
        "| Column | Meaning |\n|---|---|\n| `ascending` | from the bottom |",
    ]
    for text in regressions:
        assert undeliberate_mentions(text, names), text
    deliberate = [
        "The column was called `descending` before 0.1.0.",
        "Its old id `ascending` still loads.",
        '```python\ngame.apply(Score("fours", "descending"))  # the old id, still accepted\n```',
        "| Before 0.1.0 | Now |\n|---|---|\n| `descending` | `down` |",
        "The descending column is filled from the top.",  # prose: the label, in English
    ]
    for text in deliberate:
        assert not undeliberate_mentions(text, names), text


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_pages_use_the_current_names(page: Path) -> None:
    mentions = undeliberate_mentions(page.read_text(encoding="utf-8"), old_names())
    assert not mentions, "old names (say so in the sentence, e.g. 'formerly `x`', or use the new ones): " + "; ".join(
        f"line {n}: {name!r} in {text.strip()!r}" for n, name, text in mentions
    )


# ---------------------------------------------------------------- the reference index lists every public name
def _documented_modules() -> dict[str, str]:
    """Each module a reference page documents (``::: module``), with that page (relative to docs/reference)."""
    pages: dict[str, str] = {}
    for page in sorted(ROOT.joinpath("docs", "reference").rglob("*.md")):
        for module in re.findall(r"^::: ([\w.]+)", page.read_text(encoding="utf-8"), re.M):
            pages.setdefault(module, page.relative_to(ROOT / "docs" / "reference").as_posix())
    return pages


def _page_of(name: str, pages: dict[str, str]) -> str:
    """The reference page of the module that defines ``yamskit.<name>`` (or, for a type alias, lists it)."""
    import yamskit

    module = getattr(getattr(yamskit, name), "__module__", None)
    if not (isinstance(module, str) and module.startswith("yamskit.")):
        listing = [
            m
            for m, mod in sorted(sys.modules.items())
            if m.startswith("yamskit.") and name in getattr(mod, "__all__", ())
        ]
        module = listing[0] if listing else "yamskit"
    while module not in pages:
        module = module.rpartition(".")[0]
    return pages[module]


def test_the_reference_index_lists_every_public_name_with_its_page() -> None:
    import yamskit

    text = ROOT.joinpath("docs", "reference", "index.md").read_text(encoding="utf-8")
    section = text.partition("## Every name of `import yamskit`")[2]
    rows = dict(re.findall(r"^\| \[`(\w+)`\]\(([\w/.-]+)\) \| .+ \|$", section, re.M))
    pages = _documented_modules()
    expected = {name: _page_of(name, pages) for name in yamskit.__all__}
    missing = sorted(set(expected) - set(rows))
    assert not missing, "add to docs/reference/index.md:\n" + "\n".join(
        f"| [`{name}`]({expected[name]}) | ... |" for name in missing
    )
    assert not set(rows) - set(expected), f"not in yamskit.__all__: {sorted(set(rows) - set(expected))}"
    wrong = {name: (rows[name], expected[name]) for name in expected if rows[name] != expected[name]}
    assert not wrong, f"(linked page, page of its module): {wrong}"
    assert list(rows) == sorted(rows, key=list(yamskit.__all__).index)  # in the order of __all__


# ---------------------------------------------------------------- contributor pages have their own section
def _nav_sections() -> dict[str, list[str]]:
    """The top-level sections of mkdocs.yml's nav, each with the pages under it (at any depth)."""
    sections: dict[str, list[str]] = {}
    current = ""
    nav = ROOT.joinpath("mkdocs.yml").read_text(encoding="utf-8").partition("\nnav:\n")[2]
    for line in nav.splitlines():
        top = re.match(r"^  - ([^:]+):\s*(\S*)$", line)
        if top:
            current = top.group(1)
            sections[current] = [top.group(2)] if top.group(2) else []
        elif line.startswith("    "):
            sections[current] += re.findall(r"([\w/.-]+\.(?:md|html))\s*$", line)
        else:
            break
    return sections


def test_contributor_pages_are_under_contributing_and_nowhere_else() -> None:
    sections = _nav_sections()
    assert "Contributing" in sections
    page = ROOT.joinpath("docs", "contributing.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(([\w/.-]+\.md)\)", page))
    assert {"how-to/mutation-testing.md", "explanation/layout.md"} <= linked
    assert set(sections["Contributing"]) == {"contributing.md", *linked}
    elsewhere = {name: pages for name, pages in sections.items() if name != "Contributing" and linked & set(pages)}
    assert not elsewhere, f"contributor pages outside Contributing: {elsewhere}"
