"""Why something was refused or failed, as the screens say it: one table per kind of
reason code (the engine's, a scan's, the printer's, the disk's, the AI partner's),
each code to a few words in the table's language."""

from __future__ import annotations

from ..i18n import N_
from .text import gettext as _

# Why the engine refused an action (IllegalAction.reason), as the screen says it.
REFUSALS = {
    "not_allowed": N_("not allowed"),
    "game_over": N_("game is over"),
    "still_guessing": N_("still guessing"),
    "sudden_death": N_("sudden death"),
    "clue_number": N_("clue 0 to 9"),
    "no_agents_to_clue": N_("no agents left"),
    "clue_order": N_("your clue now"),
    "no_clue_yet": N_("no clue yet"),
    "not_guesser": N_("partner guesses"),
    "wait_for_number": N_("wait: number"),
    "nothing_left": N_("nothing left"),
    "covered": N_("already covered"),
    "own_bystander": N_("you missed here"),
    "no_turn": N_("no turn to end"),
    "need_correct": N_("guess one first"),
    "word_visible": N_("word on table"),
    "two_words": N_("two words only"),
    "no_bonus_left": N_("no bonus left"),
    "not_a_bystander": N_("not a bystander"),
    "no_spare_token": N_("no token spare"),
    "no_such_cell": N_("no such cell"),
    "same_cell": N_("same cell twice"),
    # the session's own: a clue while the table still owes a token
    "token_owed": N_("take the token"),
}
# Why a scanned or dialled code was not loaded (GameCodeError.reason, ScanRefused).
SCAN_REASONS = {
    "not_a_code": N_("not a game code"),
    "mistyped": N_("mistyped code"),
    "version": N_("newer version"),
    "bad_settings": N_("unknown setup"),
    "seat_code": N_("a seat code"),
    "too_long": N_("too long"),
    "not_text": N_("not text"),
}
# Why a slip did not print (PrinterError.reason).
PRINTER_REASONS = {
    "unplugged": N_("not connected"),
    "paper_out": N_("out of paper"),
    "no_answer": N_("no answer"),
    "jammed": N_("stopped (jam?)"),
    "lost": N_("connection lost"),
}
# Why the AI partner refused a clue word (app/solo.py ClueRefused.reason), said after
# "No: " on the clue entry's title line, and what to do instead (CLUE_ADVICE).
CLUE_REFUSALS = {
    "unknown_word": N_("not a word I know"),
    "ambiguous_reading": N_("several words"),
    "same_word": N_("it is on the table"),
    "same_stem": N_("same stem as a card"),
    "same_reading": N_("reads like a card"),
    "same_kanji": N_("a card's kanji"),
    "too_close": N_("too like a card"),
    "not_your_clue": N_("not your clue now"),
}
# What to do after a refusal: one line under the letters, as wide as the panel.
CLUE_ADVICE = {
    # TRANSLATORS: the AI knows nouns only (things, animals, places): no verbs or adjectives.
    "unknown_word": N_("Clues are nouns"),
    # TRANSLATORS: a kana reading that names several words: take one from the completions.
    "ambiguous_reading": N_("Take one from list"),
    "same_word": N_("Pick another word"),
    "same_stem": N_("Pick another word"),
    "same_reading": N_("Pick another word"),
    "same_kanji": N_("Pick another word"),
    "too_close": N_("Pick another word"),
    "not_your_clue": N_("Guess the AI's clue"),
}
# Why the game is not being saved (app/storage.py's reason codes).
STORAGE_REASONS = {
    "disk_full": N_("disk full"),
    "read_only": N_("read-only"),
    "no_permission": N_("no permission"),
    "io_error": N_("disk error"),
    "not_a_folder": N_("not a folder"),
    "damaged": N_("file damaged"),
    "locked": N_("in use"),
}


def reason(table: dict[str, str], code: object) -> str:
    """A reason code in the table's language (the first entry for an unknown one)."""
    return _(table.get(str(code), next(iter(table.values()))))
