"""scripts/install-pi: dry run, a staged root, re-running, and refusals."""

import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from keystand.config import check, load

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "install-pi"


def _install(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(SCRIPT), *args], capture_output=True, text=True, timeout=120)


def _staged_root(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    (root / "etc").mkdir(parents=True)
    # Raspberry Pi OS has these groups; the service joins them.
    (root / "etc" / "group").write_text("gpio:x:997:\ni2c:x:998:\nspi:x:999:\ndialout:x:20:\n")
    return root


def test_dry_run_prints_every_step_and_changes_nothing(tmp_path):
    root = _staged_root(tmp_path)
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    done = _install("--dry-run", "--profile", "analog", "--root", str(root))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for expected in (
        "apt-get -o DPkg::Lock::Timeout=300 update",
        "fonts-misaki",
        "raspi-config nonint do_i2c 0",
        "raspi-config nonint do_spi 0",  # the analog bank's MCP3008s
        "raspi-config nonint do_serial_hw 0",
        "python3 -m venv --system-site-packages /opt/keystand/venv",
        f"pip install -q --upgrade {ROOT}[pi]",
        'include = "profiles/analog.toml"',
        "/etc/systemd/system/keystand.service",
        "systemctl enable keystand.service",
        "dry run: nothing was changed",
    ):
        assert expected in out, expected
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before


def test_the_default_profile_leaves_spi_off(tmp_path):
    done = _install("--dry-run", "--root", str(_staged_root(tmp_path)))
    assert "do_i2c 0" in done.stdout and "do_spi" not in done.stdout


def test_a_staged_root_gets_a_checked_config_and_the_service(tmp_path):
    root = _staged_root(tmp_path)
    done = _install("--root", str(root), "--profile", "colour")
    assert done.returncode == 0, done.stderr
    config = root / "etc" / "keystand" / "config.toml"
    assert check(load(config)) == []
    assert load(config).section("display")["A"]["driver"] == "ssd1351"
    unit = (root / "etc" / "systemd" / "system" / "keystand.service").read_text()
    assert (
        "ExecStart=/opt/keystand/venv/bin/keystand run --config /etc/keystand/config.toml"
        " --state-dir /var/lib/keystand" in unit
    )
    for line in (
        "Restart=on-failure",
        "RestartPreventExitStatus=2 3",  # a refused config, unbuildable hardware: no loop
        "StateDirectory=keystand",
        "User=keystand",
        "SupplementaryGroups=gpio i2c spi dialout",
        "WantedBy=multi-user.target",
    ):
        assert line in unit.splitlines(), line
    assert "@PREFIX@" not in unit
    rules = root / "etc" / "polkit-1" / "rules.d" / "50-keystand.rules"
    assert "org.freedesktop.login1.power-off" in rules.read_text()
    # Commands for the Pi itself are shown, not run, under --root.
    assert "systemctl restart keystand.service" in done.stdout
    assert not (root / "opt").exists()


def test_running_again_keeps_the_users_config(tmp_path):
    root = _staged_root(tmp_path)
    assert _install("--root", str(root)).returncode == 0
    config = root / "etc" / "keystand" / "config.toml"
    edited = config.read_text().replace('language = "en"', 'language = "fi"')
    config.write_text(edited)
    again = _install("--root", str(root), "--profile", "analog")
    assert again.returncode == 0, again.stderr
    assert "keeping the existing /etc/keystand/config.toml" in again.stdout
    assert config.read_text() == edited
    assert tomllib.loads(edited)["game"]["language"] == "fi"
    # Profiles are the repository's: refreshed on every run.
    profile = root / "etc" / "keystand" / "profiles" / "default.toml"
    assert profile.read_text() == (ROOT / "hardware" / "profiles" / "default.toml").read_text()


def test_bad_arguments_get_one_clear_line(tmp_path):
    done = _install("--profile", "nonesuch", "--dry-run")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "install-pi: no profile 'nonesuch' (known: analog colour default touch; or give a file)"
    )
    done = _install("--frobnicate")
    assert (done.returncode, done.stderr.strip()) == (
        2,
        "install-pi: unknown option '--frobnicate' (see --help)",
    )
    done = _install("--root", str(tmp_path / "missing"))
    assert done.returncode == 2 and "is not a directory" in done.stderr


