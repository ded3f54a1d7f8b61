// Shared dimensions of every enclosure part, in millimetres.
// Parts include this file; tests/test_enclosures.py reads it for the fit checks.
// Measure your own modules and tokens and change them here, nowhere else.

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
button_hole = 7.2;     // 7 mm panel-mount push button (or a B3F cap)
control_pitch = 20.0;  // encoder to button, centre to centre

// --- the display stand: two faces back to back, tilted toward the seats
tilt = 65;             // face angle from the table (90 would be upright)
stand_w = 80.0;        // across the table, along the faces (room for a Pi inside)
stand_h = 62.0;        // height of the ridge
stand_base_d = 2 * stand_h / tan(tilt) + 2 * wall + 20.0;  // front to back at the table
cable_w = 14.0;        // cable channel through both ends, at table level
cable_h = 8.0;

// --- Raspberry Pi Zero 2 W on the stand's base plate
pi_w = 65.0;
pi_d = 30.0;
pi_hole_dx = 58.0;     // M2.5 mounting holes
pi_hole_dy = 23.0;
standoff_h = 4.0;

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
tray_w = slots_per_row * slot_pitch_x + 2 * wall + mark_strip;
tray_h = sensor_h + sensor_floor + slot_depth;   // sensors from below, tokens from above
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
window_at = face_l * 0.64;               // window centre, up the face from the table
controls_at = face_l * 0.26;
