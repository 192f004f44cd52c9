import Glibc
import WeatherModel

/// Runs a program and collects what it printed: `systemctl`, for background refresh.
///
/// posix_spawn rather than Foundation's `Process`, which weather's layers do not link.
package struct Subprocess: Sendable {
    /// How a run ended.
    package struct Result: Sendable, Equatable {
        package var status: Int32
        package var stdout: String
        package var stderr: String

        package var succeeded: Bool { status == 0 }
    }

    /// The program could not be started at all.
    package struct LaunchError: Error, Sendable, Equatable, CustomStringConvertible {
        package var program: String
        package var code: Int32

        package var description: String {
            code == ENOENT
                ? tr("%s is not installed", program)
                : tr("cannot run %1$s: %2$s", program, String(cString: strerror(code)))
        }
    }

    /// Runs `program` (found on `PATH`) with `arguments`, in this process's environment with `environment`
    /// set over it, and waits.
    package static func run(
        _ program: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws(LaunchError) -> Result {
        var output: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        guard pipe(&output) == 0 else { throw LaunchError(program: program, code: errno) }
        guard pipe(&errors) == 0 else {
            close(output[0])
            close(output[1])
            throw LaunchError(program: program, code: errno)
        }
        // Our ends must not leak into the child; dup2 gives the child its own copies of the others.
        for fd in output + errors { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errors[1], STDERR_FILENO)

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var inherited: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let variable = entry.pointee {
            let name = String(cString: variable).prefix { $0 != "=" }
            if environment[String(name)] == nil { inherited.append(variable) }
            entry += 1
        }
        let added = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { for variable in added { free(variable) } }
        let envp = inherited + added + [nil]
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions, nil, argv, envp)
        close(output[1])
        close(errors[1])
        guard spawned == 0 else {
            close(output[0])
            close(errors[0])
            throw LaunchError(program: program, code: spawned)
        }
        let (stdout, stderr) = readBoth(output[0], errors[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exitStatus, stdout: stdout, stderr: stderr)
    }

    /// Reads two pipes to their ends at once, so that neither can fill up and stall the child.
    private static func readBoth(_ first: Int32, _ second: Int32) -> (String, String) {
        var buffers: [[UInt8]] = [[], []]
        var descriptors = [
            pollfd(fd: first, events: Int16(POLLIN), revents: 0),
            pollfd(fd: second, events: Int16(POLLIN), revents: 0),
        ]
        var chunk = [UInt8](repeating: 0, count: 4096)
        while descriptors.contains(where: { $0.fd >= 0 }) {
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for index in descriptors.indices where descriptors[index].fd >= 0 && descriptors[index].revents != 0 {
                let count = read(descriptors[index].fd, &chunk, chunk.count)
                if count > 0 {
                    buffers[index] += chunk[..<count]
                } else if count == 0 || errno != EINTR {
                    close(descriptors[index].fd)
                    descriptors[index].fd = -1
                }
            }
        }
        return (String(decoding: buffers[0], as: UTF8.self), String(decoding: buffers[1], as: UTF8.self))
    }
}
