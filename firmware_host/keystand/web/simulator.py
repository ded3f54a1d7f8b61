"""The daemon on simulated pins, and everything the page and the phone views show.

The panels are drawn from the bytes that went over each simulated bus, decoded
the way the controller decodes them; the page's buttons send pin-level commands
(the same as ``keystand run --simulate``'s stdin), so debounce, holds and the
encoder run exactly as on the Pi. The bank slots show what lies on the table,
the printer's slips are decoded from the ESC/POS bytes that reached the
simulated printer's pty, and a QR image (a dropped photo, or a slip the page
shows) is read and sent over the scanner's serial line.

Everything a restart needs lives in the state folder (``web/state.py``): the
journal resumes the game, and the page's and seats' tokens stay the same, so an
open tab, a phone's seat view and a printed link go on working.
"""

from __future__ import annotations

import base64
import functools
import io
import json
import logging
import queue
import secrets
import threading
from dataclasses import asdict, dataclass, replace
from typing import Any

from ..app.daemon import Daemon, build_daemon
from ..app.menu import BANKS, BRIGHTNESS, Settings, mission_choices
from ..app.solo import LEVELS, PARTNERS, PartnerLoader
from ..config import DeviceConfig, user_mission_maps
from ..i18n import LANGUAGES, N_
from ..rules.layout import cell_name, seat_index
from ..rules.missions import load_book
from ..rules.setup import RULESETS
from ..sim.table import FrameShown, SimEvent, SimTable, SlipPrinted
from . import page_model
from .images import ImageRefused, read_qr
from .state import StateFolder

log = logging.getLogger(__name__)

SLIPS_KEPT = 12
CLIENT_BACKLOG = 512  # messages a stream may fall behind before it is dropped


class Client:
    """One open event stream: what it may see (``seat`` None: the whole table)."""

    def __init__(self, seat: str | None) -> None:
        self.seat = seat
        self.queue: queue.Queue[str | None] = queue.Queue(CLIENT_BACKLOG)
        self.dropped = False  # fell too far behind: its stream ends


@dataclass(frozen=True, slots=True)
class Slip:
    """A slip that came out of the simulated printer."""

    id: int
    png: bytes
    code: str | None  # the game code printed under the QR, as text

    def message(self) -> dict:
        png = base64.b64encode(self.png).decode()
        return {"kind": "slip", "id": self.id, "png": png, "code": self.code}


