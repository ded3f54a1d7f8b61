"""Solo mode's screens as the player reads them, in every language: what the AI's
touches tell the human to do, the debrief's pages, the clue entry's help, and every
line of every solo screen inside the panel (drawn, not only measured).

The AI (tests/solo_double.py) sits in seat B; helpers.KEY's cells as in
tests/test_solo.py: 0 is the assassin on both sides, 5 a bystander on both.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from helpers import LAYOUT
from keystand.app.session import Session
from keystand.app.solo import CLUE_REASONS, SoloGame
from keystand.books.words import deal, load
from keystand.rules.game import new_game
from keystand.rules.layout import seat_index
from keystand.rules.ranking import rank
from keystand.rules.setup import Rules
from keystand.screens import fonts, messages, text
from keystand.screens.key import text_layout
from keystand.screens.panel import COLOUR, COLOUR_SIDE_ROOM, COLOUR_SIDE_ROWS, MONO, MONO_COLUMN
from keystand.screens.render import render, screen_lines
from solo_double import TablePartner
from test_solo import A_GREENS, B_GREENS

LANGS = ("en", "fi", "ja")
PANELS = {"mono": (128, 64), "colour": (128, 128)}


def _session(lang: str, extra: dict[str, list[int]] | None = None, rules: Rules | None = None):
    words = deal(load(lang), rank(LAYOUT))
    table = {
        "SPIES": [words[c] for c in B_GREENS],
        "MINE": [words[c] for c in A_GREENS if c not in B_GREENS],
    }
    table.update({k: [words[c] for c in v] for k, v in (extra or {}).items()})
    game = SoloGame(TablePartner(table), words, "B", lang, rank(LAYOUT))
    return Session(new_game(LAYOUT, rules or Rules()), lambda a, st: None, solo=game)


def _aim(s: Session, cell: int) -> None:
    s.cursor["A"] = seat_index(cell, "A")


def _human_gives(s: Session, word: str, number: int) -> None:
    """From the start: a bystander ends the AI's turn, the human gives ``word``."""
    _aim(s, 12)
    s.control("A", "press")
    s.control("A", "press")  # opens the clue entry
    assert s.offer_clue(word) is None
    s.dial["A"] = number
    s.control("A", "press")


def _sudden(s: Session) -> None:
    """Sudden death, the human's touch made (an agent): the AI touches next."""
    s.state = replace(s.state, phase="sudden_death", tokens_left=0)
    _aim(s, 8)
    s.control("A", "press")
    assert s.state.agents[8] == "A" and s.solo is not None and s.solo.ai_guesses(s.state)


def moments(lang: str) -> Iterator[tuple[str, Session]]:
    """Every kind of solo screen the human and the AI's seat show, in a few games."""
    s = _session(lang, {"MIXED": [2, 5]})
    yield "ai-clue", s
    _aim(s, 8)
    s.control("A", "press")
    yield "guessing", s
    _aim(s, 12)
    s.control("A", "press")
    yield "bystander-taken", s
    s.control("A", "press")
    yield "entry", s
    entry = s.clue_entry
    assert entry is not None
    entry.typed = "MI"
    entry._changed(None)
    yield "entry-completions", s
    s.control("A", "left")  # onto the last completion
    yield "entry-on-a-word", s
    for reason in (*CLUE_REASONS, "not_your_clue"):
        s.clue_refusal = reason
        yield f"refused-{reason}", s
    s.clue_refusal = None
    s.clue_entry = None
    assert s.offer_clue("MIXED") is None
    yield "number", s
    s.control("A", "right")
    s.control("A", "press")
    yield "ai-touch-agent", s
    s.control("A", "press")
    yield "ai-touch-bystander", s
    s.control("A", "press")
    yield "bystander-after-ai", s
    s = _session(lang, {"DOOM": [0]})
    _human_gives(s, "DOOM", 1)
    yield "ai-touch-assassin", s
    s.control("A", "press")
    yield "lost", s
    s.control("A", "right")
    yield "debrief", s
    s = _session(lang, {"AAA": [5]})
    _sudden(s)
    yield "sudden-ai-bystander", s
    for name, s in long_clue_moments(lang, _longest_clue_word(lang)):
        yield f"long-{name}", s


