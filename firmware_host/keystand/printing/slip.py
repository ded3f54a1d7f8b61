"""A game slip as an ESC/POS job for 58 mm, 384-dot thermal printers.

The job is built with python-escpos's ``Dummy`` printer: it owns the command
encoding and the printer capability profiles, and we keep the serial transport
(pacing, status, retries) in ``keystand.hal.printer``. See docs/printing.md.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ..qr import qr_image, qr_matrix
from ..rules.gamecode import GameCode, encode
from . import DEFAULT_PROFILE

PAPER_DOTS = 384
QUIET = 4  # modules of quiet zone around a raster QR code
MAX_MODULE_DOTS = 8  # 1 mm modules at 8 dots/mm: reads well, keeps slips short


@dataclass(frozen=True, slots=True)
class SlipJob:
    data: bytes
    qr_mode: str  # "native" | "raster"
    text: str  # the game code printed on the slip


def profile_has_native_qr(profile: str) -> bool:
    from escpos.capabilities import get_profile

    return bool(get_profile(profile).supports("qrCode"))


def raster_module_dots(modules: int, paper_dots: int = PAPER_DOTS) -> int:
    """The largest whole number of dots per module that fits the paper, capped."""
    return max(1, min(MAX_MODULE_DOTS, paper_dots // (modules + 2 * QUIET)))


def build_slip(
    code: GameCode,
    *,
    qr: str = "auto",
    profile: str = DEFAULT_PROFILE,
    mission_name: str | None = None,
    when: dt.date | None = None,
) -> SlipJob:
    from escpos.constants import QR_ECLEVEL_M
    from escpos.printer import Dummy

    text = encode(code)
    if qr == "auto":
        qr = "native" if profile_has_native_qr(profile) else "raster"
    if qr not in ("native", "raster"):
        raise ValueError(f"unknown QR mode '{qr}' (native, raster or auto)")
    p = Dummy(profile=profile)
    p.hw("INIT")
    p.set(align="center", bold=True, double_height=True, double_width=True)
    p.textln("keystand")
    p.set(align="center", normal_textsize=True)
    mission = code.rules.label
    title = f"Mission {mission_name} ({mission})" if mission_name else f"Mission {mission}"
    p.textln(title)
    p.textln(f"{code.rules.ruleset} rules, {(when or dt.date.today()).isoformat()}")
    modules = len(qr_matrix(text))
    if qr == "native":
        p.qr(text, ec=QR_ECLEVEL_M, size=raster_module_dots(modules), native=True)
        p.ln()
    else:
        p.image(qr_image(text, raster_module_dots(modules), QUIET), impl="bitImageRaster")
    p.set(align="center", bold=True)
    p.textln(text)
    p.set(align="left", bold=False)
    p.ln()
    p.textln("Players:")
    p.ln()
    p.textln("________________________________")
    p.ln()
    p.textln("________________________________")
    p.cut()
    return SlipJob(p.output, qr, text)
