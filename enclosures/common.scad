// Placement shared by the parts and the assembly: where things sit on the faces,
// the slots, the Pi's holes. Modules only; every number is in params.scad.
include <params.scad>

// Children in seat A's face frame: x across (0 at the stand's centre), y up the
// slope, z out of the face. Seat B's face is the same mirrored in y.
module on_face(s) {
    translate([stand_w / 2, -stand_base_d / 2 + s * cos(tilt), s * sin(tilt)])
        rotate([tilt, 0, 0]) children();
}

module on_both_faces(s) {
    on_face(s) children();
    mirror([0, 1, 0]) on_face(s) children();
}


function slot_centre(n) = [
    wall + mark_strip + (n % slots_per_row + 0.5) * slot_pitch_x,
    wall + (floor(n / slots_per_row) + 0.5) * slot_pitch_y
];

// A token's outline grown by `grow`: a rounded rectangle, centred.
module token_outline(grow = 0) {
    w = token_w + 2 * grow;
    l = token_l + 2 * grow;
    r = max(0.01, min(token_r + grow, w / 2, l / 2));
    hull() for (sx = [-1, 1], sy = [-1, 1])
        translate([sx * (w / 2 - r), sy * (l / 2 - r)]) circle(r = r, $fn = 96);
}

// Children at the Pi's four mounting holes (stand coordinates, on the base plate).
module at_pi_holes(model = pi_model) {
    span = pi_hole_span(model);
    for (dx = [0, span[0]], sy = [-1, 1])
        translate([pi_x0 + 3.5 + dx, pi_y + sy * span[1] / 2, 0]) children();
}

// A boss's insert hole, from z = 0 up.
module insert_hole(d, l) {
    translate([0, 0, -1]) cylinder(d = d, h = l + 1.5);
}

// A counterbored clearance hole through a plate of thickness t, head from below.
module counterbored(clear, head_d, head_h, t) {
    translate([0, 0, -1]) cylinder(d = clear, h = t + 2);
    translate([0, 0, -1]) cylinder(d = head_d, h = head_h + 1);
}
