"""The built wheel works without the checkout: package data and the profiles."""

import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_an_installed_wheel_simulates_the_reference_build(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        check=True,
        timeout=300,
    )
    (wheel,) = tmp_path.glob("keystand-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    # The dependencies come from this environment; keystand itself from the wheel.
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    Path(site, "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [python, "-m", "pip", "install", "-q", "--no-deps", str(wheel)], check=True, timeout=300
    )
    away = tmp_path / "elsewhere"  # not the checkout: nothing to find beside it
    away.mkdir()
    proc = subprocess.Popen(
        [venv / "bin" / "keystand", "simulate", "--port", "0", "--state-dir", str(away)],
        cwd=away,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = proc.stdout.readline()
        assert line.startswith("keystand simulator: http://127.0.0.1:"), proc.stderr.read()
        located = subprocess.run(
            [python, "-c", "import keystand; print(keystand.__file__)"],
            capture_output=True,
            text=True,
            cwd=away,
        ).stdout
        assert str(venv) in located  # the wheel's copy ran, not the checkout's
        # The compiled catalogs are package data: the wheel speaks Finnish and Japanese.
        said = subprocess.run(
            [python, "-c", "from keystand.i18n import translation as t;"
             "print(t('fi').gettext('Sudden death:'), t('ja').gettext('Sudden death:'))"],
            capture_output=True,
            text=True,
            cwd=away,
        ).stdout.split()
        assert said == ["Äkkikuolema:", "サドンデス："]
        # The partner's tables and heard words are package data: it knows a word a
        # person says beyond its clue vocabulary.
        heard = subprocess.run(
            [python, "-c", "from keystand.partner import Partner; p = Partner.load('en');"
             "print(p.clue_index('fluffy') >= p.table_clues)"],
            capture_output=True,
            text=True,
            cwd=away,
        ).stdout.strip()
        assert heard == "True"
    finally:
        proc.terminate()
        proc.wait(5)
