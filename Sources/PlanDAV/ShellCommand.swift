import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A command line run by `/bin/sh -c` in a process group of its own, so
/// that at its time limit the shell and everything it started are killed
/// together (SIGKILL to the group). Its stdin is `/dev/null`, its stderr is
/// plan's, its stdout is read (up to a cap) and never shown. When plan is
/// the terminal's foreground job, the command's group is made the
/// foreground while it runs (it may ask for a passphrase on the terminal)
/// and plan's group is put back after.
struct ShellCommand {
    /// How the command ended.
    enum End: Equatable {
        case exited(Int32)
        case signalled(Int32)
        /// Still running at the limit: its group was killed.
        case timedOut
    }

    var command: String

    /// Runs the command for at most `seconds`: how it ended and the first
    /// `maxOutput` bytes of its stdout; a failure, with why, when it cannot be started.
    func run(seconds: Int, maxOutput: Int) -> Result<(End, [UInt8]), StartFailure> {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return .failure(StartFailure(reason: String(cString: strerror(errno)))) }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        defer { close(readEnd) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own group (pgid = its pid); SIGPIPE and the job-control signals as a shell expects them, none blocked.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGTTIN, SIGTTOU, SIGINT, SIGTERM] { sigaddset(&defaults, s) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let words: [String] = ["/bin/sh", "-c", command]
        let argv = words.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
        close(writeEnd)
        guard rc == 0 else { return .failure(StartFailure(reason: String(cString: strerror(rc)))) }
        let terminal = Terminal.foreground(for: pid)
        defer { terminal?.giveBack() }
        return .success(Self.collect(pid: pid, from: readEnd, seconds: seconds, maxOutput: maxOutput))
    }

    /// Why the command could not be started.
    struct StartFailure: Error {
        var reason: String
    }

    /// Reads `fd` until the command ends (its output then drained) or the
    /// limit passes (its group killed), and reaps it.
    private static func collect(pid: pid_t, from fd: Int32, seconds: Int, maxOutput: Int) -> (End, [UInt8]) {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        var open = true
        func readSome(waitingMilliseconds: Int32) -> Bool {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, waitingMilliseconds) > 0 else { return false }
            let n = read(fd, &buffer, buffer.count)
            if n > 0 {
                output += buffer.prefix(min(n, max(0, maxOutput - output.count)))
                return true
            }
            if n == 0 || errno != EINTR { open = false }
            return false
        }
        while true {
            if let end = reaped(pid) {
                // It ended: what it wrote is in the pipe (a child left behind may hold the pipe open: not waited for).
                while open, readSome(waitingMilliseconds: 0) {}
                return (end, output)
            }
            if ContinuousClock.now >= deadline {
                kill(-pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return (.timedOut, output)
            }
            // Looked at every 50 ms: the limit is kept to within that.
            let slice: Int32 = 50
            if open {
                _ = readSome(waitingMilliseconds: slice)
            } else {
                usleep(UInt32(slice) * 1000)
            }
        }
    }

    /// How `pid` ended, if it has (reaped); nil while it runs.
    private static func reaped(_ pid: pid_t) -> End? {
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        guard r == pid else { return nil }
        return (status & 0x7F) == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    }
}

/// The controlling terminal handed to a command's process group while it
/// runs, when plan's group had it; ``giveBack()`` returns it.
private struct Terminal {
    let fd: Int32

    /// Makes `pid`'s group the foreground of plan's terminal when plan's group is; nil otherwise.
    static func foreground(for pid: pid_t) -> Terminal? {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        guard tcgetpgrp(fd) == getpgrp(), tcsetpgrp(fd, pid) == 0 else {
            close(fd)
            return nil
        }
        // It may have tried the terminal before it was its own, and stopped: go on.
        kill(-pid, SIGCONT)
        return Terminal(fd: fd)
    }

    /// Plan's group in the foreground again (SIGTTOU held off: plan asks from the background).
    func giveBack() {
        var block = sigset_t()
        var old = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGTTOU)
        pthread_sigmask(SIG_BLOCK, &block, &old)
        _ = tcsetpgrp(fd, getpgrp())
        pthread_sigmask(SIG_SETMASK, &old, nil)
        close(fd)
    }
}
