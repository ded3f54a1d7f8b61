"""One whole game on both seats' screens, frame by frame, for docs/screens.md.

    python scripts/storyboard.py [--out docs/screens/storyboard]

Plays a scripted game through the real session and renderer (the code the
daemon draws with) and writes, for the mono and the colour panel, one PNG per
moment that matters: seat A's screen beside seat B's, at twice their size; and
for solo mode (docs/screens/solo) the human's screen at each moment of
tests/test_solo_screens.py in English, Finnish and Japanese side by side. It
also rewrites the two storyboard sections of docs/screens.md. tests/test_storyboard.py
renders the same frames and fails when the committed ones are stale, so the
pictures in the docs are always what the device shows.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "firmware_host"))

from keystand.app.session import Session  # noqa: E402
from keystand.rules.game import new_game  # noqa: E402
from keystand.rules.keycode import decode  # noqa: E402
from keystand.rules.layout import seat_index  # noqa: E402
from keystand.rules.setup import Rules  # noqa: E402
from keystand.screens.render import render  # noqa: E402

KEY = "06M6-NZ2B-N9BD"  # tests/helpers.py's example key
PANELS = {"mono": (128, 64), "colour": (128, 128)}
SCALE = 2
GAP = 8  # pixels between the two seats' screens
OUT = ROOT / "docs" / "screens" / "storyboard"
SOLO_OUT = ROOT / "docs" / "screens" / "solo"
DOC = ROOT / "docs" / "screens.md"
BEGIN, END = "<!-- storyboard: begin -->", "<!-- storyboard: end -->"
SOLO_BEGIN, SOLO_END = "<!-- solo storyboard: begin -->", "<!-- solo storyboard: end -->"
# Solo moments (tests/test_solo_screens.py plays them, and checks every line fits)
# drawn side by side in English, Finnish and Japanese, with what each shows.
SOLO_SHOWN = {
    "ai-clue": "The AI's clue on the human's key; the first press records it.",
    "ai-touch-agent": "The AI touches one of its agents: cover it, then press.",
    "ai-touch-bystander": "The AI touches a bystander: press, then mark it.",
    "bystander-after-ai": "After the press: the one token to take, and which side up.",
    "ai-touch-assassin": "The AI touches the assassin: the game is lost; a press ends it.",
    "sudden-ai-bystander": "Sudden death: a bystander the AI touches loses the game.",
    "number": "The human's clue word taken: the knob sets its number.",
    "entry-completions": "Dialling a clue: completions over a short help line.",
    "entry-on-a-word": "On a completion: a press takes it; the window follows the knob.",
    "refused-unknown_word": "A word refused: why on the title, what to do under the letters.",
    "debrief": "After the game: what the AI meant, page 1 of how many.",
    "long-ai-clue": "The language's longest clue word: whole, broken at a syllable.",
    "long-own-clue-ai-touch": "The human's longest clue as the AI touches: word and touch whole.",
}
SOLO_LANGS = ("en", "fi", "ja")


@dataclass
class Table:
    """A session with a bank the script moves by hand, as players would."""

    session: Session
    bank: int

    def press(self, seat: str, cell: int | None = None) -> None:
        """Turn ``seat``'s knob to ``cell`` (A's frame) if given, then press."""
        if cell is not None:
            self.session.cursor[seat] = seat_index(cell, seat)  # type: ignore[index]
        self.session.control(seat, "press")  # type: ignore[arg-type]

    def take(self) -> None:
        self.bank -= 1
        self.session.bank(self.bank)


def _new(legend: bool = False) -> Table:
    state = new_game(decode(KEY), Rules())
    session = Session(state, lambda action, after: None, sensed_bank=True, legend=legend)
    session.bank(9)
    return Table(session, 9)


def moments() -> Iterator[tuple[str, str, Session]]:
    """(name, caption, session) at each moment worth a picture."""
    t = _new(legend=True)
    s = t.session
    opening = "A new device opens with the legend, which says how to go on: a press."
    yield "legend", opening, s
    for seat in "AB":
        s.control(seat, "press")  # type: ignore[arg-type]
    start = "The key; no cursor: a press guesses nothing. Either may say the first clue."
    yield "start", start, s
    s.cursor["B"] = seat_index(2, "B")  # B turns the knob onto A's c1
    yield "turned", "B turns onto a card: framed, and named by its row and place in B's view.", s
    t.press("B")  # A said a clue aloud: B's first press records it and guesses c1
    yield "guess", "B's first press records A's clue and guesses: an agent.", s
    t.press("B", 4)
    t.press("B", 5)  # a bystander: the turn ends, A owes the bank a token
    yield "bystander", "A bystander: the token to take, alone on both screens; the turn is over.", s
    t.take()
    yield "token", "The bank senses the token; the prompt goes, both cursors off the cards.", s
    for cell in (8, 11, 16):
        t.press("A", cell)
    t.take()  # A stops: the token leaving the bank ends the turn
    yield "handover", "A found three and took a token: A's turn to clue, B's to guess.", s
    for cell in (6, 9):  # B finds two of A's agents...
        t.press("B", cell)
    t.press("B", 10)  # ...then a bystander
    t.take()
    for cell in (14, 18):
        t.press("A", cell)
    t.press("A", 20)
    t.take()
    for cell in (15, 17):
        t.press("B", cell)
    t.take()
    t.press("A", 22)
    t.press("A", 23)
    t.take()
    t.press("B", 19)
    t.take()
    t.press("A", 1)
    t.take()
    yield "late", "Later: one token left, fourteen agents found, one to go.", s
    t.press("B", 12)  # a bystander takes the last token: sudden death
    t.take()
    yield "sudden", "The last token is gone: sudden death, guesses without clues.", s
    t.press("B", 24)
    yield "won", "The fifteenth agent: the score and what it counts, then how to go on.", s
    s.control("A", "right")  # type: ignore[arg-type]
    yield "debrief", "After the game a turn of the knob shows the partner's key.", s
    t = _new()
    t.press("B", 0)  # black on A's side
    yield "lost", "Another game: an assassin ends it at once; a loss reads as one.", t.session


def frames(panel: str) -> Iterator[tuple[str, str, Image.Image]]:
    width, height = PANELS[panel]
    for n, (name, caption, session) in enumerate(moments(), 1):
        views = session.views()
        sheet = Image.new("RGB", (2 * width * SCALE + GAP, height * SCALE), (60, 60, 60))
        for k, seat in enumerate("AB"):
            screen = render(views[seat], width, height).convert("RGB")  # type: ignore[index]
            big = screen.resize((width * SCALE, height * SCALE), Image.Resampling.NEAREST)
            sheet.paste(big, (k * (width * SCALE + GAP), 0))
        yield f"{n:02d}-{name}-{panel}.png", caption, sheet


def true_size() -> Iterator[tuple[str, Image.Image]]:
    """Seat A's screen mid-game, at the panel's true size and at 4x, per panel."""
    views = dict((name, s.views()) for name, _, s in moments())
    for panel, (width, height) in PANELS.items():
        for name in ("bystander", "legend"):
            screen = render(views[name]["A"], width, height).convert("RGB")
            yield f"{name}-{panel}-1x.png", screen
            yield f"{name}-{panel}-4x.png", screen.resize(
                (width * 4, height * 4), Image.Resampling.NEAREST
            )


def solo_frames() -> Iterator[tuple[str, str, Image.Image]]:
    """(file name, caption, picture) per solo moment: the human's mono screen in
    each language, side by side at 2x."""
    sys.path.insert(0, str(ROOT / "tests"))
    from keystand.screens import text
    from test_solo_screens import moments  # the moments the fit test plays

    width, height = PANELS["mono"]
    shots: dict[str, list[Image.Image]] = {name: [] for name in SOLO_SHOWN}
    try:
        for lang in SOLO_LANGS:
            text.use(lang)
            for name, session in moments(lang):
                if name in shots:
                    screen = render(session.views()["A"], width, height).convert("RGB")
                    shots[name].append(screen)
    finally:
        text.use("en")
    for n, (name, caption) in enumerate(SOLO_SHOWN.items(), 1):
        sheet = Image.new("RGB", (3 * width * SCALE + 2 * GAP, height * SCALE), (60, 60, 60))
        for k, screen in enumerate(shots[name]):
            big = screen.resize((width * SCALE, height * SCALE), Image.Resampling.NEAREST)
            sheet.paste(big, (k * (width * SCALE + GAP), 0))
        yield f"{n:02d}-{name}.png", caption, sheet


def solo_section(frames: list[tuple[str, str, Image.Image]]) -> str:
    rel = SOLO_OUT.relative_to(DOC.parent)
    head = "| moment | English, Finnish, Japanese (mono 128×64, 2×) |"
    lines = [SOLO_BEGIN, "", head, "|---|---|"]
    lines += [f"| {caption} | ![]({rel}/{name}) |" for name, caption, _ in frames]
    return "\n".join([*lines, "", SOLO_END])


def section() -> str:
    lines = [BEGIN, "", "| moment | mono 128×64 | colour 128×128 |", "|---|---|---|"]
    mono = list(frames("mono"))
    colour = list(frames("colour"))
    for (name, caption, _), (cname, _, _) in zip(mono, colour, strict=True):
        rel = OUT.relative_to(DOC.parent)
        lines.append(f"| {caption} | ![]({rel}/{name}) | ![]({rel}/{cname}) |")
    lines += ["", END]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("*.png"):
        old.unlink()
    for panel in PANELS:
        for name, _caption, image in frames(panel):
            image.save(args.out / name)
    for name, image in true_size():
        image.save(args.out / name)
    SOLO_OUT.mkdir(parents=True, exist_ok=True)
    for old in SOLO_OUT.glob("*.png"):
        old.unlink()
    solo = list(solo_frames())
    for name, _caption, image in solo:
        image.save(SOLO_OUT / name)
    text = DOC.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    text = text[:start] + section() + text[end:]
    start, end = text.index(SOLO_BEGIN), text.index(SOLO_END) + len(SOLO_END)
    DOC.write_text(text[:start] + solo_section(solo) + text[end:], encoding="utf-8")
    print(f"{args.out}: {len(list(args.out.glob('*.png')))} frames; {DOC.name} updated")
    print(f"{SOLO_OUT}: {len(solo)} solo frames")


if __name__ == "__main__":
    main()
