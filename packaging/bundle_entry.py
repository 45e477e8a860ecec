"""The bundle's one executable. Started as ``context-center-gui`` (the /usr/bin symlink) it opens
the window whatever the arguments; as ``context-center`` it is the command line (the window when
no command is given), exactly as the pip install's two scripts."""
import os
import sys

from context_center.__main__ import gui_main, main

if __name__ == "__main__":
    if os.path.basename(sys.argv[0]) == "context-center-gui":
        sys.exit(gui_main())
    sys.exit(main())
