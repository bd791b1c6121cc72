#!/usr/bin/env bash
# Gradescope runs this once while building the autograder image (Ubuntu 22.04, as root).
# It installs Swift and builds kata from the copy shipped in the autograder zip.
#
# The zip holds: setup.sh, run_autograder, kata/ (this repository: Package.swift,
# Sources/) and course/ (the instructor's course: Lessons/, Tests/Lessons/ with the
# hidden tests, Solutions/). Make it with Autograding/gradescope/make-zip.sh.
set -euo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
SWIFT_VERSION="${SWIFT_VERSION:-6.3.1}"
UBUNTU="${UBUNTU:-ubuntu22.04}"

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

cd "$ROOT/source/kata"
swift build -c release --product kata
chmod +x "$ROOT/source/run_autograder"

# run_autograder runs kata grade (and so every student program) as this user, never as root,
# and kills all of its processes before it writes results.json.
if ! id -u kata-runner >/dev/null 2>&1; then
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin kata-runner
fi
# kata-runner reads the course and runs kata; it writes nothing here.
chmod -R a+rX "$ROOT/source"
