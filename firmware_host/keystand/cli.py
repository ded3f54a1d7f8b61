"""The ``keystand`` command. Each subcommand imports only what it needs, so that a
short command starts fast on a Pi Zero."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import cast

from .i18n import LANGUAGES
from .printing import DEFAULT_PROFILE as DEFAULT_PRINTER_PROFILE
from .rules.layout import SEATS
from .rules.setup import RULESETS, TURN_ORDERS

EXIT_BAD_INPUT = 2
# `keystand run`: a part of the device could not be built. A restart cannot fix
# wiring or a disabled bus, so the service unit does not loop on it either.
EXIT_HARDWARE = 3


class CommandError(Exception):
    """A one-line error for the user; exit status 2."""


def _fail(message: str) -> int:
    print(f"keystand: error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (the usage stays behind --help)."""

    def error(self, message: str):
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see --help)\n")


class _Skipped:
    """A command's parser that main() does not build: it takes every call and
    builds nothing (see ``_OneCommand``)."""

    def __getattr__(self, _name: str):
        return self._take

    def _take(self, *_args, **_kwargs) -> _Skipped:
        return self


class _OneCommand(argparse._SubParsersAction):
    """The subcommands, building only the parser of ``only`` when it is set.

    argparse looks up its own translations afresh for every parser and option it
    makes; building all 20-odd commands to run one was a fifth of ``keystand partner
    clue``'s start-up (issue 26 asks it within 10x a bare interpreter)."""

    only: str | None = None
    built = False

    def add_parser(self, name: str, **kwargs) -> argparse.ArgumentParser:
        if self.only is not None and name != self.only:
            return cast(argparse.ArgumentParser, _Skipped())
        self.built = True
        return super().add_parser(name, **kwargs)


# ---------------------------------------------------------------- shared options


def _add_key_options(p: argparse.ArgumentParser, required: bool = True) -> None:
    g = p.add_mutually_exclusive_group(required=required)
    g.add_argument("--key", metavar="CODE", help="key code, e.g. 0B79-SWWB-ZJQ0")
    g.add_argument("--layout", metavar="LAYOUT", help="25 pairs such as 'GT TG BB ...'")


def _add_setup_options(p: argparse.ArgumentParser) -> None:
    g = p.add_mutually_exclusive_group()
    g.add_argument("--mission", metavar="T-M", help="mission name (cairo) or parameters (9-5)")
    g.add_argument("--tokens", metavar="T", type=int, help="time bank size (default 9)")
    p.add_argument("--ruleset", choices=RULESETS, default="duet")
    p.add_argument(
        "--turn-order",
        choices=TURN_ORDERS,
        default="strict",
        help="strict alternation, or the rulebook's looser order (two clues in a row)",
    )
    p.add_argument(
        "--bonus",
        action="append",
        default=[],
        metavar="ID",
        help="a one-time mission bonus to use (repeatable; see docs/rules.md)",
    )
    _add_expert_option(p)


def _add_expert_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--expert",
        action="store_true",
        help="the 10-token edition's expert variant: one token fewer in the mission",
    )


def _layout_from(args: argparse.Namespace):
    from .rules.layout import Layout

    if args.key is not None:
        from .rules.keycode import decode

        return decode(args.key)
    return Layout.parse(args.layout)


def _rules_from(args: argparse.Namespace):
    from .rules.missions import load_book, make_rules

    # --tokens is a Duet game: its box's count comes from the map data.
    needs_book = args.bonus or args.tokens is not None or args.expert
    needs_book = needs_book or (args.mission and not args.mission[:1].isdigit())
    book = None
    if needs_book:
        from .config import user_mission_maps

        book = load_book(user_mission_maps())
    return make_rules(
        ruleset=args.ruleset,
        tokens=args.tokens,
        mission=args.mission,
        bonuses=args.bonus,
        turn_order=args.turn_order,
        book=book,
        box="duet" if args.tokens is not None else None,
        expert=args.expert,
    )


# ---------------------------------------------------------------- commands


