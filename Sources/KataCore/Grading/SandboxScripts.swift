import Foundation

/// The shell that builds a test program's minimal root, as the first process of fresh user, mount,
/// PID, network, IPC and UTS namespaces (still holding the namespace's capabilities).
///
/// Arguments: MODE ROOT TMP_BYTES SHM_BYTES TOOLS PRLIMIT LIMITS... `--moved` (HOST INSIDE)... `--ro` PATHS... `--rw` FILES...
/// `--` PROGRAM ARGS...
///
/// A path under a moved HOST folder is mounted under INSIDE instead (the longest HOST first), and the program's
/// arguments and working folder are rewritten the same way: the command line names no folder of the grader's.
///
/// 1. ROOT (an empty folder of the grader's) gets a small tmpfs, read-only at the end, holding:
///    `/tmp` and `/dev/shm` (tmpfs of their own, size-limited), `/proc` of the PID namespace,
///    `/dev/null`, `zero`, `full`, `random`, `urandom`, a two-line `/etc/passwd` and `/etc/group`,
///    the system's library folders and each read-only PATH (same place as on the host; PATHS have
///    no links in them, a link among the system's folders is copied as a link), each
///    writable FILE (created if missing, bound alone, same place), and `setsid`, `unshare`,
///    `setpriv` under `/.kata/bin`. The program starts in the folder it was started in when that
///    folder is part of the view (the folder of a writable file, say), else in `/tmp`.
/// 2. The kernel's out-of-memory killer is told to take this sandbox's processes first (`oom_score_adj` 1000,
///    inherited): with no memory total per student, a student who uses up the machine's memory loses
///    their own largest process, not the grader, a compile or a classmate's small test program.
///    The limits are set with `prlimit` on the shell itself (so every later process inherits them,
///    and the process count is kept per sandbox, not per host user).
/// 3. `pivot_root` makes ROOT `/`; the host's root is detached.
/// 4. The program starts in a session of its own (a `kill(0, ...)` reaches nothing outside), with no
///    capabilities, an empty bounding set and `no_new_privs`, as a user that is not root:
///    MODE `user` (the grader is not root; the namespaces above are a user namespace's): uid 1000 of
///    a nested user namespace, where every mount made above is locked;
///    MODE `root` (the grader is root; no user namespace above): a uid of its own, 3000000 and up, that
///    owns nothing on the host but its writable files (and the kernel counts its processes alone).
///    It is PID 1 of its namespace: when it ends, the kernel ends every process it left.
enum SandboxScripts {
    static let minimalRoot = #"""
        set -eu
        path="${PATH:-/usr/bin:/bin}"; PATH=/usr/sbin:/usr/bin:/sbin:/bin
        mode="$1"; R="$2"; tmpsize="$3"; shmsize="$4"; tools="$5"; prlimit="$6"; shift 6
        # As root on the host: a uid of this sandbox's own (so its process limit is its own).
        uid=1000
        if [ "$mode" = root ]; then uid=$((3000000 + $(od -An -N2 -tu2 /dev/urandom))); fi
        limits=""
        while [ "$1" != "--moved" ]; do limits="$limits $1"; shift; done; shift
        moved=""
        while [ "$1" != "--ro" ]; do moved="$moved$1
        $2
        "; shift 2; done; shift
        # Where a host path is seen inside: under the first moved folder that holds it, else at the same place.
        at() {
          printf '%s' "$moved" | {
            p="$1"
            while IFS= read -r h && IFS= read -r s; do
              case "$p" in "$h") p="$s"; break ;; "$h"/*) p="$s${p#"$h"}"; break ;; esac
            done
            printf '%s' "$p"
          }
        }
        # When memory runs out, the kernel ends a test program first (the largest), never the grader or a compile.
        echo 1000 > /proc/self/oom_score_adj 2>/dev/null || :
        mkdir -p "$R"
        mount -t tmpfs -o size=4m,mode=755,nosuid,nodev kata-root "$R"
        mkdir -p "$R/tmp" "$R/dev/shm" "$R/proc" "$R/etc" "$R/.kata/bin" "$R/.old"
        mount -t tmpfs -o "size=$tmpsize,mode=1777,nosuid,nodev" kata-tmp "$R/tmp"
        mount -t tmpfs -o "size=$shmsize,mode=1777,nosuid,nodev" kata-shm "$R/dev/shm"
        for d in null zero full random urandom; do
          : > "$R/dev/$d"; mount --bind -o nosuid,noexec "/dev/$d" "$R/dev/$d"
        done
        ln -s /proc/self/fd "$R/dev/fd"
        ln -s /proc/self/fd/0 "$R/dev/stdin"; ln -s /proc/self/fd/1 "$R/dev/stdout"; ln -s /proc/self/fd/2 "$R/dev/stderr"
        mount -t proc -o nosuid,nodev,noexec proc "$R/proc"
        printf 'root:x:0:0:root:/:/nonexistent\nkata:x:%s:%s:kata:/tmp:/nonexistent\n' "$uid" "$uid" > "$R/etc/passwd"
        printf 'root:x:0:\nkata:x:%s:\n' "$uid" > "$R/etc/group"
        for t in setsid unshare setpriv; do : > "$R/.kata/bin/$t"; mount --bind -o ro,nosuid,nodev "$tools/$t" "$R/.kata/bin/$t"; done
        ro() {
          t=$(at "$1")
          if [ -e "$R$t" ] || [ -L "$R$t" ]; then return 0; fi
          if [ -L "$1" ]; then
            mkdir -p "$R${t%/*}"; ln -s "$(readlink "$1")" "$R$t"
            ro "$(readlink -f "$1")"; return 0
          fi
          if [ -d "$1" ]; then mkdir -p "$R$t"
          elif [ -e "$1" ]; then mkdir -p "$R${t%/*}"; : > "$R$t"
          else return 0; fi
          mount --bind -o ro,nosuid,nodev "$1" "$R$t"
        }
        for p in /lib /lib64 /lib32 /libx32 /usr/lib /usr/lib64 /usr/lib32 /usr/libx32; do ro "$p"; done
        while [ "$1" != "--rw" ]; do ro "$1"; shift; done; shift
        while [ "$1" != "--" ]; do
          [ -e "$1" ] || : > "$1"
          if [ "$mode" = root ]; then chown "$uid:$uid" "$1"; fi
          t=$(at "$1")
          [ -e "$R$t" ] || { mkdir -p "$R${t%/*}"; : > "$R$t"; }
          mount --bind -o nosuid,nodev,noexec "$1" "$R$t"; shift
        done; shift
        for a do shift; set -- "$@" "$(at "$a")"; done
        mount -o remount,bind,ro,nosuid,nodev "$R"
        "$prlimit" --pid $$ $limits
        umount=$(command -v umount)
        workdir=$(at "$PWD")
        cd "$R"
        pivot_root . .old
        "/.old$umount" -l /.old
        cd "$workdir" 2>/dev/null || cd /tmp
        export HOME=/tmp TMPDIR=/tmp USER=kata LOGNAME=kata PATH="$path"
        if [ "$mode" = root ]; then
          exec /.kata/bin/setsid /.kata/bin/setpriv --reuid="$uid" --regid="$uid" --clear-groups --pdeathsig=KILL \
            --no-new-privs --inh-caps=-all --ambient-caps=-all --bounding-set=-all -- "$@"
        fi
        exec /.kata/bin/setsid /.kata/bin/unshare --user --map-user=1000 --map-group=1000 --mount --keep-caps -- \
          /.kata/bin/setpriv --pdeathsig=KILL --no-new-privs --inh-caps=-all --ambient-caps=-all --bounding-set=-all -- "$@"
        """#

    /// Run inside the sandbox by the probe, with only shell built-ins: $1 a host folder mounted
    /// read-only, $2 the one writable file. Writes `ok` to $2 when every fence holds.
    static let probe = #"""
        if (: > "$1/escaped") 2>/dev/null; then echo "a read-only folder was writable"; exit 3; fi
        if (: > /escaped) 2>/dev/null; then echo "the root was writable"; exit 3; fi
        (: > /tmp/ok) 2>/dev/null || { echo "/tmp was not writable"; exit 4; }
        caps=""; nnp=""; uid=""
        while read -r key value rest; do
          case "$key" in
            CapEff:) caps="$value" ;;
            NoNewPrivs:) nnp="$value" ;;
            Uid:) uid="$value" ;;
          esac
        done < /proc/self/status
        [ "$caps" = 0000000000000000 ] || { echo "capabilities left: $caps"; exit 5; }
        [ "$nnp" = 1 ] || { echo "no_new_privs is not set"; exit 6; }
        [ "$uid" != 0 ] || { echo "runs as root"; exit 7; }
        echo ok > "$2"
        """#

    /// Reduced isolation: the limits by the shell's `ulimit`, when there is no `prlimit`.
    static let ulimit = """
        ulimit -c 0 2>/dev/null
        ulimit -f "$1" 2>/dev/null
        ulimit -t "$2" 2>/dev/null
        ulimit -n "$3" 2>/dev/null
        ulimit -v "$4" 2>/dev/null
        shift 4
        exec "$@"
        """
}
