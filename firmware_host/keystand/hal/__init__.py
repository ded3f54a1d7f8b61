"""The adapters of a real device: luma.oled panels, gpiozero controls and bank
sensors, pyserial printer and scanner, and the Pi's own wires.

Each adapter turns hardware into the events of ``keystand.events`` (or frames
into bus traffic) and satisfies a port of ``keystand.ports``. Adapters never
import the app; what they run on is chosen by ``keystand.hardware``.
"""
