"""A game at the table: the engine's state plus what the controls and the bank add.

The session turns control inputs and bank changes into engine actions, journals
every accepted action before anyone sees its result, and keeps each seat's
cursor and message. The engine stays the source of truth: the bank's physical
token count is compared with what the engine expects, and any difference is
shown as a discrepancy with what to do, never absorbed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..config import Game
from ..events import Control
from ..rules.actions import (
    Action,
    Clue,
    GameOver,
    Guess,
    NothingLeftToGuess,
    Pass,
    SuddenDeath,
    TokensTaken,
)
from ..rules.errors import IllegalAction
from ..rules.game import GameState, apply
from ..rules.gamecode import GameCode
from ..rules.layout import SEATS, Seat, seat_index
from ..rules.status import Outcome, Phase
from ..screens.view import Message, Role, SeatView
from .code_entry import CodeEntry
from .commands import Command, LoadGame, NewGame, SetBrightness, SetLanguage
from .menu import STANDARD, Menu, Settings
from .views import seat_view


class Session:
    """One game at the table: the engine's state, each seat's cursor, menu and
    message, and the bank as the sensors see it. What the daemon must do (start a
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
    ) -> None:
        self.state = state
        self._commit = commit
        self.sensed_bank = sensed_bank
        self.cursor = {"A": 12, "B": 12}
        self.clue_number = {"A": 1, "B": 1}
        self.messages: dict[str, Message | None] = {"A": None, "B": None}
        self.to_take = 0  # tokens the engine spent that are still in the bank
        self.bank_count: int | None = None  # tokens the sensors see (None: no sensors)
        self.bank_bystanders: int | None = None  # of those, bystander side up (analog only)
        self.bank_faults: tuple[int, ...] = ()  # 1-based slots whose sensor reads a rail
        self.showing_qr = {"A": False, "B": False}
        self.debrief = {"A": False, "B": False}  # after the game: showing the partner's key
        self.pending_load: GameCode | None = None  # a scanned code waiting for confirmation
        self.settings = settings or Settings.from_config(Game())
        self.has_printer = printer
        self.seat_link = seat_link  # seat -> URL of its phone view, when one is served
        self.bank_slots = bank_slots
        self.missions = missions
        self.showing_link = {"A": False, "B": False}
        self.entries: dict[str, CodeEntry | None] = {"A": None, "B": None}  # typing a code
        self.menus: dict[str, Menu | None] = {"A": None, "B": None}
        self._outbox: list[Command] = []

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
            self.messages = {"A": None, "B": None}
            return
        if self.entries[seat] is not None:
            self._entry(seat, kind)
            return
        if self.menus[seat] is not None:
            self._menu(seat, kind)
            return
        if kind == Control.BACK_HOLD:
            self.menus[seat] = Menu(
                self.settings,
                missions=self.missions,
                printer=self.has_printer,
                phone=self.seat_link is not None,
                max_bank=self.bank_slots,
            )
            return
        if kind == Control.HOLD:  # this seat's code as a QR on its own display, or back
            self.showing_qr[seat] = not self.showing_qr[seat]
            self.showing_link[seat] = False
            return
        if self.showing_link[seat] or self.showing_qr[seat]:
            self.showing_qr[seat] = self.showing_link[seat] = False
            if kind == Control.BACK:
                return  # back only closes the code
        view = seat_view(self.state, seat)
        if kind in (Control.LEFT, Control.RIGHT):
            step = 1 if kind == Control.RIGHT else -1
            if view.role == Role.OVER:
                self.debrief[seat] = not self.debrief[seat]
            elif view.role == Role.CLUE:
                self.clue_number[seat] = min(9, max(0, self.clue_number[seat] + step))
                self.messages[seat] = Message("clue_number", (self.clue_number[seat],))
            else:
                self.cursor[seat] = (self.cursor[seat] + step) % 25
            return
        if kind == Control.PRESS:
            if view.role == Role.OVER:
                self._outbox.append(NewGame())
            elif view.role == Role.CLUE:
                self._act(seat, Clue(seat, self.clue_number[seat]))
            else:
                cell = seat_index(self.cursor[seat], seat)
                self._act(seat, Guess(seat, cell))
        elif kind == Control.BACK:
            if self.sensed_bank and view.role == Role.GUESS:
                self.messages[seat] = Message("take_token", ("checkmark",))
            else:
                self._act(seat, Pass(seat))

    def bank(
        self, present_count: int, bystander_up: int | None = None, faults: tuple[int, ...] = ()
    ) -> None:
        """The sensors' debounced bank changed: tokens in it, how many bystander side
        up (None when the sensors cannot tell), slots whose sensor is faulty (the
        fields of a ``BankReading``)."""
        before = self.bank_count
        self.bank_count = present_count
        self.bank_bystanders = bystander_up
        self.bank_faults = faults
        expected = self.state.tokens_left + self.to_take
        if before is not None and present_count == before - 1:
            if self.to_take:
                self.to_take -= 1
            elif present_count == expected - 1 and self.state.phase == Phase.GUESSING:
                guesser = self.state.guesser
                if guesser and self.state.correct:
                    self._act(guesser, Pass(guesser))
        self._show_discrepancy()

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
            if chosen == "show_qr":
                self.showing_qr[seat] = True
            elif chosen == "phone_link":
                self.showing_link[seat] = True
            else:
                self.entries[seat] = CodeEntry()
            return
        if isinstance(chosen, SetLanguage | SetBrightness):
            self._outbox.append(chosen)  # the menu stays open: the change shows at once
            return
        self.menus[seat] = None  # the rest close the menu
        self._outbox.append(chosen)

    def _entry(self, seat: Seat, kind: Control) -> None:
        entry = self.entries[seat]
        assert entry is not None
        if kind in (Control.LEFT, Control.RIGHT):
            entry.turn(1 if kind == Control.RIGHT else -1)
        elif kind == Control.PRESS:
            entry.add()
        elif kind == Control.BACK:
            if not entry.delete():
                self.entries[seat] = None
        elif kind == Control.BACK_HOLD:
            self.entries[seat] = None
        elif kind == Control.HOLD:  # load it, as if scanned (asks first mid-game)
            self.entries[seat] = None
            self.scan(entry.text())

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
            self.messages = {s: Message("load_confirm") for s in SEATS}
        else:
            self._outbox.append(LoadGame(code))

    def refused_scan(self, why: str) -> None:
        """``why``: a reason code (SCAN_REASONS in screens/keyscreen.py)."""
        self.messages = {s: Message("scan_refused", (why,)) for s in SEATS}

    def printer(self, ok: bool, error: str | None) -> None:
        """``error``: the failure's reason code (PRINTER_REASONS in screens/keyscreen.py)."""
        for seat in SEATS:
            self.messages[seat] = Message("printed") if ok else Message("print_failed", (error,))

    # ------------------------------------------------------------------ engine

    def _act(self, seat: Seat, action: Action) -> bool:
        try:
            new, events = apply(self.state, action)
        except IllegalAction as exc:  # the screen says why, in the table's language
            self.messages[seat] = Message("refused", (exc.reason,))
            return False
        self._commit(action, new)  # on disk before anyone sees it
        self.state = new
        self.messages = {"A": None, "B": None}
        for event in events:
            self._tell(event)
        self._show_discrepancy()
        return True

    def _tell(self, event) -> None:
        if isinstance(event, TokensTaken):
            if self.sensed_bank and event.why in ("bystander", "penalty", "cap"):
                self.to_take += event.count
            if event.why == "bystander":
                kind = "take_two" if event.count == 2 else "take_token"
                for seat in SEATS:
                    self.messages[seat] = Message(kind, (event.side,))
        elif isinstance(event, NothingLeftToGuess):
            self.messages[event.seat] = Message("nothing_left")
        elif isinstance(event, SuddenDeath):
            for seat in SEATS:
                self.messages[seat] = Message("sudden_death")
        elif isinstance(event, GameOver):
            for seat in SEATS:
                if event.outcome == Outcome.WON:
                    self.messages[seat] = Message("won", (event.score or 0,))
                else:
                    self.messages[seat] = Message("lost", (event.reason or "",))

    def _show_discrepancy(self) -> None:
        if self.bank_count is None or self.state.phase == Phase.OVER:
            return
        kinds = ("unexpected_take", "put_back", "flip", "sensor_fault")
        message = self._bank_message()
        if message is None:
            if any(m and m.kind in kinds for m in self.messages.values()):
                self.messages = {"A": None, "B": None}
            return
        self.messages = {seat: message for seat in SEATS}

    def _bank_message(self) -> Message | None:
        """What the table must do for the bank to match the engine, if anything."""
        if self.bank_faults:
            return Message("sensor_fault", (self.bank_faults[0],))
        expected = self.state.tokens_left + self.to_take
        if self.bank_count is None:
            return None
        if self.bank_count < expected:
            return Message("unexpected_take", (expected - self.bank_count,))
        if self.bank_count > expected:
            return Message("put_back", (self.bank_count - expected,))
        # Sides matter only in missions, and only once no token is still owed.
        rules = self.state.rules
        if self.bank_bystanders is None or self.to_take or rules.bystander_tokens >= rules.tokens:
            return None
        wrong = self.bank_bystanders - self.state.bystander_left
        if wrong > 0:
            return Message("flip", (wrong, "checkmark"))
        if wrong < 0:
            return Message("flip", (-wrong, "bystander"))
        return None

    # ------------------------------------------------------------------ output

    def views(self) -> dict[Seat, SeatView]:
        out: dict[Seat, SeatView] = {}
        for seat in SEATS:
            debrief = self.debrief[seat] and self.state.phase == Phase.OVER
            view = seat_view(self.state, seat, self.cursor[seat], self.messages[seat], debrief)
            menu, entry = self.menus[seat], self.entries[seat]
            if menu is not None:
                view = replace(
                    view,
                    menu=tuple(menu.lines()),
                    menu_index=menu.index,
                    menu_armed=menu.armed is not None,
                )
            elif entry is not None:
                view = replace(view, entry=entry.shown(), entry_next=entry.symbol)
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
        return encode(code if self.state.phase == Phase.OVER else for_seat(code, seat))
