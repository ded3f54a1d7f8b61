// The tray's bottom plate: closes the sensor pockets and wire channels, with a
// notch at the marked end where the cable leaves toward the stand, and four M2
// pan-head screws (counterbored) into the tray's corner inserts.
include <common.scad>

echo(bbox = [tray_w, tray_d, tray_base_t]);
echo(fastener = "M2 x 5 pan head screw", count = 4);

module tray_base() difference() {
    cube([tray_w, tray_d, tray_base_t]);
    translate([-1, tray_d / 2 - (slot_rows * slot_pitch_y) / 2 + 8, -1])
        cube([wall + 1 + mark_strip / 2, slot_rows * slot_pitch_y - 16, tray_base_t + 2]);
    for (s = tray_screws) translate([s[0], s[1], 0])
        counterbored(m2_clear, m2_head_d, m2_head_h, tray_base_t);
}

if (is_undef(assembling)) tray_base();  // assembly.scad includes this file