class Simulator:
    """The daemon (or, after a panel switch, its successor) and what the page shows."""

    def __init__(
        self,
        configs: list[DeviceConfig],
        folder: StateFolder,
        key: str | None = None,
        partner: PartnerLoader | None = None,
    ) -> None:
        """``configs``: the configured build first, then the other panel build, if any
        (its panels on the configured build's table: ``panels_of``); ``partner``: an
        AI partner loader, for solo games (app/solo.py)."""
        self.configs = [configs[0], *(panels_of(c, configs[0]) for c in configs[1:])]
        self.partner = partner
        self.folder = folder
        stored = folder.stored
        self.token = stored.page
        self.seat_tokens = dict(stored.seats)
        self.panel = stored.panel if stored.panel < len(configs) else 0
        self.words_lang: str | None = stored.words if stored.words in LANGUAGES else None
        self.link_base = ""  # "http://host:port", set once the server listens
        self.local_only = True  # the server listens on loopback: no phone reaches it
        self.frames: dict[str, str] = {}
        self.slips: list[Slip] = []
        self._slip_ids = 0
        self._last: dict[str, str] = {}  # the last message of each kind sent to all
        self._settings: dict[str, Any] = {}
        self._campaign: tuple[tuple, dict] | None = None  # (what it was read for, message)
        self._team: tuple[int | None, str | None] | None = None  # (game id, its team)
        self.clients: list[Client] = []
        self.lock = threading.Lock()
        self.switching = threading.Lock()  # held while one daemon hands over to the next
        self._next: int | None = None
        self._slots = stored.slots  # the bank as last saved
        settings = _restored(stored.settings, configs[self.panel])
        self.daemon = self._start(self.configs[self.panel], key, settings, stored.slots)
        team = (stored.settings or {}).get("team")
        campaign = self.daemon.campaign
        if isinstance(team, str) and campaign is not None and team in campaign.teams():
            settings.team = team  # the menu's team, while the state folder still keeps it

    # ------------------------------------------------------------------ daemons

    def _start(
        self,
        config: DeviceConfig,
        key: str | None = None,
        settings: Settings | None = None,
        slots: list[str] | None = None,
    ) -> Daemon:
        """A daemon on ``config``; ``slots``: the bank as it lay, where a resumed
        game's tokens stay (the journal's game goes on: a restart, a panel switch)."""
        d = build_daemon(
            config,
            "sim",
            self.folder.path,
            key=key,
            settings=settings,
            seat_link=self.seat_link,
            partner=self.partner,
            slots=slots,
        )
        table = d.hardware.table
        assert table is not None
        self.sim: SimTable = table
        table.listen(self._sim_event)
        d.listen(self._after_event)
        return d

    def _sim_event(self, event: SimEvent) -> None:
        if isinstance(event, FrameShown):
            self._frame(event.seat)
        elif isinstance(event, SlipPrinted):
            self._slip(event.paper)

    def run(self) -> None:
        """Run the daemon in this thread; after a panel switch, run its successor."""
        while True:
            self.daemon.run()
            if self._next is None:
                return
            with self.switching:
                old, self.panel, self._next = self.daemon, self._next, None
                self.frames.clear()
                # The tokens stay where they lay: as last seen, since closing the old
                # table let go of its pins.
                config = self.configs[self.panel]
                self.daemon = self._start(config, settings=old.settings, slots=self._slots)
                self.daemon.take_over(old)
                self.daemon.last_action = old.last_action
            self.folder.save(panel=self.panel)
            self._broadcast(self.setup(), everyone=True)
            self.daemon.refresh()

    def switch_panels(self) -> str | None:
        if len(self.configs) < 2:
            return "no other panel build to switch to"
        with self.switching:
            self._next = 1 - self.panel
            self.daemon.stop("switching panels")
        return None

    def stop(self, reason: str = "stop") -> None:
        self._next = None
        self.daemon.stop(reason)

    def command(self, line: str) -> str | None:
        with self.switching:
            if self._next is not None:
                return self.said(N_("switching panels: try again in a moment"))
            error = self.sim.command(line)
        self._send_table()
        return error

    # ------------------------------------------------------------------ what is shown

    def setup(self) -> dict:
        hardware = self.daemon.hardware
        bank = hardware.config.bank
        displays = hardware.config.displays
        width, height = next(iter(displays.values())).size
        return {
            "kind": "setup",
            "panels": {seat: list(d.size) for seat, d in displays.items()},
            "panel": "colour" if any(d.colour for d in displays.values()) else "mono",
            "switchable": len(self.configs) > 1,
            "slots": bank.slots if bank.sensed else 0,
            "analog": bank.sided,
            "scanner": hardware.scanner is not None,
            "printer": hardware.printer is not None,
            "words": self.words_lang,
            "legend": list(page_model.legend(width, height)),
            # A table that senses its word cards: the page's cards are the pads, and
            # a click on one touches it (the pin driver's `touch CELL`).
            "cells": [cell_name(i) for i in range(25)] if hardware.pads is not None else [],
        }

    def links(self) -> dict:
        """Each seat's phone view, and whether a phone can reach it at all."""
        return {
            "kind": "links",
            "seats": {s: f"/seat/{s}?token={t}" for s, t in self.seat_tokens.items()},
            "local_only": self.local_only,
        }

    def _frame(self, seat: str) -> None:
        """Called in the loop thread after a panel received a frame."""
        buf = io.BytesIO()
        self.sim.frame(seat).save(buf, format="PNG")
        png = base64.b64encode(buf.getvalue()).decode()
        self.frames[seat] = png
        self._broadcast({"kind": "frame", "seat": seat, "png": png}, seat)

    def _after_event(self) -> None:
        """Called in the loop thread after every event the daemon handled."""
        self._send_changed(self.page_text(), everyone=True)  # the menu may change it
        if self._team is None or self._team[0] != self.daemon.game_id:
            self._team = (self.daemon.game_id, self._team_of_game())  # once a game
        self._send_changed(self.status(), everyone=True)
        self._send_table()
        self._send_changed(self.words())
        self._update_campaign()
        self._send_changed(self.solo_text(), everyone=True)  # before the box it words
        self._send_changed(self.solo(), everyone=True)
        settings = asdict(self.daemon.settings)
        if settings != self._settings:
            self._settings = settings
            self.folder.save(settings=settings)

    def seat_link(self, seat: str) -> str:
        """The short link a seat's display shows as a QR (``/s/A?t=…`` fits version 3)."""
        return f"{self.link_base}/s/{seat}?t={self.seat_tokens[seat]}"

    def _status_now(self) -> dict:
        """The status line before the loop sent one: without the AI's touch."""
        d = self.daemon
        return page_model.status(d.state, self._table_now(touch=False), d.settings.language)

    def status(self) -> dict:
        """The status line, read on the loop thread (the AI's next touch may ask its
        engine); a new stream is primed with the last one sent (``connect``)."""
        d = self.daemon
        return page_model.status(d.state, self._table_now(), d.settings.language)

    def _table_now(self, touch: bool = True) -> page_model.TableNow:
        """What the status line says beside the engine's state (page_model.TableNow)."""
        d = self.daemon
        session = d.session
        state = session.state
        needs = session.bank_needs
        now = page_model.TableNow(
            bank=session.bank_count,
            needs=None if needs is None else (needs.kind, needs.args),
            mission=self._mission_name(state.rules.mission),
            team=self._team[1] if self._team is not None else None,
        )
        solo = session.solo
        if solo is not None:
            shown = solo.shown_clue(state)
            touching = touch and solo.ai_guesses(state)
            cell = solo.touch(state) if touching else None  # what the human's panel shows
            now = replace(
                now,
                ai=solo.ai,
                ai_clue=(shown.word, shown.number) if shown is not None else None,
                ai_touch=solo.words[cell] if cell is not None else None,
                ai_stops=touching and cell is None,
            )
        return now

    def _mission_name(self, mission: str | None) -> str | None:
        """A mission's name as its map gives it (the status line translates it)."""
        if mission is None:
            return None
        campaign = self.daemon.campaign
        book = campaign.book if campaign is not None else _mission_book()
        found = book.missions.get(mission)
        return found.name if found is not None else None

    def table(self) -> dict:
        return {"kind": "table", "slots": self.sim.slots()}

    def _send_table(self) -> None:
        """The bank to the page, and to the state folder when it changed: a restart
        lays each token where it lay (``SimTable.set_table``)."""
        table = self.table()
        if table["slots"] != self._slots:
            self._slots = table["slots"]
            self.folder.save(slots=self._slots)
        self._send_changed(table)

    def solo(self) -> dict:
        """Solo mode as the page shows it: the AI's seat, and whether the human may
        type its clue now (read on the loop thread)."""
        from ..rules.status import Phase

        session = self.daemon.session
        solo = session.solo
        if solo is None:  # "offered": the menu has Partner: AI (a hint says how)
            return {"kind": "solo", "on": False, "offered": self.daemon.partner is not None}
        state = session.state
        typing = state.phase == Phase.CLUE and not solo.ai_gives(state)
        over = state.phase == Phase.OVER
        return {"kind": "solo", "on": True, "ai": solo.ai, "typing": typing, "over": over}

    def said(self, message: str) -> str:
        """``message`` in the table's language: what the page says beside a control."""
        from ..i18n import translation

        return translation(self.daemon.settings.language).gettext(message)

    def page_text(self) -> dict:
        """The page's own words, in the table's language (the menu may change it)."""
        return page_model.page_text(self.daemon.settings.language)

    def solo_text(self) -> dict:
        """The solo box's words, in the table's language (the menu may change it)."""
        return page_model.solo_text(self.daemon.settings.language)

    def give_clue(self, text: str, seat: str | None = None) -> str | None:
        """Solo mode: the human's clue typed in the page's box, "WORD N" (the
        number last; 1 when left out), from the whole page or (``seat``) the human
        seat's phone view. None when given, else one line in the table's language
        saying why not and what to do instead."""
        from ..events import TypedClue
        from ..i18n import translation
        from ..screens.reasons import CLUE_ADVICE, CLUE_REFUSALS, REFUSALS

        _ = translation(self.daemon.settings.language).gettext
        solo = self.daemon.session.solo
        if solo is None:
            return _("Not a solo game: choose Partner: AI in a seat's menu")
        if seat is not None and seat != solo.human:
            return _("Seat %s is the AI's") % seat

        word, _sep, number = text.strip().rpartition(" ")
        if not word:
            word, number = number, "1"
        if not number.isdigit():
            word, number = f"{word} {number}".strip(), "1"
        if not word:
            return _("Type a clue word (and its number)")
        event = TypedClue(word, int(number), threading.Event(), [])
        self.daemon.post(event)
        if not event.done.wait(5.0) or not event.result:
            return _("The table did not answer")
        reason = event.result[0]
        if reason is None:
            return None
        said = _("No: %s") % _(CLUE_REFUSALS.get(reason) or REFUSALS.get(reason) or reason)
        advice = CLUE_ADVICE.get(reason)
        if not advice:
            return said
        # TRANSLATORS: a refused clue, then what to do: two sentences (ja joins with 。).
        return _("%(refusal)s. %(advice)s") % {"refusal": said, "advice": _(advice)}

    def words(self) -> dict:
        """The 25 word cards, in seat A's reading order, with what covers each (in
        a solo game, the game's own words, whatever list the page chose), the card
        under each seat's cursor while that seat may guess (as its panel shows it),
        and the marks the page sets on them, in the table's language."""
        marks = page_model.card_marks(self.daemon.settings.language)
        cursors = {
            seat: seat_index(view.cursor, seat)  # the seat's reading order -> A's frame
            for seat, view in self.daemon.views.items()
            if view.cursor is not None
        }
        solo = self.daemon.session.solo
        state = self.daemon.state
        if solo is not None:
            covers = page_model.words(state, solo.words, self.daemon.last_action)
            cards, lang = list(solo.words), solo.lang
        elif self.words_lang is None:
            covers, cards, lang = [], [], None
        else:
            cards = list(_dealt(self.words_lang, state.layout))
            covers = page_model.words(state, tuple(cards), self.daemon.last_action)
            lang = self.words_lang
        return {
            "kind": "words",
            "lang": lang,
            "words": cards,
            "covers": covers,
            "cursors": cursors if cards else {},
            "marks": marks,
        }

    def _update_campaign(self) -> None:
        """Read the team's record again when the team, the game, its phase or the
        table's language changed (a finished game is recorded before this runs), and
        send its panel if it differs. On the loop thread: the daemon's campaign store
        belongs to it."""
        d = self.daemon
        team, lang = d.settings.team, d.settings.language
        read_for = (id(d), team, d.game_id, str(d.state.phase), lang)
        if self._campaign is not None and self._campaign[0] == read_for:
            return
        import sqlite3

        from ..campaign.progress import CampaignError

        record = None
        message = None
        if d.campaign is not None and team is not None:
            try:
                record = d.campaign.store.record(team)
            except (CampaignError, sqlite3.Error) as exc:  # gone, or the disk failed
                log.warning("team %s not shown: %s", team, exc)
                message = page_model.campaign_unreadable(team, str(exc), lang)
        if message is None:
            book = d.campaign.book if d.campaign else None
            message = page_model.campaign(book, record, lang)
        changed = self._campaign is None or self._campaign[1] != message
        with self.lock:  # connect() primes a new stream with it under the same lock
            self._campaign = (read_for, message)
        if changed:
            self._broadcast(message)

    def _team_of_game(self) -> str | None:
        """The team the game in play is played for (the store keeps it from its
        start), or None; on the loop thread, which owns the store."""
        import sqlite3

        d = self.daemon
        key = d.storage.game_key()
        if d.campaign is None or key is None:
            return None
        try:
            played = d.campaign.store.table_game(key)
        except sqlite3.Error as exc:  # the panel below says the store failed
            log.warning("the game's team not read: %s", exc)
            return None
        return played[0] if played is not None else None

    def set_words(self, lang: str) -> str | None:
        if lang not in (*LANGUAGES, "off"):
            return f"no word list '{lang[:20]}' ({', '.join(LANGUAGES)} or off)"
        self.words_lang = None if lang == "off" else lang
        self.folder.save(words=lang)
        self._send_changed(self.words())
        return None

    def _send_changed(self, message: dict, everyone: bool = False) -> None:
        data = json.dumps(message)
        if self._last.get(message["kind"]) != data:
            self._last[message["kind"]] = data
            self._broadcast(message, everyone=everyone)

    def _slip(self, paper) -> None:
        """Called on the printer peer's thread when a job has come out."""
        from ..rules.gamecode import decode as decode_game
        from ..sim.escpos_paper import render

        buf = io.BytesIO()
        render(paper).save(buf, format="PNG")
        code = None
        for line in paper.text_lines:  # the code printed under the QR, as text
            try:
                decode_game(line)
            except ValueError:  # not a code: a title, the date, a rule
                continue
            code = line
            break
        with self.lock:
            self._slip_ids += 1
            slip = Slip(self._slip_ids, buf.getvalue(), code)
            self.slips = [*self.slips, slip][-SLIPS_KEPT:]
        self._broadcast(slip.message())

    def scan_image(self, data: bytes) -> str | None:
        """Read the QR code in an image and send it over the scanner's wire."""
        if self.daemon.hardware.scanner is None:
            return self.said(N_("no scanner configured"))
        try:
            text = read_qr(data)
        except ImageRefused as exc:
            return exc.said(self.said)
        return self.command("scan " + text)

    def scan_slip(self, slip_id: str) -> str | None:
        """Hold a printed slip under the scanner: its QR code, read from the paper."""
        slip = next((s for s in self.slips if str(s.id) == slip_id.strip()), None)
        if slip is None:
            return self.said(N_("no slip %s on the printer tray")) % repr(slip_id.strip()[:12])
        return self.scan_image(slip.png)

    # ------------------------------------------------------------------ streams

    def connect(self, seat: str | None) -> Client:
        """A new event stream, primed with everything it may show."""
        client = Client(seat)
        first: list[dict] = [self.page_text(), self.setup()]
        first += [self.solo_text(), self.solo()]
        if seat is None:
            first += [self.links(), self.table(), self.words()]
            first += [s.message() for s in list(self.slips)]
        for message in first:
            client.queue.put_nowait(json.dumps(message))
        # The status line as the loop last sent it: building it here, off the loop
        # thread, could ask the AI's engine (its next touch) from two threads.
        client.queue.put_nowait(self._last.get("status") or json.dumps(self._status_now()))
        for shown, png in list(self.frames.items()):
            if seat in (None, shown):
                client.queue.put_nowait(json.dumps({"kind": "frame", "seat": shown, "png": png}))
        with self.lock:
            if seat is None and self._campaign is not None:
                client.queue.put_nowait(json.dumps(self._campaign[1]))
            self.clients.append(client)
        return client

    def disconnect(self, client: Client) -> None:
        with self.lock:
            if client in self.clients:
                self.clients.remove(client)

    def _broadcast(self, message: dict, seat: str | None = None, everyone: bool = False) -> None:
        """To the whole-table streams, and to ``seat``'s (or every seat's) stream."""
        data = json.dumps(message)
        with self.lock:
            for client in list(self.clients):
                if client.seat is None or everyone or client.seat == seat:
                    try:
                        client.queue.put_nowait(data)
                    except queue.Full:  # a stream that stopped reading: let it go
                        client.dropped = True
                        self.clients.remove(client)

    def access(self, token: str | None) -> str | None:
        """None for the whole page, a seat for a seat token; raises PermissionError."""
        if token and secrets.compare_digest(token.encode(), self.token.encode()):
            return None
        for seat, seat_token in self.seat_tokens.items():
            if token and secrets.compare_digest(token.encode(), seat_token.encode()):
                return seat
        raise PermissionError


