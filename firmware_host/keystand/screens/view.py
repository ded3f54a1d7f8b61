"""What one seat's screen may know: its own side of the key and the public table.

During play a ``SeatView`` never holds the other side of the key. The renderer
receives only this, so a screen cannot leak the partner's side, by construction.
After the game, the debrief may hold the partner's side instead of one's own
(``debrief``), as players turn the key card over once a game is done. Cells are in
the seat's own reading order (seat B's view is A's frame turned 180°).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

# Public marks on a cell, as this seat sees them.
OPEN = "open"
AGENT = "agent"  # covered by a green agent card
MARK_MINE = "mine"  # a bystander token from my partner's side: I guessed here
MARK_THEIRS = "theirs"  # a bystander token from my side: my partner guessed here
BOTH = "both"  # bystander tokens from both directions: covered


class Role(StrEnum):
    """What this seat does now."""

    CLUE = "clue"  # my clue to give
    GUESS = "guess"  # I guess
    WAIT = "wait"  # my partner gives or guesses
    SUDDEN_DEATH = "sudden_death"  # both guess, no clues
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Message:
    """A line of instruction for the players, e.g. 'take a token, checkmark side up'."""

    kind: str
    args: tuple = ()


@dataclass(frozen=True, slots=True)
class Diagnostics:
    """A seat's Diagnostics screen: its own last input and what each bank slot reads."""

    last_input: str | None = None  # a Control value; None: nothing yet
    repeats: int = 0  # that input, this many times in a row
    slots: tuple[str, ...] = ()  # each bank slot's state (a SlotState value), slot 1 first
    raw: tuple[int, ...] | None = None  # each slot's raw reading; None: the bank did not answer
    analog: bool = False  # raw readings are ADC counts; else the input's level, 1 high
    # The word cards' pads, in this seat's reading order: (counts below the
    # baseline, touched); None: no pads. ``page``: "bank" or "pads", what is shown.
    pads: tuple[tuple[int, bool], ...] | None = None
    page: str = "bank"


@dataclass(frozen=True, slots=True)
class WordEntry:
    """A clue word being dialled (solo mode, app/clue_entry.py): what is typed, the
    ring of letters around the encoder, the vocabulary's completions."""

    typed: str
    letters: tuple[str, ...]  # the letters (or kana rows) around the encoder
    letter_at: int | None  # which of them is under the encoder; None: a completion is
    words: tuple[str, ...]  # completions of what is typed
    word_at: int | None  # which completion is under the encoder
    refusal: str | None = None  # why the last offered word was refused (a reason code)


@dataclass(frozen=True, slots=True)
class SoloPanel:
    """A text screen of solo mode instead of a key: the AI seat's screen (its clues
    so far) or, after the game, what the AI meant by each clue. Never a key."""

    kind: str  # "ai_seat" | "meant"
    clues: tuple[tuple[str, int, tuple[str, ...]], ...]  # (word, number, words meant)
    page: int = 0  # which page of what the AI meant, from 0
    pages: int = 1  # how many pages the knob turns through


@dataclass(frozen=True, slots=True)
class LoggedClue:
    """One clue of the game just played, as far as it was recorded (a number
    dialled, a word given); a second number and word when two were given at once."""

    giver: str  # "A" | "B"
    number: int | None
    word: str | None = None
    second_number: int | None = None
    second_word: str | None = None


@dataclass(frozen=True, slots=True)
class TeamPanel:
    """After a team's game, one turn of the knob past the partner's key: the
    team's record, as a text screen; and, when the game's clues were recorded
    (a number or a word), one turn further: that game's clue log."""

    team: str
    games: int
    wins: int
    mission: str  # the mission just played (its name)
    best: int | None  # its best score, if it was ever won
    tries: int
    clues: tuple[LoggedClue, ...] = ()  # the game's clues, when any was recorded
    page: str = "record"  # "record" | "clues"


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat's screen shows, and nothing of the other side's key."""

    seat: str
    side: str  # 25 roles G/T/B of this seat's side, in this seat's reading order
    # (solo: the AI seat's view holds 25 "-", as no screen may show the AI's side)
    marks: tuple[str, ...]  # 25 public marks, same order
    tokens_left: int
    bystander_left: int
    mission: bool  # show bystander-side tokens in the header
    role: Role
    hint: str = ""  # which instruction the role gives (key.HINTS)
    cursor: int | None = None  # a cell index in this seat's order; None: no cursor shown
    message: Message | None = None
    outcome: str = "playing"
    clue: int | None = None  # the number of the clue being guessed, if it was recorded
    dial: int | None = None  # the clue number this seat (the giver) has dialled
    qr: str | None = None  # show this code as a QR instead of the key (see app.session)
    menu: tuple[tuple[str, str], ...] | None = None  # (item, value) rows when the menu is open
    menu_index: int = 0
    menu_armed: bool = False  # the selected item waits for a hold to confirm
    debrief: bool = False  # after the game: ``side`` is the partner's, in this seat's order
    entry: str | None = None  # a game code being typed (app/code_entry.py), as shown
    entry_next: str = ""  # the symbol under the encoder
    entry_kind: str = "code"  # what is typed: a game "code" or a team's "name"
    legend: bool = False  # show what the symbols mean instead of the key
    diagnostics: Diagnostics | None = None  # the Diagnostics screen instead of the key
    mission_name: str = ""  # the mission played: its name, a tab, its numbers; "" for none
    touch: bool = False  # the table senses its word cards: a guess is a touch
    cursor_word: str | None = None  # the card's word under the cursor, when known (solo)
    clue_word: str | None = None  # solo: the clue's word, shown with its number
    clue_by: str = ""  # solo: whose clue that is, "ai" or "you"
    word_entry: WordEntry | None = None  # solo: dialling a clue word instead of the key
    panel: SoloPanel | None = None  # solo: a text screen instead of the key
    team: TeamPanel | None = None  # after a team's game: its record instead of the key
