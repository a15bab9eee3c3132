"""The pictures committed under docs/pictures are what the library draws today.

If this fails after a change to the drawings or the rules, run
``python docs/pictures.py`` and commit the new pictures.
"""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _generator() -> object:
    spec = importlib.util.spec_from_file_location("docs_pictures", ROOT / "docs" / "pictures.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_doc_pictures_are_up_to_date() -> None:
    generator = _generator()
    assert generator.stale() == [], "run: python docs/pictures.py"  # type: ignore[attr-defined]


def test_every_rules_page_and_the_tutorial_show_a_committed_picture() -> None:
    # every game's rules page (games.md is the table of them, with no game of its own to show)
    rules = [page for page in sorted((ROOT / "docs" / "rules").glob("*.md")) if page.name != "games.md"]
    pages = [*rules, ROOT / "docs" / "tutorial" / "first-game.md"]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        names = [part.split(")")[0] for part in text.split("](../pictures/")[1:]]
        assert names, f"{page.name} shows no picture"
        for name in names:
            picture = ROOT / "docs" / "pictures" / name
            assert picture.exists(), name
            ET.parse(picture)


def test_doc_pictures_keep_their_text_apart_and_fit_1000_px() -> None:
    from yamskit.svg._canvas import MAX_WIDTH

    from .geometry import problems

    for name, text in _generator().pictures().items():  # type: ignore[attr-defined]
        assert problems(text) == [], name
        assert int(ET.fromstring(text).attrib["width"]) <= MAX_WIDTH, name