def test_a_profile_that_fails_check_config_installs_nothing(tmp_path):
    root = _staged_root(tmp_path)
    bad = tmp_path / "mine.toml"
    bad.write_text(
        'include = "%s"\n[controls.A]\nclk_pin = 18\n' % (ROOT / "hardware/profiles/default.toml")
    )
    done = _install("--root", str(root), "--profile", str(bad))
    assert done.returncode == 2
    assert "controls.A.dt_pin: GPIO 18 is already used by controls.A.clk_pin" in done.stderr
    assert not (root / "etc" / "keystand").exists()


# --- the real thing, in a Debian Bookworm root made with debootstrap --------------

MIRROR = "http://deb.debian.org/debian"


@pytest.fixture(scope="module")
def bookworm(tmp_path_factory):
    """A minimal Debian Bookworm root with systemd, the checkout copied to /src.

    The root has what a fresh Raspberry Pi OS Lite has for the installer's sake
    (Python 3.11, systemd, apt); raspi-config and the Pi's buses it has not.
    The host's CA bundle and pip certificate setting go in too, so pip reaches
    PyPI from the chroot the way it does from this machine.
    """
    if os.geteuid() != 0:
        pytest.skip("debootstrap and chroot need root")
    assert shutil.which("debootstrap"), "install Debian's debootstrap (scripts/test does)"
    root = tmp_path_factory.mktemp("bookworm")
    root.chmod(0o755)  # it becomes "/": the service user must be able to enter it
    subprocess.run(
        [
            "debootstrap",
            "--variant=minbase",
            "--include=python3,python3-venv,ca-certificates,systemd",
            "bookworm",
            str(root),
            MIRROR,
        ],
        check=True,
        capture_output=True,
        timeout=900,
    )
    shutil.copy("/etc/resolv.conf", root / "etc" / "resolv.conf")
    shutil.copy("/etc/ssl/certs/ca-certificates.crt", root / "etc/ssl/certs/ca-certificates.crt")
    ignore = shutil.ignore_patterns(
        ".git", ".venv", "build", "__pycache__", "*.egg-info", ".pytest_cache", ".ruff_cache"
    )
    shutil.copytree(ROOT, root / "src", ignore=ignore)
    return root


# Each command runs in a mount namespace of its own: /proc and /dev (with /dev/pts,
# for the simulated printer's pty) are mounted for it and vanish when it exits, so
# nothing of the host stays mounted inside a temporary directory.
CHROOT = 'mount -t proc proc "$0/proc" && mount --rbind /dev "$0/dev" && exec chroot "$0" "$@"'


