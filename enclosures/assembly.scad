// The whole device put together: every printed part in place, and every
// module as its keep-out volume (its board, what stands on it, its connectors
// with their plugs or Dupont housings, and the room their wires need to bend).
// Not a part to print. tests/test_enclosures.py renders each object alone
// (-D 'only="NAME"') and checks that no two of them intersect; with
// exploded = true the parts move apart for the picture in docs/.
assembling = true;  // the parts' files then define their modules without drawing them
include <display_stand.scad>
include <stand_base.scad>
include <token_tray.scad>
include <tray_base.scad>
include <printer_dock.scad>
include <dock_base.scad>
include <card_frame.scad>
include <frame_key.scad>

only = "";          // render just this object (the fit test), or all of them
exploded = false;

// Where each group stands on the table, and how far each object lifts when exploded.
tray_at = [-45, -150, 0];
dock_at = [125, -dock_d / 2, 0];
frame_at = [-450, -140, 0];  // the card frame beside the stand, its A edge toward seat A (-y)
FRAME_TILES = [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1]];
function lift(name) = !exploded ? 0 :
    name == "display_stand" ? 70 :
    name == "display_A" || name == "display_B" || name == "encoder_A" || name == "encoder_B" ||
    name == "button_A" || name == "button_B" ? 70 :
    name == "token_tray" || name == "sensors" ? 20 : name == "tokens" ? 40 :
    name == "printer_dock" ? 40 : name == "printer" ? 110 :
    name == "word_cards" ? 30 : name == "frame_key" ? -15 : 0;

OBJECTS = ["stand_base", "display_stand", "pi", "perfboard", "display_A", "display_B",
           "encoder_A", "encoder_B", "button_A", "button_B",
           "tray_base", "token_tray", "tokens", "sensors", "tray_cable",
           "dock_base", "printer_dock", "printer", "scanner", "usb_serial", "dc_jack",
           "card_frame", "card_frame_00", "card_frame_10", "card_frame_20", "card_frame_11",
           "card_frame_21", "frame_key", "pads", "word_cards", "controllers", "frame_cable"];

module box(lo, hi) { translate(lo) cube(hi - lo); }

// --- the stand's modules ----------------------------------------------------------

module pi_keepout() translate([0, pi_y, 0]) {
    size = pi_size(pi_model);
    top = base_t + standoff_h + 1.6;
    translate([pi_x0, -size[1] / 2, base_t + standoff_h]) cube([size[0], size[1], 1.6]);
    box([pi_x0, -size[1] / 2, top - 0.01], [pi_x0 + size[0], size[1] / 2, top + 4]);
    // The GPIO header with a 40-way IDC socket and its ribbon (to the perfboard).
    hy = size[1] / 2 - 3.5;
    box([pi_x0 + pi_header_x - pi_header_w / 2 - 3, hy - 3.5, top - 0.01],
        [pi_x0 + pi_header_x + pi_header_w / 2 + 3, hy + 3.5, top + gpio_ribbon_h]);
    // A Zero 2 W's power and data plugs: up/down-angle micro-USB, the cables going
    // straight down beside the board to the floor and along it to the cable channel.
    // (A Pi 3, 4 or 5 takes its 5 V on the header's pins 2 and 4 from the perfboard.)
    if (pi_model == "zero2w") {
        for (px = [41.4, 54])
            box([pi_x0 + px - 5.5, -size[1] / 2 - 7, base_t + 0.01], [pi_x0 + px + 5.5, -size[1] / 2 + 1, top + 4]);
    } else {
        // USB and Ethernet jacks at the +x end, and a plug out through the end wall.
        box([pi_x0 + size[0] - 22, -size[1] / 2, top - 0.01],
            [pi_x0 + size[0] + 2, size[1] / 2, top + pi_parts_h(pi_model)]);
        box([pi_x0 + size[0], -7, top + 2], [stand_w + 40, 7, top + 10]);
    }
}

module perfboard_keepout() {
    translate([wall + 0.01, -perf_w / 2, base_t + perf_z]) cube([perf_depth, perf_w, perf_h]);
}

// A display module in its face's frame, header down.
module display_keepout() {
    flip = 1;
    back = -1 - oled_glass_t;                         // the PCB's front, behind the glass
    translate([0, 0, -1 - oled_glass_t / 2 - 0.01]) cube([oled_glass_w, oled_glass_h, oled_glass_t], center = true);
    translate([0, -flip * oled_glass_offset, back - oled_pcb_t / 2 - 0.01])
        cube([oled_pcb_w, oled_pcb_h, oled_pcb_t], center = true);
    // The 4-pin header on its edge, pins out of the back, Dupont housings and bend.
    edge = -flip * (oled_glass_offset + oled_pcb_h / 2 - 2.5);
    depth = header_l + dupont_l + wire_bend;
    translate([0, edge, back - oled_pcb_t - depth / 2 - 0.01]) cube([10.4, 5.2, depth], center = true);
}

