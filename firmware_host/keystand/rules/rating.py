"""The debriefing's ratings of a won standard game, as each rulebook gives them.

Each rulebook scores a won standard game the same way (``scoring.py``) and then
rates the score in three steps: really good, awesome, and good enough to go on
to the mission map (the 10-token edition: its mission log). Where the first step
starts is not the same in every book: the English and Finnish Duet rulebooks
(and the 10-token edition's) call a score *above* 5 really good, the Japanese
one a score of 5 *or more*. So a rating belongs to a book, and a table speaking
a language is rated by that language's book (docs/rules.md, "Ratings").

The books rate only the standard game (Duet's 9 tokens, the 10-token edition's
10): a mission's score, or a game with extra tokens, is not rated.
"""

from __future__ import annotations

from dataclasses import dataclass

from .setup import Rules
from .status import Outcome

GOOD, AWESOME, TRY_THE_MAP = "good", "awesome", "try_the_map"
RATINGS = (GOOD, AWESOME, TRY_THE_MAP)


@dataclass(frozen=True, slots=True)
class Book:
    """One rulebook's debriefing: the lowest score of each rating, and where it says so."""

    good: int
    awesome: int
    try_the_map: int
    source: str


# (edition, language) -> its rulebook's thresholds. Every book gives 9 or 10 as
# awesome and above 10 as ready for the map; only the first step differs.
BOOKS: dict[tuple[str, str], Book] = {
    ("duet", "en"): Book(
        6, 9, 11, "Duet rulebook (English), 'Scoring a 9-token mission': above 5 is really good"
    ),
    ("duet", "fi"): Book(
        6, 9, 11, "Duet rulebook (Finnish), 'Yhdeksän merkin tehtävien pisteyttäminen': above 5"
    ),
    ("duet", "ja"): Book(
        5, 9, 11, "Duet rulebook (Japanese), 'トーケン9枚ミッションの得点': 5 or more"
    ),
    ("coop10", "en"): Book(
        6, 9, 11, "10-token rulebook, 'Scoring a 10-token mission': above 5 is really good"
    ),
}
# Each edition's standard game, which its book rates: the map's start mission and
# its bank (tests/test_rating.py checks both against the packaged map data).
STANDARD = {"duet": ("prague", 9), "coop10": ("london", 10)}


def rated_edition(rules: Rules) -> str | None:
    """The edition whose book rates a game of these rules: its standard game (by
    name, or a plain game of the Duet bank), duet ruleset; None for any other."""
    if rules.ruleset != "duet" or rules.tokens != rules.bystander_tokens:
        return None
    for edition, (mission, tokens) in STANDARD.items():
        plain = rules.mission is None and edition == "duet"  # --tokens 9, 9-9: Duet's
        if rules.tokens == tokens and (rules.mission == mission or plain):
            return edition
    return None


def book_for(edition: str, lang: str) -> Book:
    """The book a table in ``lang`` rates by: that language's, else the edition's
    English one (the 10-token edition has no Finnish or Japanese book of ours)."""
    return BOOKS.get((edition, lang)) or BOOKS[(edition, "en")]


def rating(edition: str, score: int, lang: str) -> str | None:
    """The rating ``lang``'s book gives ``score`` (one of :data:`RATINGS`), or None
    below its first step."""
    book = book_for(edition, lang)
    if score >= book.try_the_map:
        return TRY_THE_MAP
    if score >= book.awesome:
        return AWESOME
    if score >= book.good:
        return GOOD
    return None


def ratings(rules: Rules, outcome: str, score: int | None) -> dict[str, str | None] | None:
    """Each of our rulebooks' rating of a won standard game, by the book's language
    (``{"en": "good", "fi": "good", "ja": "good"}``); None for a game no book rates."""
    edition = rated_edition(rules)
    if edition is None or outcome != Outcome.WON or score is None:
        return None
    return {lang: rating(edition, score, lang) for e, lang in BOOKS if e == edition}