def _in_root(root: Path, command: str, timeout: int = 900) -> subprocess.CompletedProcess:
    env = ["env", "-i", "PATH=/usr/sbin:/usr/bin:/sbin:/bin", "HOME=/root", "LANG=C.UTF-8"]
    env += [f"PIP_CERT={os.environ['PIP_CERT']}"] if "PIP_CERT" in os.environ else []
    namespace = ["unshare", "--mount", "--propagation", "private", "sh", "-c", CHROOT, str(root)]
    return subprocess.run(
        [*namespace, *env, "bash", "-c", command],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.mark.slow
def test_install_in_a_bookworm_root_then_again(bookworm):
    first = _in_root(bookworm, "bash /src/scripts/install-pi --profile analog")
    assert first.returncode == 0, first.stdout + first.stderr
    assert "keystand is installed and enabled" in first.stdout
    assert "raspi-config not found: enable i2c spi uart yourself" in first.stdout

    enabled = _in_root(bookworm, "systemctl is-enabled keystand.service")
    assert enabled.stdout.strip() == "enabled"
    user = _in_root(bookworm, "id -nG keystand")
    assert user.returncode == 0 and "keystand" in user.stdout
    check = _in_root(
        bookworm, "/opt/keystand/venv/bin/keystand check-config /etc/keystand/config.toml"
    )
    assert check.stdout.strip() == "/etc/keystand/config.toml: ok"

    # What the service runs, as the service user, on simulated pins for a moment.
    run = _in_root(
        bookworm,
        "cd /tmp && echo dump | runuser -u keystand -- /opt/keystand/venv/bin/keystand run"
        " --simulate --config /etc/keystand/config.toml --state-dir /tmp/state",
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert '"tokens_left": 9' in run.stdout

    again = _in_root(bookworm, "bash /src/scripts/install-pi --profile analog")
    assert again.returncode == 0, again.stdout + again.stderr
    assert "venv exists: upgrading keystand in it" in again.stdout
    assert "keeping the existing /etc/keystand/config.toml" in again.stdout


def _with_pi(root: Path, model: str) -> Path:
    (root / "proc" / "device-tree").mkdir(parents=True)
    (root / "proc" / "device-tree" / "model").write_bytes(model.encode() + b"\0")
    return root


def test_the_pi_it_runs_on_goes_into_the_config(tmp_path):
    root = _with_pi(_staged_root(tmp_path), "Raspberry Pi 5 Model B Rev 1.0")
    done = _install("--root", str(root))
    assert done.returncode == 0, done.stderr
    assert 'this is a Raspberry Pi 5 Model B Rev 1.0: [board] model = "pi5"' in done.stdout
    config = load(root / "etc" / "keystand" / "config.toml")
    assert config.section("board") == {"model": "pi5"} and check(config) == []


def test_a_profile_with_pins_the_pi_lacks_stops_the_install(tmp_path):
    root = _with_pi(_staged_root(tmp_path), "Raspberry Pi Model B Rev 2")  # 26 pins
    done = _install("--root", str(root))
    assert done.returncode == 2
    assert "controls.B.back_pin: GPIO 5 is not on the pi1b header" in done.stdout + done.stderr
    assert not (root / "etc" / "systemd" / "system" / "keystand.service").exists()


# --- the printer's UART, the unit's hardening and its documentation ----------------


def test_bluetooth_leaves_the_printers_uart_once(tmp_path):
    root = _with_pi(_staged_root(tmp_path), "Raspberry Pi 4 Model B Rev 1.5")
    boot = root / "boot" / "firmware" / "config.txt"
    boot.parent.mkdir(parents=True)
    boot.write_text("# Raspberry Pi OS\n[pi4]\narm_boost=1\n")
    dry = _install("--dry-run", "--root", str(root))
    assert "+ add dtoverlay=disable-bt to /boot/firmware/config.txt" in dry.stdout
    assert "systemctl disable hciuart.service" in dry.stdout
    assert "disable-bt" not in boot.read_text()
    for _ in range(2):
        done = _install("--root", str(root))
        assert done.returncode == 0, done.stderr
    text = boot.read_text()
    assert text.startswith("# Raspberry Pi OS\n[pi4]\narm_boost=1\n")
    assert text.count("dtoverlay=disable-bt") == 1
    assert text.rstrip().endswith("[all]\n# keystand: the PL011 UART on GPIO 14/15 for the printer,"
                                  " Bluetooth off\ndtoverlay=disable-bt")
    assert "/boot/firmware/config.txt has dtoverlay=disable-bt already" in done.stdout


def test_a_pi_5_or_a_build_without_the_uart_keeps_bluetooth(tmp_path):
    root = _with_pi(_staged_root(tmp_path), "Raspberry Pi 5 Model B Rev 1.0")
    (root / "boot" / "firmware").mkdir(parents=True)
    (root / "boot" / "firmware" / "config.txt").write_text("")
    done = _install("--root", str(root))
    assert done.returncode == 0 and "disable-bt" not in done.stdout
    no_uart = tmp_path / "no-uart.toml"
    no_uart.write_text(
        f'include = "{ROOT / "hardware/profiles/default.toml"}"\n[buses]\nuart = false\n'
    )
    done = _install("--dry-run", "--profile", str(no_uart))
    assert done.returncode == 0 and "disable-bt" not in done.stdout


def test_the_units_documentation_is_installed(tmp_path):
    root = _staged_root(tmp_path)
    assert _install("--root", str(root)).returncode == 0
    unit = (root / "etc/systemd/system/keystand.service").read_text()
    (doc,) = [line for line in unit.splitlines() if line.startswith("Documentation=")]
    path = doc.removeprefix("Documentation=file://")
    assert (root / path.lstrip("/")).read_text() == (ROOT / "docs/install-pi.md").read_text()


def test_the_unit_is_hardened(tmp_path):
    """systemd's own verdict on the installed unit: exposure 5.0 or better."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed (Debian's systemd package)")
    root = _staged_root(tmp_path)
    assert _install("--root", str(root)).returncode == 0
    unit = root / "etc/systemd/system/keystand.service"
    done = subprocess.run(
        [analyze, "security", "--offline=true", "--no-pager", str(unit)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    match = re.search(r"Overall exposure level for keystand\.service: ([\d.]+)", done.stdout)
    assert match, done.stdout + done.stderr
    assert float(match.group(1)) <= 5.0, done.stdout
    # What it may touch: the bank's and displays' buses, the serial ports.
    text = unit.read_text()
    for device in ("gpiochip", "i2c", "spi", "ttyAMA", "ttyUSB"):
        assert f"DeviceAllow=char-{device} rw" in text
    assert "DevicePolicy=closed" in text and "ProtectSystem=strict" in text
