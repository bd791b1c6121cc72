#!/usr/bin/env bash
# Gradescope runs this once while building the autograder image (Ubuntu 22.04, as root).
# It installs Swift and builds kata from the copy shipped in the autograder zip.
#
# The zip holds: setup.sh, run_autograder, autograder.conf, kata/ (this repository:
# Package.swift, Sources/) and course/ (the instructor's course: Lessons/, Tests/Lessons/
# with the hidden tests, Solutions/). Make it with Autograding/gradescope/make-zip.sh.
#
# AUTOGRADER_ROOT moves /autograder (for a test against a fake layout).
# KATA_SKIP_SYSTEM_SETUP=1 installs nothing and makes no user (an image that has them already).
# KATA_PREBUILT=/path/to/kata uses that kata instead of building one (it is copied where
# run_autograder looks: kata/.build/release/kata).
set -euo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
SWIFT_VERSION="${SWIFT_VERSION:-6.3.1}"
UBUNTU="${UBUNTU:-ubuntu22.04}"
system="${KATA_SKIP_SYSTEM_SETUP:-0}"

if [ "$system" != 1 ]; then
    apt-get update
    apt-get install -y --no-install-recommends binutils git gnupg2 libc6-dev libcurl4-openssl-dev \
        libedit2 libgcc-12-dev libpython3-dev libsqlite3-0 libstdc++-12-dev libxml2-dev libz3-dev \
        pkg-config tzdata unzip zlib1g-dev curl ca-certificates util-linux

    if ! command -v swiftc >/dev/null 2>&1; then
        folder="swift-${SWIFT_VERSION}-RELEASE-${UBUNTU}"
        url="https://download.swift.org/swift-${SWIFT_VERSION}-release/${UBUNTU//./}/swift-${SWIFT_VERSION}-RELEASE/${folder}.tar.gz"
        curl -fsSL "$url" -o /tmp/swift.tar.gz
        tar -xzf /tmp/swift.tar.gz -C /opt
        ln -sf "/opt/${folder}/usr/bin/"* /usr/local/bin/
    fi
fi

cd "$ROOT/source/kata"
if [ -n "${KATA_PREBUILT:-}" ]; then
    [ -x "$KATA_PREBUILT" ] || { echo "setup.sh: KATA_PREBUILT=$KATA_PREBUILT is not an executable file" >&2; exit 1; }
    mkdir -p .build/release
    cp "$KATA_PREBUILT" .build/release/kata
else
    swift build -c release --product kata
fi
chmod +x "$ROOT/source/run_autograder"

# run_autograder runs kata grade (and so every student program) as this user, never as root,
# and kills all of its processes before it writes results.json.
if [ "$system" != 1 ] && ! id -u kata-runner >/dev/null 2>&1; then
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin kata-runner
fi
# kata-runner reads the course and runs kata; it writes nothing here.
chmod -R a+rX "$ROOT/source"
