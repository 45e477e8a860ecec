#!/usr/bin/env bash
# One entry point for people and CI on a fresh Debian machine with Python 3.11:
#   ./dev.sh run      install what is missing, then start Context Center on the default state root
#   ./dev.sh test     install what is missing, then run the whole test suite, the import contracts, ruff and mypy
#   ./dev.sh package  build the one-folder bundle (PyInstaller) and dist/context-center_<version>_<arch>.deb
# `run` keeps the caller's current directory (the window opens on it when there is no last
# workspace), so every path of the clone below is absolute.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)

PYTHON=${PYTHON:-python3}
VENV=${VENV:-$HERE/.venv}
# The bundler lives in a venv of its own: PyInstaller is not a dependency of the tests.
PACKAGE_VENV=${PACKAGE_VENV:-$HERE/.venv-package}
# Qt under QT_QPA_PLATFORM=offscreen (tests), measured on a minimal Debian 12.
APT_OFFSCREEN="python3-venv git libglib2.0-0 libgl1 libegl1 libxkbcommon0 libfreetype6 libfontconfig1 libdbus-1-3"
# A real X screen or Xvfb, and fonts so Chinese text renders.
APT_SCREEN="libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-render-util0
 libxcb-render0 libxcb-shape0 libxcb-util1 libxcb-xkb1 xvfb xauth fonts-wqy-microhei"
# What the .deb always depends on: the Qt libraries above (X11 and offscreen) and Wayland's.
# packaging/build_deb.py adds the package of every other system library the bundle links to.
APT_DEB_DEPENDS="libglib2.0-0 libgl1 libegl1 libxkbcommon0 libfreetype6 libfontconfig1 libdbus-1-3
 libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-render-util0
 libxcb-render0 libxcb-shape0 libxcb-util1 libxcb-xkb1 libwayland-client0 libwayland-cursor0 libwayland-egl1"
# The suite's validators: desktop-file-validate and appstreamcli check packaging/linux
# (tests/test_desktop_files.py), shellcheck the shell scripts CI runs.
APT_TEST="desktop-file-utils appstream shellcheck"
# Building the .deb: objdump (binutils) finds the libraries the bundle needs, dpkg-deb packs it.
APT_PACKAGE_BUILD="binutils dpkg"

