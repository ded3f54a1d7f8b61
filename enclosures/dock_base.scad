// The dock's base plate: closes it with four M3 button-head screws into the
// dock's inserts, and carries two rails that press the scanner up against the
// panel, window to lens; the scanner's USB-serial adapter lies between them.
include <common.scad>

echo(bbox = [dock_w, dock_d, base_t + cradle_h]);
echo(fastener = "M3 x 8 button head screw", count = 4);

rail_w = 6.0;
rail_x = scanner_w / 2 - rail_w / 2 - 1;    // rails under the scanner's two ends

module dock_base() difference() {
    union() {
        cube([dock_w, dock_d, base_t]);
        for (sx = [-1, 1])
            translate([scanner_x + sx * rail_x - rail_w / 2, dock_d / 2 - (scanner_d - 6) / 2, base_t - 0.01])
                cube([rail_w, scanner_d - 6, cradle_h + 0.01]);
    }
    for (b = dock_bosses) translate([b[0], b[1], 0]) counterbored(m3_clear, m3_head_d, m3_head_h, base_t);
}

if (is_undef(assembling)) dock_base();  // assembly.scad includes this file
