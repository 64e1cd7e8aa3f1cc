import CSpawn
import Glibc
import Synchronization

/// A child process started with `posix_spawn`, in place of Foundation's `Process`.
///
/// Foundation's `Process.run()` on Linux (swift-corelibs-foundation before PR #5472) can crash the parent with
/// SIGSEGV while it looks for open descriptors to close; and its `waitUntilExit` waits for descriptors the child's own
/// children keep open. This type asks the kernel instead: the child closes every descriptor above 2 as it starts
/// (`posix_spawn_file_actions_addclosefrom_np`), and its end is read with `waitpid`.
///
/// A process is reaped at most once, under a lock, and never signalled after: a reaped pid may be reused.
public final class SpawnedProcess: Sendable {
    /// The process id.
    public let pid: pid_t
    /// The exit status once reaped.
    private let reaped = Mutex<Int32?>(nil)

    /// Starts `executable` with `arguments` (not including the program name).
    /// - Parameters:
    ///   - environment: the whole environment, or nil to inherit this process's.
    ///   - currentDirectory: the child's working directory, or nil for this process's.
    ///   - input: standard input, `.nullDevice` unless given.
    ///   - output: standard output, inherited unless given.
    ///   - errors: standard error, inherited unless given; `.descriptor(1)` sends it where standard output goes.
    /// - Throws: ``SpawnError`` when the program cannot be started (a missing executable, say).
    public init(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        currentDirectory: String? = nil,
        input: ChildStream = .nullDevice,
        output: ChildStream = .inherited,
        errors: ChildStream = .inherited
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, descriptor) in [(input, Int32(0)), (output, 1), (errors, 2)] {
            stream.add(to: &actions, as: descriptor)
        }
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        if let currentDirectory { posix_spawn_file_actions_addchdir_np(&actions, currentDirectory) }

        // Signals this process ignores or blocks (`reckon up` ignores SIGTERM to take it from a dispatch source) would
        // stay ignored or blocked in the child: it starts with every signal at its default and none blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        var none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = CStrings([executable] + arguments)
        let envp = environment.map { CStrings($0.map { "\($0.key)=\($0.value)" }) }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv.pointers, envp?.pointers ?? environ)
        withExtendedLifetime((argv, envp)) {}
        guard status == 0 else { throw SpawnError(executable: executable, errorNumber: status) }
        self.pid = pid
    }

    /// The exit status if the process has ended (reaping it), nil while it runs.
    ///
    /// The status is the exit code, or 128 plus the signal's number for a process a signal ended, as a shell reports it.
    public var exitStatus: Int32? {
        reaped.withLock { status in
            if status == nil {
                var raw: Int32 = 0
                if waitpid(pid, &raw, WNOHANG) == pid { status = Self.decode(raw) }
            }
            return status
        }
    }

    /// Whether the process still runs.
    public var isRunning: Bool { exitStatus == nil }

    /// Blocks the calling thread until the process ends.
    /// - Returns: its ``exitStatus``.
    public func waitForExit() -> Int32 {
        var info = siginfo_t()
        // WNOWAIT leaves the process to be reaped under the lock, so no signal can reach a reused pid.
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
        while true {
            if let status = exitStatus { return status }
            // Only when another thread reaps it between the two calls can this be reached; its status is then set.
            sched_yield()
        }
    }

    /// Sends `signal` if the process has not been reaped.
    public func send(_ signal: Int32) {
        reaped.withLock { status in
            if status == nil { _ = kill(pid, signal) }
        }
    }

    private static func decode(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }
}

/// Where one of a child's standard streams comes from or goes.
public enum ChildStream: Sendable {
    /// This process's own.
    case inherited
    /// `/dev/null`.
    case nullDevice
    /// A descriptor of this process (or, for standard error, `1`: where the child's standard output goes).
    case descriptor(Int32)
    /// A file, created if missing and appended to.
    case appending(toFile: String)

    fileprivate func add(to actions: inout posix_spawn_file_actions_t, as target: Int32) {
        switch self {
        case .inherited:
            break
        case .nullDevice:
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
        case .descriptor(let descriptor):
            posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        case .appending(let path):
            posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        }
    }
}

/// A program that could not be started.
public struct SpawnError: Error, CustomStringConvertible {
    /// The program's path.
    public var executable: String
    /// The error `posix_spawn` returned.
    public var errorNumber: Int32
    public var description: String { "cannot start \(executable): \(String(cString: strerror(errorNumber)))" }
}

/// NUL-terminated copies of strings in a NULL-terminated array, freed with the value.
private final class CStrings {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count + 1
        pointers = .allocate(capacity: count)
        pointers.initialize(from: strings.map { strdup($0) } + [nil], count: count)
    }

    deinit {
        for index in 0..<count { free(pointers[index]) }
        pointers.deallocate()
    }
}
