"""What keystand prints: game slips as ESC/POS jobs."""
