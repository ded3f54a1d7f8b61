"""ESC/POS real-time status: the paper-sensor query and its reply.

The printer's driver (hal/printer.py) sends the query; the simulated printer
(sim/printer.py) answers it. One source for the bytes both ends speak.
"""

DLE_EOT_PAPER = b"\x10\x04\x04"  # DLE EOT 4: transmit paper roll sensor status
PAPER_END = 0x60  # reply bits 5 and 6: roll end detected
PAPER_OK = 0x12  # a reply with the fixed bits only: paper present
