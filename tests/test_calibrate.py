"""keystand calibrate: thresholds from measured readings, refusals, the config edited in place."""

import importlib.util
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import PROFILES, ROOT, run_cli
from keystand.calibrate import (
    MIN_MARGIN,
    Calibration,
    CalibrationError,
    Measurements,
    Spread,
    thresholds,
    write_thresholds,
)
from keystand.config import load, parse
from keystand.hal.analog import BYSTANDER, CHECKMARK, EMPTY, Thresholds

ANALOG = PROFILES / "analog.toml"
DEFAULT = PROFILES / "default.toml"


def _measured(*slots):
    """Measurements from (empty, checkmark, bystander) per slot, each a reading or (lo, hi)."""

    def spread(v):
        return Spread(*v) if isinstance(v, tuple) else Spread(v, v)

    return Measurements(*(tuple(spread(s[k]) for s in slots) for k in range(3)))


def _classifies(calibration: Calibration, m: Measurements, slack: int) -> bool:
    """Every reading, moved up to ``slack`` counts toward a threshold, is read as its
    state whatever the slot read before."""
    t = Thresholds(calibration.present_below, calibration.flipped_above, calibration.hysteresis)
    before = (EMPTY, CHECKMARK, BYSTANDER)
    for e, c, b in zip(m.empty, m.checkmark, m.bystander, strict=True):
        cases = [
            (e.lo - slack, EMPTY),
            (e.hi + slack, EMPTY),
            (c.hi + slack, CHECKMARK),
            (b.lo - slack, BYSTANDER),
        ]
        for raw, want in cases:
            # A token's state is entered from an empty slot; an empty one from anything.
            previous = before if want == EMPTY else (EMPTY, want)
            if any(t.classify(p, raw) != want for p in previous):
                return False
    return True


def test_thresholds_split_each_gap_into_margin_hysteresis_margin():
    m = _measured((512, 200, 824), ((505, 509), (190, 214), (810, 830)))
    c = thresholds(m)
    # Low gap 505 - 214 = 291, high gap 810 - 512 = 298: a third of the narrower is
    # the hysteresis, and each band sits in the middle of its gap.
    assert c.hysteresis == 97
    assert (c.present_below, c.absent_above, c.flipped_above) == (311, 408, 710)
    assert c.margin == 97
    assert _classifies(c, m, c.margin - 1)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(300, 700),  # the sensor's null
            st.integers(-400, 400),  # checkmark side up: the shift from null
            st.integers(-400, 400),  # bystander side up
            st.integers(0, 12),  # the samples' spread
        ),
        min_size=1,
        max_size=12,
    )
)
def test_a_calibration_either_refuses_or_keeps_its_margin_for_every_slot(slots):
    def clamp(v):
        return max(0, min(1023, v))

    m = _measured(
        *(
            (
                (clamp(null), clamp(null + noise)),
                (clamp(null + c), clamp(null + c + noise)),
                (clamp(null + b), clamp(null + b + noise)),
            )
            for null, c, b, noise in slots
        )
    )
    try:
        c = thresholds(m)
    except CalibrationError as exc:
        assert str(exc).startswith("slot ")
        return
    assert c.margin >= MIN_MARGIN
    assert _classifies(c, m, c.margin - 1)
    assert not _classifies(c, m, c.margin + 1)  # the margin is the real one, not less


@pytest.mark.parametrize(
    ("slots", "error"),
    [
        (
            [(512, 200, 824), (512, 1023, 824)],
            "slot 2 checkmark side up reads 1023, at the ADC's rail: a broken or shorted wire",
        ),
        (
            [(512, 824, 200)],
            "slot 1 reads above empty (512) checkmark side up (824) and below it bystander "
            "side up: the magnet or the sensor is the wrong way round (docs/hardware.md)",
        ),
        (
            [(512, 200, 824), (512, (300, 420), (400, 430))],
            "slot 2 checkmark side up (300-420) and bystander side up (400-430) read alike: "
            "the sides cannot be told apart",
        ),
        (
            [(512, 200, 824), (512, 200, 824), ((508, 515), 200, 530)],
            "slot 3 bystander side up (530) reads too close to empty (508-515): "
            "a token cannot be told from an empty slot",
        ),
        (
            [(450, 150, 700), (680, 380, 900)],
            "slot 1 bystander side up (700) and slot 2 empty (680) are too close for one "
            "threshold to tell apart",
        ),
        (
            [(440, 200, 824), (610, 415, 900)],
            "slot 2 checkmark side up (415) and slot 1 empty (440) are too close for one "
            "threshold to tell apart",
        ),
    ],
)
def test_readings_that_cannot_be_told_apart_are_refused_naming_the_slot(slots, error):
    with pytest.raises(CalibrationError) as caught:
        thresholds(_measured(*slots))
    assert str(caught.value).startswith(error)