def panels_of(build: DeviceConfig, table: DeviceConfig) -> DeviceConfig:
    """``build``'s panels on ``table``'s build: what the page's panel switch starts.
    Only the panels change; the bank stays the table's, so a game in play keeps its
    tokens and slots (an 11-token mission on the colour build's 9 slots could not
    be played; docs/simulator.md, "Panel switch")."""
    return replace(build, bank=table.bank)


@functools.lru_cache(maxsize=8)
def _dealt(lang: str, layout) -> tuple[str, ...]:
    """A game's words (seeded by its key's rank); cached, as every event asks."""
    from ..books.words import deal, load
    from ..rules.ranking import rank

    return deal(load(lang), rank(layout))


@functools.cache
def _mission_book():
    """The mission maps, the built-in ones and the user's, read once."""
    return load_book(user_mission_maps())


def _restored(stored: dict[str, Any] | None, config: DeviceConfig) -> Settings:
    """The menu's choices kept from the last run, each one still on offer; the
    config's for any that is not (a mission map removed since, say)."""
    settings = Settings.from_config(config.game)
    if not stored:
        return settings
    missions = {m for m, _name in mission_choices(load_book(user_mission_maps()))}
    allowed: dict[str, set[Any]] = {
        "mission": missions,
        "bank": set(BANKS),
        "ruleset": set(RULESETS),
        "language": set(LANGUAGES),
        "brightness": set(BRIGHTNESS),
        "partner": set(PARTNERS),
        "ai_seat": {"A", "B"},
        "level": set(LEVELS),
    }
    for name, choices in allowed.items():
        value = stored.get(name)
        if isinstance(value, str | int) and value in choices:
            setattr(settings, name, value)
    return settings
