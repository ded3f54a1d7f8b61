// The printer and scanner dock: a box whose top panel holds a 58 mm panel-mount
// thermal printer (its body drops through the cut-out, its snap clips grip the
// panel) and, beside it, a window over the QR scanner's lens. The printer
// supply's DC jack sits in the -x end wall; the printer's and scanner's cables
// leave through the notch in the back wall. Open at the bottom: dock_base.scad
// closes it with four M3 screws into inserts and lifts the scanner to the window.
include <common.scad>

dock_body_h = dock_h - base_t;          // it stands on its base plate
echo(bbox = [dock_w, dock_d, dock_body_h]);
echo(fastener = "M3 x 5.7 heat-set insert", count = 4);

module printer_dock() difference() {
    union() {
        difference() {
            cube([dock_w, dock_d, dock_body_h]);
            translate([wall, wall, -1]) cube([dock_w - 2 * wall, dock_d - 2 * wall, dock_body_h - panel_t + 1]);
        }
        for (b = dock_bosses) translate([b[0], b[1], 0]) cylinder(d = boss_d, h = boss_h);
    }
    for (b = dock_bosses) translate([b[0], b[1], 0]) insert_hole(m3_insert_d, m3_insert_l);
    translate([printer_x, dock_d / 2, dock_body_h - panel_t / 2])
        cube([printer_cut_w + 2 * clearance, printer_cut_d + 2 * clearance, panel_t + 2], center = true);
    translate([scanner_x, dock_d / 2, dock_body_h - panel_t / 2])
        cube([scanner_win_w, scanner_win_d, panel_t + 2], center = true);
    translate([-1, dock_d / 2, 12]) rotate([0, 90, 0]) cylinder(d = jack_hole, h = wall + 2);
    translate([scanner_x - 12, dock_d - wall - 1, -1]) cube([24, wall + 2, 15]);
}

if (is_undef(assembling)) printer_dock();  // assembly.scad includes this file