def cmd_keygen(args: argparse.Namespace) -> int:
    from .rules.keycode import encode
    from .rules.keygen import random_layout, seeded_layout

    if args.count < 1:
        raise CommandError("--count must be at least 1")
    if args.seed is not None and args.seed < 0:
        raise CommandError("--seed must be a non-negative whole number")
    lines = []
    for k in range(args.count):
        layout = random_layout() if args.seed is None else seeded_layout(args.seed, k)
        lines.append(f"{encode(layout)} {layout.format()}")
    print("\n".join(lines))
    return 0


def cmd_partner(args: argparse.Namespace) -> int:
    from .partner.command import run

    return run(args, _layout_from, CommandError)


def cmd_show(args: argparse.Namespace) -> int:
    layout = _layout_from(args)
    print("\n".join(layout.seat_rows(args.seat.upper())))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from .rules.errors import RulesError
    from .rules.game import apply, new_game
    from .rules.report import summary
    from .rules.script import ScriptError, parse_line, parse_words, script_lines

    layout = _layout_from(args)
    campaign = _CampaignPlay(args) if args.campaign else None
    rules = campaign.rules if campaign else _rules_from(args)
    words = parse_words(args.words) if args.words else ()
    try:
        text = sys.stdin.read() if args.script == "-" else Path(args.script).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"cannot read script {args.script}: {exc}") from None
    state = new_game(layout, rules, words)
    actions = []
    for number, line in script_lines(text):
        try:
            action = parse_line(line, number, words)
            if action is None:
                continue
            state, _ = apply(state, action)
            actions.append(action)
        except ScriptError as exc:
            print(json.dumps(summary(state)))
            return _fail(str(exc))
        except RulesError as exc:
            print(json.dumps(summary(state)))
            return _fail(f"line {number}: {exc} ('{line.strip()}')")
    out = summary(state)
    if campaign:
        out["campaign"] = campaign.finish(state, actions, text)
    print(json.dumps(out))
    return 0


# ---------------------------------------------------------------- campaigns


def _state_dir(args: argparse.Namespace) -> Path:
    """--state-dir, else $XDG_STATE_HOME/keystand, else ~/.local/state/keystand."""
    from .config import user_state_dir

    return Path(args.state_dir) if args.state_dir else user_state_dir()


def _campaign_store(args: argparse.Namespace):
    import sqlite3

    from .campaign.store import CampaignStore

    folder = _state_dir(args)
    try:
        return CampaignStore.in_folder(folder)
    except (OSError, sqlite3.Error) as exc:
        raise CommandError(f"cannot open the campaigns in {folder}: {exc}") from None


class _CampaignPlay:
    """``play --campaign``: the team's rules before the game, its record after."""

    def __init__(self, args: argparse.Namespace) -> None:
        from .campaign.progress import campaign_rules
        from .config import user_mission_maps
        from .rules.missions import load_book

        if args.tokens is not None:
            raise CommandError("a campaign game's bank is its mission's: drop --tokens")
        self.args = args
        self.book = load_book(user_mission_maps())
        with _campaign_store(args) as store:
            self.record = store.record(args.campaign)
        if args.expert and not self.record.expert:
            raise CommandError(
                f"team {self.record.name} does not play the expert variant; a team that "
                "does is created with: keystand campaign new TEAM --edition coop10 --expert"
            )
        self.rules = campaign_rules(
            self.book,
            self.record,
            args.mission,
            args.bonus,
            ruleset=args.ruleset,
            turn_order=args.turn_order,
        )

    def finish(self, state, actions, script: str) -> dict:
        import hashlib
        from dataclasses import asdict

        from .campaign.games import record_game

        # The same game (key, words, setup, script) run again is not a new game.
        setup = [state.layout.format(), state.words, asdict(state.rules), script]
        game_id = "play:" + hashlib.sha256(json.dumps(setup).encode()).hexdigest()[:32]
        with _campaign_store(self.args) as store:
            return record_game(
                store, self.book, self.record.name, self.args.bonus, state, actions, game_id
            )


