"""What keystand prints: game slips as ESC/POS jobs."""

DEFAULT_PROFILE = "POS-5890"  # python-escpos's profile of the common 58 mm TTL printer
