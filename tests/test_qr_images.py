"""QR images a phone or the scanner must read: the PNG and the display frame."""

import zxingcpp
from PIL import Image

from keystand.qr import qr_screen
from keystand.rules.gamecode import GameCode, decode, encode, for_seat
from keystand.rules.keycode import encode as encode_key
from keystand.rules.ranking import TOTAL, unrank
from keystand.rules.setup import Rules


def _read(image):
    return [r.text for r in zxingcpp.read_barcodes(image.convert("L"))]


def test_qr_command_writes_a_png_that_scans(cli, tmp_path):
    layout = unrank(TOTAL // 3)
    out = tmp_path / "game.png"
    result = cli(
        "qr", "--key", encode_key(layout), "--mission", "cairo", "--start", "B", "--out", str(out)
    )
    assert result.returncode == 0, result.stderr
    text = result.stdout.strip()
    assert _read(Image.open(out)) == [text]
    game = decode(text)
    assert game.layout == layout and game.rules.label == "9-5" and game.start == "B"
    # --game round-trips the same text; --seat gives a seat code.
    again = cli("qr", "--game", text, "--out", str(tmp_path / "again.png"))
    assert again.stdout.strip() == text
    seat = cli("qr", "--game", text, "--seat", "A", "--out", str(tmp_path / "a.png"))
    assert decode(_read(Image.open(tmp_path / "a.png"))[0]).side == layout.side("A")
    assert seat.stdout.strip().startswith("KS1A-")


def test_qr_command_refuses_bad_input(cli, tmp_path):
    r = cli("qr", "--key", "nonsense", "--out", str(tmp_path / "x.png"))
    assert r.returncode == 2 and "key code" in r.stderr
    r = cli("qr", "--game", "KS1A-0000", "--out", str(tmp_path / "x.png"))
    assert r.returncode == 2
    r = cli("qr", "--key", encode_key(unrank(1)), "--out", str(tmp_path / "no" / "x.png"))
    assert r.returncode == 2 and "cannot write" in r.stderr


def test_on_screen_qr_scans_at_two_pixels_per_module():
    for value in (0, 1234567, TOTAL - 1):
        game = GameCode(Rules(tokens=11, bystander_tokens=6), layout=unrank(value), start="A")
        for code in (game, for_seat(game, "B")):
            text = encode(code)
            frame = qr_screen(text, 128, 64)
            assert frame.size == (128, 64)
            # Light field around the code on every side (the quiet zone).
            px = frame.load()
            assert all(px[x, y] == 1 for x in range(128) for y in (0, 1, 62, 63))
            assert _read(frame) == [text]
    # A colour 128x128 panel shows the same code.
    assert _read(qr_screen(text, 128, 128)) == [text]
