"""The personal store on several machines: the state root's facts as a git working tree."""