def _ink_right(img) -> int:
    """The rightmost lit column (-1: none)."""
    box = img.convert("L").getbbox()
    return -1 if box is None else box[2] - 1


def _too_wide(view, width: int, height: int) -> list[str]:
    """The lines of this screen that do not fit where they are drawn."""
    lines = screen_lines(view, width, height)
    if view.word_entry is not None:  # the title, the typed word and the help span the panel
        words = set(view.word_entry.words)  # a long completion is shortened with "…"
        return [x for x in lines if x not in words and fonts.width(x) > width - 4]
    if view.panel is not None:
        return [x for x in lines if fonts.width(x) > width - 4]
    if height < 128:
        return [x for x in lines if fonts.width(x) > MONO_COLUMN]
    beside, below = text_layout(view, width, height)
    wide = [x for x in beside if fonts.width(x) > COLOUR_SIDE_ROOM]
    return wide + [x for x in below if fonts.width(x) > width - 4]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("panel", PANELS)
def test_every_solo_screen_fits_the_panel_in_every_language(lang, panel):
    width, height = PANELS[panel]
    text.use(lang)
    try:
        for name, s in moments(lang):
            for seat, view in s.views().items():
                where = f"{lang} {panel} {name} {seat}"
                assert not _too_wide(view, width, height), (where, _too_wide(view, width, height))
                img = render(view, width, height).convert("L")
                # Nothing on the panel's top row or right edge: a glyph there reads as cut.
                top = img.crop((0, 0, width, 1))
                assert top.getbbox() is None, f"{where}: a line touches the top edge"
                if view.word_entry is None:  # (its selected completion is a full-width bar)
                    edge = img.crop((width - 1, 0, width, height))
                    assert edge.getbbox() is None, f"{where}: a line touches the right edge"
                if view.word_entry is None and view.panel is None and height < 128:
                    assert len(screen_lines(view, width, height)) <= MONO.lines
    finally:
        text.use("en")


def _longest_clue_word(lang: str) -> str:
    """The widest word the language's AI partner may give or take as a clue."""
    from keystand.partner.table import open_table

    return max(open_table(lang).clue_words, key=lambda w: fonts.width(w.upper()))


def long_clue_moments(
    lang: str, word: str, rules: Rules | None = None
) -> Iterator[tuple[str, Session]]:
    """Every screen that shows ``word`` as a clue: the AI's (given, then guessed) and
    the human's (its number being dialled, then the AI touching a card for it)."""
    words = deal(load(lang), rank(LAYOUT))
    partner = TablePartner({word: [words[c] for c in B_GREENS[:3]]})
    s = Session(
        new_game(LAYOUT, rules or Rules()),
        lambda a, st: None,
        solo=SoloGame(partner, words, "B", lang, rank(LAYOUT)),
    )
    yield "ai-clue", s
    _aim(s, 8)
    s.control("A", "press")
    yield "ai-clue-guessed", s
    s = _session(lang, {word: [2, 5]}, rules)
    _aim(s, 12)
    s.control("A", "press")  # a bystander: the human gives next
    assert s.offer_clue(word) is None
    yield "own-clue-number", s
    s.dial["A"] = 3
    s.control("A", "press")
    yield "own-clue-ai-touch", s


def _whole(word: str, lines: list[str]) -> bool:
    """``word`` is on these lines, whole, read across a hyphen at a line's end."""
    read = "".join(line[:-1] if line.endswith("-") else line for line in lines)
    return word.upper() in read and not any("…" in line for line in lines)