def cmd_campaign(args: argparse.Namespace) -> int:
    from .campaign.report import as_text, summary, team_line
    from .config import user_mission_maps
    from .rules.missions import load_book

    book = load_book(user_mission_maps())
    with _campaign_store(args) as store:
        if args.action == "new":
            if args.edition not in book.editions:
                known = ", ".join(sorted(book.editions))
                raise CommandError(f"unknown edition '{args.edition}' (known: {known})")
            edition = book.editions[args.edition]
            if args.expert and not edition.expert_removes:
                raise CommandError(
                    f"the {edition.name} rulebook has no expert variant; the 10-token "
                    "co-op edition's has: --edition coop10 --expert"
                )
            team = store.create_team(args.team, args.edition, expert=args.expert)
            first = book.standard(args.edition)
            label = first.label_for(edition.expert_removes if args.expert else 0)
            variant = ", expert" if args.expert else ""
            print(
                f"team {team.name} ({args.edition}{variant}) created: its first mission is "
                f"{first.name} {label}"
            )
        elif args.action == "show":
            record = store.record(args.team)
            data = summary(book, record)
            if args.svg is not None:
                _write_map(Path(args.svg), book, record, args.lang)
            print(json.dumps(data) if args.json else as_text(data))
        elif args.action == "note":
            store.set_notes(args.team, args.text)
        else:  # list
            rows = [team_line(summary(book, store.record(n))) for n in store.team_names()]
            if args.json:
                print(json.dumps(rows))
            for t in [] if args.json else rows:
                print(f"{t['team']}\t{t['edition']}\t{t['completed']}/{t['missions']} missions")
    return 0


def _write_map(path: Path, book, record, lang: str) -> None:
    """``campaign show --svg``: the team's map drawn, in ``lang``'s words."""
    from .campaign.map_svg import map_svg
    from .i18n import translation

    svg = map_svg(book, record, translation(lang).gettext)
    try:
        path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + svg + "\n", "utf-8")
    except OSError as exc:
        raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None


def _add_game_options(p: argparse.ArgumentParser) -> None:
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--key", metavar="CODE", help="key code")
    g.add_argument("--game", metavar="TEXT", help="a whole game code (KS1G-...)")
    _add_setup_options(p)
    p.add_argument("--start", type=str.upper, choices=SEATS, help="who gives the first clue")


def _game_from(args: argparse.Namespace):
    from .rules import gamecode

    if args.game is not None:
        code = gamecode.decode(args.game)
        if code.layout is None:
            raise CommandError("that is a seat code; a slip needs a whole game code (KS1G-...)")
        return code
    from .rules.keycode import decode

    return gamecode.GameCode(_rules_from(args), layout=decode(args.key), start=args.start)


def cmd_decode(args: argparse.Namespace) -> int:
    from .rules.gamecode import decode, describe

    print(json.dumps(describe(decode(args.text))))
    return 0


def cmd_qr(args: argparse.Namespace) -> int:
    from .qr import qr_image
    from .rules.gamecode import encode, for_seat

    code = _game_from(args)
    if args.seat:
        code = for_seat(code, args.seat)
    text = encode(code)
    if args.module < 1:
        raise CommandError("--module must be at least 1")
    try:
        qr_image(text, args.module).save(args.out, format="PNG")
    except OSError as exc:
        raise CommandError(f"cannot write {args.out}: {exc}") from None
    print(text)
    return 0


def cmd_print_slip(args: argparse.Namespace) -> int:
    from .hal.printer import PrinterConfig, PrinterError, SerialPrinter
    from .printing.slip import build_slip

    code = _game_from(args)
    mission_name = None
    if code.rules.mission:
        from .config import user_mission_maps
        from .rules.missions import load_book

        mission_name = load_book(user_mission_maps()).missions[code.rules.mission].name
    try:
        job = build_slip(
            code, qr=args.qr, profile=args.profile, mission_name=mission_name, lang=args.lang
        )
    except Exception as exc:  # escpos raises its own types for unknown profiles
        raise CommandError(f"cannot build the slip for profile '{args.profile}': {exc}") from None
    config = PrinterConfig(args.port, args.baud, args.pause, args.status)
    try:
        seconds = SerialPrinter(config).send(job.data)
    except PrinterError as exc:
        print(f"keystand: printer: {exc}; nothing was printed, run again to retry", file=sys.stderr)
        return 1
    print(f"{job.text} printed ({job.qr_mode} QR, {len(job.data)} bytes, {seconds:.1f} s)")
    return 0


