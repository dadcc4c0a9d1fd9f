#!/bin/sh
# install_deps.sh — installs, on Debian (as root, or through sudo), every
# package sudolab builds and tests with. The one list: README's quick
# start and .ci/run both call it.
set -e
# apt-get needs root: a user runs this again through sudo.
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo > /dev/null || {
        echo "install_deps.sh: apt-get needs root: run it as root, or install sudo" >&2
        exit 1
    }
    exec sudo sh "$0" "$@"
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
# build: compiler, CMake, Lua, PCRE2, cairo, ncurses, SQLite; tests: CUnit,
# poppler and libxml2 (drawings), GNU parallel, gnuplot and chromium
# (reports), man, sqlite3 and tmux (the game), python3 (meta.json),
# sgt-puzzles (Keen and Unruly, the peers).
apt-get install -y --no-install-recommends \
    build-essential cmake pkg-config liblua5.4-dev libpcre2-dev libcunit1-dev libcairo2-dev \
    libncurses-dev libsqlite3-dev poppler-utils libxml2-utils parallel gnuplot-nox chromium \
    man-db sqlite3 tmux python3 sgt-puzzles
# node runs the lz-string check (tests/fpuzzles_lz.sh fetches the package
# with npm): Debian's when the machine has no node of its own.
command -v node > /dev/null || apt-get install -y --no-install-recommends nodejs npm
