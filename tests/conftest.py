"""Shared fixtures. The helpers they use, and the example keys, are in helpers.py."""

from __future__ import annotations

import pytest

from helpers import EXAMPLE_LAYOUT, EXAMPLE_WORDS, Device, play_example, run_cli, start_device

__all__ = ["EXAMPLE_LAYOUT", "EXAMPLE_WORDS", "play_example", "run_cli"]  # older imports


@pytest.fixture
def browser():
    """Headless Debian Chromium through Playwright, for the simulator page's tests
    (they skip themselves where Chromium is missing)."""
    from playwright.sync_api import sync_playwright

    from browser_sim import ARGS, CHROMIUM

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


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