def cmd_scan(args: argparse.Namespace) -> int:
    import time

    from .events import ScanText
    from .hal.scanner import SerialScanner
    from .rules.gamecode import GameCodeError, decode, describe

    try:
        scanner = SerialScanner(args.port, args.baud)
    except Exception as exc:  # pyserial: SerialException, ValueError, OSError
        raise CommandError(f"cannot open scanner port {args.port}: {exc}") from None
    until = time.monotonic() + args.timeout if args.timeout else None
    seen = 0
    try:
        for result in scanner.results(until):
            if isinstance(result, ScanText):
                try:
                    print(json.dumps(describe(decode(result.text))), flush=True)
                except GameCodeError as exc:
                    print(f"keystand: scan refused: {exc}", file=sys.stderr, flush=True)
            else:
                print(f"keystand: scan refused: {result.message}", file=sys.stderr, flush=True)
            seen += 1
            if args.count and seen >= args.count:
                break
    except KeyboardInterrupt:
        pass
    finally:
        scanner.close()
    return 0


def cmd_book(args: argparse.Namespace) -> int:
    import secrets

    from .books.book import BookSetup
    from .books.output import BookError, write_books

    if not 1 <= args.games <= 500:
        raise CommandError("--games must be 1 to 500")
    if args.seed is not None and args.seed < 0:
        raise CommandError("--seed must be a non-negative whole number")
    args.tokens = None
    args.turn_order = "strict"
    args.bonus = []  # (--expert is the book's own option: a mission's tracks one shorter)
    rules = _rules_from(args)
    mission_name = None
    if rules.mission:
        from .config import user_mission_maps
        from .rules.missions import load_book

        mission_name = load_book(user_mission_maps()).missions[rules.mission].name
    seed = secrets.randbelow(10**12) if args.seed is None else args.seed
    campaign = campaign_map = None
    if args.campaign is not None:  # a page of the team's map after the cover
        from .campaign.map_svg import map_svg
        from .campaign.report import summary
        from .config import user_mission_maps
        from .i18n import translation
        from .rules.missions import load_book

        book = load_book(user_mission_maps())
        with _campaign_store(args) as store:
            record = store.record(args.campaign)
        campaign = summary(book, record)
        campaign_map = map_svg(book, record, translation(args.lang).gettext)
    setup = BookSetup(
        name=args.name,
        lang=args.lang,
        rules=rules,
        seed=seed,
        total=args.games,
        paper=args.paper,
        mission_name=mission_name,
        campaign=campaign,
        campaign_map=campaign_map,
    )
    with _progress_bar(2 * args.games, "pages") as advance:
        try:
            written = write_books(Path(args.out), setup, pdf=not args.no_pdf, progress=advance)
        except BookError as exc:
            raise CommandError(f"{exc}; the books in {args.out} are unchanged") from None
    print(f"book seed {seed}")
    print("\n".join(str(p) for p in written))
    return 0


@contextlib.contextmanager
def _progress_bar(total: int, unit: str):
    """A progress bar on stderr when it is a terminal (tqdm); nothing otherwise."""
    if not sys.stderr.isatty():
        yield lambda n: None
        return
    from tqdm import tqdm

    with tqdm(total=total, unit=unit, file=sys.stderr, leave=False) as bar:
        yield bar.update


def _checked_config(path: str | Path):
    """The typed config, or a one-line refusal where check-config would refuse."""
    from .config import ConfigError, check, load, parse

    try:
        raw = load(path)
    except ConfigError as exc:
        raise CommandError(str(exc)) from None
    errors = check(raw)
    if errors:
        more = (
            f" (and {len(errors) - 1} more: run keystand check-config)" if len(errors) > 1 else ""
        )
        raise CommandError(f"{path}: {errors[0]}{more}")
    return parse(raw)


