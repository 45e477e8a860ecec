"""Memory review: what to merge, fix or let go, each with a preview, applied only by the user and
taken back in one step."""
