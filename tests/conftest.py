"""Shared fixtures. The helpers they use, and the example keys, are in helpers.py."""

from __future__ import annotations

import pytest

from helpers import EXAMPLE_LAYOUT, EXAMPLE_WORDS, Device, play_example, run_cli, start_device

__all__ = ["EXAMPLE_LAYOUT", "EXAMPLE_WORDS", "play_example", "run_cli"]  # older imports


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def device(tmp_path):
    """The reference build, simulated, with the example key; stopped afterwards."""
    d: Device = start_device(tmp_path)
    yield d
    d.stop()


@pytest.fixture(autouse=True)
def _screens_in_english():
    """The screens' language is the process's (one table per daemon): a test whose
    device speaks Finnish must not leave the next test reading Finnish."""
    from keystand.screens import text

    yield
    text.use("en")