def cmd_check_config(args: argparse.Namespace) -> int:
    from .config import ConfigError, check, load

    try:
        config = load(args.file)
    except ConfigError as exc:
        raise CommandError(str(exc)) from None
    errors = check(config)
    for line in errors:
        print(f"{args.file}: {line}", file=sys.stderr)
    if errors:
        return EXIT_BAD_INPUT
    print(f"{args.file}: ok")
    return 0


def cmd_selftest(args: argparse.Namespace) -> int:
    import logging
    import warnings

    # Each failure is its line; the adapters' own warnings about it would say it twice,
    # and gpiozero's notes on each pin library it tried before giving up add nothing.
    logging.basicConfig(level=logging.ERROR, format="keystand: %(name)s: %(message)s")
    warnings.filterwarnings("ignore", message="Falling back from")
    config = _checked_config(args.config)
    if args.drive and not args.simulate:
        raise CommandError("--drive needs --simulate: it drives the simulated table's pins")
    from .selftest import selftest

    try:
        return selftest(config, "sim" if args.simulate else "pi", drive=args.drive)
    except ValueError as exc:
        raise CommandError(f"--drive {exc}") from None


def cmd_calibrate(args: argparse.Namespace) -> int:
    config = _checked_config(args.config)
    if args.samples is not None and not 1 <= args.samples <= 1000:
        raise CommandError("--samples must be 1 to 1000")
    from .calibrate import SAMPLES, CalibrationError, Stopped, calibrate
    from .calibrate_pads import calibrate_pads
    from .hardware import Backend

    unchanged = "the config is unchanged"
    samples, write = args.samples or SAMPLES, not args.dry_run
    lines = iter(sys.stdin)  # one maker's answers, through the bank and the pads
    try:
        backend: Backend = "sim" if args.simulate else "pi"
        if config.bank.sensor == "mcp3008" or not config.touch.sensed:
            done = calibrate(config, backend, lines, samples=samples, write=write)
            if done is not None and write:
                unchanged = "the bank's thresholds are written, the pads' are not"
        if config.touch.sensed:
            calibrate_pads(config, backend, lines, samples=samples, write=write)
    except CalibrationError as exc:
        print(f"keystand: calibrate: {exc}; {unchanged}", file=sys.stderr)
        return 1
    except (Stopped, KeyboardInterrupt):
        print(f"keystand: calibrate: stopped before the last step; {unchanged}", file=sys.stderr)
        return 1
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    import logging

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    config = _checked_config(args.config)
    import warnings

    from .app.ai_partner import load_partner
    from .app.daemon import build_daemon, install_signal_handlers, run_stdin_driver
    from .hardware import HardwareError

    # gpiozero's notes on each pin library it tried before giving up add nothing to
    # the one line below.
    warnings.filterwarnings("ignore", message="Falling back from")
    try:
        daemon = build_daemon(
            config,
            "sim" if args.simulate else "pi",
            Path(args.state_dir),
            key=args.key,
            partner=load_partner,
        )
    except HardwareError as exc:
        print(
            f"keystand: error: cannot start the hardware: {exc} "
            f"(keystand selftest --config {args.config} checks each part)",
            file=sys.stderr,
        )
        return EXIT_HARDWARE
    install_signal_handlers(daemon)
    if args.simulate:
        run_stdin_driver(daemon)
    daemon.run()
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    import errno
    import logging
    import signal
    import threading

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    # A line per move is for the device's journald, not the simulator's terminal.
    logging.getLogger("keystand.ack").setLevel(logging.WARNING)
    path = Path(args.config) if args.config else _default_profile()
    config = _checked_config(path)
    configs = [config]
    other = _other_panels(config, path)
    if other is not None:
        configs.append(_checked_config(other))
    from .app.ai_partner import load_partner
    from .web.server import serve
    from .web.simulator import Simulator
    from .web.state import StateFolder, StateFolderError, default_folder

    try:
        folder = StateFolder(Path(args.state_dir) if args.state_dir else default_folder())
    except StateFolderError as exc:
        raise CommandError(str(exc)) from None
    host = args.host or config.web.address
    port = config.web.port if args.port is None else args.port
    sim = Simulator(configs, folder, key=args.key, partner=load_partner)
    try:
        server = serve(sim, host, port)
    except OSError as exc:
        sim.stop("cannot listen")
        sim.run()
        hint = " (--port 0 picks a free one)" if exc.errno == errno.EADDRINUSE else ""
        raise CommandError(f"cannot listen on {host}:{port}: {exc.strerror}{hint}") from None
    # No poll interval: the listening thread sleeps until a connection comes, and
    # dies with the process (nothing waits for it to shut down).
    threading.Thread(target=server.serve_forever, args=(None,), daemon=True).start()
    print(f"keystand simulator: {sim.link_base}/?token={sim.token}")
    for note in folder.notes:
        print(note)
    daemon = sim.daemon
    if daemon.resumed is not None:
        print(f"game {daemon.game_id} resumed after {daemon.resumed} actions, from {folder.path}")
    else:
        print(f"new game {daemon.game_id}, kept in {folder.path}: run again to go on with it")
    if sim.local_only:
        print(
            "phone seat views: only this computer reaches this address; "
            "start with --host 0.0.0.0 to open them on a phone on your network"
        )
    sys.stdout.flush()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda n, _f: sim.stop(signal.Signals(n).name))
    try:
        sim.run()
    finally:
        folder.close()
    return 0


