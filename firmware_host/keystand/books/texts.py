"""What the books say: English source strings, marked for the gettext catalogs.

Our own wording, never a rulebook's. The Finnish and Japanese catalogs use each
edition's terms (fi: agentti, sivullinen, salamurhaaja, vihje, äkkikuolema,
tehtävä; ja: エージェント, 一般人, 暗殺者, ヒント, サドンデス, ミッション).

Turn and mistake boxes are the paper form of the time bank: a book's tracks hold
T turn boxes and M mistake boxes for a mission T-M, and the rules below tick
them exactly as the engine takes tokens (docs/rules.md).
"""

from __future__ import annotations

from ..i18n import N_, translation

TEXTS: dict[str, str | tuple[str, ...]] = {
    "book": N_("Player book {seat}"),
    "game": N_("Game {n} of {total}"),
    "player": N_("Player {seat}"),
    "words": N_("Words"),
    "turns": N_("Turns"),
    "mistakes": N_("Mistakes"),
    "targets": N_("Agents found"),
    "score": N_("Score"),
    "legend": N_("◆ green agent: your partner should find it   ✖ assassin: your partner must avoid it   ○ bystander"),
    "load": N_("Scan to load this game on keystand"),
    "seed": N_("Book seed {seed}"),
    "win_title": N_("How to win"),
    "win": N_("You win together when all 15 agents are found: the nine green words on your page and the nine on your partner's page, three of which are green on both. Naming an assassin loses the game for both of you at once."),
    "how": N_("How to play"),
    "clues_title": N_("Clues"),
    "clues": (
        N_("A clue is one word and one number. The number says how many words on the table the clue is about."),
        N_("A clue is invalid when it is a word still showing on the table, a form of one or a part of one (SNOW while SNOWMAN shows); when it points at letters, spelling, sounds or where a word lies rather than at what words mean; or when it is a made-up word or a foreign word that nobody at the table uses."),
    ),
    "mistakes_title": N_("When the mistake boxes run out"),
    "scoring": N_("Scoring"),
    "duet": (
        N_("You need two players and this book's partner book. Sit facing each other and open both books at the same game: the words are the same, the colours differ."),
        N_("Lay out the 25 words as the grid shows, or just use the list. Take turns giving a clue: one word and a number."),
        N_("Your partner names words one at a time. Look at your page: green means correct, keep going; a bystander ends the turn; an assassin ends the game for both of you."),
        N_("After at least one correct word the guesser may stop, which ends the turn. A word you found green for your partner is found for both."),
        N_("Every turn ends with ticks. A bystander ticks a turn box and a mistake box. Stopping by choice ticks a turn box, and a mistake box as well when you have as many mistake boxes left as turn boxes."),
        N_("When you have no turn boxes left, play sudden death: no more clues, each of you names the words you still believe in, and any word that is not green loses."),
        N_("Once all your green words are found, tell your partner; from then on you only guess."),
    ),
    "duet_invalid": N_("An invalid clue costs a turn box as a penalty (ticked like stopping by choice); then the guesser goes on as if the clue were fine."),
    "duet_mistakes_out": N_("With no mistake box left, a bystander ticks two turn boxes instead of one of each. If fewer than two turn boxes are left, the game is lost."),
    "paper": (
        N_("You need two players and this book's partner book. Sit facing each other and open both books at the same game: the words are the same, the colours differ."),
        N_("Each turn, both players tick a turn box; if none is left, go to sudden death. The clue giver says one word and a number."),
        N_("The guesser names one word at a time, at most the clue's number plus one. Green: tick an agent box and go on. Bystander: tick a mistake box and the turn ends. Assassin: the game is lost."),
        N_("When all your green words are found, say so; your partner gives every clue after that."),
        N_("Sudden death: no clues, no talking tactics; name words one by one, any mistake loses."),
    ),
    "paper_invalid": N_("An invalid clue ticks a turn box and a mistake box."),
    "paper_mistakes_out": N_("With no mistake box left, a bystander ticks an extra turn box instead. If there is no turn box left to tick, the game is lost."),
    "score_duet": N_("Won: 3 points per turn box left, 1 per turn ended by choice after a correct word, −1 if you needed sudden death."),
    "score_paper": N_("+2 per agent found, +10 per turn box left, −5 per mistake, −10 for sudden death. Lost to an assassin: −10 per unticked turn box, per mistake and per agent not found."),
}


def book_texts(lang: str) -> dict[str, str | tuple[str, ...]]:
    """``TEXTS`` said in ``lang``."""
    _ = translation(lang).gettext
    return {k: tuple(_(p) for p in v) if isinstance(v, tuple) else _(v) for k, v in TEXTS.items()}
