// The stand's base plate: closes the open bottom, locates the stand with a lip
// and holds it with four M3 button-head screws into the stand's inserts, and
// carries the Raspberry Pi (pi_model: Zero 2 W, 3, 4 or 5) on four standoffs
// with M2.5 heat-set inserts. The cable channel stays open.
include <common.scad>

echo(bbox = [stand_w, stand_base_d, base_t + max(lip_h, standoff_h)]);
echo(fastener = "M3 x 8 button head screw", count = 4);
echo(fastener = "M2.5 x 4 heat-set insert", count = 4);
echo(fastener = "M2.5 x 6 screw", count = 4);

module stand_base(model = pi_model) difference() {
    union() {
        translate([0, -stand_base_d / 2, 0]) cube([stand_w, stand_base_d, base_t]);
        // The lip: a rim just inside the stand's walls, notched around its bosses.
        translate([(stand_w - lip_w) / 2, -lip_d / 2, base_t - 0.01])
            difference() {
                cube([lip_w, lip_d, lip_h + 0.01]);
                translate([lip_t, lip_t, -1]) cube([lip_w - 2 * lip_t, lip_d - 2 * lip_t, lip_h + 2]);
            }
        at_pi_holes(model) translate([0, 0, base_t - 0.01]) cylinder(d = standoff_d, h = standoff_h);
    }
    for (b = stand_bosses) {
        translate([b[0], b[1], 0]) counterbored(m3_clear, m3_head_d, m3_head_h, base_t);
        translate([b[0], b[1], base_t]) cylinder(d = boss_d + 2 * clearance, h = lip_h + 1);
    }
    at_pi_holes(model) translate([0, 0, base_t + standoff_h - m25_insert_l])
        cylinder(d = m25_insert_d, h = m25_insert_l + 1);
    translate([-1, -cable_w / 2, base_t]) cube([stand_w + 2, cable_w, lip_h + 1]);
}

if (is_undef(assembling)) stand_base();  // assembly.scad includes this file