def _other_panels(config, path: Path) -> Path | None:
    """The page's panel toggle switches between the reference builds' panels: the
    mono default build and the colour build, found beside the configured profile."""
    colour = any(d.colour for d in config.displays.values())
    name = "default.toml" if colour else "colour.toml"
    bases = [path.parent]
    with contextlib.suppress(CommandError):  # an installed wheel has no profiles beside it
        bases.append(_default_profile().parent)
    for base in bases:
        if (base / name).is_file() and (base / name).resolve() != path.resolve():
            return base / name
    return None


def _default_profile() -> Path:
    """The reference build's profile: in a checkout, or installed beside the package."""
    here = Path(__file__).resolve()
    bases = [here.parents[2] / "hardware", Path(sys.prefix) / "share" / "keystand"]
    for base in bases:  # a checkout, then what pip installed beside the package
        candidate = base / "profiles" / "default.toml"
        if candidate.is_file():
            return candidate
    raise CommandError("no --config given and hardware/profiles/default.toml not found")


def cmd_wiring(args: argparse.Namespace) -> int:
    from .diagrams.wiring import svg

    config = _checked_config(args.profile)
    title = f"keystand wiring: {Path(args.profile).stem} profile"
    try:
        Path(args.out).write_text(svg(config, title), encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"cannot write {args.out}: {exc.strerror}") from None
    print(args.out)
    return 0


