"""A game at the table: the engine's state plus what the controls and the bank add.

The session turns control inputs and bank changes into engine actions, journals
every accepted action before anyone sees its result, and keeps each seat's
cursor, menu and notes. The engine stays the source of truth: the bank's
physical token count is compared with what the engine expects (the tokens left,
plus those it spent that the table has not taken yet: the tokens *owed*), and
any difference is shown with what to do, never absorbed.

A turn costs no extra touch (docs/daemon.md): in the duet ruleset the clue is
said aloud and the guesser's first press both records it and guesses, so the
giver never has to dial a number the rules do not use; the giver may still dial
one for the record. The paper ruleset, which caps guesses at the number + 1,
asks the giver for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..config import Game
from ..events import Control, SlotState
from ..rules.actions import (
    Action,
    Clue,
    Guess,
    NothingLeftToGuess,
    Pass,
    SuddenDeath,
    TokensTaken,
    TurnEnded,
)
from ..rules.errors import IllegalAction
from ..rules.game import GameState, apply
from ..rules.gamecode import GameCode
from ..rules.layout import SEATS, Seat, other, seat_index
from ..rules.rating import rated_edition
from ..rules.scoring import score_parts
from ..rules.setup import MAX_CLUE
from ..rules.status import Outcome, Phase
from ..screens.solo_panels import meant_pages
from ..screens.view import (
    LoggedClue,
    Message,
    Role,
    SeatView,
    SoloPanel,
    TeamPanel,
    WordEntry,
)
from .campaign_table import Result
from .clue_entry import ClueEntry
from .code_entry import CodeEntry, NameEntry
from .commands import Command, CreateTeam, LoadGame, NewGame, SetBrightness, SetLanguage
from .diagnostics import DiagnosticsScreen
from .menu import STANDARD, Campaigns, Menu, Settings
from .solo import ClueRefused, SoloGame
from .storage import StorageError
from .views import may_guess, seat_role, seat_view

# The after-game pages a seat's knob turns through; the last two after a team's game.
OWN_KEY, PARTNER_KEY, TEAM_RECORD, CLUE_LOG = range(4)


class Session:
    """One game at the table: the engine's state, each seat's cursor, menu and
    notes, and the bank as the sensors see it. What the daemon must do (start a
    game, print, change the language) leaves as typed commands (``take_commands``)."""

    def __init__(
        self,
        state: GameState,
        commit: Callable[[Action, GameState], None],
        sensed_bank: bool = False,
        settings: Settings | None = None,
        printer: bool = False,
        seat_link: Callable[[str], str] | None = None,
        bank_slots: int = 12,
        missions: tuple[tuple[str, str], ...] = ((STANDARD, STANDARD),),
        legend: bool = False,
        campaign: Campaigns | None = None,
        solo: SoloGame | None = None,
        solo_offered: bool = False,
        touch: bool = False,
    ) -> None:
        """``legend``: open with the symbols' legend on both screens (a first start);
        ``solo``: a solo game, the AI in one seat (app/solo.py); ``solo_offered``:
        the menu offers solo games (an AI partner can be loaded); ``touch``: the table
        senses its word cards (card_touched), and the screens say to touch them."""
        self.state = state
        self._commit = commit
        self.sensed_bank = sensed_bank
        self.touch = touch
        # Each seat's cursor, a cell in its own reading order; None: off the cards,
        # where a press guesses nothing. It starts there in every new session (a new
        # game, a restart) and goes back there when a turn ends (docs/screens.md).
        self.cursor: dict[Seat, int | None] = {"A": None, "B": None}
        self.dial: dict[Seat, int | None] = {"A": None, "B": None}  # a clue number dialled
        self.notes: dict[Seat, Message | None] = {"A": None, "B": None}  # said once
        self.owed = 0  # tokens the engine spent that the table has not taken yet
        self.owed_for: tuple[str, str] = ("bystander", "bystander")  # their side, and why
        # Storage (app/storage.py): ``alert`` shows on both seats over everything
        # while actions cannot be saved; ``notice`` where a seat has nothing else to
        # say while the game is played without saving.
        self.alert: Message | None = None
        self.notice: Message | None = None
        self.bank_count: int | None = None  # tokens the sensors see (None: no sensors)
        self.bank_bystanders: int | None = None  # of those, bystander side up (analog only)
        self.bank_faults: tuple[int, ...] = ()  # 1-based slots whose sensor reads a rail
        self.showing_qr: dict[Seat, bool] = {"A": False, "B": False}
        # After a game, the page each seat's knob has turned to (OWN_KEY ... CLUE_LOG).
        self.debrief_page: dict[Seat, int] = {"A": OWN_KEY, "B": OWN_KEY}
        self.legend: dict[Seat, bool] = {"A": legend, "B": legend}
        self.pending_load: GameCode | None = None  # a scanned code waiting for confirmation
        self.settings = settings or Settings.from_config(Game())
        self.has_printer = printer
        self.seat_link = seat_link  # seat -> URL of its phone view, when one is served
        self.bank_slots = bank_slots
        self.missions = missions
        self.showing_link: dict[Seat, bool] = {"A": False, "B": False}
        self.entries: dict[Seat, CodeEntry | None] = {"A": None, "B": None}  # typing a code
        self.names: dict[Seat, NameEntry | None] = {"A": None, "B": None}  # naming a team
        self.campaign: Campaigns | None = campaign
        self.result: Result | None = None  # what the finished game did to its team's map
        self.menus: dict[Seat, Menu | None] = {"A": None, "B": None}
        self.diagnostics: dict[Seat, DiagnosticsScreen | None] = {"A": None, "B": None}
        # The bank as a Diagnostics screen shows it: states, raw readings, analog or not.
        self.bank_now: tuple[tuple[str, ...], tuple[int, ...] | None, bool] = ((), None, False)
        self._outbox: list[Command] = []
        self.solo = solo
        self.solo_offered = solo_offered or solo is not None
        self.clue_entry: ClueEntry | None = None  # the human dialling a clue word
        self.clue_refusal: str | None = None  # why the last clue word was refused
        self.solo_page = 0  # after a solo game: 0 the own key, then what the AI meant

    def take_commands(self) -> list[Command]:
        """What the daemon must do after the last input, oldest first."""
        out, self._outbox = self._outbox, []
        return out

    # ------------------------------------------------------------------ inputs

    def control(self, seat: Seat, kind: Control) -> None:
        if self.pending_load is not None and kind in (Control.PRESS, Control.BACK):
            if kind == Control.PRESS:
                self._outbox.append(LoadGame(self.pending_load))
            self.pending_load = None
            return
        self.notes[seat] = None  # a note is read by the next touch of that seat
        if self.legend[seat]:
            self.legend[seat] = False  # any touch closes the legend...
            if kind != Control.BACK_HOLD:
                return  # ...nothing else: a press there must not guess a card unseen
            # ...and holding back opens the menu, as everywhere else: a new device opens
            # with the legend, and the page's hint says the hold is the menu.
        if self.entries[seat] is not None:
            self._entry(seat, kind)
            return
        if self.clue_entry is not None and self.solo is not None and seat == self.solo.human:
            self._clue_entry(kind)
            return
        if self.names[seat] is not None:
            self._name(seat, kind)
            return
        if self.menus[seat] is not None:
            self._menu(seat, kind)
            return
        screen = self.diagnostics[seat]
        if screen is not None:  # inputs are shown, not played; back closes
            if kind == Control.BACK:
                self.diagnostics[seat] = None
            else:
                screen.input(kind)
            return
        if kind == Control.BACK_HOLD:
            self.menus[seat] = Menu(
                self.settings,
                missions=self.missions,
                campaign=self.campaign,
                printer=self.has_printer,
                phone=self.seat_link is not None,
                max_bank=self.bank_slots,
                solo=self.solo_offered,
            )
            return
        if self.solo is not None and seat == self.solo.ai:
            # Nobody plays the AI's seat: its controls play nothing, and say whose do.
            self.notes[seat] = Message("ai_seat", (self.solo.human,))
            return
        if kind == Control.HOLD:  # this seat's code as a QR on its own display, or back
            self.showing_qr[seat] = not self.showing_qr[seat]
            self.showing_link[seat] = False
            return
        if self.showing_link[seat] or self.showing_qr[seat]:
            self.showing_qr[seat] = self.showing_link[seat] = False
            if kind == Control.BACK:
                return  # back only closes the code
        if self.solo is not None and self._solo_control(self.solo, seat, kind):
            return
        role = seat_role(self.state, seat)
        if kind in (Control.LEFT, Control.RIGHT):
            step = 1 if kind == Control.RIGHT else -1
            if role == Role.OVER:
                self._turn_debrief(seat, step)
            elif role == Role.CLUE:  # the giver dials a number (for the record)
                dialled = self.dial[seat]
                start = 1 if dialled is None else dialled + step
                self.dial[seat] = min(MAX_CLUE, max(0, start))
            elif may_guess(self.state, seat, role):
                self.cursor[seat] = step_cursor(self.cursor[seat], step)
            else:  # not this seat's turn: the cursor stays off the cards
                self._refuse(seat, self._wait_reason(seat))
            return
        if kind == Control.PRESS:
            if role == Role.OVER:
                self._outbox.append(NewGame())
            elif role == Role.CLUE:
                self._give(seat)
            elif may_guess(self.state, seat, role):
                cell = self._cursor_cell(seat)
                if cell is not None and self._guess(seat, cell) and self.solo:
                    self.solo.human_touched()
            else:
                self._refuse(seat, self._wait_reason(seat))
        elif kind == Control.BACK:
            if role != Role.GUESS or self.state.phase != Phase.GUESSING:
                return
            if self.sensed_bank:  # the token leaving the bank is the end of the turn
                self.notes[seat] = Message("end_by_token")
            else:
                self._act(seat, [Pass(seat)])

    def card_touched(self, seat_a_cell: int) -> None:
        """A word card's pad was touched (``seat_a_cell`` in seat A's frame), a touch
        the pads' filter already trusts (hal/card_pads.py). In Duet a touch is the
        guess (docs/screens.md, "Decision: a guess is a touch"): the guess of the seat
        whose turn it is to guess, exactly as its knob and press would make it. Where
        the device cannot tell who touched (the first clue, when either may give;
        sudden death with agents left on both sides), the card is framed on both
        guessers' keys and the guesser's press plays it: one touch more, at most. A
        covered card, a touch while no one may guess, and a touch while the guesser
        has another screen open (the menu, the legend, ...) do nothing."""
        state = self.state
        if state.phase == Phase.OVER or self.pending_load is not None:
            return
        if state.out_of_play(seat_a_cell):  # an agent card or two tokens on it
            return
        guessers = [
            s
            for s in SEATS
            if may_guess(state, s, seat_role(state, s))
            and not (self.solo is not None and s == self.solo.ai)
        ]
        if self.solo is not None and self.solo.ai_guesses(state):
            return  # the AI's touches are played by a press, not by the pads
        if not guessers or any(self._elsewhere(s) for s in guessers):
            return
        for seat in guessers:
            self.cursor[seat] = seat_index(seat_a_cell, seat)
        if len(guessers) > 1:  # who touched? the guesser's press says it
            self.notes = {seat: Message("touched") for seat in guessers}
            return
        seat = guessers[0]
        self.notes[seat] = None
        if self.solo is not None and self._solo_control(self.solo, seat, Control.PRESS):
            return
        if self._guess(seat, seat_a_cell) and self.solo:
            self.solo.human_touched()

    def _elsewhere(self, seat: Seat) -> bool:
        """``seat``'s screen shows something other than its key (a touch there
        would be a guess the player cannot see played)."""
        return bool(
            self.legend[seat]
            or self.menus[seat] is not None
            or self.entries[seat] is not None
            or self.names[seat] is not None
            or self.diagnostics[seat] is not None
            or self.showing_qr[seat]
            or self.showing_link[seat]
            or (self.clue_entry is not None and self.solo is not None and seat == self.solo.human)
        )

    # ------------------------------------------------------------------ solo

    def _solo_control(self, solo: SoloGame, seat: Seat, kind: Control) -> bool:
        """The human's controls where solo mode differs from a game for two; False
        where they work as usual (guessing, and the human's sudden-death touches)."""
        state = self.state
        step = 1 if kind == Control.RIGHT else -1
        if state.phase == Phase.OVER:
            if kind in (Control.LEFT, Control.RIGHT):  # the own key, then what the AI meant
                self.solo_page = (self.solo_page + step) % (1 + len(self._meant_pages()))
                return True
            return False
        if solo.ai_guesses(state):  # each of the AI's touches waits for a press
            if kind == Control.PRESS:
                cell = solo.touch(state)
                if cell is None:  # it stops: the token the table takes ends its turn
                    if self.sensed_bank:
                        self.notes[seat] = Message("end_by_token")
                    else:
                        self._act(seat, [Pass(solo.ai)])
                elif self._act(seat, [Guess(solo.ai, cell)]):
                    solo.touched(self.state)
            return True
        if state.phase == Phase.CLUE and solo.ai_gives(state):
            given = solo.ai_clue(state)
            if given is None or kind != Control.PRESS:
                return given is not None and kind == Control.BACK
            # The first press records the AI's clue and guesses, both or neither.
            cell = self._cursor_cell(seat)
            clue = Clue(solo.ai, given.number, given.word)
            if cell is not None and self._act(seat, [clue, Guess(seat, cell)]):
                solo.clue_given(state, given)
            return True
        if state.phase == Phase.CLUE:  # the human's clue: a word, then its number
            if solo.word is None:
                if kind == Control.PRESS:
                    self.clue_entry = ClueEntry(solo.lang, solo.partner.complete)
                    self.clue_refusal = None
                return True
            if kind in (Control.LEFT, Control.RIGHT):
                now = self.dial[seat]
                self.dial[seat] = min(MAX_CLUE, max(0, (1 if now is None else now + step)))
            elif kind == Control.PRESS:
                word, number = solo.word, self.dial[seat]
                number = 1 if number is None else number
                if self._act(seat, [Clue(seat, number, word)]):
                    solo.human_gave(self.state, word, number)
            elif kind == Control.BACK:  # another word
                solo.word = None
                self.dial[seat] = None
            return True
        return False

    def _clue_entry(self, kind: Control) -> None:
        entry, solo = self.clue_entry, self.solo
        assert entry is not None and solo is not None
        offered: str | None = None
        if kind in (Control.LEFT, Control.RIGHT):
            entry.turn(1 if kind == Control.RIGHT else -1)
        elif kind == Control.PRESS:
            offered = entry.press()
        elif kind == Control.HOLD:
            offered = entry.typed or None
        elif kind == Control.BACK:
            if not entry.back():
                self.clue_entry = None
        elif kind == Control.BACK_HOLD:
            self.clue_entry = None
        if offered is None:
            return
        self.offer_clue(offered)

    def offer_clue(self, text: str) -> str | None:
        """The human offers ``text`` as its clue word (dialled, or typed on a page):
        None when taken (the number comes next), else why it was refused (a reason
        code, shown with it). A refused word costs nothing."""
        solo = self.solo
        state = self.state
        if solo is None or state.phase != Phase.CLUE or solo.ai_gives(state):
            return "not_your_clue"
        try:
            word = solo.check(state, text)
        except ClueRefused as exc:
            self.clue_refusal = exc.reason
            return exc.reason
        self.clue_entry, self.clue_refusal = None, None
        solo.word = word
        self.dial[solo.human] = 1
        return None

    def typed_clue(self, word: str, number: int) -> str | None:
        """The human's whole clue typed on a page: given at once, or why not (a
        reason code: CLUE_REFUSALS in screens/reasons.py, or a rules refusal)."""
        if not 0 <= number <= MAX_CLUE:
            return "clue_number"
        refusal = self.offer_clue(word)
        if refusal is not None:
            return refusal
        solo = self.solo
        assert solo is not None and solo.word is not None
        human, word = solo.human, solo.word
        if not self._act(human, [Clue(human, number, word)]):
            note = self.notes[human]
            return str(note.args[0]) if note is not None and note.args else "not_allowed"
        solo.human_gave(self.state, word, number)
        return None

    def _meant_pages(self) -> list[SoloPanel]:
        """What the AI meant by its clues, after the game: a page per few clues."""
        solo = self.solo
        if solo is None or not solo.meant:
            return []
        clues = tuple((m.word, m.number, m.targets) for m in solo.meant)
        pages = meant_pages(clues)  # as many clues a page as the mono panel shows whole
        return [SoloPanel("meant", page, n, len(pages)) for n, page in enumerate(pages)]

    def _solo_message(self, seat: Seat) -> Message | None:
        """What the human must do for the AI: touch a card, or end its turn."""
        solo = self.solo
        if solo is None or seat != solo.human or not solo.ai_guesses(self.state):
            return None
        cell = solo.touch(self.state)
        if cell is None:
            return Message("ai_stops", (self.sensed_bank,))
        role = self.state.layout.role(cell, solo.human)
        what = {"G": "agent", "B": "assassin"}.get(role, "bystander")
        state = self.state
        if what == "bystander" and state.phase == Phase.SUDDEN_DEATH and not state.ignores_left:
            what = "bystander_lost"  # in sudden death a bystander ends the game
        return Message("ai_touch", (solo.words[cell], what))

    def _solo_view(self, solo: SoloGame, seat: Seat, view: SeatView) -> SeatView:
        """A seat's view in solo mode: the AI's seat a text screen, never a key; the
        human's key with the clue's word, the AI's touch under the cursor."""
        state = self.state
        if seat == solo.ai:
            over = state.phase == Phase.OVER
            clues = tuple((m.word, m.number, m.targets if over else ()) for m in solo.meant)
            waiting = solo.ai_clue(state)  # on the human's screen already, not yet recorded
            if waiting is not None:
                clues += ((waiting.word, waiting.number, ()),)
            return replace(view, panel=SoloPanel("ai_seat", clues), cursor=None)
        if view.hint == "sudden_either":  # the AI's seat never touches: a touch is the human's
            view = replace(view, hint="sudden")
        if state.phase == Phase.OVER:
            pages = self._meant_pages()
            if 0 < self.solo_page <= len(pages):
                return replace(view, panel=pages[self.solo_page - 1], debrief=False)
            return replace(view, debrief=False, hint="over_solo")
        if self.clue_entry is not None:
            return replace(view, word_entry=self._entry_view(self.clue_entry))
        changes: dict = {}
        if state.phase == Phase.CLUE and solo.ai_gives(state):
            given = solo.ai_clue(state)
            if given is not None:
                changes = {
                    "clue": given.number,
                    "clue_word": given.word,
                    "clue_by": "ai",
                    "hint": "solo_guess",
                }
        elif state.phase == Phase.CLUE:
            if solo.word is None:
                changes = {"hint": "solo_word"}
            else:
                changes = {"clue_word": solo.word, "clue_by": "you", "hint": "solo_number"}
        elif state.phase == Phase.GUESSING and state.clue_word:
            by = "ai" if state.giver == solo.ai else "you"
            changes = {"clue_word": state.clue_word, "clue_by": by}
        if solo.ai_guesses(state):
            cell = solo.touch(state)
            changes["hint"] = "solo_confirm"
            changes["cursor"] = None if cell is None else seat_index(cell, seat)
        elif view.cursor is not None:  # the human's cursor, on a word the table knows
            changes["cursor_word"] = solo.words[seat_index(view.cursor, seat)]
        return replace(view, **changes)

    def _entry_view(self, entry: ClueEntry) -> WordEntry:
        """The clue entry as its screen shows it: a window of the ring around the encoder."""
        items, here = entry.items(), entry.item
        words = tuple(it.text for it in items if it.kind == "word")
        others = [it for it in items if it.kind != "word"]
        at = others.index(here) if here in others else None
        centre = at if at is not None else 0
        start = max(0, min(centre - 3, len(others) - 7))
        window = others[start : start + 7]
        return WordEntry(
            typed=entry.typed,
            letters=tuple(it.text for it in window),
            letter_at=None if at is None else at - start,
            words=words,
            word_at=words.index(here.text) if here.kind == "word" else None,
            refusal=self.clue_refusal,
        )

    def _turn_debrief(self, seat: Seat, step: int) -> None:
        """After a game the knob turns through this seat's key, the partner's key
        and, after a team's game, the team's record (and back the other way)."""
        pages = PARTNER_KEY + 1
        if self.result is not None:
            pages = (CLUE_LOG if self.result.clues else TEAM_RECORD) + 1
        self.debrief_page[seat] = (self.debrief_page[seat] + step) % pages

    def _give(self, seat: Seat) -> None:
        """The giver records the clue (its number, when dialled)."""
        number = self.dial[seat]
        if number is None and self.state.rules.ruleset == "paper":
            self.dial[seat] = 1
            self.notes[seat] = Message("dial_number")
            return
        self._act(seat, [Clue(seat, number)])

    def _guess(self, seat: Seat, cell: int) -> bool:
        """A guess; in the clue phase it also records the clue the partner said."""
        actions: list[Action] = [Guess(seat, cell)]
        if self.state.phase == Phase.CLUE:
            giver = other(seat)
            actions.insert(0, Clue(giver, self.dial[giver]))
        return self._act(seat, actions)

    def _cursor_cell(self, seat: Seat) -> int | None:
        """The card under ``seat``'s cursor (in A's frame, as the engine names cells);
        None, with a note saying what to do, when the cursor is off the cards."""
        cursor = self.cursor[seat]
        if cursor is None:
            self.notes[seat] = Message("knob_first")
            return None
        return seat_index(cursor, seat)

    def _wait_reason(self, seat: Seat) -> str:
        """Why this seat may not act now, as a refusal code."""
        state = self.state
        if state.phase == Phase.GUESSING:
            return "not_guesser"
        if state.phase == Phase.CLUE and state.can_give_clue(other(seat)):
            return "wait_for_number"  # paper: the partner dials the clue first
        return "nothing_left"

    def bank(
        self, present_count: int, bystander_up: int | None = None, faults: tuple[int, ...] = ()
    ) -> None:
        """The sensors' debounced bank changed: tokens in it, how many bystander side
        up (None when the sensors cannot tell), slots whose sensor is faulty (the
        fields of a ``BankReading``)."""
        before = self.bank_count
        now = (present_count, bystander_up, faults)
        if now != (before, self.bank_bystanders, self.bank_faults):
            # The table moved on: what the last touch was told is no longer news.
            self.notes = {"A": None, "B": None}
        self.bank_count = present_count
        self.bank_bystanders = bystander_up
        self.bank_faults = faults
        if before is None or present_count != before - 1 or self.diagnosing:
            return  # the first reading, not one token taken, or a slot tested: the views compare
        state = self.state
        if before != state.tokens_left + self.owed:
            return  # the bank was already off: a token back where it belongs, say
        guesser = state.guesser
        can_pass = state.phase == Phase.GUESSING and guesser is not None and state.correct > 0
        if self.owed:
            self.owed -= 1
            if can_pass:  # never silently: the screens say what the token counted as
                self.notes = {seat: Message("counted_owed", (self.owed_for[1],)) for seat in SEATS}
        elif can_pass:
            assert guesser is not None
            self._act(guesser, [Pass(guesser)])

    def owed_since(self, spent: TokensTaken | None) -> None:
        """After a restart: ``spent`` (what the last move made the table take) is
        still owed if the bank holds those tokens yet; the power went before the
        table took them, and the owed count lives only in memory."""
        if spent is None or not self.sensed_bank or self.bank_count is None:
            return
        if self.bank_count == self.state.tokens_left + spent.count:
            self.owed, self.owed_for = spent.count, (spent.side, spent.why)

    @property
    def diagnosing(self) -> bool:
        """A seat has its Diagnostics screen open (the daemon reads the bank for it)."""
        return any(screen is not None for screen in self.diagnostics.values())

    def bank_readings(self, levels: list[SlotState], raw: list[int] | None, analog: bool) -> None:
        """What each bank slot reads now, for the Diagnostics screens (None: no answer)."""
        self.bank_now = (tuple(levels), None if raw is None else tuple(raw), analog)

    def _menu(self, seat: Seat, kind: Control) -> None:
        menu = self.menus[seat]
        assert menu is not None
        if kind in (Control.BACK, Control.BACK_HOLD):
            self.menus[seat] = None
            return
        if kind in (Control.LEFT, Control.RIGHT):
            menu.turn(1 if kind == Control.RIGHT else -1)
            return
        chosen = menu.press() if kind == Control.PRESS else menu.hold()
        if chosen is None:
            return
        if isinstance(chosen, str):  # a screen of this seat's own
            self.menus[seat] = None
            if chosen == "show_qr":  # never the AI's seat code
                self.showing_qr[seat] = self.solo is None or seat == self.solo.human
            elif chosen == "phone_link":
                self.showing_link[seat] = True
            elif chosen == "legend":
                self.legend[seat] = True
            elif chosen == "name_team":
                assert self.campaign is not None
                suggestion = self.campaign.suggestion()
                self.names[seat] = NameEntry(typed=suggestion, edition=self.settings.edition)
            elif chosen == "diagnostics":
                self.diagnostics[seat] = DiagnosticsScreen()
            else:
                self.entries[seat] = CodeEntry()
            return
        if isinstance(chosen, SetLanguage | SetBrightness):
            self._outbox.append(chosen)  # the menu stays open: the change shows at once
            return
        self.menus[seat] = None  # the rest close the menu
        self._outbox.append(chosen)

    def _entry(self, seat: Seat, kind: Control) -> None:
        """The game-code entry: a hold loads the code, as if scanned (it asks first
        mid-game)."""
        entry = self.entries[seat]
        assert entry is not None
        if self._typed(entry, kind):
            self.entries[seat] = None
        if kind == Control.HOLD:
            self.scan(entry.text())

    def _name(self, seat: Seat, kind: Control) -> None:
        """The new team's name: a hold creates the team, once a name is typed."""
        entry = self.names[seat]
        assert entry is not None
        if kind == Control.HOLD:
            if entry.typed.strip():
                self.names[seat] = None
                self._outbox.append(CreateTeam(entry.typed.strip(), entry.edition))
        elif self._typed(entry, kind):
            self.names[seat] = None

    @staticmethod
    def _typed(entry: CodeEntry | NameEntry, kind: Control) -> bool:
        """A knob's input to a dialled entry; True when it closes the entry (back
        past its first letter, a long back, or a hold that offers it)."""
        if kind in (Control.LEFT, Control.RIGHT):
            entry.turn(1 if kind == Control.RIGHT else -1)
        elif kind == Control.PRESS:
            entry.add()
        elif kind == Control.BACK:
            return not entry.delete()
        return kind in (Control.BACK_HOLD, Control.HOLD)

    def scan(self, text: str) -> None:
        """A game code came from the scanner: load it, asking first mid-game."""
        from ..rules.gamecode import GameCodeError, decode

        try:
            code = decode(text)
        except GameCodeError as exc:
            self.refused_scan(exc.reason)
            return
        if code.layout is None:
            self.refused_scan("seat_code")
            return
        if self.state.turns and self.state.phase != Phase.OVER:
            self.pending_load = code
        else:
            self._outbox.append(LoadGame(code))

    def refused_scan(self, why: str) -> None:
        """``why``: a reason code (SCAN_REASONS in screens/reasons.py)."""
        self.notes = {s: Message("scan_refused", (why,)) for s in SEATS}

    def printer(self, ok: bool, error: str | None) -> None:
        """``error``: the failure's reason code (PRINTER_REASONS in screens/reasons.py)."""
        note = Message("printed") if ok else Message("print_failed", (error,))
        self.notes = {s: note for s in SEATS}

    # ------------------------------------------------------------------ engine

    def _refuse(self, seat: Seat, reason: str) -> None:
        self.notes[seat] = Message("refused", (reason,))

    def _act(self, seat: Seat, actions: list[Action]) -> bool:
        """Apply ``actions`` together: all of them, or (refused) none."""
        if self.owed and any(isinstance(action, Clue) for action in actions):
            # No turn begins while the last one's token is still owed: the table
            # marks the word first, so the bank and the game never part.
            self._refuse(seat, "token_owed")
            return False
        state, events, steps = self.state, [], []
        try:
            for action in actions:
                state, new = apply(state, action)
                steps.append((action, state, new))
                events += new
        except IllegalAction as exc:  # the screen says why, in the table's language
            self._refuse(seat, exc.reason)
            return False
        played = self.state
        try:
            for action, after, _ in steps:
                self._commit(action, after)  # on disk before anyone sees it
                played = after
        except StorageError as exc:  # not saved, so not played: both displays say why
            self.alert = Message("not_saved", (exc.reason,))
            self.state = played  # what was saved before the failure stands
            return False
        self.alert = None
        self.state = state
        self.notes = {"A": None, "B": None}
        for done in SEATS:
            if self.dial[done] is not None and state.phase != Phase.CLUE:
                self.dial[done] = None  # a clue was given: the next one starts afresh
        for event in events:
            self._tell(event)
        if any(isinstance(event, TurnEnded | SuddenDeath) for event in events):
            # A new turn starts with both cursors off the cards: a press meant to
            # wake the table, or a knob turned out of turn, guesses nothing.
            self.cursor = {"A": None, "B": None}
        if self.solo is not None and state.phase != Phase.GUESSING:
            self.solo.turn_over()  # the turn is over (or the game): its touches are done
        return True

    def _tell(self, event: object) -> None:
        if isinstance(event, TokensTaken):
            # A pass was the token leaving the bank, and the win's token stays put:
            # everything else the engine spends, the table must take (sensed bank).
            if self.sensed_bank and event.why not in ("pass", "win"):
                self.owed += event.count
                self.owed_for = (event.side, event.why)
            elif not self.sensed_bank and event.why in ("bystander", "penalty", "mark"):
                note = Message("take", (event.count, event.side, event.why, self._sided))
                self.notes = {seat: note for seat in SEATS}
        elif isinstance(event, NothingLeftToGuess):
            self.notes[event.seat] = Message("nothing_left")

    # ------------------------------------------------------------------ output

    def message(self, seat: Seat) -> Message | None:
        """What this seat's screen tells the players first, if anything."""
        if self.alert is not None:  # moves are not being saved: nothing matters more
            return self.alert
        state = self.state
        if state.phase == Phase.OVER:
            r = self.result
            parts = score_parts(state) or ()
            if r is not None and state.outcome == Outcome.WON:
                score = state.score or 0
                return Message("won_mission", (score, r.mission, r.completed, r.opened, parts))
            if r is not None:
                return Message("lost_mission", (state.reason or "", r.mission, r.tries))
            if state.outcome == Outcome.WON:
                # The winning turn spends a token the table leaves in the bank; the
                # edition whose rulebook rates the win (its standard game).
                win_token = not state.went_to_sudden_death and state.rules.ruleset == "duet"
                edition = rated_edition(state.rules)
                return Message("won", (state.score or 0, parts, win_token, edition))
            return Message("lost", (state.reason or "",))
        if self.pending_load is not None:
            return Message("load_confirm")
        # The answer to this seat's last touch comes first, when it is given (a
        # refusal said only once the bank is right again would come too late); the
        # next touch or a change in the bank takes it away.
        return self.notes[seat] or self._bank_message() or self._solo_message(seat) or self.notice

    @property
    def _sided(self) -> bool:
        """The game's tokens differ in their sides (a mission): screens say which is up."""
        rules = self.state.rules
        return rules.bystander_tokens < rules.tokens

    @property
    def messages(self) -> dict[Seat, Message | None]:
        return {seat: self.message(seat) for seat in SEATS}

    @property
    def tokens_owed(self) -> int:
        return self.owed

    @property
    def bank_needs(self) -> Message | None:
        """What the table must do for the bank to match the engine, whatever a screen
        shows over it (read-only: the simulator's status line says it too)."""
        return self._bank_message()

    def _bank_message(self) -> Message | None:
        """What the table must do for the bank to match the engine, if anything."""
        if self.bank_count is None:
            return None
        if self.bank_faults:
            return Message("sensor_fault", (self.bank_faults[0],))
        state = self.state
        expected = state.tokens_left + self.owed
        if self.bank_count < expected:
            early = state.phase == Phase.GUESSING and state.correct == 0
            return Message("missing", (expected - self.bank_count, "too_early" if early else ""))
        if self.bank_count > expected:
            return Message("extra", (self.bank_count - expected,))
        if self.owed:
            side, why = self.owed_for
            return Message("take", (self.owed, side, why, self._sided))
        # Sides matter only in missions, and only once no token is still owed.
        rules = state.rules
        if self.bank_bystanders is None or rules.bystander_tokens >= rules.tokens:
            return None
        wrong = self.bank_bystanders - state.bystander_left
        if wrong > 0:
            return Message("flip", (wrong, "checkmark"))
        if wrong < 0:
            return Message("flip", (-wrong, "bystander"))
        return None

    def views(self) -> dict[Seat, SeatView]:
        out: dict[Seat, SeatView] = {}
        for seat in SEATS:
            page = self.debrief_page[seat]
            debrief = page == PARTNER_KEY and self.state.phase == Phase.OVER
            view = seat_view(
                self.state,
                seat,
                self.cursor[seat],
                self.message(seat),
                debrief,
                dial=self.dial[seat],
                sensed=self.sensed_bank,
                blind=self.solo is not None and seat == self.solo.ai,
            )
            if self.touch:
                view = replace(view, touch=True)
            mission = dict(self.missions).get(self.state.rules.mission or "")
            if mission:
                view = replace(view, mission_name=mission)
            if self.solo is not None:
                view = self._solo_view(self.solo, seat, view)
            elif self.result is not None and self.state.phase == Phase.OVER:
                r = self.result
                if page in (TEAM_RECORD, CLUE_LOG):
                    clues = tuple(
                        LoggedClue(c.giver, c.number, c.word, c.second_number, c.second_word)
                        for c in r.clues
                    )
                    team = TeamPanel(
                        r.team,
                        r.games,
                        r.wins,
                        r.mission,
                        r.best,
                        r.tries,
                        clues,
                        "clues" if page == CLUE_LOG else "record",
                    )
                    view = replace(view, team=team, cursor=None)
                elif debrief:  # the knob goes on to the team's record
                    view = replace(view, hint="over_team")
            menu, entry = self.menus[seat], self.entries[seat]
            if self.legend[seat]:
                view = replace(view, legend=True)
            elif menu is not None:
                view = replace(
                    view,
                    menu=tuple(menu.lines()),
                    menu_index=menu.index,
                    menu_armed=menu.armed is not None,
                )
            elif entry is not None:
                view = replace(view, entry=entry.shown(), entry_next=entry.symbol)
            elif (name := self.names[seat]) is not None:
                view = replace(view, entry=name.shown(), entry_next=name.symbol, entry_kind="name")
            elif (screen := self.diagnostics[seat]) is not None:
                view = replace(view, diagnostics=screen.view(*self.bank_now))
            elif self.showing_qr[seat]:
                view = replace(view, qr=self.qr_text(seat))
            elif self.showing_link[seat] and self.seat_link is not None:
                view = replace(view, qr=self.seat_link(seat))
            out[seat] = view
        return out

    def qr_text(self, seat: Seat) -> str:
        """During play a seat's own side only; the whole game once it is over."""
        from ..rules.gamecode import encode, for_seat

        code = GameCode(self.state.rules, layout=self.state.layout)
        if self.solo is not None:  # the AI's side reaches no screen, not even as a code
            return encode(for_seat(code, self.solo.human))
        return encode(code if self.state.phase == Phase.OVER else for_seat(code, seat))


def step_cursor(cursor: int | None, step: int) -> int | None:
    """One detent of a cursor through the 25 cards and the place off them: off the
    cards, right goes to the first card and left to the last, and past either end
    the cursor leaves the cards again."""
    ring = [None, *range(25)]
    return ring[(ring.index(cursor) + step) % len(ring)]
