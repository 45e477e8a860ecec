"""The Recall tab: what a message would be given, with its trace, and the record of what hooks gave agents."""
