"""The daemon: one event queue, one loop thread, hardware on the edges.

    pin edge / serial line -> adapter -> queue -> session -> rules
        -> journal (committed) -> SeatView per seat -> screens -> displays (changes only)

The loop knows the hardware only through its ports (``keystand.ports``), built
in one place by ``keystand.hardware.create_hardware``; whether the pins are a
Pi's or the simulator's is decided there, below the adapters, never here.

Besides events, the loop wakes for three kinds of unfinished business: a bank
edge settling, a panel whose last frame did not reach it (retried with backoff
until it does), and storage that failed (probed until it works, see
``app/storage.py``). A stop request is seen before the next queued event, so
SIGTERM ends the loop within one event's handling, however long the queue.
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import signal
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..config import DeviceConfig, user_mission_maps
from ..events import (
    Barrier,
    CardTouch,
    ControlInput,
    Dump,
    PrintResult,
    ScanRefused,
    ScanText,
    ScanWaiting,
    SlotEdge,
    Stop,
    TypedClue,
)
from ..hardware import Backend, Hardware, create_hardware
from ..rules.actions import Action
from ..rules.game import GameState, new_game
from ..rules.gamecode import GameCode
from ..rules.keygen import random_layout
from ..rules.layout import SEATS, Seat, cell_name, seat_index
from ..rules.missions import load_book, make_rules
from ..rules.report import summary
from ..rules.setup import Rules
from ..rules.status import Phase
from ..screens.render import render, screen_lines
from ..screens.view import Message, SeatView
from .campaign_table import CampaignStoreError, TableCampaign
from .commands import (
    Command,
    CreateTeam,
    LoadGame,
    NewGame,
    PowerOff,
    PrintSlip,
    SetBrightness,
    SetLanguage,
)
from .debounce import SlotFilter
from .journal import Game, action_to_json
from .menu import STANDARD, Settings, mission_choices
from .session import Session
from .solo import Partner, PartnerLoader, Plan, SoloGame, SoloSetup
from .storage import Storage, StorageError, reason_of

log = logging.getLogger("keystand")
# Each action's acknowledgement, a line a second on a busy table: its own logger, so
# that `keystand simulate`'s terminal can leave it out and journald keeps it.
ack_log = logging.getLogger("keystand.ack")
POLL = 0.05  # seconds between debounce ticks while a bank edge is settling
RETRY_FIRST = 0.05  # a panel that missed a frame: first retry on the next tick
RETRY_MAX = 2.0  # then backing off to one attempt every this many seconds
DIAGNOSTICS_POLL = 0.25  # seconds between bank readings while a Diagnostics screen is open


class Daemon:
    """Runs the table: takes events off the queue, plays them, journals, draws."""

    def __init__(
        self,
        hardware: Hardware,
        storage: Storage,
        events: queue.Queue,
        settings: Settings,
        *,
        key: str | None = None,
        seat_link: Callable[[str], str] | None = None,
        missions: tuple[tuple[str, str], ...] = ((STANDARD, STANDARD),),
        campaign: TableCampaign | None = None,
        partner: PartnerLoader | None = None,
    ) -> None:
        """``events`` is the queue the hardware posts to; ``settings`` the menu's
        choices (carried over from another daemon by the simulator's panel switch);
        ``key`` the first new game's key code; ``seat_link(seat)`` a seat's phone
        link when a web server shows seat views, for the menu's "Phone link";
        ``partner(lang, level)`` loads an AI partner for solo games (app/solo.py;
        without it the menu offers none)."""
        from ..screens import text

        self.hardware = hardware
        self.config: DeviceConfig = hardware.config
        self.storage = storage
        self.queue = events
        self.settings = settings
        self.seat_link = seat_link
        self.missions = missions
        self.campaign = campaign  # the state folder's teams (None: they cannot be kept)
        self.partner = partner
        self._partners: dict[tuple[str, str], Partner] = {}  # loaded once per (lang, level)
        self.resumed: int | None = None  # actions replayed when a game was resumed
        self.last_action: Action | None = None  # the last action committed
        self.key = key
        text.use(settings.language)
        bank = hardware.bank
        self.debounce: SlotFilter | None = None
        if bank is not None:
            # The analog sampler already confirmed each change: no second debounce.
            delay = 0.0 if bank.sided else self.config.bank.debounce_ms / 1000
            self.debounce = SlotFilter(bank.levels(), delay)
        self._shown: dict[str, SeatView] = {}
        self.views: dict[Seat, SeatView] = {}  # each seat's view as the last refresh built it
        self._behind: dict[str, tuple[float, float]] = {}  # seat -> (retry at, next delay)
        self._listeners: list[Callable[[], None]] = []
        self._stopping = threading.Event()
        self._stop_reason = ""
        self._storage_status: tuple[str, str | None] = ("saving", None)
        # The campaign file did not take a write: a note once the move or command
        # is shown, or (a finished game's result) over that game's screens.
        self._team_problem: Message | None = None
        self._team_alert: Message | None = None
        self.session = self._resume()
        self._sync_storage(probed=False)
        self._show_team_problem()
        recovered = storage.recovered
        if recovered is not None:  # one line on both displays; the log names the file
            self.session.notes = {
                seat: Message("journal_recovered", (recovered.resumed,)) for seat in SEATS
            }

    # ------------------------------------------------------------------ game

    def _resume(self) -> Session:
        game = self.storage.open()
        if game is not None:
            log.info("resumed game %s after %d actions", game.id, len(game.actions))
            self.resumed = len(game.actions)
            # A solo game comes back as the journal has it, whatever the settings say
            # now; only a game from a version-0 journal, which does not say, asks them,
            # and from then on its journal says.
            setup = game.solo
            if game.partner is None:
                setup = self._solo_setup(game.layout)
                with contextlib.suppress(StorageError):  # logged; the displays say it
                    self.storage.known_partner(setup)
            self._catch_up()  # a new game does it in _start_game
            return self._table(game.state(), setup, resumed=game)
        # A device's first game opens with the legend: what the symbols mean.
        return self._table(*self._start_game(), legend=self.storage.first_start)

    def _table(
        self,
        state: GameState,
        setup: SoloSetup | None,
        legend: bool = False,
        resumed: Game | None = None,
    ) -> Session:
        """A session for ``state`` (solo with ``setup``; ``resumed``: the journal's
        game it goes on with), told what the bank holds now."""
        bank = self.hardware.bank
        session = Session(
            state,
            self._commit,
            sensed_bank=bank is not None,
            settings=self.settings,
            printer=self.hardware.printer is not None,
            seat_link=self.seat_link,
            bank_slots=bank.slots if bank is not None else self.config.bank.slots or 12,
            missions=self.missions,
            legend=legend,
            campaign=self.campaign,
            solo=self._solo(state, setup, resumed),
            solo_offered=self.partner is not None,
            touch=self.hardware.pads is not None,
        )
        wanted = setup is not None or (resumed is None and self.settings.partner == "ai")
        if wanted and session.solo is None:
            session.notes = {seat: Message("no_ai") for seat in SEATS}
        if bank is not None or self.hardware.pads is not None:
            # The players set the table (the simulator does it for them).
            self.hardware.set_table(state.tokens_left, state.bystander_left, resumed is not None)
        if bank is not None and self.debounce is not None:
            # Edges already posted are no news once the filter starts from these levels.
            self.debounce.reset(bank.levels())
            session.bank(*self.debounce.reading(bank.sided))
            if resumed is not None:
                session.owed_since(resumed.last_spent())
        return session

    def _solo_setup(self, layout) -> SoloSetup | None:
        """A new game's solo setup when the settings ask for one and an AI partner
        can be loaded: the AI's seat and level, the table language and the words
        dealt from its list as the simulator's word cards and the slip deal them
        (the key's rank is the seed)."""
        s = self.settings
        if s.partner != "ai" or self.partner is None:
            return None
        from ..books.words import deal, load
        from ..rules.ranking import rank

        try:
            words = deal(load(s.language), rank(layout))
        except Exception as exc:  # a word list that cannot be read: a game for two
            log.error("no words for a solo game in %s (%s): a game for two", s.language, exc)
            return None
        return SoloSetup("A" if s.ai_seat == "A" else "B", s.level, s.language, tuple(words))

    def _solo(
        self, state: GameState, setup: SoloSetup | None, resumed: Game | None
    ) -> SoloGame | None:
        """The solo game ``setup`` describes, its AI loaded for the setup's language
        and level; ``resumed``: rebuilt from the journal's actions and the AI's
        plans. None (one line logged; the table plays for two) when no AI partner
        can play it."""
        if setup is None:
            return None
        if self.partner is None:
            log.error(
                "game %s is a solo game, but no AI partner can be loaded: a game for two",
                self.storage.game_id,
            )
            return None
        from ..rules.ranking import rank

        key = (setup.lang, setup.level)
        try:
            partner = self._partners.get(key)
            if partner is None:
                partner = self._partners[key] = self.partner(*key)
            solo = SoloGame(
                partner, setup.words, setup.ai, setup.lang, rank(state.layout), record=self._plan
            )
            if resumed is not None:
                solo.resume(new_game(resumed.layout, resumed.rules), resumed.actions, resumed.plans)
        except Exception as exc:  # an engine that cannot play this table: a game for two
            log.error("no AI partner for %s (%s): %s: a game for two", setup.lang, setup.level, exc)
            log.debug("why", exc_info=True)
            return None
        return solo

    def _plan(self, plan: Plan) -> None:
        """Journal one of the AI's plans before it is shown. A write that fails
        leaves the storage failing (both displays say so, moves are refused) and
        the plan waiting for the next move's write."""
        try:
            self.storage.plan(plan)
        except StorageError:
            if hasattr(self, "session"):
                self._sync_storage(probed=False)

    def _campaign_failed(
        self, exc: CampaignStoreError, what: str, later: bool = False, over: bool = False
    ) -> None:
        """The campaign file refused ``what``: logged, and said on the screens;
        ``later``: the journal keeps it and ``_catch_up`` records it; ``over``: said
        on the finished game's screens until the next game (a note would not show)."""
        log.warning(
            "campaign file: %s not saved%s: %s", what, " (recorded later)" if later else "", exc
        )
        reason = reason_of(exc.__cause__ or exc, self.storage.folder)
        message = Message("team_not_saved", (reason, later))
        if over:
            self._team_alert = message
        else:
            self._team_problem = message

    def _show_team_problem(self) -> None:
        """A note on both seats, once the move or command that met it is shown."""
        if self._team_problem is not None:
            self.session.notes = {seat: self._team_problem for seat in SEATS}
            self._team_problem = None

    def _catch_up(self) -> None:
        """Record the team games that ended while the campaign file took no writes."""
        if self.campaign is None:
            return
        try:
            for result in self.campaign.catch_up(self.storage.finished_game):
                log.info("recorded for team %s later: %s", result.team, result)
        except CampaignStoreError as exc:
            self._campaign_failed(exc, "an earlier game's result", later=True)

    def _new_rules(self):
        """Rules for a new game: the menu's settings, which start from [game]."""
        s = self.settings
        standard = s.mission == STANDARD
        return make_rules(
            ruleset=s.ruleset,
            tokens=s.bank if standard else None,
            mission=None if standard else s.mission,
            turn_order=self.config.game.turn_order,
            book=None if standard else load_book(user_mission_maps()),
        )

    def _start_game(self, code: GameCode | None = None) -> tuple[GameState, SoloSetup | None]:
        """A new game, journaled (solo when the settings ask): its state and solo setup."""
        if code is not None:
            assert code.layout is not None
            setup = self._solo_setup(code.layout)
            self.storage.start(code.layout, code.rules, setup)
            log.info("loaded a scanned game as game %s", self.storage.game_id)
            return new_game(code.layout, code.rules), setup
        if self.key is not None:
            from ..rules.keycode import decode

            layout, self.key = decode(self.key), None
        else:
            layout = random_layout()
        self._team_alert = None  # a new game: the last one's screens are gone
        self._catch_up()
        rules, team, bonuses = self._campaign_rules() or (self._new_rules(), None, ())
        setup = self._solo_setup(layout)
        self.storage.start(layout, rules, setup)
        key = self.storage.game_key()
        if team is not None and self.campaign is not None and key is not None:
            try:
                self.campaign.begin(key, team, bonuses)
            except CampaignStoreError as exc:  # played, but not for the team
                self._campaign_failed(exc, f"team {team}'s new game")
        log.info("new game %s, mission %s", self.storage.game_id, rules.label)
        return new_game(layout, rules), setup

    def _campaign_rules(self) -> tuple[Rules, str, tuple[str, ...]] | None:
        """The chosen team's next game: its rules, the team and the bonuses it spends,
        or None (no team, or its map refuses the mission: the game is not the team's)."""
        s = self.settings
        if s.team is None or self.campaign is None:
            return None
        from ..campaign.progress import CampaignError

        bonuses = (s.bonus,) if s.bonus else ()
        try:
            rules = self.campaign.rules(
                s.team, s.mission, bonuses, s.ruleset, self.config.game.turn_order
            )
        except CampaignError as exc:
            log.warning("not a game for team %s: %s", s.team, exc)
            return None
        except CampaignStoreError as exc:
            self._campaign_failed(exc, f"team {s.team}'s next mission")
            return None
        s.bonus = None  # a bonus is chosen for one game
        return rules, s.team, bonuses

    def _commit(self, action, state: GameState) -> None:
        """Save an accepted action; raises StorageError (the session then does not
        play it). Logged as acknowledged only once it is on disk."""
        seq = self.storage.append(action, finished=state.phase == Phase.OVER)
        self.last_action = action
        logged = action_to_json(action, ascii=False)
        # played from memory: not acknowledged as saved
        word = "unsaved" if self.storage.mode == "unsaved" else "ack"
        ack_log.info("%s %d %d %s", word, self.storage.game_id, seq, logged)
        key = self.storage.game_key()
        if state.phase == Phase.OVER and self.campaign is not None and key is not None:
            try:
                result = self.campaign.finish(key, state, self.storage.actions)
            except CampaignStoreError as exc:  # the journal holds the game: recorded later
                self._campaign_failed(exc, f"game {key}'s result", later=True, over=True)
                return
            if result is not None:
                self.session.result = result
                log.info("recorded for team %s: %s", result.team, result)

    # ------------------------------------------------------------------ loop

    def post(self, event: object) -> None:
        self.queue.put(event)

    def stop(self, reason: str = "stop") -> None:
        """Stop the loop before it handles anything more (safe from a signal handler
        or any thread): what is still queued is dropped; nothing on it was acknowledged."""
        if not self._stopping.is_set():
            self._stop_reason = reason
            self._stopping.set()
        self.queue.put(Stop(reason))  # wakes the loop if it waits

    def _wait(self) -> float | None:
        """How long the loop may sleep before it has something to do without an event."""
        deadlines = [retry_at for retry_at, _ in self._behind.values()]
        if self.debounce is not None and self.debounce.pending:
            deadlines.append(time.monotonic() + POLL)
        probe = self.storage.due()
        if probe is not None:
            deadlines.append(probe)
        if self.session.diagnosing:  # its raw bank readings refresh on their own
            deadlines.append(time.monotonic() + DIAGNOSTICS_POLL)
        if not deadlines:
            return None
        return max(0.0, min(deadlines) - time.monotonic())

    def run(self) -> None:
        self.refresh()
        while not self._stopping.is_set():
            try:
                event = self.queue.get(timeout=self._wait())
            except queue.Empty:
                event = None
            if isinstance(event, Stop):  # posted: stop once what came before is done
                self.stop(event.reason)
            if self._stopping.is_set():
                break
            try:
                self.handle(event)
                self._show_team_problem()
                self.refresh()
            except Exception:  # nothing may take the loop down; the state is journaled
                log.exception("error while handling %r", event)
            if isinstance(event, Barrier):  # everything before it is handled and drawn
                event.settled.append(not (self.debounce and self.debounce.pending))
                event.done.set()
        log.info("stopping: %s", self._stop_reason)
        self.close()

    def handle(self, event: object) -> None:
        session = self.session
        if isinstance(event, ControlInput):
            session.control(event.seat, event.kind)  # type: ignore[arg-type]
        elif isinstance(event, SlotEdge) and self.debounce is not None:
            self.debounce.edge(event.slot, event.state, event.at)
        elif isinstance(event, CardTouch):
            log.info("card touched: %s", cell_name(event.cell))
            if not session.diagnosing:  # a pad tested there is shown, not played
                session.card_touched(event.cell)
        elif isinstance(event, ScanWaiting) and self.hardware.scanner is not None:
            for result in self.hardware.scanner.take():
                self._scan(result)
        elif isinstance(event, ScanText | ScanRefused):
            self._scan(event)
        elif isinstance(event, PrintResult):
            if not event.ok:
                log.warning("printing failed: %s (%d job(s) waiting)", event.error, event.pending)
            session.printer(event.ok, event.reason)
        elif isinstance(event, Dump):
            print(json.dumps(self.snapshot()), flush=True)
        elif isinstance(event, TypedClue):
            try:
                event.result.append(session.typed_clue(event.word, event.number))
            finally:
                event.done.set()
        bank = self.hardware.bank
        if self.debounce is not None and bank is not None and self.debounce.tick(time.monotonic()):
            session.bank(*self.debounce.reading(bank.sided))
        if bank is not None and session.diagnosing:
            self._read_bank(session)
        if self.hardware.pads is not None and session.diagnosing:
            self._read_pads(session)
        for command in session.take_commands():
            self._carry_out(command)
        due = self.storage.due()
        probed = due is not None and time.monotonic() >= due
        if probed:
            self.storage.probe()
        self._sync_storage(probed)

    def _read_bank(self, session: Session) -> None:
        """What each bank slot reads now, for an open Diagnostics screen."""
        bank = self.hardware.bank
        assert bank is not None
        try:
            raw: list[int] | None = bank.readings()
        except Exception as exc:  # an ADC that stopped answering: the screen shows "?"
            log.warning("bank readings failed: %s", exc)
            raw = None
        session.bank_readings(bank.levels(), raw, bank.sided)

    def _read_pads(self, session: Session) -> None:
        """What each card's pad reads now, for every open Diagnostics screen, turned
        the way its seat sees the table."""
        pads = self.hardware.pads
        assert pads is not None
        try:
            readings = pads.readings()
        except Exception as exc:  # controllers that stopped answering: "?" on the screen
            log.warning("pad readings failed: %s", exc)
            readings = []
        for seat, screen in session.diagnostics.items():
            if screen is not None:
                screen.show_pads([readings[seat_index(i, seat)] for i in range(len(readings))])

    def _scan(self, result: ScanText | ScanRefused) -> None:
        if isinstance(result, ScanText):
            log.info("scan: %s", result.text)
            self.session.scan(result.text)
        else:
            log.info("scan refused: %s", result.message)
            self.session.refused_scan(result.reason)

    def _sync_storage(self, probed: bool) -> None:
        """Both displays say whether the game is being saved (reason codes, see
        ``app/storage.py``): moves refused while failing, a standing notice while
        unsaved, and "saving again" when a probe (not a move) brought it back."""
        status = self.storage.status
        mode, reason = status
        session = self.session  # a new game's session too: set every time
        failing = Message("not_saved", (reason,)) if mode == "failing" else None
        session.alert = failing or self._team_alert
        session.notice = Message("not_saving", (reason,)) if mode == "unsaved" else None
        if status == self._storage_status:
            return
        (before, _), self._storage_status = self._storage_status, status
        if mode == "saving" and probed:
            kind = "saving_again" if before == "failing" else "saving_now"
            session.notes = {seat: Message(kind) for seat in SEATS}

    def _carry_out(self, command: Command) -> None:
        from ..screens import text

        if isinstance(command, NewGame | LoadGame):
            code = command.code if isinstance(command, LoadGame) else None
            try:
                state, setup = self._start_game(code)
            except StorageError as exc:  # the game goes on; both displays say why
                self.session.alert = Message("not_saved", (exc.reason,))
                return
            self.session = self._table(state, setup)
            if code is None and self.config.game.slip_on_start:
                self._print_slip()
        elif isinstance(command, PrintSlip):
            self._print_slip()
        elif isinstance(command, SetLanguage):
            text.use(command.language)
            self._shown.clear()  # same views, new words: redraw both
        elif isinstance(command, SetBrightness):
            for panel in self.hardware.displays.values():
                panel.contrast(command.level)
        elif isinstance(command, CreateTeam) and self.campaign is not None:
            from ..campaign.progress import CampaignError

            try:
                team = self.campaign.create(command.name, command.edition)
            except CampaignStoreError as exc:
                self._campaign_failed(exc, f"new team {command.name}")
                return
            except CampaignError as exc:
                log.info("team not created: %s", exc)
                self.session.notes = {s: Message("team_refused") for s in SEATS}
                return
            self.settings.team, self.settings.bonus = team, None
            self.settings.mission = self.campaign.missions(team)[0][0]
        elif isinstance(command, PowerOff):
            log.info("shut down from the menu")
            self.hardware.power_off()
            self.stop("shut down from the menu")

    def _print_slip(self) -> None:
        printer = self.hardware.printer
        if printer is None:
            return
        from ..printing.slip import build_slip

        state = self.session.state
        assert self.config.printer is not None
        mission = None
        if state.rules.mission:
            book = load_book(user_mission_maps())
            found = book.missions.get(state.rules.mission)
            mission = found.name if found else None
        job = build_slip(
            GameCode(state.rules, layout=state.layout),
            profile=self.config.printer.profile,
            mission_name=mission,
            lang=self.settings.language,  # the table's language
            words=self.session.solo.words if self.session.solo is not None else None,
        )
        printer.submit(job.data)
        log.info("printing a slip for game %s", self.storage.game_id)

    def refresh(self) -> None:
        """Bring each panel to its seat's view. A panel whose frame did not arrive
        is retried on the next tick, then backing off, whether or not its view
        changes meanwhile, until the bus answers (the panel logs each outage once)."""
        now = time.monotonic()
        self.views = self.session.views()
        for seat, view in self.views.items():
            behind = self._behind.get(seat)
            if behind is not None:
                if now < behind[0]:
                    continue
            elif self._shown.get(seat) == view:
                continue
            panel = self.hardware.displays[seat]
            if panel.show(render(view, *panel.size)):
                self._shown[seat] = view
                self._behind.pop(seat, None)
            else:
                self._shown.pop(seat, None)
                delay = behind[1] if behind is not None else RETRY_FIRST
                self._behind[seat] = (now + delay, min(delay * 2, RETRY_MAX))
        for listener in self._listeners:
            listener()

    # ------------------------------------------------------------------ observing

    @property
    def state(self) -> GameState:
        """The game as the engine has it (read it on the loop thread, or accept a
        moment's staleness: states are immutable)."""
        return self.session.state

    @property
    def game_id(self) -> int | None:
        return self.storage.game_id

    def settle(self, limit: float = 5.0) -> bool:
        """Wait until the loop has handled everything posted so far and no bank edge
        is still settling (tests, the simulator): True, or False after ``limit`` s."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            barrier = Barrier(threading.Event(), [])
            self.post(barrier)
            if not barrier.done.wait(max(0.0, deadline - time.monotonic())):
                return False
            if barrier.settled[0]:
                return True
            time.sleep(0.01)
        return False

    def take_over(self, before: Daemon) -> None:
        """Carry on ``before``'s table: the same game (from the journal) with its
        seats' cursors where the players left them (the simulator's panel switch)."""
        self.session.cursor.update(before.session.cursor)

    def listen(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` on the loop thread after every handled event."""
        self._listeners.append(listener)

    def snapshot(self) -> dict[str, Any]:
        """What ``dump`` prints: the journal's position, the engine's summary, and the
        table as the players see it: each seat's role, message, screen text and
        cursor (a cell as ``keystand play`` names it), the tokens still owed, and
        whether the game is being saved (``storage``: mode and reason)."""
        session = self.session
        seats = {}
        for seat, view in session.views().items():
            message = session.message(seat)
            panel = self.hardware.displays[seat]
            cursor = None if view.cursor is None else cell_name(seat_index(view.cursor, seat))
            seats[seat] = {
                "role": str(view.role),
                "message": None if message is None else message.kind,
                "lines": screen_lines(view, *panel.size),
                "cursor": cursor,
            }
        mode, reason = self.storage.status
        return {
            "seq": self.storage.seq,
            **summary(session.state),
            "seats": seats,
            "tokens_owed": session.tokens_owed,
            "storage": {"mode": mode, "reason": reason},
        }

    def close(self) -> None:
        self.hardware.close()
        self.storage.close()
        if self.campaign is not None:
            self.campaign.close()


def build_daemon(
    config: DeviceConfig,
    backend: Backend,
    state_dir: Path,
    *,
    key: str | None = None,
    ports: dict[str, str] | None = None,
    settings: Settings | None = None,
    seat_link: Callable[[str], str] | None = None,
    partner: PartnerLoader | None = None,
    slots: Sequence[str] | None = None,
) -> Daemon:
    """The device: its hardware from the config, its journal in ``state_dir``.
    A state folder that cannot be used does not stop it: it plays without saving
    and says so (``app/storage.py``). ``slots``: the simulated bank as it lay when
    last seen, where a resumed game finds its tokens (``create_hardware``)."""
    events: queue.Queue = queue.Queue()
    hardware = create_hardware(config, backend, events.put, ports, slots=slots)
    book = load_book(user_mission_maps())
    return Daemon(
        hardware,
        Storage(state_dir),
        events,
        settings or Settings.from_config(config.game),
        key=key,
        seat_link=seat_link,
        missions=mission_choices(book),
        campaign=TableCampaign.open(state_dir, book),
        partner=partner,
    )


def install_signal_handlers(daemon: Daemon) -> None:
    def handler(signum, _frame):
        daemon.stop(signal.Signals(signum).name)

    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGINT, handler)


def run_stdin_driver(daemon: Daemon) -> None:
    """``keystand run --simulate``: pin-level commands from stdin, on a thread."""
    from ..sim.pin_driver import read_commands

    table = daemon.hardware.table
    assert table is not None

    def read() -> None:
        read_commands(table.command)
        daemon.post(Stop("input closed"))  # after what the input queued, unlike a signal

    threading.Thread(target=read, name="stdin", daemon=True).start()