# ---------------------------------------------------------------- parser


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``only``, just that command's parser (when there
    is such a command: otherwise the whole, to say what there is)."""
    parser = _Parser(
        prog="keystand", description="Codenames Duet table companion: key cards, games, slips."
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_Parser, action=_OneCommand
    )
    assert isinstance(sub, _OneCommand)
    sub.only = only

    p = sub.add_parser("keygen", help="print key cards: CODE LAYOUT per line")
    p.add_argument(
        "--seed", type=int, help="reproducible keys from this seed (docs/seed-format.md)"
    )
    p.add_argument("--count", type=int, default=1)
    p.set_defaults(run=cmd_keygen)

    p = sub.add_parser("show", help="print one seat's side as that seat sees it")
    _add_key_options(p)
    p.add_argument("--seat", required=True, type=str.upper, choices=SEATS)
    p.set_defaults(run=cmd_show)

    p = sub.add_parser("play", help="play a scripted game and print its state as JSON")
    _add_key_options(p)
    p.add_argument("--words", metavar="W1,...,W25", help="the 25 words in A's reading order")
    _add_setup_options(p)
    p.add_argument(
        "--script", required=True, metavar="FILE", help="actions, one a line; - for stdin"
    )
    p.add_argument("--campaign", metavar="TEAM", help="play the team's mission and record it")
    p.add_argument("--state-dir", metavar="DIR", help="default: $XDG_STATE_HOME/keystand")
    p.set_defaults(run=cmd_play)

    _add_campaign_parser(sub)

    from .partner.command import add_parser as add_partner_parser

    add_partner_parser(sub, _add_key_options).set_defaults(run=cmd_partner)

    p = sub.add_parser("decode", help="print a game code (typed or scanned) as JSON")
    p.add_argument("text", help="the game code, e.g. KS1G-...")
    p.set_defaults(run=cmd_decode)

    p = sub.add_parser("qr", help="write a game's QR code as PNG and print its code")
    _add_game_options(p)
    p.add_argument(
        "--seat",
        type=str.upper,
        choices=SEATS,
        help="a seat code: only this seat's side of the key",
    )
    p.add_argument("--module", type=int, default=8, help="pixels per module (default 8)")
    p.add_argument("--out", required=True, metavar="FILE.png")
    p.set_defaults(run=cmd_qr)

    p = sub.add_parser("print-slip", help="print a game slip on a serial ESC/POS printer")
    _add_game_options(p)
    p.add_argument("--port", required=True, metavar="DEVICE", help="e.g. /dev/serial0")
    p.add_argument("--baud", type=int, choices=(9600, 19200), default=9600)
    p.add_argument(
        "--qr",
        choices=("auto", "native", "raster"),
        default="auto",
        help="native GS ( k, a raster image, or what the profile supports",
    )
    p.add_argument(
        "--profile", default=DEFAULT_PRINTER_PROFILE, help="python-escpos printer profile"
    )
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="the slip's language")
    p.add_argument(
        "--status",
        action="store_true",
        help="ask the printer for its paper status first (DLE EOT 4)",
    )
    p.add_argument(
        "--pause",
        type=float,
        default=0.0,
        help="seconds to wait after every 256 bytes (printers without handshake)",
    )
    p.set_defaults(run=cmd_print_slip)

    p = sub.add_parser("scan", help="read game codes from a serial QR scanner")
    p.add_argument("--port", required=True, metavar="DEVICE")
    p.add_argument("--baud", type=int, default=9600)
    p.add_argument("--count", type=int, default=0, help="stop after this many scans")
    p.add_argument("--timeout", type=float, default=0, help="stop after this many seconds")
    p.set_defaults(run=cmd_scan)

    p = sub.add_parser("book", help="write the two paper player books (HTML and PDF)")
    p.add_argument("--games", type=int, required=True, help="games (pages) per book")
    p.add_argument("--name", required=True, help="the book's name, printed on the cover")
    p.add_argument("--lang", choices=LANGUAGES, default="en")
    p.add_argument("--ruleset", choices=RULESETS, default="duet")
    p.add_argument("--mission", metavar="T-M", help="mission name or parameters (sizes the tracks)")
    _add_expert_option(p)
    p.add_argument("--seed", type=int, help="book seed: the same seed makes the same books")
    p.add_argument("--paper", choices=("a4", "letter"), default="a4")
    p.add_argument("--no-pdf", action="store_true", help="write the HTML only")
    p.add_argument("--campaign", metavar="TEAM", help="add a page of this team's campaign")
    p.add_argument("--state-dir", metavar="DIR", help="the campaigns' folder (see campaign)")
    p.add_argument("--out", required=True, metavar="DIR")
    p.set_defaults(run=cmd_book)

    p = sub.add_parser("wiring", help="draw a hardware profile's wiring as SVG")
    p.add_argument("profile", metavar="PROFILE")
    p.add_argument("--out", required=True, metavar="FILE.svg")
    p.set_defaults(run=cmd_wiring)

    p = sub.add_parser("check-config", help="validate a daemon config or hardware profile")
    p.add_argument("file", metavar="FILE")
    p.set_defaults(run=cmd_check_config)

    p = sub.add_parser("selftest", help="check every component of the device, a line each")
    p.add_argument("--config", required=True, metavar="FILE")
    p.add_argument("--simulate", action="store_true", help="the simulated table, not the Pi's")
    p.add_argument(
        "--drive",
        action="append",
        default=[],
        metavar="COMMAND",
        help="simulated: a pin-level command run first (repeatable), e.g. 'bank adc 3 1023'",
    )
    p.set_defaults(run=cmd_selftest)

    p = sub.add_parser("calibrate", help="measure the analog bank and write its thresholds")
    p.add_argument("--config", required=True, metavar="FILE", help="the thresholds go into it")
    p.add_argument(
        "--simulate",
        action="store_true",
        help="the simulated table; lines on stdin other than Enter are pin-level commands",
    )
    p.add_argument("--samples", type=int, metavar="N", help="readings per step (default 20)")
    p.add_argument("--dry-run", action="store_true", help="measure and print, write nothing")
    p.set_defaults(run=cmd_calibrate)

    p = sub.add_parser("run", help="run the table daemon")
    p.add_argument("--config", required=True, metavar="FILE")
    p.add_argument(
        "--simulate",
        action="store_true",
        help="mock pins and a recording display bus; commands on stdin",
    )
    p.add_argument("--state-dir", default="/var/lib/keystand", metavar="DIR")
    p.add_argument("--key", metavar="CODE", help="key code for the first new game")
    p.set_defaults(run=cmd_run)

    p = sub.add_parser("simulate", help="the whole device in your browser")
    p.add_argument("--config", metavar="FILE", help="default: hardware/profiles/default.toml")
    p.add_argument(
        "--port", type=int, help="default 8765, or [web] port in the config; 0 picks a free port"
    )
    p.add_argument(
        "--host",
        "--address",
        dest="host",
        metavar="ADDRESS",
        help="address to listen on: default 127.0.0.1 (this computer only), or [web] "
        "address in the config; 0.0.0.0 lets phones on your network open the seat views",
    )
    p.add_argument(
        "--state-dir",
        metavar="DIR",
        help="where the game and the page's addresses are kept between runs "
        "(default: $XDG_STATE_HOME/keystand/simulator)",
    )
    p.add_argument("--key", metavar="CODE", help="key code for the first game")
    p.set_defaults(run=cmd_simulate)

    if only is not None and not sub.built:
        return build_parser()
    return parser


def _add_campaign_parser(sub) -> None:
    p = sub.add_parser("campaign", help="teams and their mission maps")
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION", parser_class=_Parser)
    state = argparse.ArgumentParser(add_help=False)
    state.add_argument("--state-dir", metavar="DIR", help="default: $XDG_STATE_HOME/keystand")
    a = actions.add_parser("new", parents=[state], help="create a team")
    a.add_argument("team", metavar="TEAM")
    a.add_argument("--edition", default="duet", help="duet (default) or coop10")
    a.add_argument(
        "--expert",
        action="store_true",
        help="play the edition's expert variant: one token fewer in each mission (coop10)",
    )
    a = actions.add_parser("show", parents=[state], help="a team's map, bonuses and record")
    a.add_argument("team", metavar="TEAM")
    a.add_argument("--json", action="store_true", help="one JSON object")
    a.add_argument("--svg", metavar="FILE.svg", help="also draw the team's map into this file")
    a.add_argument("--lang", choices=LANGUAGES, default="en", help="the map's language")
    a = actions.add_parser("list", parents=[state], help="every team")
    a.add_argument("--json", action="store_true", help="one JSON list")
    a = actions.add_parser("note", parents=[state], help="replace a team's notes")
    a.add_argument("team", metavar="TEAM")
    a.add_argument("text", metavar="TEXT")
    p.set_defaults(run=cmd_campaign)


def _version() -> str:
    from . import __version__

    return f"keystand {__version__}"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    command = argv[0] if argv and not argv[0].startswith("-") else None
    args = build_parser(only=command).parse_args(argv)
    from .rules.errors import RulesError

    try:
        return args.run(args)
    except (CommandError, RulesError) as exc:
        return _fail(str(exc))
    except BrokenPipeError:
        return 1


if __name__ == "__main__":
    sys.exit(main())
