"""Context Center: see and steer what coding agents are told and what they remember."""

__version__ = "0.1.0"

# The reverse-DNS application id: the desktop entry's file name, the AppStream id, the icon
# name and the window's desktop file name (Wayland app_id) are all this one string.
APP_ID = "io.github.contextcenter.ContextCenter"
# The X11 WM_CLASS class Qt gives the window (QCoreApplication.applicationName); the desktop
# entry's StartupWMClass must equal it so a launcher ties the window to its entry.
APP_NAME = "Context Center"