apt_install() {
  command -v apt-get >/dev/null 2>&1 || return 0
  local missing=()
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  local sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  echo "Installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Reinstall only when pyproject.toml changed (the install is editable: code changes need none);
# the stamp in the venv holds the hash of the pyproject.toml it was installed from.
venv_install() {  # VENV_DIR STAMP_INPUTS… -- PIP ARGS…
  local venv=$1; shift
  local inputs=()
  while [[ $1 != -- ]]; do inputs+=("$1"); shift; done
  shift
  local stamp="$venv/.installed-from" want
  want=$(cat "${inputs[@]}" | sha256sum | cut -d' ' -f1)
  if [[ -x $venv/bin/python && -f $stamp && $(<"$stamp") == "$want" ]]; then
    return 0
  fi
  [[ -x $venv/bin/python ]] || "$PYTHON" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip
  "$venv/bin/python" -m pip install -q --disable-pip-version-check "$@"
  echo "$want" >"$stamp"
}

install_python() {
  venv_install "$VENV" "$HERE/pyproject.toml" -- -e "${HERE}[test,semantic]"
}

# resources/ (the icon's artwork, themes, translations) compiled into context_center/resources/
# with PySide6's own tools, before `run` and `package`; only what changed since (resources/compile.py).
compile_resources() {  # PYTHON
  QT_QPA_PLATFORM=offscreen "$1" "$HERE/resources/compile.py"
}

case "${1:-}" in
  run)
    # shellcheck disable=SC2086
    apt_install $APT_OFFSCREEN $APT_SCREEN
    install_python
    compile_resources "$VENV/bin/python"
    shift
    exec "$VENV/bin/context-center" "$@"
    ;;
  test)
    # shellcheck disable=SC2086
    apt_install $APT_OFFSCREEN $APT_TEST
    install_python
    # (nothing is compiled here: tests/test_resources.py fails when a compiled file is older than
    # its source, so what is committed is what is tested)
    shift
    cd "$HERE"
    export QT_QPA_PLATFORM=offscreen
    # The shared acceptance checks run `context-center` from PATH when CC_CMD is unset; an
    # installed copy (the .deb) must not stand in for the checkout under test.
    CC_CMD=$(printf '%q' "$VENV/bin/context-center")
    export CC_CMD
    "$VENV/bin/lint-imports"
    "$VENV/bin/ruff" check context_center tests bench docs packaging resources .ci/mcp_smoke.py
    # The shell scripts CI runs, when shellcheck is there (Debian: shellcheck; .ci/run installs it).
    if command -v shellcheck >/dev/null 2>&1; then shellcheck dev.sh .ci/run .ci/check-deb; fi
    # Type check: reads [tool.mypy] (files, per-module overrides) from pyproject.toml.
    "$VENV/bin/mypy"
    # Two passes, each suite run once. Every suite but the window's, where PySide6 cannot be
    # imported (tests/no_qt): the engine, the command line, the hook, the MCP server and the resident
    # service must work on a machine without Qt. And those that need Qt (the window's, the manual's
    # pages drawn from it, the compiled resources, the screenshots), with pytest-qt. The two run at
    # once, one a core (each on its own temporary folders, ports and state roots); the window's
    # pass prints when it ends, after the other's. Arguments go to both (`-k`, `-x`); a pass they
    # leave nothing of (pytest's exit 5) is no failure.
    with_qt=(tests/ui tests/test_manual.py tests/test_resources.py tests/test_screenshots.py)
    without_qt=(tests "${with_qt[@]/#/--ignore=}")
    # The shared black-box checks sit beside the clone when they are available.
    [[ -d ../shared/acceptance ]] && without_qt+=(../shared/acceptance)
    first=0 second=0
    window_log=$(mktemp)
    "$VENV/bin/python" -m pytest -c pyproject.toml --rootdir . -p no:cacheprovider "${with_qt[@]}" "$@" \
      >"$window_log" 2>&1 &
    window_pass=$!
    trap 'kill "$window_pass" 2>/dev/null; rm -f "$window_log"' INT TERM
    PYTHONPATH="$HERE/tests/no_qt${PYTHONPATH:+:$PYTHONPATH}" CONTEXT_CENTER_TESTS_WITHOUT_QT=1 \
      "$VENV/bin/python" -m pytest -c tests/no_qt/pytest.ini --rootdir . --confcutdir . -p no:cacheprovider \
      -p no:pytest-qt "${without_qt[@]}" "$@" || first=$?
    wait "$window_pass" || second=$?
    cat "$window_log"
    rm -f "$window_log"
    if (( first == 5 && second == 5 )); then exit 5; fi
    for status in "$first" "$second"; do
      if (( status != 0 && status != 5 )); then exit "$status"; fi
    done
    ;;
  docs)
    # The manual: its reference pages generated from the code, then the site, strict (a broken
    # link or a page left out of the navigation fails); open site/index.html, from the file system too.
    install_python
    cd "$HERE"
    "$VENV/bin/python" docs/gen_reference.py
    # (NO_MKDOCS_2_WARNING: the theme's banner on its end of life, printed on every build)
    NO_MKDOCS_2_WARNING=1 exec "$VENV/bin/mkdocs" build --strict
    ;;
  package)
    started=$SECONDS
    cd "$HERE"
    # Python's shared library: Debian's python3 has it in a package of its own.
    libpython=$("$PYTHON" -c 'import sys, sysconfig
if not sysconfig.get_config_var("Py_ENABLE_SHARED"): print("libpython%d.%d" % sys.version_info[:2])')
    # shellcheck disable=SC2086
    apt_install $APT_OFFSCREEN $APT_DEB_DEPENDS $APT_PACKAGE_BUILD $libpython
    venv_install "$PACKAGE_VENV" pyproject.toml packaging/requirements-package.txt -- \
      -r packaging/requirements-package.txt -e .
    compile_resources "$PACKAGE_VENV/bin/python"
    rm -rf build/package dist/context-center_*.deb
    "$PACKAGE_VENV/bin/pyinstaller" --noconfirm --log-level WARN --distpath build/package/dist \
      --workpath build/package/work packaging/context-center.spec
    bundled=$SECONDS
    version=$("$PACKAGE_VENV/bin/python" -c 'import context_center; print(context_center.__version__)')
    # shellcheck disable=SC2086
    deb=$("$PACKAGE_VENV/bin/python" packaging/build_deb.py build/package/dist/context-center dist \
      --version "$version" --depends "${APT_DEB_DEPENDS//$'\n'/ }" --work build/package)
    echo "Bundle: build/package/dist/context-center ($(du -sh build/package/dist/context-center | cut -f1))," \
      "built in $((bundled - started)) s"
    echo "Package: $deb ($(du -h "$deb" | cut -f1)), $((SECONDS - started)) s in all"
    echo "Install it with: sudo apt-get install -y ./$deb"
    ;;
  *)
    echo "usage: ./dev.sh run [ARGS…] | ./dev.sh test [PYTEST ARGS…] | ./dev.sh docs | ./dev.sh package" >&2
    exit 2
    ;;
esac
