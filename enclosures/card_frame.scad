// The card frame (touch.toml): a pocket per word card, landscape, in a 5 x 5 grid,
// and along seat A's edge a raised bay, marked A, holding the three MPR121 boards
// and the frame's strip board, the frame cable leaving through a notch at its +x
// end toward the stand. Each pocket has a copper-foil pad in a shallow recess on
// its floor, covered by a piece of 0.3 mm clear sheet, then the card; the pad's
// lead goes down through the hole at its near left corner and along the channel
// under the column's left rib to the bay (never under another pad, which it would
// sense). Printed in six tiles (frame_x_cuts, frame_y_cuts), pockets up; bowtie
// keys (frame_key.scad) glued into sockets join them across the seams.
// -D 'tile=[i, j]' renders tile i across (0: columns a-b, 1: c, 2: d-e) and j away
// from seat A (0: rows 4-5 with the bay, 1: rows 1-3); the largest by default.
include <common.scad>

tile = [0, 1];

// A cell's pocket, x across from A's left, y away from A's edge; r is the row as
// `keystand play` names it (0 is row 1, the farthest from seat A), c the column.
function pocket_at(r, c) = [frame_border + c * pocket_pitch_x + pocket_rib / 2,
                            bay_d + (4 - r) * pocket_pitch_y + pocket_rib / 2];
function tile_box(t) = [[frame_x_cuts[t[0]], frame_y_cuts[t[1]]],
                        [frame_x_cuts[t[0] + 1], frame_y_cuts[t[1] + 1]]];
// The keys: across the row seam at each column's middle, and across the column
// seams in the bay's top.
key_spots = concat(
    [for (c = [0 : 4]) [[frame_border + (c + 0.5) * pocket_pitch_x, frame_y_cuts[1]], 90]],
    [for (x = [frame_x_cuts[1], frame_x_cuts[2]]) [[x, bay_d / 2], 0]]);
controller_spots = [  // board centres in the bay: 0x5A, 0x5B, 0x5C
    [frame_border + pocket_pitch_x, bay_d / 2],
    [frame_border + 2.5 * pocket_pitch_x, bay_d / 2],
    [frame_border + 4 * pocket_pitch_x, bay_d / 2]];
strip_board_spot = [frame_border + 0.3 * pocket_pitch_x, bay_d / 2];

module bowtie(grow = 0, t = key_t) {
    linear_extrude(t) offset(delta = grow) polygon([
        [-key_l / 2, -key_end / 2], [0, -key_waist / 2], [key_l / 2, -key_end / 2],
        [key_l / 2, key_end / 2], [0, key_waist / 2], [-key_l / 2, key_end / 2]]);
}

module letter_a() {  // the A edge's mark, engraved in the bay's top
    module stroke(a, b) hull() { translate(a) circle(d = 1.4, $fn = 12); translate(b) circle(d = 1.4, $fn = 12); }
    stroke([-3.5, -5], [0, 5]);
    stroke([3.5, -5], [0, 5]);
    stroke([-1.8, -1], [1.8, -1]);
}

// The frame's solid and every cut that reaches the tile's columns and rows.
module whole_frame(t = tile) difference() {
    union() {
        cube([frame_w, frame_d, frame_h]);
        cube([frame_w, bay_d, bay_h]);
    }
    cols = [[0, 1], [2, 2], [3, 4]][t[0]];
    rows = [[3, 4], [0, 2]][t[1]];  // keystand's rows: 0 is the farthest from seat A
    for (r = [rows[0] : rows[1]], c = [cols[0] : cols[1]]) {
        p = pocket_at(r, c);
        translate([p[0], p[1], frame_floor]) cube([pocket_w, pocket_l, pocket_depth + 1]);
        translate([p[0] + (pocket_w - pad_w) / 2, p[1] + (pocket_l - pad_l) / 2,
                   frame_floor - pad_recess]) cube([pad_w, pad_l, 1]);
        hole = [p[0] + 2.5, p[1] + 2.5];
        translate([hole[0], hole[1], -1]) cylinder(d = lead_hole, h = frame_floor + 2);
        // The lead's stub from its hole to the column's channel, under the pocket's rim.
        translate([p[0] - pocket_rib / 2 - 0.5, hole[1] - lead_channel_w / 2, -1])
            cube([hole[0] - p[0] + pocket_rib / 2 + 0.5, lead_channel_w, lead_channel_d + 1]);
    }
    // Each column's channel under its left rib, from its far pocket into the bay.
    for (c = [cols[0] : min(4, cols[1] + 1)]) translate([frame_border + c * pocket_pitch_x - lead_channel_w / 2,
                                 bay_d - wall - 1, -1])
        cube([lead_channel_w, 5 * pocket_pitch_y + 1, lead_channel_d + 1]);
    // The bay, open below: walls round it, wire passages through the tiles' seams.
    translate([wall, wall, -1]) cube([frame_w - 2 * wall, bay_d - 2 * wall, bay_h - bay_top + 1]);
    translate([frame_w - wall - 1, bay_d / 2 - frame_cable_w / 2, -1])
        cube([wall + 2, frame_cable_w, frame_cable_h + 1]);
    translate([frame_border + 8, bay_d / 2, bay_h - 0.8]) linear_extrude(1) letter_a();
    for (k = key_spots) translate([k[0][0], k[0][1], k[0][1] < bay_d ? bay_h - key_t : -0.01])
        rotate(k[1]) translate([0, 0, k[0][1] < bay_d ? 0 : -0.01]) bowtie(clearance / 2, key_t + 0.02);
}

module frame_tile(t = tile) {
    b = tile_box(t);
    intersection() {
        whole_frame(t);
        translate([b[0][0], b[0][1], -1]) cube([b[1][0] - b[0][0], b[1][1] - b[0][1], bay_h + 2]);
    }
    // The bay's walls at the column seams, with a passage for the wires.
    if (t[1] == 0) for (x = [b[0][0], b[1][0]]) if (x > 0 && x < frame_w) difference() {
        translate([x + (x == b[0][0] ? 0 : -wall / 2), wall, 0]) cube([wall / 2, bay_d - 2 * wall, bay_h]);
        translate([x - wall, bay_d / 2 - 5, -1]) cube([2 * wall, 10, 7]);
        translate([x, bay_d / 2, bay_h - key_t]) bowtie(clearance / 2, key_t + 1);
    }
}

function tile_size(t) = let(b = tile_box(t))
    [b[1][0] - b[0][0], b[1][1] - b[0][1], t[1] == 0 ? bay_h : frame_h];

echo(bbox = tile_size(tile));

if (is_undef(assembling)) translate(-[tile_box(tile)[0][0], tile_box(tile)[0][1], 0]) frame_tile();
