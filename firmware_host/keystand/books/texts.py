"""What the books say: English source strings, marked for the gettext catalogs.

Our own wording, never a rulebook's. The Finnish and Japanese catalogs use each
edition's terms (fi: agentti, sivullinen, salamurhaaja, vihje, aikamerkki; ja:
エージェント, 一般人, 暗殺者, ヒント, 時間トークン).
"""

from __future__ import annotations

from ..i18n import N_, translation

TEXTS: dict[str, str | tuple[str, ...]] = {
    "book": N_("Player book {seat}"),
    "game": N_("Game {n} of {total}"),
    "player": N_("Player {seat}"),
    "words": N_("Words"),
    "grid": N_("The table as you see it"),
    "turns": N_("Turns"),
    "mistakes": N_("Mistakes"),
    "targets": N_("Agents found"),
    "score": N_("Score"),
    "legend": N_("◆ green agent: your partner should find it   ✖ assassin: your partner must avoid it   ○ bystander"),
    "load": N_("Scan to load this game on keystand"),
    "how": N_("How to play"),
    "scoring": N_("Scoring"),
    "seed": N_("Book seed {seed} · {ruleset} rules · mission {mission}"),
    "duet": (
        N_("You need two players and this book's partner book. Sit facing each other and open both books at the same game: the words are the same, the colours differ."),
        N_("Lay out the 25 words as the grid shows, or just use the list. Take turns giving a clue: one word and a number. Tick a turn box for every clue."),
        N_("Your partner names words one at a time. Look at your page: green means correct, keep going; a bystander ends the turn and costs a mistake box; an assassin ends the game for both of you."),
        N_("After at least one correct word the guesser may stop; the turn ends. A word you found green for your partner is found for both."),
        N_("When you have no turn boxes left, play sudden death: no more clues, each of you names the words you still believe in, and any wrong word loses."),
        N_("Once all your green words are found, tell your partner; from then on you only guess."),
    ),
    "paper": (
        N_("You need two players and this book's partner book. Sit facing each other and open both books at the same game: the words are the same, the colours differ."),
        N_("Each turn, both players tick a turn box; if none is left, go to sudden death. The clue giver says one word and a number."),
        N_("The guesser names one word at a time, at most the clue's number plus one. Green: tick an agent box and go on. Bystander: tick a mistake box (no box left: tick an extra turn box) and the turn ends. Assassin: the game is lost."),
        N_("When all your green words are found, say so; your partner gives every clue after that."),
        N_("Sudden death: no clues, no talking tactics; name words one by one, any mistake loses."),
    ),
    "score_duet": N_("Won: 3 points per turn box left, 1 per turn ended by choice after a correct word, −1 if you needed sudden death."),
    "score_paper": N_("+2 per agent found, +10 per turn box left, −5 per mistake, −10 for sudden death. Lost to an assassin: −10 per unticked turn box, per mistake and per agent not found. An invalid clue ticks a turn box and a mistake box."),
}


def book_texts(lang: str) -> dict[str, str | tuple[str, ...]]:
    """``TEXTS`` said in ``lang``."""
    _ = translation(lang).gettext
    return {k: tuple(_(p) for p in v) if isinstance(v, tuple) else _(v) for k, v in TEXTS.items()}
