#if canImport(Glibc)
    import Glibc
#endif

/// Standard input, output and error as trendsh found them. A closed one is pointed at
/// /dev/null at once, as SQLite recommends, so that no file trendsh opens later (the store,
/// the draft's lock) can take its number and receive output meant for the terminal.
public struct StandardDescriptors: Sendable {
    public var inputWasClosed = false
    public var outputWasClosed = false
    public var errorWasClosed = false

    /// Checks descriptors 0, 1 and 2 in order and reopens each closed one on /dev/null.
    public static func secure() -> StandardDescriptors {
        var found = StandardDescriptors()
        for descriptor: Int32 in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            guard fcntl(descriptor, F_GETFD) == -1, errno == EBADF else { continue }
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
            switch descriptor {
            case STDIN_FILENO: found.inputWasClosed = true
            case STDOUT_FILENO: found.outputWasClosed = true
            default: found.errorWasClosed = true
            }
        }
        return found
    }
}
