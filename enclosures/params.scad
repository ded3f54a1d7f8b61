// Shared dimensions of every enclosure part, in millimetres.
// Parts include this file; tests/test_enclosures.py reads it for the fit checks.
// Measure your own modules and tokens and change them here, nowhere else.

// --- which Raspberry Pi the stand carries: "zero2w", "pi3", "pi4" or "pi5"
pi_model = "zero2w";

// --- print settings
wall = 2.4;            // outer walls: three 0.4 mm perimeters and some
floor_t = 1.2;         // floors under a pocket, and the base plates
clearance = 0.4;       // gap between printed parts and what they hold
$fn = 48;

// --- timer tokens: MEASURE YOURS and set these four numbers. The defaults are an
// assumption (a round 25 mm cardboard token, 2 mm thick) that nobody has measured.
// The token is a rounded rectangle: width across the tray, length along a row's
// neighbour, corner radius (half the width for a round token, 0 for square corners).
token_w = 25.0;
token_l = 25.0;
token_r = 12.5;
token_t = 2.0;         // thickness of the cardboard
// One N35 disc magnet per token, magnetised through its thickness, pressed flush
// into a hole punched through the token's centre: as thick as the token, so either
// side up puts it at the same distance from the sensor (docs/hardware.md, field budget).
magnet_d = 6.0;
magnet_t = 2.0;
rib = 2.0;             // material left between two token slots
slots = 12;            // slots in the tray (9 to 12)
slot_rows = 2;         // slots are laid out in this many rows

// --- sensors under the slots: a hall sensor in a flat TO-92 package (DRV5033 for the
// digital bank, SS49E for the analog one), lying face up under the slot's centre.
sensor_w = 4.2;        // the package's width (the leads leave from this edge)
sensor_l = 3.3;        // its height, face up, lead edge to top
sensor_h = 2.2;        // pocket depth: the 1.6 mm package and a wire bend
sensor_floor = 0.8;    // plastic between a token's magnet and its sensor
channel_w = 4.0;       // wire channels under the tray

// --- 0.96" SSD1306 I2C module (1.3" SH1106: 35.4 x 33.5, active 29.4 x 14.7)
oled_pcb_w = 27.3;
oled_pcb_h = 27.8;
oled_pcb_t = 1.6;
oled_glass_w = 26.7;   // the glass sits on the PCB; the window must not exceed it
oled_glass_h = 19.3;
oled_glass_t = 1.4;
oled_active_w = 21.74; // lit area: the window must show all of it
oled_active_h = 10.86;
oled_glass_offset = 1.2; // glass centre above the PCB centre (header side down)

// --- controls per seat
encoder_hole = 7.4;    // M7 bushing of a PEC11R / KY-040 encoder
button_hole = 7.2;     // the back button: a 7 mm panel-mount push button, held by its nut
// The controls flank the display, from the face's centre line: the encoder toward
// the stand's +x end (seat A's right, seat B's left), the back button toward -x. They keep clear of the display
// module's header and of the Pi's plugs behind the lower face.
encoder_dx = 31.5;
button_dx = -25.0;
// KY-040 board: the encoder's bushing at its centre across, ky040_shaft from the end
// away from its right-angle 5-pin header, which points up the face.
ky040_l = 26.0;
ky040_w = 19.0;
ky040_shaft = 13.0;
ky040_body = 7.0;      // encoder body between the board and the wall
button_body_d = 10.0;  // the push button's body and solder lugs behind the wall
button_body_l = 12.5;  // (an R13-507-style button, from sellers' drawings; measure yours)
// A female Dupont housing on a 2.54 mm header, and the least room its wires need
// to bend away (thin jumper wire).
dupont_l = 14.0;
header_l = 2.5;
wire_bend = 5.0;

// --- the display stand: two faces back to back, tilted toward the seats
tilt = 65;             // face angle from the table (90 would be upright)
stand_w = 100.0;       // across the table: a Pi 3/4/5 (85 mm) and the encoder headers fit
stand_h = 62.0;        // height of the ridge
// The flat ridge between the faces: a Pi 3/4/5 (56 mm across) needs the stand deeper.
ridge = pi_model == "zero2w" ? 20.0 : 48.0;
stand_base_d = 2 * stand_h / tan(tilt) + 2 * wall + ridge;  // front to back at the table
cable_w = 14.0;        // cable channel through both ends, at table level
cable_h = 8.0;
base_t = 3.0;          // the stand's and the dock's base plates (room for screw heads)
tray_base_t = 2.4;     // the tray's base plate

