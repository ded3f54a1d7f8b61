// The time bank tray: a pocket per timer token, a sensor pocket under each (a
// reed switch lying flat, or a hall sensor), wire channels along the rows on
// the underside, and a finger notch to slide each token out. Slot 1 is at the
// marked end, nearest seat A. tray_base.scad closes the underside.
include <params.scad>

echo(bbox = [tray_w, tray_d, tray_h]);

function slot_centre(n) = [
    wall + mark_strip + (n % slots_per_row + 0.5) * slot_pitch,
    wall + (floor(n / slots_per_row) + 0.5) * slot_pitch
];

difference() {
    cube([tray_w, tray_d, tray_h]);
    for (n = [0 : slots - 1]) {
        c = slot_centre(n);
        outward = floor(n / slots_per_row) == 0 ? -1 : 1;
        translate([c[0], c[1], tray_h - slot_depth]) cylinder(d = slot_d, h = slot_depth + 1);
        // Finger notch through the outer wall, half the token deep.
        translate([c[0] - 5, outward < 0 ? -1 : c[1], tray_h - slot_depth / 2])
            cube([10, (outward < 0 ? c[1] + 1 : tray_d - c[1] + 1), slot_depth]);
        // Sensor pocket from below, centred under the token's magnet.
        translate([c[0] - reed_l / 2 - clearance, c[1] - reed_w / 2 - clearance, -1])
            cube([reed_l + 2 * clearance, reed_w + 2 * clearance, sensor_h + 1]);
    }
    // Wire channels: along each row to the marked end, where the wires leave.
    for (r = [0 : slot_rows - 1])
        translate([-1, wall + (r + 0.5) * slot_pitch - channel_w / 2, -1])
            cube([tray_w - wall - mark_strip / 2, channel_w, sensor_h + 1]);
    // Magnet mark on the end strip, 0.6 mm deep: a plus sign ("the pole that
    // faces down with the checkmark side up", see docs/enclosures.md) and an
    // arrow from it toward slot 1.
    translate([wall + mark_strip / 2, tray_d / 2, tray_h - 0.6]) {
        cube([7, 1.4, 2], center = true);
        cube([1.4, 7, 2], center = true);
        translate([0, -slot_pitch / 2, 0])
            linear_extrude(2, center = true) polygon([[-2.5, 2], [2.5, 2], [0, -2]]);
    }
}
