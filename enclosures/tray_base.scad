// The tray's bottom plate: closes the sensor pockets and wire channels, with a
// notch at the marked end where the wires leave toward the Pi.
include <params.scad>

echo(bbox = [tray_w, tray_d, floor_t]);

difference() {
    cube([tray_w, tray_d, floor_t]);
    translate([-1, tray_d / 2 - (slot_rows * slot_pitch_y) / 2, -1])
        cube([wall + 1 + mark_strip / 2, slot_rows * slot_pitch_y, floor_t + 2]);
}
