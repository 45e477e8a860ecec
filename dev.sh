#!/usr/bin/env bash
# One entry point for people and CI on a fresh Debian machine with Python 3.11:
#   ./dev.sh run    install everything, then start Context Center on the default state root
#   ./dev.sh test   install everything, then run the whole test suite and the import contracts
set -euo pipefail
cd "$(dirname "$0")"

PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv}
# Qt under QT_QPA_PLATFORM=offscreen (tests), measured on a minimal Debian 12.
APT_OFFSCREEN="python3-venv libglib2.0-0 libgl1 libegl1 libxkbcommon0 libfreetype6 libfontconfig1 libdbus-1-3"
# A real X screen or Xvfb, and fonts so Chinese text renders.
APT_SCREEN="libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-render-util0
 libxcb-render0 libxcb-shape0 libxcb-util1 libxcb-xkb1 xvfb xauth fonts-wqy-microhei"

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

install_python() {
  [[ -x $VENV/bin/python ]] || "$PYTHON" -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check -e ".[test]"
}

case "${1:-}" in
  run)
    # shellcheck disable=SC2086
    apt_install $APT_OFFSCREEN $APT_SCREEN
    install_python
    shift
    exec "$VENV/bin/context-center" "$@"
    ;;
  test)
    # shellcheck disable=SC2086
    apt_install $APT_OFFSCREEN
    install_python
    shift
    export QT_QPA_PLATFORM=offscreen
    "$VENV/bin/lint-imports"
    "$VENV/bin/ruff" check src tests bench
    suites=(tests)
    # The shared black-box checks sit beside the clone when they are available.
    [[ -d ../shared/acceptance ]] && suites+=(../shared/acceptance)
    exec "$VENV/bin/python" -m pytest -c pyproject.toml --rootdir . -p no:cacheprovider "${suites[@]}" "$@"
    ;;
  *)
    echo "usage: ./dev.sh run [ARGS…] | ./dev.sh test [PYTEST ARGS…]" >&2
    exit 2
    ;;
esac
