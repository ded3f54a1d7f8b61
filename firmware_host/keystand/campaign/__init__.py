"""Campaigns: teams, the missions they completed, and what that opens on their map.

``progress`` holds the pure rules of a campaign (what is open, what a locked
mission needs, which bonuses a team holds, the rules of its next game);
``store`` keeps teams and their finished games in SQLite. See docs/campaigns.md.
"""