module encoder_keepout() {
    behind = -wall - 0.01;
    translate([encoder_dx, 0, 0]) {
        // Its body against the wall, the board behind it, pins out of the board's back.
        box([-6, -6, behind - ky040_body], [6, 6, behind]);
        box([-ky040_w / 2, -(ky040_l - ky040_shaft), behind - ky040_body - 1.6 - 2.5],
            [ky040_w / 2, ky040_shaft, behind - ky040_body]);
        // The right-angle header up the face: Dupont housings on it, then the bend.
        box([-6.5, ky040_shaft, behind - ky040_body - 1.6 - 2.6],
            [6.5, ky040_shaft + header_l + dupont_l + wire_bend, behind - ky040_body + 0.5]);
    }
}

module button_keepout() {
    translate([button_dx, 0, -wall - button_body_l - 0.01])
        cylinder(d = button_body_d, h = button_body_l);
}

// --- the tray's ---------------------------------------------------------------------

module tokens() {
    for (n = [0 : slots - 1]) {
        c = slot_centre(n);
        translate([c[0], c[1], tray_base_t + tray_h - token_t + 0.01])
            linear_extrude(token_t) token_outline();
    }
}

module sensors() {
    top = tray_base_t + sensor_h - 0.01;
    for (n = [0 : slots - 1]) {
        c = slot_centre(n);
        translate([c[0] - sensor_w / 2, c[1] - sensor_l / 2, top - 1.6]) cube([sensor_w, sensor_l, 1.6]);
        // Its three legs, bent down into the row's wire channel.
        box([c[0] - 2, c[1] - sensor_l / 2 - clearance - 3, tray_base_t + 0.1],
            [c[0] + 2, c[1] - sensor_l / 2, top - 0.2]);
    }
}

module tray_cable() {
    // The ribbon leaves under the marked end, through the base's notch.
    box([-20, tray_d / 2 - 10, -6], [wall + mark_strip / 2 - 1, tray_d / 2 + 10, -0.01]);
}

// --- the dock's ---------------------------------------------------------------------

module printer_keepout() {
    translate([printer_x, dock_d / 2, 0]) {
        translate([0, 0, dock_h + printer_bezel_t / 2 + 0.01])
            cube([printer_bezel_w, printer_bezel_d, printer_bezel_t], center = true);
        translate([0, 0, dock_h - printer_body_h / 2])
            cube([printer_cut_w, printer_cut_d, printer_body_h], center = true);
        translate([0, 0, dock_h - printer_body_h - printer_rear / 2])
            cube([printer_cut_w, printer_cut_d, printer_rear], center = true);
    }
}

module scanner_keepout() {
    top = dock_h - panel_t - 0.01;
    translate([scanner_x, dock_d / 2, 0]) {
        translate([0, 0, top - scanner_h / 2]) cube([scanner_w, scanner_d, scanner_h - 0.02], center = true);
        // Its line of sight through the window.
        translate([0, 0, top + 20]) cube([scanner_win_w - 2, scanner_win_d - 2, 40], center = true);
    }
}

module usb_serial_keepout() {
    box([scanner_x - usb_serial_w / 2, dock_d / 2 - usb_serial_l / 2, base_t + 0.01],
        [scanner_x + usb_serial_w / 2, dock_d / 2 + usb_serial_l / 2, base_t + usb_serial_h]);
    // Its USB plug and cable, out through the back wall's notch.
    box([scanner_x - 6, dock_d / 2 + usb_serial_l / 2, base_t + 1],
        [scanner_x + 6, dock_d + usb_plug_l, base_t + 9]);
}

module dc_jack_keepout() {
    translate([wall + 0.01, dock_d / 2, base_t + 12]) rotate([0, 90, 0]) cylinder(d = 12, h = jack_depth);
}

// --- the card frame's -----------------------------------------------------------------

module frame_keys() for (k = key_spots) {
    top = k[0][1] < bay_d;  // in the bay's top, or under a row seam
    translate([k[0][0], k[0][1], top ? bay_h - key_t : 0]) rotate(k[1])
        translate([-key_l / 2, -key_end / 2, 0]) frame_key();
}

