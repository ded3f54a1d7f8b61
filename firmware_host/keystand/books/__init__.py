"""Paper player books and the word lists they (and the simulator) deal from."""