MISSION = Rules(tokens=9, bystander_tokens=4)  # a mission: a line for the mistakes too


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("panel", PANELS)
@pytest.mark.parametrize("rules", [None, MISSION], ids=["standard", "mission"])
def test_the_longest_clue_word_of_each_language_is_shown_whole(lang, panel, rules):
    """A clue the player cannot read cannot be played: "VANKEUSRANG… 3" was. The
    widest word of each vocabulary (AMMATTIKORKEAKOULUTUTKINTO: 104 px, the mono
    column 64) is drawn whole on the human's screen and the AI seat's, inside the
    panel, with the message under it whole (what to do when the AI touches)."""
    width, height = PANELS[panel]
    word = _longest_clue_word(lang)
    text.use(lang)
    try:
        for name, s in long_clue_moments(lang, word, rules):
            views = s.views()
            human, ai = views["A"], views["B"]
            where = f"{lang} {panel} {name}"
            lines = screen_lines(human, width, height)
            assert _whole(word, lines), (where, lines)
            assert not _too_wide(human, width, height), (where, _too_wide(human, width, height))
            beside, below = text_layout(human, width, height)
            rows = COLOUR.lines if height >= 128 else MONO.lines
            assert len(below) <= rows and len(beside) <= COLOUR_SIDE_ROWS, where
            if human.message is not None:  # the AI's touch: every line of what to do
                said = messages.message_lines(human.message)
                assert below[-len(said) :] == said, (where, below)
            img = render(human, width, height).convert("L")
            assert img.crop((width - 1, 0, width, height)).getbbox() is None, where
            assert img.crop((0, 0, width, 1)).getbbox() is None, where
            if name.startswith("ai-clue"):  # the AI's own screen lists it whole too
                assert _whole(word, screen_lines(ai, width, height)), where
    finally:
        text.use("en")


def test_a_long_word_breaks_where_a_reader_expects_it():
    from keystand.screens.breaks import wrap_word

    prefix = fonts.width("Kone: ")  # the word starts beside the label when that saves a line
    assert wrap_word("VANKEUSRANGAISTUS", " 3", MONO_COLUMN - prefix, MONO_COLUMN) == [
        "VANKEUS-",
        "RANGAISTUS 3",
    ]
    assert wrap_word("AMMATTIKORKEAKOULUTUTKINTO", " 3", MONO_COLUMN, MONO_COLUMN) == [
        "AMMATTIKORKEA-",
        "KOULUTUTKINTO 3",
    ]
    # Lines as even as the breaks allow: the parts of a compound often meet there
    # (in a column a letter narrower than the mono one, which holds these whole).
    narrow = MONO_COLUMN - 4
    assert wrap_word("RAUHANPALKINTO", " 3", MONO_COLUMN, MONO_COLUMN) == ["RAUHANPALKINTO 3"]
    assert wrap_word("RAUHANPALKINTO", " 3", narrow, narrow) == ["RAUHAN-", "PALKINTO 3"]
    assert wrap_word("OIKEUSPROSESSI", " 3", narrow, narrow) == ["OIKEUS-", "PROSESSI 3"]
    # Japanese: no hyphen, never a line that starts with a small kana or ー, nor a
    # break after ッ (クレジッ / トカード).
    japanese = wrap_word("クレジットカード", " 3", MONO_COLUMN, MONO_COLUMN)
    assert japanese == ["クレジット", "カード 3"]
    words = ("チャンピオンシップ", "ゴールデンウィーク", "TELECOMMUNICATION", "VANKEUSRANGAISTUS")
    for room in (COLOUR_SIDE_ROOM, 50, MONO_COLUMN):  # the narrowest place is beside the key
        for word in words:
            lines = wrap_word(word, " 3", room, room)
            assert lines is not None and all(fonts.width(x) <= room for x in lines)
            assert not any(x[0] in "ーッャュョィ" or x[-1] == "ッ" for x in lines)
            assert all(len(x.removesuffix(" 3").rstrip("-")) >= 2 for x in lines)  # no glyph alone


