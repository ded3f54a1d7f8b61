// A bowtie key: glued (CA) into the sockets of two neighbouring card frame tiles,
// it holds them across the seam. Seven join the six tiles (card_frame.scad).
include <common.scad>

echo(bbox = [key_l, key_end, key_t]);

module frame_key() translate([key_l / 2, key_end / 2, 0]) linear_extrude(key_t) polygon([
    [-key_l / 2, -key_end / 2], [0, -key_waist / 2], [key_l / 2, -key_end / 2],
    [key_l / 2, key_end / 2], [0, key_waist / 2], [-key_l / 2, key_end / 2]]);

if (is_undef(assembling)) frame_key();