// --- fasteners: heat-set inserts in the printed parts, screws from below
m3_insert_d = 4.0;     // hole for an M3 x 5.7 heat-set insert (check your insert's)
m3_insert_l = 5.7;
m3_clear = 3.4;
m3_head_d = 6.4;       // M3 x 8 button head (ISO 7380), counterbored into the plate
m3_head_h = 1.9;
m25_insert_d = 3.6;    // M2.5 x 4 insert in each Pi standoff
m25_insert_l = 4.0;
m2_insert_d = 3.2;     // M2 x 3 insert in each of the tray's corners
m2_insert_l = 3.0;
m2_clear = 2.4;
m2_head_d = 4.4;       // M2 x 5 pan head, counterbored into the tray's base
m2_head_h = 1.7;
boss_d = 7.0;          // a boss around an M3 insert

// --- the Raspberry Pi on the stand's base plate: every board the BOM offers.
// Zero 2 W: 65 x 30 mm; Pi 3, 4 and 5: 85 x 56 mm. M2.5 holes 3.5 mm in from the
// board's left end and edges, 58 mm apart; 23 (Zero) or 49 mm across.
function pi_size(m) = m == "zero2w" ? [65, 30] : [85, 56];
function pi_hole_span(m) = m == "zero2w" ? [58, 23] : [58, 49];
function pi_parts_h(m) = m == "zero2w" ? 4.0 : 16.0;  // tallest parts: a 3/4/5's USB jacks
pi_x0 = wall + 8.0;    // the board's left end, from the stand's -x end
pi_y = 0.0;            // the board's centre line across the stand

standoff_h = 5.0;      // an M2.5 insert's length and a little
standoff_d = 6.0;
pi_header_x = 32.5;    // GPIO header's centre from the board's left end (every board)
pi_header_w = 51.0;    // its length; it runs along the board's +y edge
gpio_ribbon_h = 14.0;  // a 40-way IDC socket on it and its ribbon folded flat, to the perfboard
// The stand's perfboard (bus strips, the level shifter, the analog build's two
// MCP3008s, the tray cable's 2 x 8 header), taped to the inside of the -x end wall
// above the cable channel.
perf_w = 38.0;         // across the stand (y)
perf_h = 28.0;         // up the wall
perf_depth = 11.5;     // board, level shifter and wires, into the stand
perf_z = cable_h + 4.0;

// --- the printer and scanner dock. MEASURE YOURS: these are the common 58 mm
// panel-mount printers (CSN-A2 and the like) and a GM65 module, from sellers'
// drawings, not from parts measured for this file.
printer_cut_w = 103.0;  // panel cut-out the printer's body drops through
printer_cut_d = 57.0;
printer_bezel_w = 111.0; // the front bezel that rests on the panel
printer_bezel_d = 65.0;
printer_bezel_t = 4.0;
printer_body_h = 57.0;   // body and paper roll below the panel
printer_rear = 20.0;     // its power and TTL leads' plugs and their bend, below the body
panel_t = 2.0;           // the dock's top: what the printer's snap clips grip
scanner_w = 63.0;        // GM65, lying window up
scanner_d = 45.0;
scanner_h = 26.0;
scanner_win_w = 40.0;    // the window cut above its lens
scanner_win_d = 24.0;
jack_hole = 8.2;         // the printer supply's panel-mount 5.5/2.1 mm DC jack
jack_depth = 16.0;       // the jack's body and lugs inside the wall
usb_serial_l = 45.0;     // the scanner's CP2102 adapter, lying on the dock's base
usb_serial_w = 18.0;
usb_serial_h = 10.0;
usb_plug_l = 40.0;       // its USB plug and the cable's bend, toward the cable exit

// --- the card frame (touch.toml): a pocket per word card, a copper-foil pad on each
// pocket's floor under a thin clear sheet, the MPR121s in a bay along seat A's edge.
// MEASURE YOUR CARDS: 68 x 44 mm is the "Mini European" format that sleeve guides
// give for Codenames' word cards, not a card measured for this file.
card_w = 68.0;         // along a row (x): the cards lie landscape, as the rulebook deals them
card_l = 44.0;         // across (y), toward the seats
card_gap = 0.8;        // all round a card in its pocket
pocket_rib = 2.4;      // plastic between two pockets; the pads' leads run under it
pocket_depth = 1.6;    // the 0.3 mm top sheet and a card, with an agent card half in
frame_floor = 2.4;     // under a pocket: the channels take half of it, under the ribs
frame_border = 4.0;    // outside the pockets at the ends and the far (seat B's) edge
pad_w = 60.0;          // the copper foil on a pocket's floor, inset from its edges
pad_l = 36.0;
pad_recess = 0.2;      // the foil (0.1 mm with its adhesive) lies in it
lead_hole = 1.6;       // a pad's lead through the floor, at the pocket's near left corner
lead_channel_w = 3.0;  // under each column's left rib, to the bay
lead_channel_d = 1.2;
bay_d = 34.0;          // the strip along seat A's edge (y) holding the controllers
bay_h = 12.0;          // its height above the table
bay_top = 3.0;         // the plastic over the bay (the tiles' keys sit in it)
// MPR121 breakouts lying flat in the bay, wires soldered on: a generic CJMCU board
// (Adafruit's is 25.4 x 19 mm), from sellers' drawings.
mpr121_w = 30.0;
mpr121_l = 21.0;
mpr121_h = 6.0;        // board, parts and the wires' bend
strip_board_w = 30.0;  // the frame's strip board beside the first controller
strip_board_l = 20.0;
frame_cable_w = 7.0;   // the 5-way cable's notch in the bay's +x end wall
frame_cable_h = 5.0;
key_l = 20.0;          // a bowtie key across a seam, its sockets in both tiles
key_end = 10.0;
key_waist = 6.0;
key_t = 1.2;

