"""The Suggestions tab: agents' proposals and candidates from transcripts."""
