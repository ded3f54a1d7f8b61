// The display stand: two OLEDs back to back, each face tilted toward its seat,
// with the seat's encoder and back button below its display and a cable channel
// through both ends at table level. It replaces the game's plastic card stand.
// Open at the bottom; stand_base.scad closes it and carries the Pi.
include <params.scad>

echo(bbox = [stand_w, stand_base_d, stand_h]);

// The cross-section in (y, z): a trapezoid whose sloped sides are the faces.
module section() {
    polygon([[-stand_base_d / 2, 0], [stand_base_d / 2, 0],
             [ridge_d / 2, stand_h], [-ridge_d / 2, stand_h]]);
}

module cavity_section() {
    hull() {
        offset(delta = -wall) section();
        translate([-opening_d / 2, -1]) square([opening_d, 1]);
    }
}

// Children in a face's frame: x across, y up the slope, z out of the face.
module on_face(s) {
    translate([stand_w / 2, -stand_base_d / 2 + s * cos(tilt), s * sin(tilt)])
        rotate([tilt, 0, 0]) children();
}

module face_cuts() {
    on_face(window_at) {
        cube([window_w, window_h, 4 * wall], center = true);
        // The glass sits in a pocket on the inside, leaving a 1 mm skin in front.
        translate([0, 0, -wall / 2 - 1 / 2 - 1])
            cube([oled_glass_w + 2 * clearance, oled_glass_h + 2 * clearance, wall + 1], center = true);
    }
    on_face(controls_at) {
        translate([-control_pitch / 2, 0, 0]) cylinder(d = encoder_hole, h = 4 * wall, center = true);
        translate([control_pitch / 2, 0, 0]) cylinder(d = button_hole, h = 4 * wall, center = true);
    }
}

difference() {
    rotate([90, 0, 90]) linear_extrude(stand_w) section();
    translate([wall, 0, 0]) rotate([90, 0, 90]) linear_extrude(stand_w - 2 * wall) cavity_section();
    face_cuts();                        // seat A's face (toward -y)
    mirror([0, 1, 0]) face_cuts();      // seat B's face, the same turned around
    translate([-1, -cable_w / 2, -1]) cube([stand_w + 2, cable_w, cable_h + 1]);
}