// --- derived sizes, shared by the parts and checked by the tests
slot_w = token_w + 2 * clearance;
slot_l = token_l + 2 * clearance;
slot_r = token_r + clearance;
slot_depth = token_t;
slot_pitch_x = slot_w + rib;             // along a row
slot_pitch_y = slot_l + rib;             // row to row
slots_per_row = ceil(slots / slot_rows);
tray_d = slot_rows * slot_pitch_y + 2 * wall;
mark_strip = 12.0;     // an end strip of the tray carrying the magnet mark
tray_end = 8.0;        // a plain strip at the far end, for the corner screws
tray_w = slots_per_row * slot_pitch_x + 2 * wall + mark_strip + tray_end;
tray_h = sensor_h + sensor_floor + slot_depth;   // sensors from below, tokens from above
tray_screws = [[wall + 3, wall + 3], [wall + 3, tray_d - wall - 3],
               [tray_w - wall - 3, wall + 3], [tray_w - wall - 3, tray_d - wall - 3]];
window_w = oled_active_w + 2.0;     // a 1 mm margin around the lit area
window_h = oled_active_h + 2.0;
face_l = stand_h / sin(tilt);            // length of a face, table to ridge
ridge_d = stand_base_d - 2 * stand_h / tan(tilt);
opening_w = stand_w - 2 * wall;          // the open bottom of the stand
opening_d = stand_base_d - 6 * wall;
lip_t = 1.6;                             // the base plate's locating lip
lip_h = 3.0;
lip_w = opening_w - 2 * clearance;       // outside of the lip
lip_d = opening_d - 2 * clearance;
window_at = face_l * 0.72;               // window centre, up the face from the table
controls_at = face_l * 0.32;
boss_y = pi_size(pi_model)[1] / 2 + 6;  // the stand's bosses, beside the board's ends
stand_bosses = [for (x = [wall + boss_d / 2 - 1, stand_w - wall - boss_d / 2 + 1],
                     y = [pi_y - boss_y, pi_y + boss_y]) [x, y]];
boss_h = m3_insert_l + 2.0;
jack_room = 20.0;                        // left of the printer: the DC jack in the end wall
dock_w = 3 * wall + jack_room + printer_cut_w + scanner_w + 4 * clearance + 6;
dock_d = max(printer_bezel_d, scanner_d) + 2 * wall + 4;
dock_h = base_t + printer_rear + printer_body_h + panel_t + 1.0;
printer_x = wall + jack_room + clearance + 3 + printer_cut_w / 2;   // cut-out centre
scanner_x = 2 * wall + jack_room + printer_cut_w + 3 * clearance + 3 + scanner_w / 2;
cradle_h = dock_h - base_t - panel_t - scanner_h;            // the base lifts the scanner
dock_boss_in = wall + boss_d / 2 - 1;   // a boss merges into the corner's walls
dock_bosses = [[dock_boss_in, dock_boss_in], [dock_w - dock_boss_in, dock_boss_in],
               [dock_boss_in, dock_d - dock_boss_in], [dock_w - dock_boss_in, dock_d - dock_boss_in]];
pocket_w = card_w + 2 * card_gap;
pocket_l = card_l + 2 * card_gap;
pocket_pitch_x = pocket_w + pocket_rib;
pocket_pitch_y = pocket_l + pocket_rib;
frame_h = frame_floor + pocket_depth;
frame_w = 5 * pocket_pitch_x + 2 * frame_border;
frame_d = bay_d + 5 * pocket_pitch_y + frame_border;
// Six tiles, each well inside a 220 mm bed: columns a-b, c, d-e; rows 4-5 with the
// bay (nearest seat A), rows 1-3.
frame_x_cuts = [0, frame_border + 2 * pocket_pitch_x, frame_border + 3 * pocket_pitch_x, frame_w];
frame_y_cuts = [0, bay_d + 2 * pocket_pitch_y, frame_d];