def _field_budget():
    spec = importlib.util.spec_from_file_location("field_budget", ROOT / "hardware/field_budget.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["field_budget"] = module
    spec.loader.exec_module(module)
    return module


def test_every_bank_the_field_budget_allows_calibrates_with_room():
    """The budget's worst bank: sensors at both ends of the datasheet's null, the
    least shift a token gives, the budget's noise on every reading."""
    fb = _field_budget()
    b = fb.budget(fb.params(), hysteresis=40)
    assert MIN_MARGIN == fb.MARGIN_COUNTS
    crosstalk = b.crosstalk_g * b.counts_per_g[1]  # what full neighbours add to an empty slot
    assert fb.NOISE_COUNTS + crosstalk <= MIN_MARGIN
    noise = fb.NOISE_COUNTS
    slots = []
    for null in (round(b.null[0]), round(b.null[1])):
        shift = round(b.token_shift)
        slots.append(
            (
                (null - noise, null + noise),
                (null - shift - noise, null - shift + noise),
                (null + shift - noise, null + shift + noise),
            )
        )
    c = thresholds(_measured(*slots))
    assert c.margin >= 2 * MIN_MARGIN
    assert _classifies(c, _measured(*slots), c.margin - 1)


# ---------------------------------------------------------------- the config file

CAL = Calibration(present_below=311, absent_above=408, flipped_above=713, margin=97)


def _profile_copy(tmp_path, name="analog.toml"):
    """A profile beside a copy of what it includes, as /etc/keystand holds them."""
    for p in PROFILES.glob("*.toml"):
        (tmp_path / p.name).write_text(p.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path / name


def test_the_bank_table_is_edited_in_place_and_nothing_else_changes(tmp_path):
    path = _profile_copy(tmp_path)
    before = path.read_text(encoding="utf-8").splitlines()
    path.chmod(0o640)
    write_thresholds(path, CAL)
    after = path.read_text(encoding="utf-8").splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert changed == [
        ("present_below = 400   # checkmark side up (one pole)",
         "present_below = 311   # checkmark side up (one pole)"),
        ("absent_above = 440    # hysteresis: back to empty only above this",
         "absent_above = 408    # hysteresis: back to empty only above this"),
        ("flipped_above = 624   # bystander side up (the other pole)",
         "flipped_above = 713   # bystander side up (the other pole)"),
    ]  # fmt: skip
    assert path.stat().st_mode & 0o777 == 0o640
    assert list(tmp_path.glob(".*")) == []  # no temporary file left behind


def test_a_config_that_includes_the_profile_gets_a_bank_table_of_its_own(tmp_path):
    _profile_copy(tmp_path)
    path = tmp_path / "config.toml"
    text = (
        "# keystand's configuration: the installer keeps this file.\n"
        'include = "analog.toml"\n\n[game]\nlanguage = "fi"  # the table speaks Finnish\n'
    )
    path.write_text(text, encoding="utf-8")
    profile = (tmp_path / "analog.toml").read_text(encoding="utf-8")
    write_thresholds(path, CAL)
    written = path.read_text(encoding="utf-8")
    assert written.startswith(text)
    assert "[bank]\n# measured on this device by keystand calibrate\n" in written
    assert (tmp_path / "analog.toml").read_text(encoding="utf-8") == profile
    bank = parse(load(path)).bank
    assert (bank.present_below, bank.leave_checkmark, bank.flipped_above) == (311, 408, 713)
    assert bank.channels == tuple(range(12))  # the rest still comes from the profile
    result = run_cli("check-config", str(path))
    assert result.returncode == 0, result.stderr


def test_thresholds_that_check_config_refuses_are_not_written(tmp_path):
    path = _profile_copy(tmp_path)
    before = path.read_bytes()
    at_the_rail = Calibration(present_below=311, absent_above=408, flipped_above=1020, margin=1)
    with pytest.raises(CalibrationError, match="flipped_above: 1020 is at the ADC's rail"):
        write_thresholds(path, at_the_rail)
    assert path.read_bytes() == before
    assert list(tmp_path.glob(".*")) == []


def test_a_file_that_cannot_be_written_is_said(tmp_path, monkeypatch):
    import errno

    path = _profile_copy(tmp_path)
    before = path.read_bytes()

    def read_only(*args, **kwargs):  # the tests run as root, who may write anywhere
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("keystand.calibrate.tempfile.mkstemp", read_only)
    with pytest.raises(CalibrationError) as caught:
        write_thresholds(path, CAL)
    assert str(caught.value) == f"{path}: cannot write it (Permission denied)"
    assert path.read_bytes() == before


# ---------------------------------------------------------------- the command


def _script(readings):
    """stdin that plays the maker on the simulated bank: ``readings`` is per slot
    (empty, checkmark, bystander) as ADC counts."""
    lines = [f"bank adc {n} {e}" for n, (e, _, _) in enumerate(readings, 1)] + [""]
    for n, (e, c, b) in enumerate(readings, 1):
        lines += [f"bank adc {n} {c}", "", f"bank adc {n} {b}", "", f"bank adc {n} {e}"]
    return "\n".join(lines) + "\n"


READINGS = [(500 + 3 * n, 190 + 5 * n, 800 + 4 * n) for n in range(12)]


def test_calibrate_on_the_simulated_bank_writes_what_it_measured(tmp_path):
    path = _profile_copy(tmp_path)
    result = run_cli(
        "calibrate", "--config", str(path), "--simulate", "--samples", "2",
        stdin=_script(READINGS),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Take every token out of the bank, then press Enter."
    assert "  slot 12 empty: 533" in lines
    assert "Slot 12: move the token here, checkmark side up, then press Enter." in lines
    assert "  slot 12 bystander: 844" in lines
    # Checkmark at most 245 (slot 12), empty 500 to 533, bystander at least 800.
    want = thresholds(_measured(*READINGS))
    assert lines[-2] == str(want)
    assert lines[-1] == f"wrote them into {path} ([bank]); restart keystand to use them"
    bank = parse(load(path)).bank
    assert (bank.present_below, bank.leave_checkmark, bank.flipped_above) == (
        want.present_below,
        want.absent_above,
        want.flipped_above,
    )
    assert run_cli("check-config", str(path)).returncode == 0


def test_a_bystander_side_that_reads_like_empty_is_refused_and_nothing_written(tmp_path):
    path = _profile_copy(tmp_path)
    before = path.read_bytes()
    readings = list(READINGS)
    readings[4] = (512, 200, 530)
    result = run_cli(
        "calibrate", "--config", str(path), "--simulate", "--samples", "2",
        stdin=_script(readings),
    )  # fmt: skip
    assert result.returncode == 1
    assert result.stderr == (
        "keystand: calibrate: slot 5 bystander side up (530) reads too close to empty (512): "
        "a token cannot be told from an empty slot; the config is unchanged\n"
    )
    assert path.read_bytes() == before


def test_input_that_ends_early_changes_nothing(tmp_path):
    path = _profile_copy(tmp_path)
    before = path.read_bytes()
    result = run_cli("calibrate", "--config", str(path), "--simulate", stdin="\nbank put 1\n\n")
    assert result.returncode == 1
    assert result.stderr == (
        "keystand: calibrate: stopped before the last step; the config is unchanged\n"
    )
    assert path.read_bytes() == before


def test_a_dry_run_measures_and_writes_nothing(tmp_path):
    path = _profile_copy(tmp_path)
    before = path.read_bytes()
    result = run_cli(
        "calibrate", "--config", str(path), "--simulate", "--samples", "1", "--dry-run",
        stdin=_script(READINGS),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].startswith("present_below = ")
    assert path.read_bytes() == before


def test_a_digital_bank_has_nothing_to_calibrate(tmp_path):
    path = _profile_copy(tmp_path, "default.toml")
    before = path.read_bytes()
    result = run_cli("calibrate", "--config", str(path), "--simulate", stdin="")
    assert result.returncode == 0
    assert result.stdout == "the bank is digital (switches): there are no thresholds to calibrate\n"
    assert path.read_bytes() == before


def test_bad_samples_are_bad_input():
    result = run_cli("calibrate", "--config", str(ANALOG), "--simulate", "--samples", "0")
    assert result.returncode == 2
    assert result.stderr == "keystand: error: --samples must be 1 to 1000\n"
