// The display stand: two OLEDs back to back, each face tilted toward its seat,
// with the seat's encoder and back button below its display and a cable channel
// through both ends at table level. It replaces the game's plastic card stand.
// Open at the bottom; stand_base.scad closes it with four M3 screws into heat-set
// inserts in the bosses on the end walls. A Pi 3/4/5's USB and Ethernet jacks
// look out of the +x end.
include <common.scad>

echo(bbox = [stand_w, stand_base_d, stand_h]);
echo(fastener = "M3 x 5.7 heat-set insert", count = 4);

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

module face_cuts() {
    on_face(window_at) {
        cube([window_w, window_h, 4 * wall], center = true);
        // The glass sits in a pocket on the inside, leaving a 1 mm skin in front.
        translate([0, 0, -wall / 2 - 1 / 2 - 1])
            cube([oled_glass_w + 2 * clearance, oled_glass_h + 2 * clearance, wall + 1], center = true);
    }
    on_face(controls_at) {
        translate([encoder_dx, 0, 0]) cylinder(d = encoder_hole, h = 4 * wall, center = true);
        translate([button_dx, 0, 0]) cylinder(d = button_hole, h = 4 * wall, center = true);
    }
}

module display_stand(model = pi_model) difference() {
    union() {
        difference() {
            rotate([90, 0, 90]) linear_extrude(stand_w) section();
            translate([wall, 0, 0]) rotate([90, 0, 90])
                linear_extrude(stand_w - 2 * wall) cavity_section();
        }
        for (b = stand_bosses) translate([b[0], b[1], 0]) cylinder(d = boss_d, h = boss_h);
    }
    for (b = stand_bosses) translate([b[0], b[1], 0]) insert_hole(m3_insert_d, m3_insert_l);
    face_cuts();                        // seat A's face (toward -y)
    mirror([0, 1, 0]) face_cuts();      // seat B's face, the same turned around
    translate([-1, -cable_w / 2, -1]) cube([stand_w + 2, cable_w, cable_h + 1]);
    if (model != "zero2w")              // the big boards' USB and Ethernet jacks
        translate([stand_w - wall - 1, pi_y - pi_size(model)[1] / 2 - 1, boss_h + 0.5])
            cube([wall + 2, pi_size(model)[1] + 2, standoff_h + 1.6 + pi_parts_h(model) + 1 - boss_h]);
}

if (is_undef(assembling)) display_stand();  // assembly.scad includes this file
