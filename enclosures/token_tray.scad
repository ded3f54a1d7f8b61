// The time bank tray: a pocket per timer token, a hall sensor pocket under each
// slot's centre (the package face up, right under the token's magnet), wire
// channels along the rows on the underside, and a finger notch to slide each
// token out. Slot 1 is at the marked end, nearest seat A. tray_base.scad closes
// the underside with four M2 screws into heat-set inserts in the corners.
include <common.scad>

echo(bbox = [tray_w, tray_d, tray_h]);
echo(fastener = "M2 x 3 heat-set insert", count = 4);

module token_tray() difference() {
    cube([tray_w, tray_d, tray_h]);
    for (n = [0 : slots - 1]) {
        c = slot_centre(n);
        row = floor(n / slots_per_row);
        outward = row == 0 ? -1 : 1;
        translate([c[0], c[1], tray_h - slot_depth])
            linear_extrude(slot_depth + 1) token_outline(clearance);
        // Finger notch through the outer wall, half the token deep.
        translate([c[0] - 5, outward < 0 ? -1 : c[1], tray_h - slot_depth / 2])
            cube([10, (outward < 0 ? c[1] + 1 : tray_d - c[1] + 1), slot_depth]);
        // Sensor pocket from below: the package centred under the magnet, face up
        // against sensor_floor, its leads toward the row's wire channel.
        translate([c[0] - sensor_w / 2 - clearance, c[1] - sensor_l / 2 - clearance, -1])
            cube([sensor_w + 2 * clearance, sensor_l + 2 * clearance, sensor_h + 1]);
    }
    // Wire channels: along each row, beside the pockets (so the leads bend into
    // them), to the marked end, where the wires leave.
    for (r = [0 : slot_rows - 1])
        translate([-1, wall + (r + 0.5) * slot_pitch_y - sensor_l / 2 - clearance - channel_w, -1])
            cube([tray_w - wall - mark_strip / 2, channel_w + 0.01, sensor_h + 1]);
    for (c = tray_screws) translate([c[0], c[1], 0]) insert_hole(m2_insert_d, m2_insert_l);
    // Magnet mark on the end strip, 0.6 mm deep: a plus sign (see docs/hardware.md:
    // the pole that faces down when the token lies checkmark side up) and an arrow
    // from it toward slot 1.
    translate([wall + mark_strip / 2, tray_d / 2, tray_h - 0.6]) {
        cube([7, 1.4, 2], center = true);
        cube([1.4, 7, 2], center = true);
        translate([0, -slot_pitch_y / 2, 0])
            linear_extrude(2, center = true) polygon([[-2.5, 2], [2.5, 2], [0, -2]]);
    }
}

if (is_undef(assembling)) token_tray();  // assembly.scad includes this file
