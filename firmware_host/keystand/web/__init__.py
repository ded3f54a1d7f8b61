"""The browser simulator and the phone seat views."""
