// The stand's base plate: closes the open bottom, locates the stand with a lip,
// and carries the Raspberry Pi on four standoffs. The cable channel stays open.
include <params.scad>

echo(bbox = [stand_w, stand_base_d, floor_t + max(lip_h, standoff_h)]);

difference() {
    union() {
        translate([0, -stand_base_d / 2, 0]) cube([stand_w, stand_base_d, floor_t]);
        // The lip: a rim just inside the stand's walls.
        translate([(stand_w - lip_w) / 2, -lip_d / 2, floor_t - 0.01])
            difference() {
                cube([lip_w, lip_d, lip_h + 0.01]);
                translate([lip_t, lip_t, -1]) cube([lip_w - 2 * lip_t, lip_d - 2 * lip_t, lip_h + 2]);
            }
        for (x = [-1, 1], y = [-1, 1])
            translate([stand_w / 2 + x * pi_hole_dx / 2, y * pi_hole_dy / 2, floor_t - 0.01])
                cylinder(d = 5, h = standoff_h);
    }
    for (x = [-1, 1], y = [-1, 1])
        translate([stand_w / 2 + x * pi_hole_dx / 2, y * pi_hole_dy / 2, -1])
            cylinder(d = 2.5, h = floor_t + lip_h + 2);  // M2.5 self-tapping
    translate([-1, -cable_w / 2, floor_t]) cube([stand_w + 2, cable_w, lip_h + 1]);
}
