"""The storyboard in docs/screens.md is what the device draws today."""

import importlib.util
import sys
from pathlib import Path

from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("storyboard", ROOT / "scripts" / "storyboard.py")
storyboard = sys.modules["storyboard"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(storyboard)


def _same(path: Path, image: Image.Image) -> bool:
    stored = Image.open(path).convert("RGB")
    return stored.size == image.size and ImageChops.difference(stored, image).getbbox() is None


def test_the_storyboard_frames_and_the_docs_section_are_current():
    stale = []
    for panel in storyboard.PANELS:
        for name, _caption, image in storyboard.frames(panel):
            path = storyboard.OUT / name
            if not path.is_file() or not _same(path, image):
                stale.append(name)
    for name, image in storyboard.true_size():
        if not _same(storyboard.OUT / name, image):
            stale.append(name)
    solo = list(storyboard.solo_frames())
    for name, _caption, image in solo:
        path = storyboard.SOLO_OUT / name
        if not path.is_file() or not _same(path, image):
            stale.append(name)
    assert not stale, f"run python scripts/storyboard.py: {stale}"
    doc = storyboard.DOC.read_text(encoding="utf-8")
    assert storyboard.section() in doc and storyboard.solo_section(solo) in doc


def test_the_storyboard_shows_the_moments_it_names():
    seen = {name: (s.state.phase, s.state.outcome) for name, _, s in storyboard.moments()}
    assert seen["sudden"] == ("sudden_death", "playing")
    assert seen["won"] == ("over", "won") and seen["lost"] == ("over", "lost")
