import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// The command line as the kernel handed it over. Swift's `CommandLine.arguments` repairs
/// bytes that are not UTF-8 into U+FFFD, which would turn `--store` into another path or a
/// `-c` command into another command; trendsh refuses such an argument instead.
public enum ArgumentText {
    /// The first argument that is not UTF-8, shown with each such byte as `\xFF`; nil when
    /// every argument is UTF-8.
    public static func firstNotUTF8() -> String? {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
            if UTF8Text.decode(bytes) == nil { return UTF8Text.showing(bytes) }
        }
        return nil
    }
}