# What the human reads when the AI touches a losing card, in each language.
GAME_LOST = {"en": "game lost.", "fi": "hävisitte.", "ja": "負けです"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_bystander_the_ai_touches_in_sudden_death_says_the_game_is_lost(lang):
    s = _session(lang, {"AAA": [5]})  # the AI's best guess: cell 5, a bystander
    _sudden(s)
    assert s.solo is not None and s.solo.touch(s.state) == 5
    text.use(lang)
    try:
        lines = screen_lines(s.views()["A"])
        en = ("A bystander:", "game lost.", "Press: end game")
        assert lines[-3:] == [text.gettext(x) for x in en]
        assert GAME_LOST[lang] in lines
        assert not any(text.gettext(x) in lines for x in ("mark it", "Take 1 token,"))
    finally:
        text.use("en")
    s.control("A", "press")
    assert s.state.phase == "over" and s.state.reason == "sudden_death"


@pytest.mark.parametrize("lang", LANGS)
def test_the_assassin_the_ai_touches_says_the_game_is_lost_and_what_a_press_does(lang):
    s = _session(lang, {"DOOM": [0]})
    _human_gives(s, "DOOM", 1)
    text.use(lang)
    try:
        lines = screen_lines(s.views()["A"])
        assert GAME_LOST[lang] in lines
        en = ("The assassin:", "game lost.", "Press: end game")
        assert lines[-3:] == [text.gettext(x) for x in en]
        assert text.gettext("then press") not in lines  # nothing to put down first
    finally:
        text.use("en")
    s.control("A", "press")
    assert s.state.reason == "assassin"


@pytest.mark.parametrize("lang", LANGS)
def test_the_debrief_says_which_page_of_how_many_and_hides_no_line(lang):
    from keystand.app.solo import Meant

    s = _session(lang)
    long = ("KIRJASTOAUTOMAATTI", "MOOTTORITIE", "APPELSIINI", "HAARUKKA")
    s.solo.meant += [Meant(f"VIHJE{n}", 4, long) for n in range(4)]  # 3 lines each
    _aim(s, 0)
    s.control("A", "press")  # the assassin: the game is over
    assert s.state.phase == "over"
    title = {"en": "What the AI meant", "fi": "Mitä kone tarkoitti", "ja": "AIのねらい"}[lang]
    text.use(lang)
    try:
        pages = []
        while True:
            s.control("A", "right")
            view = s.views()["A"]
            if view.panel is None:
                break  # past the last page: back to the own key
            pages.append(screen_lines(view))
    finally:
        text.use("en")
    # The AI's own clue and these four: more than one screenful, so several pages.
    assert len(pages) >= 3
    assert [p[0] for p in pages] == [f"{title} {n}/{len(pages)}" for n in range(1, len(pages) + 1)]
    assert all(len(p) <= 8 for p in pages)  # every line of every page on the panel
    said = " ".join(" ".join(p[1:]) for p in pages)
    assert all(f"VIHJE{n} 4:" in said for n in range(4))


def test_the_clue_entry_keeps_a_short_help_under_its_completions():
    s = _session("en", {f"MI{c}": [2] for c in "ABCDEFGH"})
    _aim(s, 12)
    s.control("A", "press")
    s.control("A", "press")
    entry = s.clue_entry
    assert entry is not None
    entry.typed = "MI"
    entry._changed(None)
    assert len(entry.completions) == 8  # all eight on the ring, not four
    lines = screen_lines(s.views()["A"])
    assert lines[3:] == ["MIA", "MIB", "MIC", "press: add, hold: offer"]
    s.control("A", "left")
    s.control("A", "left")  # onto the seventh completion: the window follows it
    lines = screen_lines(s.views()["A"])
    assert lines[3:] == ["MIF", "MIG", "MIH", "press: take this word"]
    # The colour panel has room for more of them, and the help stays.
    lines = screen_lines(s.views()["A"], 128, 128)
    assert "MIG" in lines and lines[-1] == "press: take this word"
