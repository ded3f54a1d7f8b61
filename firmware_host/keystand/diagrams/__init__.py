"""Drawings made from a hardware profile: the wiring diagram (``keystand wiring``).

``netlist`` says which module pin is wired to which, ``wiring`` draws it as SVG.
"""
