"""The simulated hardware: everything below the adapters, for ``--simulate``,
the browser simulator and the tests.

Recording I2C and SPI buses and the controller chips that read them, an MCP3008
on gpiozero's mock SPI pins, a printer and a scanner at the far end of a pty,
the ESC/POS reader that turns a printer's bytes back into paper, and the
pin-level command language. ``table.SimTable`` puts them together behind the
same interface as ``hal.wires.PiWires``. Nothing here imports the app.
"""
