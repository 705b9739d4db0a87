"""Speech for players who cannot see the table: what is said (narrator), who says it (speaker, voices)."""
