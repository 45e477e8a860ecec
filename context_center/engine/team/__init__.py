"""The team scope's side of git: what a commit of team facts may hold."""