module pads() for (r = [0 : 4], c = [0 : 4]) {
    p = pocket_at(r, c);
    translate([p[0] + (pocket_w - pad_w) / 2, p[1] + (pocket_l - pad_l) / 2,
               frame_floor - pad_recess + 0.01]) cube([pad_w, pad_l, 0.1]);
}

module word_cards() for (r = [0 : 4], c = [0 : 4]) {
    p = pocket_at(r, c);
    // The pocket-sized top sheet over the pad, then the card.
    translate([p[0] + 0.01, p[1] + 0.01, frame_floor + 0.01]) cube([pocket_w - 0.02, pocket_l - 0.02, 0.3]);
    translate([p[0] + card_gap, p[1] + card_gap, frame_floor + 0.32]) cube([card_w, card_l, 0.4]);
}

module controllers() {
    for (c = controller_spots) translate([c[0] - mpr121_w / 2, c[1] - mpr121_l / 2, 0.01])
        cube([mpr121_w, mpr121_l, mpr121_h]);
    translate([strip_board_spot[0] - strip_board_w / 2, strip_board_spot[1] - strip_board_l / 2, 0.01])
        cube([strip_board_w, strip_board_l, mpr121_h]);
}

// The 5-way cable, out of the bay's +x end and along the table (clear of the tray's
// cable) into the stand's cable channel: in the stand's coordinates.
module frame_cable() {
    out = [frame_at[0] + frame_w, frame_at[1] + bay_d / 2];
    box([out[0] - wall, out[1] - 2.5, 0.01], [-68, out[1] + 2.5, 4]);
    box([-73, out[1] - 2.5, 0.01], [-68, 2.5, 4]);
    box([-73, -2.5, 0.01], [-0.01, 2.5, 4]);
}

// --- every object, by name, in place ----------------------------------------------

module object(name) {
    translate([0, 0, lift(name)]) {
        if (name == "stand_base") stand_base(pi_model);
        if (name == "display_stand") translate([0, 0, base_t]) display_stand(pi_model);
        if (name == "pi") pi_keepout();
        if (name == "perfboard") perfboard_keepout();
        if (name == "display_A") translate([0, 0, base_t]) on_face(window_at) display_keepout();
        if (name == "display_B")
            translate([0, 0, base_t]) mirror([0, 1, 0]) on_face(window_at) display_keepout();
        if (name == "encoder_A") translate([0, 0, base_t]) on_face(controls_at) encoder_keepout();
        if (name == "encoder_B")
            translate([0, 0, base_t]) mirror([0, 1, 0]) on_face(controls_at) encoder_keepout();
        if (name == "button_A") translate([0, 0, base_t]) on_face(controls_at) button_keepout();
        if (name == "button_B")
            translate([0, 0, base_t]) mirror([0, 1, 0]) on_face(controls_at) button_keepout();
        translate(tray_at) {
            if (name == "tray_base") tray_base();
            if (name == "token_tray") translate([0, 0, tray_base_t]) token_tray();
            if (name == "tokens") tokens();
            if (name == "sensors") sensors();
            if (name == "tray_cable") tray_cable();
        }
        translate(frame_at) {
            if (name == "card_frame") frame_tile([0, 1]);
            for (t = FRAME_TILES) if (name == str("card_frame_", t[0], t[1])) frame_tile(t);
            if (name == "frame_key") frame_keys();
            if (name == "pads") pads();
            if (name == "word_cards") word_cards();
            if (name == "controllers") controllers();
        }
        if (name == "frame_cable") frame_cable();
        translate(dock_at) {
            if (name == "dock_base") dock_base();
            if (name == "printer_dock") translate([0, 0, base_t]) printer_dock();
            if (name == "printer") printer_keepout();
            if (name == "scanner") scanner_keepout();
            if (name == "usb_serial") usb_serial_keepout();
            if (name == "dc_jack") dc_jack_keepout();
        }
    }
}

PARTS = ["stand_base", "display_stand", "tray_base", "token_tray", "dock_base", "printer_dock",
         "card_frame", "card_frame_00", "card_frame_10", "card_frame_20", "card_frame_11",
         "card_frame_21", "frame_key"];

if (only != "") {
    object(only);
} else {
    echo(objects = OBJECTS);
    for (name = OBJECTS) {
        printed = len([for (p = PARTS) if (p == name) p]) > 0;
        color(printed ? "#78909c" : name == "tokens" || name == "word_cards" ? "#e8d5a3" :
              name == "pads" ? "#b87333" : "#ef6c00", printed ? 1 : 0.55)
            object(name);
    }
}
